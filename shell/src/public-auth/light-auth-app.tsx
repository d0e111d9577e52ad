import { matchRoute, normalisePath, type RouteId } from '@pagemate/shared-contracts/plain';
import { LIGHT_AUTH_PAGES } from './light-auth-pages';
import { LightAuthLayout } from './light-auth-layout';
import { LightNavigationContext, useLocationState } from './light-navigation';

const routeIdOf = (pathname: string) => matchRoute(pathname)?.id as RouteId | undefined;

/** Whether a light page shows `pathname`. */
export function isLightAuthPath(pathname: string): boolean {
  const id = routeIdOf(pathname);
  return id !== undefined && LIGHT_AUTH_PAGES[id] !== undefined;
}

/** The signed-out authentication pages on their own: the page of the current path in the light layout. */
export function LightAuthApp({ apiBaseUrl }: { apiBaseUrl: string | Promise<string> }) {
  const navigation = useLocationState(isLightAuthPath);
  const id = routeIdOf(navigation.path);
  const Page = id === undefined ? undefined : LIGHT_AUTH_PAGES[id];
  return (
    <LightNavigationContext.Provider value={navigation}>
      <LightAuthLayout cover={normalisePath(navigation.path).endsWith('/cover')}>{Page ? <Page key={navigation.path} apiBaseUrl={apiBaseUrl} /> : null}</LightAuthLayout>
    </LightNavigationContext.Provider>
  );
}
