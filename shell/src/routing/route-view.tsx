import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import {
  denialOf,
  homePathFor,
  hrefOf,
  selectSessionUser,
  useAppSelector,
  type RemoteName,
  type RouteEntry,
} from '@pagemate/shared-contracts';
import { PageLoading } from '../components/page-loading';
import { RemotePage } from '../mf/remote-page';
import { ErrorPage } from '../pages/error-page';
import { SHELL_PAGES } from '../pages/shell-pages';

function isRemoteRoute(route: RouteEntry): route is RouteEntry & { owner: RemoteName } {
  return route.owner !== 'shell';
}

/** One route of the table: access check, then the shell's page or the owning remote's page. */
export function RouteView({ route }: { route: RouteEntry }) {
  const user = useAppSelector(selectSessionUser);
  const location = useLocation();

  if (route.id === 'app') return <Navigate to={hrefOf(homePathFor(user?.role))} replace />;
  const denial = denialOf(route, user);
  if (denial === 'sign-in') {
    return <Navigate to={`${hrefOf('/sign-in')}?next=${encodeURIComponent(location.pathname)}`} replace />;
  }
  if (denial === 'forbidden') return <ErrorPage code={401} />;
  if (isRemoteRoute(route)) return <RemotePage key={route.id} route={route} />;
  const Page = SHELL_PAGES[route.id as keyof typeof SHELL_PAGES];
  if (!Page) return <ErrorPage code={404} />;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
