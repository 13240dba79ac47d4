// The load generator of `npm run bench:api`, in a process of its own so that it never shares the event
// loop of the server it measures. autocannon keeps `connections` requests in flight for `seconds`, then
// this prints one JSON line: requests per second, p50 and p99 latency (ms), and how many answers were
// not 2xx or failed (a bench of errors would be a fast lie).
// Usage: node bench/http-load.mjs '{"url": "...", "connections": 50, "seconds": 8, "headers": {...}}'
import autocannon from 'autocannon';

const { url, connections, seconds, headers = {} } = JSON.parse(process.argv[2] ?? '{}');
const result = await autocannon({ url, connections, duration: seconds, headers });
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  })}\n`,
);
