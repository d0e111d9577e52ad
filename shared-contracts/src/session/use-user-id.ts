import { selectSessionUser } from '../store/auth-slice.js';
import { useAppSelector } from '../store/store.js';

/** The signed-in user's id (every call that names its owner carries it), or null before sign-in. */
export function useUserId(): string | null {
  return useAppSelector(selectSessionUser)?.userId ?? null;
}
