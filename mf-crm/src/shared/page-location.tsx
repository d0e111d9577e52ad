import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useInRouterContext, useSearchParams } from 'react-router-dom';

/**
 * Where the user is on a page-scoped screen (the inbox, the posts, the orders): the chosen page (none: every
 * page, in the orders) and, in the inbox, the open thread.
 */
export interface PageLocation {
  pageId: string | null;
  threadId: string | null;
  choosePage(pageId: string | null): void;
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

/** Gives a screen its `PageLocation`: in the URL inside the shell's router, in the component without one. */
export function PageLocated({ children }: { children(location: PageLocation): ReactNode }) {
  return useInRouterContext() ? <UrlLocated>{children}</UrlLocated> : <LocalLocated>{children}</LocalLocated>;
}

function UrlLocated({ children }: { children(location: PageLocation): ReactNode }) {
  return children(useUrlPageLocation());
}

function LocalLocated({ children }: { children(location: PageLocation): ReactNode }) {
  return children(useLocalPageLocation());
}
