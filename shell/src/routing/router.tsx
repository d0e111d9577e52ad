import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ROUTES, type LayoutName, type RouteEntry } from '@pagemate/shared-contracts';
import { AuthLayout } from '../layouts/auth-layout';
import { ChatbotLayout } from '../layouts/chatbot-layout';
import { DashboardLayout } from '../layouts/dashboard-layout';
import { LandingLayout } from '../layouts/landing-layout';
import { ErrorPage } from '../pages/error-page';
import { RouteView } from './route-view';

const LAYOUTS: Record<LayoutName, RouteObject['element']> = {
  landing: <LandingLayout />,
  authentication: <AuthLayout />,
  dashboard: <DashboardLayout />,
  chatbot: <ChatbotLayout />,
  bare: undefined,
};

/** The router, derived from the route table: each layout wraps the routes that declare it. */
export function buildRouteObjects(routes: readonly RouteEntry[] = ROUTES): RouteObject[] {
  const layouts = Object.keys(LAYOUTS) as LayoutName[];
  const grouped: RouteObject[] = layouts.map((layout) => ({
    element: LAYOUTS[layout],
    children: routes
      .filter((route) => route.layout === layout)
      .map((route) => ({ path: route.path, element: <RouteView route={route} /> })),
  }));
  return [
    ...grouped,
    { element: <AuthLayout />, children: [{ path: '*', element: <ErrorPage code={404} /> }] },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
export type AppRouter = ReturnType<typeof createAppRouter>;
