// The first Intl object a browser process builds loads the locale's data: 15 to 60 ms on this machine's Chromium,
// which a first load paid on the main thread, in the way of the first screen (a phone pays four times that). The
// data is loaded once per process, for every thread: built here, off the main thread, while the page paints and
// its code comes, the page's own formatters (lib/format.ts) then cost a fraction of a millisecond.
import { compareNames, dateFormat, formatCount } from '@/lib/format';

formatCount(0);
compareNames('a', 'b');
dateFormat('local').dateTime(0);
self.close();
