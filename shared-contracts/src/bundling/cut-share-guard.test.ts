import { afterEach, describe, expect, it, vi } from 'vitest';
import cutShareGuard, { missingExports } from './cut-share-guard.js';

type Plugin = ReturnType<typeof cutShareGuard>;
type ResolveArgs = Parameters<NonNullable<Plugin['resolveShare']>>[0];
type InitArgs = Parameters<NonNullable<Plugin['beforeInit']>>[0];
type Shared = ResolveArgs['shareInfo'];

/** The shell's registration of antd: its copy cut to `held`. */
const shellAntd = (held: string[]) => ({ from: 'pagemate_shell', version: '6.6.8', treeShaking: { mode: 'runtime-infer', usedExports: held } }) as unknown as Shared;

function resolveFor(needs: string[], chosen: { shared: Shared; useTreesShaking: boolean } | undefined) {
  const plugin = cutShareGuard({ holds: {}, needs: { antd: needs } });
  const args = { pkgName: 'antd', shareInfo: { from: 'mf_balance' }, resolver: () => chosen } as unknown as ResolveArgs;
  plugin.resolveShare?.(args);
  return args.resolver();
}

describe('cutShareGuard', () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps the shell's cut-down copy when it holds everything the app imports", () => {
    const chosen = { shared: shellAntd(['Button', 'Card', 'Table']), useTreesShaking: true };
    expect(resolveFor(['Button', 'Table'], chosen)).toBe(chosen);
  });

  it('takes the whole package, and says which exports and what to do, when the copy lacks one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shared = shellAntd(['Button', 'Card']);
    expect(resolveFor(['Button', 'Slider'], { shared, useTreesShaking: true })).toEqual({ shared, useTreesShaking: false });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('mf_balance imports Slider from antd, which the copy shared by pagemate_shell does not hold'));
    expect(warn.mock.calls[0]?.[0]).toContain('Rebuild and publish the shell');
  });

  it('leaves alone a whole package, a copy of unknown content and a package the app does not import', () => {
    const whole = { shared: shellAntd(['Button']), useTreesShaking: false };
    expect(resolveFor(['Slider'], whole)).toBe(whole);
    const unknown = { shared: { from: 'pagemate_shell', version: '6.6.8' } as unknown as Shared, useTreesShaking: true };
    expect(resolveFor(['Slider'], unknown)).toBe(unknown);
    expect(resolveFor(['Slider'], undefined)).toBeUndefined();
    const plugin = cutShareGuard({ holds: {}, needs: { antd: ['Slider'] } });
    const resolver = () => whole;
    const args = { pkgName: 'react-router-dom', resolver } as unknown as ResolveArgs;
    plugin.resolveShare?.(args);
    expect(args.resolver).toBe(resolver);
  });

  it("writes what each copy holds onto the app's own share registration", () => {
    const plugin = cutShareGuard({ holds: { antd: ['Button', 'Card'] }, needs: {} });
    const antd = { version: '6.6.8', treeShaking: { mode: 'runtime-infer' } };
    const react = { version: '19.3.1' };
    const args = { userOptions: { name: 'pagemate_shell', shared: { antd: [antd], react } } } as unknown as InitArgs;
    plugin.beforeInit?.(args);
    expect(antd.treeShaking).toEqual({ mode: 'runtime-infer', usedExports: ['Button', 'Card'] });
    expect(react).toEqual({ version: '19.3.1' });
  });

  it('missingExports lists what is needed and not held, in order', () => {
    expect(missingExports(['Slider', 'Button', 'Rate'], ['Button'])).toEqual(['Slider', 'Rate']);
    expect(missingExports([], ['Button'])).toEqual([]);
  });
});
