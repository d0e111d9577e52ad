import { PERSISTENCE_TIMEOUT_MS, STORAGE_KEYS } from '../contracts/constants.js';
import type { RootState } from './store.js';

/** Only the payment and list sections are persisted, under the key `root` (spec §3). */
export type PersistedState = Pick<RootState, 'payment' | 'lists'>;

export function loadPersistedState(storage: Storage): Partial<PersistedState> | undefined {
  const raw = storage.getItem(STORAGE_KEYS.persistedRoot);
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<PersistedState>;
    const restored: Partial<PersistedState> = {};
    if (parsed.payment) restored.payment = { ...parsed.payment, status: 'idle', error: null };
    if (parsed.lists) restored.lists = parsed.lists;
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
 * Writes the persisted sections whenever they change, batching bursts; a write that could not happen
 * within the spec's persistence timeout (5000 ms) is reported, as the spec asks.
 */
export function persistStore(store: Subscribable, storage: Storage, report: (message: string) => void = console.warn): () => void {
  let last: PersistedState | null = null;
  let pendingSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const write = () => {
    timer = null;
    const { payment, lists } = store.getState();
    try {
      storage.setItem(STORAGE_KEYS.persistedRoot, JSON.stringify({ payment, lists }));
      if (pendingSince !== null && Date.now() - pendingSince > PERSISTENCE_TIMEOUT_MS) {
        report(`Persisting state took longer than ${PERSISTENCE_TIMEOUT_MS} ms`);
      }
    } catch (error) {
      report(`Could not persist state: ${error instanceof Error ? error.message : String(error)}`);
    }
    pendingSince = null;
  };

  return store.subscribe(() => {
    const { payment, lists } = store.getState();
    if (last && last.payment === payment && last.lists === lists) return;
    last = { payment, lists };
    pendingSince ??= Date.now();
    timer ??= setTimeout(write, 100);
  });
}
