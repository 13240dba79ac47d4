// Runs before the first paint (a file: the Content-Security-Policy allows no inline script). Sent as written.

// Mantine's colour scheme (its localStorage key) before anything paints: a dark-scheme user sees no light flash.
try {
  var chosen = localStorage.getItem('mantine-color-scheme-value');
  var scheme = chosen === 'light' || chosen === 'dark' ? chosen : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // Storage refused: the dashboard sets the scheme when it starts.
}

// The dashboard's code did not come (the connection dropped, or a deploy replaced it under an open tab): say so
// rather than leave the page blank. A script that fails to load tells only its own element, hence the capture.
addEventListener(
  'error',
  function (event) {
    var root = document.getElementById('root');
    if (!(event.target instanceof HTMLScriptElement) || !root || root.childElementCount > 0) return;
    var message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.cssText = 'margin: 5rem auto; max-width: 30rem; padding: 0 1rem; font-family: system-ui, sans-serif;';
    message.textContent = 'Flowdeck could not load. Check your connection, then reload the page.';
    root.replaceChildren(message);
  },
  true,
);
