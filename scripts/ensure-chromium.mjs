// Playwright cannot download its own browser here, so e2e runs in Debian's Chromium. This finds it,
// installs it when we are root, or stops with one line saying what to do.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './chromium-path.mjs';

if (!findChromium()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian chromium with apt-get (one time)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!findChromium()) {
    console.error('Chromium is missing: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH to a Chromium binary), then run the tests again.');
    process.exit(1);
  }
}
