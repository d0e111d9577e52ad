import { PERSISTENCE_TIMEOUT_MS, STORAGE_KEYS } from '../contracts/constants.js';
import { type ListsState, listsSlice } from './lists-slice.js';
import type { PaymentState } from './payment-slice.js';
import type { RootState } from './store.js';

/**
 * The one whitelist of what is kept under the key `root`: what the app needs to start offline-first — the
 * payment section and these lists. Everything else stays in memory only; in particular conversations, comments,
 * messages, clients and orders (customers' names and words) never reach the browser's storage.
 */
export const PERSISTED_LISTS = ['listPage', 'listConfig', 'listIdentity', 'listProcedure'] as const satisfies readonly (keyof ListsState)[];

type PersistedList = (typeof PERSISTED_LISTS)[number];

export interface PersistedState {
  payment: PaymentState;
  lists: Pick<ListsState, PersistedList>;
}

/** The whitelisted part of `state`, as written under `root`. */
export function persistedPart(state: Pick<RootState, 'payment' | 'lists'>): PersistedState {
  const lists = Object.fromEntries(PERSISTED_LISTS.map((name) => [name, state.lists[name]])) as PersistedState['lists'];
  return { payment: state.payment, lists };
}

/**
 * The persisted sections to start the store with. Anything else found under `root` (a list outside the whitelist,
 * say) is dropped, and `root` is rewritten without it at once.
 */
export function loadPersistedState(storage: Storage): Partial<Pick<RootState, 'payment' | 'lists'>> | undefined {
  const raw = storage.getItem(STORAGE_KEYS.persistedRoot);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<{ payment: PaymentState; lists: Partial<Record<keyof ListsState, unknown>> }>;
    const kept = parsed.lists && (Object.fromEntries(PERSISTED_LISTS.flatMap((name) => (Array.isArray(parsed.lists?.[name]) ? [[name, parsed.lists[name]]] : []))) as Partial<PersistedState['lists']>);
    const cleaned = JSON.stringify({ payment: parsed.payment, lists: kept });
    if (cleaned !== raw) storage.setItem(STORAGE_KEYS.persistedRoot, cleaned);
    const restored: Partial<Pick<RootState, 'payment' | 'lists'>> = {};
    if (parsed.payment) restored.payment = { ...parsed.payment, status: 'idle', error: null };
    if (kept) restored.lists = { ...listsSlice.getInitialState(), ...kept };
    return restored;
  } catch {
    storage.removeItem(STORAGE_KEYS.persistedRoot);
    return undefined;
  }
}

interface Subscribable {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
}

/**
 * Writes the whitelisted sections whenever one of them changes, batching bursts; a write that could not happen
 * within the persistence timeout (5000 ms, docs/product.md §8) is reported.
 */
export function persistStore(store: Subscribable, storage: Storage, report: (message: string) => void = console.warn): () => void {
  let last: PersistedState | null = null;
  let pendingSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const unchanged = (a: PersistedState, b: PersistedState) => a.payment === b.payment && PERSISTED_LISTS.every((name) => a.lists[name] === b.lists[name]);

  const write = () => {
    timer = null;
    try {
      storage.setItem(STORAGE_KEYS.persistedRoot, JSON.stringify(persistedPart(store.getState())));
      if (pendingSince !== null && Date.now() - pendingSince > PERSISTENCE_TIMEOUT_MS) {
        report(`Persisting state took longer than ${PERSISTENCE_TIMEOUT_MS} ms`);
      }
    } catch (error) {
      report(`Could not persist state: ${error instanceof Error ? error.message : String(error)}`);
    }
    pendingSince = null;
  };

  return store.subscribe(() => {
    const next = persistedPart(store.getState());
    if (last && unchanged(last, next)) return;
    last = next;
    pendingSince ??= Date.now();
    timer ??= setTimeout(write, 100);
  });
}
