import { apiErrorText, useAccessTokenPagesQuery, useUserId } from '@pagemate/shared-contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { Skeleton } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NoPages } from './page-picker';
import { connectedPages, type PickablePage } from './pages';
import { RetryAlert } from './retry-alert';

/**
 * The signed-in user's connected pages, from the one shared page list (shared-contracts' `accessTokenPages`):
 * a page connected, reconnected or subscribed in the page manager shows here at once.
 */
export function useConnectedPages() {
  const userId = useUserId();
  const query = useAccessTokenPagesQuery(userId === null ? skipToken : undefined);
  const pages = useMemo(() => connectedPages(query.data), [query.data]);
  return { userId, query, pages };
}

interface PageGateProps {
  pages: ReturnType<typeof useConnectedPages>;
  /** The page to show (`chosenPage`), if any. */
  picked: PickablePage | undefined;
  /** What the "no page connected yet" card says, and its test id. */
  noPages: { description: string; testId: string };
  /** The screen itself, once a page is there. */
  children(picked: PickablePage, userId: string): ReactNode;
}

/**
 * The one gate of every page-scoped CRM screen: the page list loading, failed (with a retry), no page connected
 * (where to connect one), or the screen for the picked page.
 */
export function PageGate({ pages: { query, userId }, picked, noPages, children }: PageGateProps) {
  const { t } = useTranslation('crm');
  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError && !query.data) {
    return (
      <RetryAlert title={t('inbox.loadPagesFailed', { error: apiErrorText(t, query.error, 'crm') })} retry={t('inbox.retry')} onRetry={() => void query.refetch()} />
    );
  }
  if (!picked || userId === null) return <NoPages description={noPages.description} testId={noPages.testId} />;
  return children(picked, userId);
}
