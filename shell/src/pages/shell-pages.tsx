import type { ComponentType } from 'react';
import type { RouteId } from '@pagemate/shared-contracts';
import { authRoutePages } from './auth-route-pages';
import { ComingSoonPage, LockScreenPage, TwoStepPage, UnderMaintenancePage } from './auth-template-pages';
import { UserDashboardPage } from '../dashboard/user-dashboard-page';
import { NotificationsPage } from './dashboard-pages';
import { ListViewPage } from '../partner/list-view-page';
import { PartnerDashboardPage } from '../partner/partner-dashboard-page';
import { WidgetsPage } from '../partner/widgets-page';
import { ErrorPage } from './error-page';
import { CreatePasswordPage, ResetPasswordPage } from './password-pages';
import { SignInPage } from './sign-in-page';
import { SignUpPage } from './sign-up-page';

/** Components of the routes the shell owns, keyed like the route table. */
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
