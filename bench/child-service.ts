import type { ChildProcess } from 'node:child_process';

// A service (or a floor) the benches start as a child process: waited for until it answers, stopped by its pid.

/** Stops the child with SIGTERM and waits for it to exit. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  process.kill(child.pid, 'SIGTERM');
  await exited;
}

/** Resolves once `url` answers 2xx with `headers`; throws when the child exits first or two minutes pass. */
export async function waitUntilAnswering(url: string, child: ChildProcess, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(url, { headers })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${url} did not start answering`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 300));
  }
}
