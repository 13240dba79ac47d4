// Runs before the first paint, twice (why: ARCHITECTURE.md, "The first screen paints…"). Sent as written: few words.
if (typeof document === 'undefined') {
  // As a worker: loads the locale's Intl data off the main thread, once for the whole process.
  new Intl.NumberFormat().format(0);
  new Intl.Collator().compare('a', 'b');
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' }).format(0);
  close();
} else {
  // As the page's script: Mantine's colour scheme (its localStorage key) before the drawn frame paints.
  try {
    var chosen = localStorage.getItem('mantine-color-scheme-value');
    var scheme = chosen === 'light' || chosen === 'dark' ? chosen : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch {
    // Storage refused: the dashboard's code sets the scheme when it starts.
  }
  new Worker('/before-paint.js');
}
