/**
 * The long tasks of a signed-in start, and what runs in each: a Chromium trace of the composed production build,
 * with V8's sampling profiler inside the trace, from navigation until the route is drawn, the network idle and a
 * quiet second after it. A task counts as a phone 4× slower would run it (its thread time × 4, Lighthouse's
 * simulated phone; thread time, the CPU the main thread spent, moves much less with the machine's load than wall
 * time). For every task over 50 ms so counted it prints when it started (ms after navigation), its wall time, that
 * phone time, and where its samples fell: per script, and the heaviest functions (readable with a
 * `PAGEMATE_KEEP_NAMES=1` build); and per route the first contentful paint and the blocking time
 * (Σ max(0, 4·CPU − 50 ms), in all and after FCP, the shape of Lighthouse's TBT). Compare two builds run in turn.
 * `LONG_TASKS_THROTTLE=1` runs the page under a real 4× CPU throttle instead.
 * `LONG_TASKS_PATHS=/user-dashboard/,/user-dashboard/page-manager/` (default) picks the routes, `LONG_TASKS_RUNS=n`
 * (default 1) the runs per route, `LONG_TASKS_TOP=n` (default 4) the functions shown per task, `BENCH_PORT_OFFSET=n`
 * moves every port.
 * Reproduce: `PAGEMATE_KEEP_NAMES=1 npm run build && npx tsx bench/long-tasks.ts`.
 */
import { writeFileSync } from 'node:fs';
import { benchRoleOf, startStartUpRig, type BenchAccount } from './signed-in-api.ts';
import { CPU_SLOWDOWN, LONG_TASK_MS, TOP_LEVEL_TASKS, traceSignedInStart, type TraceEvent } from './start-trace.ts';
import { table } from './support.ts';

const BASE_PORT = 5600 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const PATHS = (process.env.LONG_TASKS_PATHS ?? '/user-dashboard/,/user-dashboard/page-manager/').split(',').map((p) => p.trim()).filter(Boolean);
const RUNS = Math.max(1, Number.parseInt(process.env.LONG_TASKS_RUNS ?? '1', 10) || 1);
const TOP = Math.max(1, Number.parseInt(process.env.LONG_TASKS_TOP ?? '4', 10) || 4);
const THROTTLE = process.env.LONG_TASKS_THROTTLE === '1';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber?: number;
  columnNumber?: number;
}

interface ProfileChunkData {
  cpuProfile?: { nodes?: { id: number; callFrame: CallFrame; parent?: number }[]; samples?: number[] };
  timeDeltas?: number[];
}

/**
 * The page's renderer main thread: of the renderers that navigated to `url` (a browser page of its own, such as a
 * new-tab page, can run in the same trace and be busier), the one that ran most top-level task time.
 */
function mainThreadOf(events: TraceEvent[], url: string): { pid: number; tid: number } {
  const loaded = (pid: number) =>
    events.some((e) => e.pid === pid && e.name === 'navigationStart' && (e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL === url);
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && loaded(e.pid));
  const busy = (pid: number, tid: number) =>
    events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && TOP_LEVEL_TASKS.has(e.name)).reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const best = mains.map(({ pid, tid }) => ({ pid, tid, busy: busy(pid, tid) })).sort((a, b) => b.busy - a.busy)[0];
  if (!best) throw new Error('no renderer main thread in the trace');
  return best;
}

/** The profiler's samples on that thread, each as a timestamp (trace clock, µs) and the frame it was in. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): { ts: number; frame: CallFrame }[] {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile?.id) return [];
  let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? profile.ts);
  const frames = new Map<number, CallFrame>();
  const samples: { ts: number; frame: CallFrame }[] = [];
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id && e.pid === pid)) {
    const data = chunk.args?.data as ProfileChunkData | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) frames.set(node.id, node.callFrame);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      ts += deltas[i] ?? 0;
      const frame = frames.get(id);
      if (frame) samples.push({ ts, frame });
    });
  }
  return samples.sort((a, b) => a.ts - b.ts);
}

const shortUrl = (url: string) => (url ? url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/static\/js\/(async\/)?/, '') : '');

function report(path: string, url: string, events: TraceEvent[]): void {
  const { pid, tid } = mainThreadOf(events, url);
  const navigation = events.find((e) => e.name === 'navigationStart' && e.pid === pid && (e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL === url) ?? events.find((e) => e.pid === pid && e.ph === 'X');
  const origin = navigation?.ts ?? 0;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid);
  const samples = samplesOf(events, pid, tid);
  // A task's thread time (CPU the main thread spent, not the wall time it waited for a core on a busy machine), times
  // the phone's slowdown: what Lighthouse's TBT counts, far steadier than the wall time on a shared machine.
  const phoneMs = (task: TraceEvent) => (CPU_SLOWDOWN * (task.tdur ?? task.dur ?? 0)) / 1000;
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && TOP_LEVEL_TASKS.has(e.name) && phoneMs(e) > LONG_TASK_MS)
    .sort((a, b) => a.ts - b.ts);
  const ms = (micros: number) => Math.round(micros / 1000);
  const blocking = (list: TraceEvent[]) => Math.round(list.reduce((sum, t) => sum + Math.max(0, phoneMs(t) - LONG_TASK_MS), 0));
  const afterFcp = fcp ? tasks.filter((t) => t.ts >= fcp.ts) : tasks;
  console.log(
    `\n${path}: FCP ${fcp ? `${ms(fcp.ts - origin)} ms` : 'n/a'}; ${tasks.length} tasks over ${LONG_TASK_MS} ms at ${CPU_SLOWDOWN}× CPU, blocking ${blocking(tasks)} ms (after FCP: ${afterFcp.length} tasks, ${blocking(afterFcp)} ms)`,
  );
  const rows: Record<string, string | number>[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    const perScript = new Map<string, number>();
    const perFunction = new Map<string, number>();
    for (const { frame } of inside) {
      const script = shortUrl(frame.url) || `(${frame.functionName || 'program'})`;
      perScript.set(script, (perScript.get(script) ?? 0) + 1);
      const fn = `${frame.functionName || '(anon)'}@${shortUrl(frame.url)}:${(frame.lineNumber ?? 0) + 1}`;
      perFunction.set(fn, (perFunction.get(fn) ?? 0) + 1);
    }
    const share = (map: Map<string, number>, n: number) =>
      [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, count]) => `${name} ${Math.round((100 * count) / Math.max(1, inside.length))}%`).join(', ');
    rows.push({ 'at ms': ms(task.ts - origin), 'wall ms': ms(task.dur ?? 0), [`CPU×${CPU_SLOWDOWN} ms`]: Math.round(phoneMs(task)), scripts: share(perScript, 3).slice(0, 110), functions: share(perFunction, TOP).slice(0, 200) });
  }
  table(rows);
}

const rig = await startStartUpRig(BASE_PORT);
const { api, browser } = rig;
try {
  const accounts: Record<'user' | 'partner', BenchAccount | null> = { user: null, partner: null };
  for (const path of PATHS) {
    const role = benchRoleOf(path);
    accounts[role] ??= await api.signUp(role);
    const login = await api.login(accounts[role]);
    for (let run = 0; run < RUNS; run += 1) {
      // Lighthouse's own way by default: the page runs at the machine's speed and its tasks count 4× (`simulate`).
      const url = `${rig.url}${path}`;
      const events = await traceSignedInStart(browser, login, url, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler', 'v8.execute', 'blink.user_timing', 'loading', '__metadata'],
        cpuThrottle: THROTTLE ? CPU_SLOWDOWN : undefined,
      });
      if (process.env.LONG_TASKS_TRACE_OUT) writeFileSync(`${process.env.LONG_TASKS_TRACE_OUT}-${path.replace(/\W+/g, '_')}${run}.json`, JSON.stringify({ traceEvents: events }));
      report(path, url, events);
    }
  }
} finally {
  await rig.close();
}
