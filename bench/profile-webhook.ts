/**
 * A CPU profile of the product server while Meta's webhook is under load and its job worker answers the queued
 * messages: the shop of bench/floor.ts on a fresh PostgreSQL database, the server started as bench/floor.ts starts
 * it with bench/cpu-profile-preload.ts, a 1 s warm-up, then BENCH_DURATION_SECONDS (10) of signed Messenger
 * messages at BENCH_CONNECTIONS (50) profiled, then the server stopped (the profile is written on exit, after the
 * jobs running then). Prints the top functions by self time, the server's own functions by inclusive time, and
 * self time per package.
 * Reproduce: `npx tsx bench/profile-webhook.ts` (BENCH_PORT_OFFSET moves the port; JOBS_POLL_INTERVAL_MS=0 profiles
 * without the worker; PROFILE_PATH=list profiles `GET api/v1/balance-transactions/{userId}` (page of 20) instead; PROFILE_DIR keeps the .cpuprofile, default a temporary directory; PROFILE_TOP rows, 30).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type Options } from 'autocannon';
import { createDatabase, freshDir, newMessageRequests, postgresAdminUrl, prepareShop, removeDir, serverEnv, startApi, withClient } from './server-harness.ts';
import { ROOT } from './support.ts';

const DURATION = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TOP = Number(process.env.PROFILE_TOP ?? 30);
const PORT = 18_570 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const place = (url: string) => url.replace(/^.*node_modules\//, '').replace(/^.*\/server\/src\//, 'server/');
const nameOf = (node: ProfileNode) => `${node.callFrame.functionName || '(anonymous)'} ${place(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;
/** The package (or server directory, or Node's internals) a frame belongs to. */
function areaOf(url: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return inModules[1] ?? url;
  const inServer = /\/server\/src\/(.*)\/[^/]+$/.exec(url);
  if (inServer) return `server/${inServer[1]}`;
  if (/\/server\/src\/[^/]+$/.test(url)) return 'server';
  return url.startsWith('node:') ? 'node' : url === '' ? '(native)' : url;
}

function report(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const areas = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)') return;
    busy += ms;
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
    areas.set(areaOf(node.callFrame.url), (areas.get(areaOf(node.callFrame.url)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at);
      if (!frame || !frame.callFrame.url.includes('/server/src/')) continue;
      const name = nameOf(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  const print = (title: string, rows: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, ms] of [...rows.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
    }
  };
  console.log(`busy ${busy.toFixed(0)} ms`);
  print('self time by package', areas);
  print('self time by function', self);
  print('inclusive time of the server\'s functions (synchronous stacks only)', inclusive);
}

const profileDir = process.env.PROFILE_DIR ?? freshDir('pagemate-profile-');
// A named directory may not exist yet: the profile is written there when the server stops.
mkdirSync(profileDir, { recursive: true });
const database = await createDatabase(postgresAdminUrl(), 'pagemate_profile');
const env = serverEnv(PORT, { url: database.url });
try {
  const shop = await prepareShop(env, Array.from({ length: 60 }, (_, i) => 10_000 + i * 1_000));
  const profileFile = join(profileDir, `webhook-${Date.now()}.cpuprofile`);
  const extra: Record<string, string> = { CPU_PROFILE_FILE: profileFile };
  if (process.env.JOBS_POLL_INTERVAL_MS) extra.JOBS_POLL_INTERVAL_MS = process.env.JOBS_POLL_INTERVAL_MS;
  const api = await startApi({ ...env, ...extra }, undefined, [join(ROOT, 'bench', 'cpu-profile-preload.ts')]);
  // PROFILE_PATH=list profiles bench/floor.ts's other hot path, the shop's page of 20 ledger rows, instead.
  const options: Options =
    process.env.PROFILE_PATH === 'list'
      ? {
          url: `${api.url}/api/v1/balance-transactions/${shop.userId}?page=1&page_size=20`,
          connections: CONNECTIONS,
          headers: { authorization: `Bearer ${shop.accessToken}` },
        }
      : { url: `${api.url}/webhook`, connections: CONNECTIONS, requests: newMessageRequests(shop, 'm_prof') };
  try {
    await autocannon({ ...options, duration: 1 });
    api.child.kill('SIGUSR2');
    const result = await autocannon({ ...options, duration: DURATION });
    console.log(`${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} failed, ${result.requests.total} answered`);
    const jobs = await withClient(database.url, (client) => client.query<{ status: string; n: string }>(`select status, count(*) as n from jobs where queue = 'bot.reply' group by status order by status`));
    console.log(`bot.reply jobs when the load stopped: ${jobs.rows.map((row) => `${row.status} ${row.n}`).join(', ')}`);
  } finally {
    await api.stop();
  }
  console.log(profileFile);
  report(JSON.parse(readFileSync(profileFile, 'utf8')) as Profile);
} finally {
  await database.drop();
  removeDir(env.FILES_DIR);
}
