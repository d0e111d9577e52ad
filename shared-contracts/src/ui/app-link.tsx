import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router-dom';

/**
 * A link to another page of the product: a router link inside the shell (no reload), a plain anchor when the
 * page is rendered without a router (the remote's static render tests).
 */
export function AppLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Link to={to} data-testid={testId}>
      {children}
    </Link>
  ) : (
    <a href={to} data-testid={testId}>
      {children}
    </a>
  );
}
