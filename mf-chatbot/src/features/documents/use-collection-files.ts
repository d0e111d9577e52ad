import { useEffect, useState } from 'react';
import { FILE_STATUS_POLL_MS, isIndexing, useCollectionFilesQuery } from './documents-api';

/**
 * The user's files, asked again every 2 s while any is queued or indexing (and only then). A failed load is
 * logged only, as docs/product.md §8 says for the file list; the screen keeps what it had.
 */
export function useCollectionFiles(userId: string | null) {
  const [polling, setPolling] = useState(false);
  // `skip` rather than `skipToken`: importing RTK Query's entry here would bundle a second copy of it.
  const query = useCollectionFilesQuery(userId ?? '', {
    skip: userId === null,
    pollingInterval: polling ? FILE_STATUS_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const files = query.data;
  const anyIndexing = files?.some(isIndexing) ?? false;
  useEffect(() => setPolling(anyIndexing), [anyIndexing]);
  useEffect(() => {
    if (query.error) console.error('Loading the file list failed', query.error);
  }, [query.error]);
  return { files: files ?? [], isLoading: query.isLoading, anyIndexing };
}
