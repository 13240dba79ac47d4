// Sets the colour scheme before the first paint, as Mantine's ColorSchemeScript does: the page the service sends
// already draws its frame (its prepaint), which would otherwise flash light for a dark-scheme user until the
// dashboard's code sets the scheme. A file rather than an inline script: the service allows scripts from its
// own origin only. Mantine keeps the choice under this key (localStorageColorSchemeManager); "auto" or nothing
// follows the system.
try {
  var chosen = localStorage.getItem('mantine-color-scheme-value');
  var scheme = chosen === 'light' || chosen === 'dark' ? chosen : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
} catch {
  // Storage refused (a privacy setting): the dashboard's code sets the scheme when it starts.
}
