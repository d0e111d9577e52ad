import { lazy, type ComponentType } from 'react';
import { i18n, type RouteId } from '@pagemate/shared-contracts';
import { PARTNER_NAMESPACE } from '../locales/load';
import { authRoutePages } from './auth-route-pages';
import { UserDashboardPage } from '../dashboard/user-dashboard-page';
import { ErrorPage } from './error-page';

/** A partner page comes with the partner texts, read before it draws (a user's start does not read them). */
function withPartnerTexts<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, i18n.loadNamespaces(PARTNER_NAMESPACE)]).then(([module]) => module);
}

/**
 * The user dashboard, the first page most visits open, comes with the app; every other page of the shell loads
 * the first time it is opened (its own chunk), so a signed-in start evaluates none of them.
 */
const SignInPage = lazy(() => import('./sign-in-page').then((m) => ({ default: m.SignInPage })));
const SignUpPage = lazy(() => import('./sign-up-page').then((m) => ({ default: m.SignUpPage })));
const ResetPasswordPage = lazy(() => import('./password-pages').then((m) => ({ default: m.ResetPasswordPage })));
const CreatePasswordPage = lazy(() => import('./password-pages').then((m) => ({ default: m.CreatePasswordPage })));
const TwoStepPage = lazy(() => import('./auth-template-pages').then((m) => ({ default: m.TwoStepPage })));
const LockScreenPage = lazy(() => import('./auth-template-pages').then((m) => ({ default: m.LockScreenPage })));
const ComingSoonPage = lazy(() => import('./auth-template-pages').then((m) => ({ default: m.ComingSoonPage })));
const UnderMaintenancePage = lazy(() => import('./auth-template-pages').then((m) => ({ default: m.UnderMaintenancePage })));
const NotificationsPage = lazy(() => import('./dashboard-pages').then((m) => ({ default: m.NotificationsPage })));
const PartnerDashboardPage = lazy(() => withPartnerTexts(import('../partner/partner-dashboard-page')).then((m) => ({ default: m.PartnerDashboardPage })));
const ListViewPage = lazy(() => withPartnerTexts(import('../partner/list-view-page')).then((m) => ({ default: m.ListViewPage })));
const WidgetsPage = lazy(() => withPartnerTexts(import('../partner/widgets-page')).then((m) => ({ default: m.WidgetsPage })));

/** Components of the routes the shell owns, keyed like the route table (drawn inside a Suspense boundary). */
export const SHELL_PAGES: Partial<Record<RouteId, ComponentType>> = {
  ...authRoutePages<ComponentType>({
    signIn: SignInPage,
    signUp: SignUpPage,
    resetPassword: ResetPasswordPage,
    createPassword: CreatePasswordPage,
    twoStep: TwoStepPage,
    lockScreen: LockScreenPage,
    comingSoon: ComingSoonPage,
    underMaintenance: UnderMaintenancePage,
    error401: () => <ErrorPage code={401} />,
    error404: () => <ErrorPage code={404} />,
    error500: () => <ErrorPage code={500} />,
  }),
  'user-dashboard': UserDashboardPage,
  'partner-dashboard': PartnerDashboardPage,
  'list-view': ListViewPage,
  widgets: WidgetsPage,
  notifications: NotificationsPage,
};
