/**
 * The main thread's CPU time while a signed-in route starts on a cold cache, counted so that a busy machine does
 * not change it: a Chromium trace of the composed production build (no CPU throttle) from navigation until the route
 * is drawn, the network idle and a quiet second after it, reading each top-level task's thread time (`tdur`, the CPU the renderer's main
 * thread spent, not the wall time it waited for a core). Lighthouse's figures stretch with the machine's load;
 * these much less (on a machine at load 8–13 the same build moved by about 10 % between runs), so on a shared
 * machine compare two builds run in turn, A B A B. Printed per route (median of the runs):
 * main-thread CPU, CPU in style and layout, the number of tasks over 50 ms, and that CPU as a phone 4× slower
 * would block (Σ max(0, 4·task − 50 ms), the shape of Lighthouse's TBT without its network simulation).
 * The API, accounts and token storage are those of bench/lighthouse.ts.
 * `START_CPU_PATHS=/user-dashboard/,/user-dashboard/balance/` (default) picks the routes, `START_CPU_RUNS=n`
 * (default 3) the runs per route, `BENCH_PORT_OFFSET=n` moves every port.
 * Reproduce: `npm run build && npx tsx bench/start-cpu.ts`.
 */
import { benchRoleOf, startStartUpRig, type BenchAccount } from './signed-in-api.ts';
import { CPU_SLOWDOWN, LONG_TASK_MS, TOP_LEVEL_TASKS, traceSignedInStart, type TraceEvent } from './start-trace.ts';
import { table } from './support.ts';

const BASE_PORT = 5500 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const PATHS = (process.env.START_CPU_PATHS ?? '/user-dashboard/,/user-dashboard/balance/').split(',').map((p) => p.trim()).filter(Boolean);
const RUNS = Math.max(1, Number.parseInt(process.env.START_CPU_RUNS ?? '3', 10) || 3);
const STYLE_AND_LAYOUT = new Set(['UpdateLayoutTree', 'Layout', 'ParseAuthorStyleSheet', 'RecalculateStyles']);

interface StartCpu {
  cpuMs: number;
  styleLayoutMs: number;
  longTasks: number;
  blockingAt4xMs: number;
}

/** The renderer main thread that worked most (the page's, not an idle one), and its tasks' thread time. */
function startCpuOf(events: TraceEvent[]): StartCpu {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const per = mains.map(({ pid, tid }) => {
    const mine = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.tdur !== undefined);
    const tasks = mine.filter((e) => TOP_LEVEL_TASKS.has(e.name)).map((e) => (e.tdur ?? 0) / 1000);
    const styleLayoutMs = mine.filter((e) => STYLE_AND_LAYOUT.has(e.name)).reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
    return {
      cpuMs: tasks.reduce((sum, ms) => sum + ms, 0),
      styleLayoutMs,
      longTasks: tasks.filter((ms) => ms * CPU_SLOWDOWN > LONG_TASK_MS).length,
      blockingAt4xMs: tasks.reduce((sum, ms) => sum + Math.max(0, ms * CPU_SLOWDOWN - LONG_TASK_MS), 0),
    };
  });
  return per.sort((a, b) => b.cpuMs - a.cpuMs)[0] ?? { cpuMs: 0, styleLayoutMs: 0, longTasks: 0, blockingAt4xMs: 0 };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const rig = await startStartUpRig(BASE_PORT);
const { api, browser } = rig;
try {
  const accounts: Record<'user' | 'partner', BenchAccount | null> = { user: null, partner: null };
  const rows: Record<string, string | number>[] = [];
  for (const path of PATHS) {
    const role = benchRoleOf(path);
    accounts[role] ??= await api.signUp(role);
    const login = await api.login(accounts[role]);
    const runs: StartCpu[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // A new context per run: an empty cache and storage, then the token where the shell's start-up reads it.
      const events = await traceSignedInStart(browser, login, `${rig.url}${path}`, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'] });
      runs.push(startCpuOf(events));
    }
    const pick = (key: keyof StartCpu) => Math.round(median(runs.map((run) => run[key])));
    rows.push({
      route: path,
      runs: RUNS,
      'main-thread CPU ms': pick('cpuMs'),
      'style+layout ms': pick('styleLayoutMs'),
      [`tasks > ${LONG_TASK_MS} ms at ${CPU_SLOWDOWN}×`]: pick('longTasks'),
      [`blocking at ${CPU_SLOWDOWN}× ms`]: pick('blockingAt4xMs'),
    });
  }
  table(rows);
} finally {
  await rig.close();
}
