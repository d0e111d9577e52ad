/**
 * Which elements move while a signed-in route starts on a cold cache, and from where to where: every
 * 'layout-shift' entry (PerformanceObserver, buffered) with its sources' node, previous and current rectangle, on a
 * phone (390 × 844) under a 4× CPU throttle, until the route is drawn and the network idle. What Lighthouse's
 * layout-shifts audit names as one node, with the rectangles that tell why it moved.
 * The API, accounts and token storage are those of bench/lighthouse.ts.
 * `SHIFTS_PATH=/user-dashboard/` (default) picks the route, `SHIFTS_RUNS=n` (default 3) the runs,
 * `BENCH_PORT_OFFSET=n` moves every port. `SHIFTS_AS_LIGHTHOUSE=1` loads the page as Lighthouse's simulated runs
 * do (no CPU throttle, its phone's 412 × 823 screen): the order in which answers and code arrive differs, and so
 * can what moves.
 * Reproduce: `npm run build && npx tsx bench/layout-shifts.ts`.
 */
import { benchRoleOf, openThrottled, signedInPhoneContext, startStartUpRig } from './signed-in-api.ts';
import { table } from './support.ts';

const BASE_PORT = 6200 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const PATH = process.env.SHIFTS_PATH ?? '/user-dashboard/';
const RUNS = Math.max(1, Number.parseInt(process.env.SHIFTS_RUNS ?? '3', 10) || 3);
const AS_LIGHTHOUSE = process.env.SHIFTS_AS_LIGHTHOUSE === '1';

interface Shift {
  at: number;
  value: number;
  sources: { node: string; text: string; previous: string; current: string }[];
}

/** Runs in the page before any of its scripts: records layout shifts in `window.__pmShifts`. */
function recordShifts(): void {
  const shifts: Shift[] = [];
  (window as unknown as { __pmShifts: Shift[] }).__pmShifts = shifts;
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  const describe = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node ? node.nodeName : '(gone)';
    const id = node.getAttribute('data-testid') ?? node.id;
    return `${node.tagName.toLowerCase()}${id ? `#${id}` : ''}.${[...node.classList].slice(0, 3).join('.')}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: entry.sources.map((source) => ({
          node: describe(source.node),
          text: (source.node?.textContent ?? '').replace(/\s+/g, ' ').slice(0, 40),
          previous: rect(source.previousRect),
          current: rect(source.currentRect),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

const rig = await startStartUpRig(BASE_PORT);
const { api, browser } = rig;
try {
  const login = await api.login(await api.signUp(benchRoleOf(PATH)));
  for (let run = 1; run <= RUNS; run++) {
    const context = await signedInPhoneContext(browser, login, AS_LIGHTHOUSE ? { width: 412, height: 823 } : undefined);
    const page = await openThrottled(context, `${rig.url}${PATH}`, recordShifts, AS_LIGHTHOUSE ? 1 : 4);
    const shifts = await page.evaluate(() => (window as unknown as { __pmShifts: Shift[] }).__pmShifts);
    console.log(`${PATH} run ${run}: CLS-sum ${shifts.reduce((sum, s) => sum + s.value, 0).toFixed(4)} in ${shifts.length} shifts`);
    table(shifts.flatMap((shift) => shift.sources.map((source) => ({ 'at ms': shift.at, value: shift.value.toFixed(4), ...source }))));
    await context.close();
  }
} finally {
  await rig.close();
}
