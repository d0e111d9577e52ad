import { createContext, useContext, useEffect, useState } from 'react';

/** Moves between the light pages without reloading: the path, its query, and a notice for the next page. */
export interface LightNavigation {
  path: string;
  search: string;
  notice: string | null;
  go(href: string, notice?: string): void;
}

export const LightNavigationContext = createContext<LightNavigation | null>(null);

export function useLightNavigation(): LightNavigation {
  const navigation = useContext(LightNavigationContext);
  if (!navigation) throw new Error('useLightNavigation outside the light pages');
  return navigation;
}

/**
 * The current location, following the history: `go` pushes a same-site href when `isLight` says a light page
 * shows it, and loads it as a page otherwise (the app, signed in).
 */
export function useLocationState(isLight: (pathname: string) => boolean): LightNavigation {
  const read = () => ({ path: location.pathname, search: location.search, notice: null as string | null });
  const [state, setState] = useState(read);
  useEffect(() => {
    const onPop = () => setState(read());
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  return {
    ...state,
    go(href, notice) {
      const target = new URL(href, location.href);
      if (target.origin !== location.origin || !isLight(target.pathname)) {
        location.assign(target.href);
        return;
      }
      history.pushState(null, '', target.pathname + target.search);
      setState({ path: target.pathname, search: target.search, notice: notice ?? null });
      scrollTo(0, 0);
    },
  };
}
