// Where the e2e Chromium is looked for, CHROMIUM_PATH first, then Debian's and Ubuntu's paths: one list for
// scripts/ensure-chromium.mjs (which installs it when missing) and playwright.config.ts (which launches it).
import { existsSync } from 'node:fs';

export const chromiumCandidates = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

/** The first candidate that exists, or undefined. */
export const findChromium = () => chromiumCandidates().find((path) => existsSync(path));
