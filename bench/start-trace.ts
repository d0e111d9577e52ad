/**
 * A Chromium trace of one signed-in start, as bench/long-tasks.ts and bench/start-cpu.ts take it: a fresh phone
 * context (empty cache, the token where the shell's start-up reads it), from navigation until the route is drawn
 * (its layout's one <main>), the network quiet again and a quiet second after it; and the figures both read from
 * it — the slow phone Lighthouse simulates, the task length past which it counts blocking time.
 */
import type { Browser } from '@playwright/test';
import { signedInPhoneContext } from './signed-in-api.ts';
import { sleep } from './support.ts';

/** The slow phone Lighthouse simulates, and the task length past which it counts blocking time. */
export const CPU_SLOWDOWN = 4;
export const LONG_TASK_MS = 50;
/** The trace's names for one top-level task of a thread. */
export const TOP_LEVEL_TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}

export interface StartTraceOptions {
  /** The trace categories (`devtools.timeline` and the like). */
  categories: string[];
  /** Runs the page's main thread this many times slower (a real throttle, instead of counting tasks 4×). */
  cpuThrottle?: number;
}

/** Opens `url` signed in as `login` in a fresh context and returns the trace of its start. */
export async function traceSignedInStart(browser: Browser, login: { access_token: string; user_features: string[] }, url: string, options: StartTraceOptions): Promise<TraceEvent[]> {
  const context = await signedInPhoneContext(browser, login);
  try {
    const page = await context.newPage();
    if (options.cpuThrottle) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
    await browser.startTracing(page, { categories: options.categories });
    await page.goto(url, { waitUntil: 'networkidle' });
    // The route drawn and the network quiet again: the whole start, not its first half.
    await page.locator('main').first().waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    await sleep(1000);
    return (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await context.close();
  }
}
