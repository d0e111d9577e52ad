import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser (README, docs/architecture.md §5); the benches start it too. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The switches every headless Chromium of the e2e specs and the benches starts with. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How every spec's browser starts; a spec that needs another switch spreads this and adds it. */
export const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, '--disable-quic'],
};
