/**
 * How often React commits while a signed-in route starts on a cold cache, what each commit drew, and which store
 * actions came before it. A production build gives React DevTools' hook to whatever defines it, so a page script
 * defined before the app's code (the hook and Redux DevTools' compose) sees every commit and every action: per
 * commit, its time, the components that rendered in it (React's PerformedWork flag on fibers the commit
 * reprocessed) and the actions dispatched since the previous one. Printed: the timeline, then the components that
 * rendered most often. Under a 4× CPU throttle like Lighthouse's phone, until the route is drawn and the network
 * idle. Component names are only readable in a build that keeps them: `PAGEMATE_KEEP_NAMES=1 npm run build`
 * (the rsbuild config leaves function names unmangled then); in a normal build the counts hold, the names do not.
 * The API, accounts and token storage are those of bench/lighthouse.ts.
 * `COMMITS_PATH=/user-dashboard/` (default) picks the route, `COMMITS_DUMP=file.json` writes every commit's renders, `BENCH_PORT_OFFSET=n` moves every port.
 * Reproduce: `PAGEMATE_KEEP_NAMES=1 npm run build && npx tsx bench/react-commits.ts`.
 */
import { writeFileSync } from 'node:fs';
import { benchRoleOf, openThrottled, signedInPhoneContext, startStartUpRig } from './signed-in-api.ts';
import { table } from './support.ts';

const BASE_PORT = 6000 + (Number.parseInt(process.env.BENCH_PORT_OFFSET ?? '0', 10) || 0);
const PATH = process.env.COMMITS_PATH ?? '/user-dashboard/';

interface Commit {
  at: number;
  rendered: string[];
  /** Renders per area of the screen (`AREAS`). */
  areas: Record<string, number>;
  actions: string[];
}

/** Runs in the page before any of its scripts: records commits and actions in `window.__pmCommits`. */
function recordCommits(): void {
  interface Fiber {
    tag: number;
    type: unknown;
    flags: number;
    child: Fiber | null;
    sibling: Fiber | null;
    stateNode: unknown;
  }
  const PERFORMED_WORK = 1;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const commits: Commit[] = [];
  let actions: string[] = [];
  let seen = new WeakSet<Fiber>();
  const nameOf = (fiber: Fiber): string => {
    const type = fiber.type as { displayName?: string; name?: string; render?: { name?: string }; type?: { name?: string; displayName?: string } } | null;
    if (!type) return '?';
    const name = type.displayName ?? (type.name || type.render?.name || type.type?.displayName || type.type?.name);
    if (name) return name;
    // An unnamed component (antd's forwardRef ones) by the first class of the first element it draws.
    for (let child = fiber.child; child; child = child.child) {
      if (child.tag === 5 && child.stateNode instanceof Element) return `<${child.stateNode.classList[0] ?? child.stateNode.tagName.toLowerCase()}>`;
    }
    return 'anonymous';
  };
  /** The app's screens and bars a render is counted under. */
  const AREAS = new Set(['VerticalSider', 'AppHeader', 'UserDashboardPage', 'PartnerCard', 'FullPageLoader', 'Breadcrumb', 'BalanceSync', 'RemotePage']);
  const w = window as unknown as Record<string, unknown>;
  w.__pmCommits = commits;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot: (_id: number, root: { current: Fiber }) => {
      try {
        const now = new WeakSet<Fiber>();
        const rendered: string[] = [];
        const areas: Record<string, number> = {};
        const stack: [Fiber, string][] = [[root.current, 'root']];
        while (stack.length > 0) {
          const [fiber, area] = stack.pop() as [Fiber, string];
          now.add(fiber);
          const name = COMPONENT_TAGS.has(fiber.tag) ? nameOf(fiber) : '';
          const inside = AREAS.has(name) ? name : area;
          // A fiber object seen in the last commit's tree was not reprocessed by this one.
          if (!seen.has(fiber) && name && (fiber.flags & PERFORMED_WORK) !== 0) {
            rendered.push(name);
            areas[inside] = (areas[inside] ?? 0) + 1;
          }
          if (fiber.sibling) stack.push([fiber.sibling, area]);
          if (fiber.child) stack.push([fiber.child, inside]);
        }
        seen = now;
        commits.push({ at: Math.round(performance.now()), rendered, areas, actions });
        actions = [];
      } catch (error) {
        console.error('[react-commits] could not read the commit', error);
      }
    },
  };
  type Enhancer = (next: (...args: unknown[]) => { dispatch: (action: { type: string }) => unknown }) => (...args: unknown[]) => unknown;
  const logging: Enhancer = (next) => (...args) => {
    const store = next(...args);
    const dispatch = (action: { type: string }) => {
      actions.push(action.type);
      return store.dispatch(action);
    };
    return { ...store, dispatch };
  };
  w.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = () => (...enhancers: Enhancer[]) =>
    [...enhancers, logging].reduce((outer, inner) => (next) => outer(inner(next) as never));
}

const rig = await startStartUpRig(BASE_PORT);
const { api, browser } = rig;
try {
  const login = await api.login(await api.signUp(benchRoleOf(PATH)));
  const context = await signedInPhoneContext(browser, login);
  const page = await openThrottled(context, `${rig.url}${PATH}`, recordCommits);
  page.on('console', (message) => (message.type() === 'error' ? console.error('console:', message.text()) : undefined));
  const commits = await page.evaluate(() => (window as unknown as { __pmCommits: Commit[] }).__pmCommits);
  const counted = (names: string[]) => {
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1]);
  };
  if (process.env.COMMITS_DUMP) writeFileSync(process.env.COMMITS_DUMP, JSON.stringify(commits, null, 1));
  console.log(`${PATH}: ${commits.length} commits, ${commits.reduce((sum, c) => sum + c.rendered.length, 0)} component renders`);
  table(
    commits.map((commit, i) => ({
      commit: i + 1,
      'at ms': commit.at,
      renders: commit.rendered.length,
      'where': Object.entries(commit.areas).sort((a, b) => b[1] - a[1]).map(([area, n]) => `${area} ${n}`).join(', '),
      'actions before it': counted(commit.actions).map(([type, n]) => (n > 1 ? `${type}×${n}` : type)).join(' ').slice(0, 160),
    })),
  );
  table(
    counted(commits.flatMap((commit) => [...new Set(commit.rendered)]))
      .slice(0, 40)
      .map(([name, n]) => ({ component: name, 'commits it rendered in': n, renders: commits.reduce((sum, c) => sum + c.rendered.filter((r) => r === name).length, 0) })),
  );
} finally {
  await rig.close();
}
