// @vitest-environment happy-dom
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * Every package injects its RTK Query endpoints into the one base api at run time, and remotes deploy on their
 * own (docs/architecture.md §2): two packages defining the same endpoint name, or providing the same cache tag,
 * would silently share (or replace) each other's data in the browser. This test loads every package's endpoints
 * the way the browser does and fails on a duplicate; each `injectEndpoints` also passes
 * `overrideExisting: 'throw'`, so a duplicate that reaches a browser fails loudly in the remote that brings it.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['shared-contracts', 'shell', 'mf-landing', 'mf-page-manager', 'mf-chatbot', 'mf-balance', 'mf-crm'] as const;

interface Tag {
  type: string;
  id?: string;
}
interface Injection {
  pkg: string;
  file: string;
  overrideExisting: unknown;
  endpoints: { name: string; provides: Tag[] }[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'build' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Stands for any argument a `providesTags` function reads (`arg.page_id`, `arg.id`, a user id). */
const probeArg: unknown = new Proxy({}, { get: (_target, key) => (key === Symbol.toPrimitive ? () => 'probe' : 'probe') });

type ProvidesTags = readonly (string | { type: string; id?: unknown })[] | ((...args: unknown[]) => readonly (string | { type: string; id?: unknown })[]);

function tagsOf(provides: ProvidesTags | undefined): Tag[] {
  const list = typeof provides === 'function' ? provides(undefined, undefined, probeArg, undefined) : (provides ?? []);
  return list.map((tag) => (typeof tag === 'string' ? { type: tag } : tag.id === undefined ? { type: tag.type } : { type: tag.type, id: String(tag.id) }));
}

interface InjectOptions {
  overrideExisting?: unknown;
  endpoints(build: unknown): Record<string, { providesTags?: ProvidesTags }>;
}

function describeInjection(pkg: string, file: string, options: InjectOptions): Injection {
  const define = (definition: object) => definition;
  const definitions = options.endpoints({ query: define, mutation: define, infiniteQuery: define });
  return {
    pkg,
    file,
    overrideExisting: options.overrideExisting,
    endpoints: Object.entries(definitions).map(([name, definition]) => ({ name, provides: tagsOf(definition.providesTags) })),
  };
}

/**
 * What collides between packages: an endpoint name defined twice (anywhere), a tag `type/id` provided by two
 * packages, or a whole tag type provided by one package while another provides any tag of that type.
 * Invalidating another package's tags is the intended way to refresh its views, and stays allowed.
 */
export function collisions(injections: readonly Injection[]): string[] {
  const problems: string[] = [];
  const names = new Map<string, string[]>();
  const providers = new Map<string, Set<string>>();
  for (const injection of injections) {
    for (const endpoint of injection.endpoints) {
      names.set(endpoint.name, [...(names.get(endpoint.name) ?? []), injection.file]);
      for (const tag of endpoint.provides) {
        const key = tag.id === undefined ? tag.type : `${tag.type}/${tag.id}`;
        providers.set(key, new Set([...(providers.get(key) ?? []), injection.pkg]));
      }
    }
  }
  for (const [name, files] of names) if (files.length > 1) problems.push(`endpoint "${name}" is defined in ${files.join(' and ')}`);
  for (const [key, pkgs] of providers) {
    if (pkgs.size > 1) problems.push(`tag ${key} is provided by ${[...pkgs].join(' and ')}`);
    if (key.includes('/')) continue;
    for (const [other, otherPkgs] of providers) {
      if (other.startsWith(`${key}/`)) {
        const foreign = [...otherPkgs].filter((pkg) => !pkgs.has(pkg));
        if (foreign.length > 0) problems.push(`tag type ${key} is provided whole by ${[...pkgs].join(' and ')} while ${foreign.join(' and ')} provides ${other}`);
      }
    }
  }
  return problems;
}

async function loadEveryPackage(): Promise<Injection[]> {
  const { api } = await import('../shared-contracts/src/api/base-api.ts');
  const injections: Injection[] = [];
  let current = { pkg: 'shared-contracts', file: 'shared-contracts/src/index.ts' };
  const inject = api.injectEndpoints.bind(api);
  vi.spyOn(api, 'injectEndpoints').mockImplementation(((options: InjectOptions) => {
    injections.push(describeInjection(current.pkg, current.file, options));
    try {
      return inject(options as never);
    } catch {
      // Recorded above; `collisions` names it. The module goes on loading, as it would not in a browser.
      return api;
    }
  }) as never);
  await import('../shared-contracts/src/index.ts');
  for (const pkg of PACKAGES) {
    for (const path of sourceFiles(join(ROOT, pkg, 'src'))) {
      if (!readFileSync(path, 'utf8').includes('.injectEndpoints(')) continue;
      current = { pkg, file: relative(ROOT, path) };
      await import(/* @vite-ignore */ path);
    }
  }
  return injections;
}

describe('endpoint names and cache tags across independently deployed packages', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('no endpoint name or provided tag is defined by two packages, and every injection throws on an existing name', async () => {
    const injections = await loadEveryPackage();
    const names = injections.flatMap((injection) => injection.endpoints.map((endpoint) => endpoint.name));
    // Every package with endpoints was seen, with its endpoints.
    expect(new Set(injections.map((injection) => injection.pkg))).toEqual(new Set(['shared-contracts', 'shell', 'mf-page-manager', 'mf-chatbot', 'mf-balance', 'mf-crm']));
    expect(names).toEqual(expect.arrayContaining(['accessTokenPages', 'totalBalance', 'inboxThreads', 'postList', 'balanceSummary', 'conversations', 'shellPartnerInvite', 'getManager']));
    expect(collisions(injections)).toEqual([]);
    expect(injections.filter((injection) => injection.overrideExisting !== 'throw').map((injection) => injection.file)).toEqual([]);
  }, 120_000);

  it('names a duplicate endpoint, a tag two packages provide, and a whole type one package provides beside another', () => {
    const at = (pkg: string, name: string, provides: Tag[]): Injection => ({ pkg, file: `${pkg}/src/x-api.ts`, overrideExisting: 'throw', endpoints: [{ name, provides }] });
    expect(collisions([at('mf-crm', 'pageList', []), at('mf-balance', 'pageList', [])])).toEqual(['endpoint "pageList" is defined in mf-crm/src/x-api.ts and mf-balance/src/x-api.ts']);
    expect(collisions([at('mf-crm', 'a', [{ type: 'Posts', id: 'LIST' }]), at('mf-balance', 'b', [{ type: 'Posts', id: 'LIST' }])])).toEqual(['tag Posts/LIST is provided by mf-crm and mf-balance']);
    expect(collisions([at('mf-crm', 'a', [{ type: 'Files' }]), at('mf-chatbot', 'b', [{ type: 'Files', id: 'X' }])])).toEqual([
      'tag type Files is provided whole by mf-crm while mf-chatbot provides Files/X',
    ]);
    // One package providing a type whole and by id, and two packages providing different ids of one type: fine.
    expect(collisions([at('mf-crm', 'a', [{ type: 'Posts' }, { type: 'Posts', id: 'LIST' }]), at('shell', 'b', [{ type: 'Balance', id: 'A' }]), at('mf-balance', 'c', [{ type: 'Balance', id: 'B' }])])).toEqual([]);
  });

  it('in the browser, a second definition of an existing name throws instead of replacing or being ignored', async () => {
    const { api } = await import('../shared-contracts/src/api/base-api.ts');
    await import('../shared-contracts/src/index.ts');
    expect(() =>
      api.injectEndpoints({ overrideExisting: 'throw', endpoints: (build) => ({ accessTokenPages: build.query<unknown, undefined>({ query: () => ({ url: 'elsewhere' }) }) }) }),
    ).toThrow(/accessTokenPages/);
  });
});
