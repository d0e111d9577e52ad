import { selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';

/** The signed-in user's id (every inbox call carries it), or null before sign-in. */
export function useUserId(): string | null {
  return useAppSelector(selectSessionUser)?.userId ?? null;
}
