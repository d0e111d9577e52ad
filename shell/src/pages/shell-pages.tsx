import type { ComponentType } from 'react';
import type { RouteId } from '@pagemate/shared-contracts';
import {
  ComingSoonPage,
  CreatePasswordPage,
  LockScreenPage,
  ResetPasswordPage,
  SignUpPage,
  TwoStepPage,
  UnderMaintenancePage,
} from './auth-template-pages';
import { ListViewPage, NotificationsPage, PartnerDashboardPage, UserDashboardPage, WidgetsPage } from './dashboard-pages';
import { ErrorPage } from './error-page';
import { SignInPage } from './sign-in-page';

/** Components of the routes the shell owns, keyed like the route table. */
export const SHELL_PAGES: Partial<Record<RouteId, ComponentType>> = {
  'sign-in': SignInPage,
  'sign-up': SignUpPage,
  'reset-password': ResetPasswordPage,
  'create-password': CreatePasswordPage,
  'two-step-verification': TwoStepPage,
  'lock-screen': LockScreenPage,
  'coming-soon': ComingSoonPage,
  'under-maintenance': UnderMaintenancePage,
  'error-401': () => <ErrorPage code={401} />,
  'error-404': () => <ErrorPage code={404} />,
  'error-500': () => <ErrorPage code={500} />,
  'user-dashboard': UserDashboardPage,
  'partner-dashboard': PartnerDashboardPage,
  'list-view': ListViewPage,
  widgets: WidgetsPage,
  notifications: NotificationsPage,
};
