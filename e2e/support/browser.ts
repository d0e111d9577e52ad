import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium, never a downloaded browser (README, docs/architecture.md §5). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How every spec's browser starts; a spec that needs another switch spreads this and adds it. */
export const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
