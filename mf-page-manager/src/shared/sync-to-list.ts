import { listReplaced, type ListName, type ListsState } from '@pagemate/shared-contracts';

interface QueryLifecycle<K extends ListName> {
  dispatch: (action: ReturnType<typeof listReplaced>) => unknown;
  queryFulfilled: Promise<{ data: ListsState[K] }>;
}

/**
 * `onQueryStarted` for a list query: once it succeeds, the shared lists slice gets the same items so the rest
 * of the app (chatbot, posts, …) sees them. A failure is left to the hook's `error` (nothing to copy).
 */
export function syncToList<K extends ListName>(list: K) {
  return async (_arg: unknown, { dispatch, queryFulfilled }: QueryLifecycle<K>): Promise<void> => {
    try {
      const { data } = await queryFulfilled;
      dispatch(listReplaced({ list, items: data }));
    } catch {
      // The component shows the error; the list keeps its last known items.
    }
  };
}
