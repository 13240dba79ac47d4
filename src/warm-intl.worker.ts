// The first Intl object a browser process builds loads the locale's data: 15 to 60 ms on this machine's Chromium,
// which a first load paid on the main thread, in the way of the first screen (a phone pays four times that). The
// data is loaded once per process, for every thread: loaded here, off the main thread, while the page paints and
// its code comes, the page's own formatters (lib/format.ts) then cost a fraction of a millisecond each. Plain Intl,
// no import: this file is fetched with every first screen.
new Intl.NumberFormat().format(0);
new Intl.Collator().compare('a', 'b');
new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'long' }).format(0);
self.close();
