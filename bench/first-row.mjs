// Shared by the page benches: when a page first shows a row, in the page's own clock, measured from its
// navigation or from the click that navigated inside the app.

/** Installed before any script of a page (`page.addInitScript(watchFirstRow, selector)`). */
export function watchFirstRow(selector) {
  window.__bench = { firstRowAt: null, clickAt: null };
  window.addEventListener('click', (event) => (window.__bench.clickAt = event.timeStamp), true);
  new MutationObserver(() => {
    if (window.__bench.firstRowAt === null && document.querySelector(selector)) window.__bench.firstRowAt = performance.now();
  }).observe(document, { subtree: true, childList: true });
}

/** A full load of `url` from a blank page: when its first row showed. */
export async function firstRowOfLoad(page, url) {
  await page.goto('about:blank');
  await page.goto(url);
  await page.waitForFunction(() => window.__bench.firstRowAt !== null);
  return page.evaluate(() => window.__bench.firstRowAt);
}
