import { useCollectionFilesQuery, type CollectionFile } from '@pagemate/shared-contracts';
import { useEffect, useState } from 'react';

/** While a file is queued or indexing, the list asks again this often, so its status changes on screen. */
export const FILE_STATUS_POLL_MS = 2_000;

export function isIndexing(file: CollectionFile): boolean {
  return file.index_status === 'queued' || file.index_status === 'indexing';
}

/**
 * The user's files (shared-contracts' `collectionFiles`, the one cached list the page manager and the shell use
 * too; chat and the file manager both show it), asked again every 2 s while any is queued or indexing (and only then). A failed load is
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
