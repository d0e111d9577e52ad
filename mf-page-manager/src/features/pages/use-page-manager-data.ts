import { selectFromFirstRender, selectList, useAccessTokenPagesQuery, useAppSelector, useCollectionFilesQuery, useGetConfigQuery, useUserId } from '@pagemate/shared-contracts';
import { useMemo } from 'react';
import { managerPageData, pageRows } from './page-rows';
import { useGetManagerQuery } from './pages-api';

/** Stable "none yet" values, so an unanswered query hands the table the same props on every render. */
const NO_CONFIGS: never[] = [];
const NO_FILES: never[] = [];

/**
 * Everything the page manager shows: accounts (the cached list first, docs/product.md §4), their managers, the user's
 * configs and files. Files may not exist yet (404 before the file manager): the table just offers none.
 */
export function usePageManagerData() {
  const userId = useUserId();
  const skip = !userId;
  const cachedAccounts = useAppSelector((state) => selectList(state, 'listPage'));
  // Each query hands the page only what it draws, so a request going out (or one answered with the same data)
  // does not draw the whole page again: on a phone each such render of the page is a long task.
  // Fetching from the first render (selectFromFirstRender), so its request going out draws nothing again.
  const accountsQuery = useAccessTokenPagesQuery(undefined, { skip, selectFromResult: selectFromFirstRender(({ data, isFetching }) => ({ data, isFetching }), skip) });
  const accounts = accountsQuery.data ?? cachedAccounts;
  const pageData = useMemo(() => managerPageData(accounts), [accounts]);
  const noManagers = skip || pageData.length === 0;
  const managersQuery = useGetManagerQuery(
    { user_id: userId ?? '', page_data: pageData },
    { skip: noManagers, selectFromResult: selectFromFirstRender(({ data, isLoading }) => ({ data, isLoading }), noManagers) },
  );
  const configs = useGetConfigQuery(userId ?? '', { skip, selectFromResult: ({ data }) => ({ data }) }).data ?? NO_CONFIGS;
  const collection = useCollectionFilesQuery(userId ?? '', { skip, selectFromResult: ({ data }) => ({ data }) }).data ?? NO_FILES;

  const managers = managersQuery.data;
  const rows = useMemo(() => pageRows(accounts, managers ?? []), [accounts, managers]);
  // The same list while the accounts are: the sandbox panel is not redrawn by the page's other refreshes.
  const sandboxAccounts = useMemo(() => accounts.filter((account) => account.sandbox), [accounts]);

  return {
    userId,
    accounts,
    rows,
    configs,
    collection,
    connected: accounts.length > 0,
    sandboxAccounts,
    loading: accountsQuery.isFetching || managersQuery.isLoading,
  };
}
