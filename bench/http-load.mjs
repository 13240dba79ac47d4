// The load generator of `npm run bench:api`, in a process of its own so that it never shares the event
// loop of the server it measures. Prints one JSON line: requests per second, p50 and p99 latency (ms), and
// how many answers were not 2xx or failed (a bench of errors would be a fast lie).
//
// Two ways to load:
// - closed loop (no `rate`): autocannon keeps `connections` requests in flight for `seconds`. This finds
//   the most a server can answer; its latency is only the queue that 50 never-pausing clients build
//   (Little's law: latency = in flight ÷ throughput), so it says nothing about the server's own speed.
// - open loop (`rate`): requests leave at an even `rate` per second over at most `connections` keep-alive
//   sockets, whether or not earlier answers are back, as 50 independent clients would send them. Each
//   latency counts from the moment its request was due, so a server that stalls is charged for the queue
//   behind the stall too (no coordinated omission).
// Usage: node bench/http-load.mjs '{"url": "...", "connections": 50, "seconds": 8, "rate": 500, "headers": {...}}'
import http from 'node:http';
import autocannon from 'autocannon';

const { url, connections, seconds, rate, headers = {} } = JSON.parse(process.argv[2] ?? '{}');
const result = rate ? await openLoop() : await closedLoop();
process.stdout.write(`${JSON.stringify(result)}\n`);

async function closedLoop() {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad: result.non2xx + result.errors + result.timeouts,
  };
}

async function openLoop() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies = [];
  let bad = 0;
  const send = (dueAt) =>
    new Promise((resolveRequest) => {
      const request = http.get(url, { agent, headers }, (response) => {
        if (response.statusCode < 200 || response.statusCode > 299) bad += 1;
        response.resume(); // read the whole body: the answer is done when its last byte is in
        response.on('end', () => {
          latencies.push(performance.now() - dueAt);
          resolveRequest();
        });
      });
      request.on('error', () => {
        bad += 1;
        resolveRequest();
      });
    });
  const start = performance.now();
  const pending = [];
  for (let sent = 0; sent < total;) {
    const now = performance.now();
    // Every request due by now leaves now; each keeps its own due time.
    for (; sent < total && start + (sent * 1000) / rate <= now; sent += 1) pending.push(send(start + (sent * 1000) / rate));
    await new Promise((resolveTick) => setTimeout(resolveTick, 1));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (share) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), requests: latencies.length, bad };
}
