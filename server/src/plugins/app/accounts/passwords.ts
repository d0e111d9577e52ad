import { randomBytes } from 'node:crypto';
import { argon2id, hash, needsRehash, verify } from 'argon2';

/** OWASP Password Storage Cheat Sheet's argon2id minimum: 19 MiB of memory, 2 passes, 1 lane. */
export const ARGON2_PARAMETERS = { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMETERS);
}

/** False for a wrong password and for a hash argon2 cannot read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash was made with weaker (older) parameters and should be redone at sign-in. */
export function hashNeedsUpgrade(passwordHash: string): boolean {
  return needsRehash(passwordHash, ARGON2_PARAMETERS);
}

/**
 * A hash of nothing anyone knows: sign-in verifies against it when the username does not exist, so an
 * unknown user costs the same argon2 work as a wrong password and answers in about the same time.
 */
export function dummyPasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}
