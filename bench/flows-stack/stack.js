// The reference of bench/flows-list.mjs for a full load of /flows: the scripts a real load of the dashboard's /flows
// fetched (the bench records them and passes them in the address), fetched, compiled and run, beside the first page of
// flows read with the same key. This page has no #root, so the dashboard's entry runs the app's modules and draws
// nothing (src/main.tsx): the time it takes is what the framework, the app and the page's code cost before React draws.
const params = new URLSearchParams(location.hash.slice(1));
const key = params.get('key');
const modules = params.getAll('module');
const firstPage = fetch('/v2/flows?limit=1000&offset=0', { headers: { Authorization: `Bearer ${key}` } }).then((answer) => answer.json());
await Promise.all(modules.map((path) => import(path)));
const { data } = await firstPage;
window.__stack = { readyAt: performance.now(), flows: data.length };
