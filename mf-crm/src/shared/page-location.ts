import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Where the user is on a page-scoped screen (the inbox, the posts): the chosen page and, in the inbox, the open
 * thread.
 */
export interface PageLocation {
  pageId: string | null;
  threadId: string | null;
  choosePage(pageId: string): void;
  openThread(threadId: string): void;
  closeThread(): void;
}

/**
 * In the shell: `?page=<id>&thread=<id>`, so a reload or a shared link lands on the same page and thread;
 * choosing a page replaces the entry, opening a thread pushes one (the phone's back button returns to the list).
 */
export function useUrlPageLocation(): PageLocation {
  const [params, setParams] = useSearchParams();
  const pageId = params.get('page');
  const threadId = params.get('thread');
  const update = useCallback(
    (change: Record<string, string | null>, replace: boolean) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );
  return useMemo(
    () => ({
      pageId,
      threadId,
      choosePage: (id) => update({ page: id, thread: null }, true),
      openThread: (id) => update({ thread: id }, false),
      closeThread: () => update({ thread: null }, false),
    }),
    [pageId, threadId, update],
  );
}

/** Without a router (the remote's static render): the same state, kept in the component. */
export function useLocalPageLocation(): PageLocation {
  const [pageId, setPageId] = useState<string | null>(null);
  const [threadId, setThreadId] = useState<string | null>(null);
  return {
    pageId,
    threadId,
    choosePage: (id) => {
      setPageId(id);
      setThreadId(null);
    },
    openThread: setThreadId,
    closeThread: () => setThreadId(null),
  };
}
