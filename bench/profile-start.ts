/**
 * Where the main thread's time goes when a signed-in route starts on a cold cache, under a 4× CPU throttle:
 * a CPU profile (CDP Profiler) of the composed production build from navigation to network idle, printed as
 * self time per script and the heaviest functions. The API, accounts and token storage are those of
 * bench/lighthouse.ts. `PROFILE_PATH=/user-dashboard/` (default) picks the route; `PROFILE_OUT=file.cpuprofile`
 * writes the profile (opens in Chromium's performance panel).
 * Reproduce: `npm run build && npx tsx bench/profile-start.ts`.
 */
import { writeFileSync } from 'node:fs';
import { benchRoleOf, signedInPhoneContext, startStartUpRig } from './signed-in-api.ts';
import { table } from './support.ts';

const BASE_PORT = 5400 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const PATH = process.env.PROFILE_PATH ?? '/user-dashboard/';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const rig = await startStartUpRig(BASE_PORT);
const { api, browser } = rig;
try {
  const login = await api.login(await api.signUp(benchRoleOf(PATH)));
  const context = await signedInPhoneContext(browser, login);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(`${rig.url}${PATH}`, { waitUntil: 'networkidle' });
  const wall = Date.now() - started;
  const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)} ms`));
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const perScript = new Map<string, number>();
  const perFunction = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const script = frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '') : `(${frame.functionName || 'program'})`;
    perScript.set(script, (perScript.get(script) ?? 0) + micros);
    const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + micros);
  }
  const ms = (micros: number) => Math.round(micros / 1000);
  console.log(`${PATH}: ${wall} ms to network idle under 4× CPU; ${paints.join(', ')}`);
  table([...perScript].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([script, micros]) => ({ script, 'self ms': ms(micros) })));
  table([...perFunction].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([fn, micros]) => ({ function: fn.slice(0, 140), 'self ms': ms(micros) })));
} finally {
  await rig.close();
}
