import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';

/**
 * A Module Federation runtime plugin in every app (docs/architecture.md §2, shared tree-shaking): it keeps a remote that
 * was deployed without rebuilding the shell working when the remote imports an export of a cut-down shared
 * package (antd, the router…) that the shell's copy does not hold.
 *
 * Each app's copy is cut to the repository-wide list of the checkout it was built from (`holds`), which the
 * plugin attaches to the app's share registration. When an app asks for a shared package, the plugin compares
 * what the app's own code imports (`needs`) with what the chosen copy holds; if anything is missing, that app
 * gets the provider's whole package instead (built beside it in `independent-packages/`), and the console says
 * which exports and that the shell wants rebuilding. Without the plugin the missing component is `undefined`
 * and the remote's page fails.
 */
export interface CutShareGuardOptions {
  /** Per cut-down package: the exports this app's copy was cut to. */
  holds: Record<string, string[]>;
  /** Per cut-down package: the exports this app's own code imports. */
  needs: Record<string, string[]>;
}

/** The names of `needed` that `held` lacks. */
export function missingExports(needed: readonly string[], held: readonly string[]): string[] {
  const have = new Set(held);
  return needed.filter((name) => !have.has(name));
}

export default function cutShareGuard({ holds, needs }: CutShareGuardOptions): ModuleFederationRuntimePlugin {
  return {
    name: 'pagemate-cut-share-guard',
    beforeInit(args) {
      const shared = args.userOptions.shared ?? {};
      for (const [pkg, list] of Object.entries(holds)) {
        const entries = shared[pkg];
        for (const entry of Array.isArray(entries) ? entries : entries ? [entries] : []) {
          entry.treeShaking = { ...entry.treeShaking, usedExports: list };
        }
      }
      return args;
    },
    resolveShare(args) {
      const needed = needs[args.pkgName];
      if (!needed || needed.length === 0) return args;
      const resolve = args.resolver;
      args.resolver = () => {
        const chosen = resolve();
        const held = chosen?.useTreesShaking ? chosen.shared.treeShaking?.usedExports : undefined;
        if (!chosen || !held) return chosen;
        const missing = missingExports(needed, held);
        if (missing.length === 0) return chosen;
        console.warn(
          `[PageMate] ${args.shareInfo.from} imports ${missing.join(', ')} from ${args.pkgName}, which the copy shared by ` +
            `${chosen.shared.from} does not hold: loading the whole package for it. Rebuild and publish the shell.`,
        );
        return { shared: chosen.shared, useTreesShaking: false };
      };
      return args;
    },
  };
}
