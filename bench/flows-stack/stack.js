// A reference for bench/flows-list.mjs, not a floor: the code the dashboard's /flows lists for its first screen
// (the build's after-paint list, which bench/flows-list.mjs reads from the page and passes in the address),
// fetched, compiled and run, beside the first page of flows read with the same key. Nothing is drawn and the boot
// (start-*.js, which would draw the dashboard) is left out: the time this page takes is what the framework, the
// app, the shell and the page's code cost before the first render can start.
const params = new URLSearchParams(location.hash.slice(1));
const key = params.get('key');
const modules = params.getAll('module');
const firstPage = fetch('/v2/flows?limit=1000&offset=0', { headers: { Authorization: `Bearer ${key}` } }).then((answer) => answer.json());
await Promise.all(modules.map((path) => import(path)));
const { data } = await firstPage;
window.__stack = { readyAt: performance.now(), flows: data.length };
