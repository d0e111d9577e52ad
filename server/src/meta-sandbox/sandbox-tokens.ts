import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * What a sandbox code or token stands for; signed, so the sandbox needs no token table. `t` is the PageMate user
 * whose sandbox it is (each has their own copy of the demo people's pages), `u` the demo person, `p` a page id of
 * that user's sandbox and `d` the demo page it is a copy of; `s` the permissions the dialog granted (absent on
 * tokens issued before the sandbox kept them: every permission).
 */
export type SandboxGrant =
  | { k: 'code'; t: string; u: string; r: string; n: string; exp: number; s?: string[] }
  | { k: 'user'; t: string; u: string; n: string; exp: number; long: boolean; s?: string[] }
  | { k: 'page'; t: string; u: string; p: string; d: string; n: string; s?: string[] };

/** The grant holds this permission. */
export const grants = (grant: SandboxGrant, permission: string) => grant.s === undefined || grant.s.includes(permission);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Graph's user tokens start `EAA…`; these too, so they look and mask like Meta's. */
const PREFIX = 'EAAS';

const keyOf = (appSecret: string, purpose: string) => Buffer.from(hkdfSync('sha256', appSecret, '', `pagemate/meta-sandbox/${purpose}`, 32));

/**
 * The id a demo page has in one PageMate user's sandbox: 15 digits (as Meta's page ids) from an HMAC, keyed by
 * the sandbox app secret, of the user id and the demo page. Two users connecting the same demo person get pages
 * of their own; nobody can compute another user's ids without the secret.
 */
export class SandboxPageIds {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = keyOf(appSecret, 'page-ids');
  }

  of(userId: string, demoPageId: string): string {
    const digest = createHmac('sha256', this.key).update(`${userId}\n${demoPageId}`).digest('hex');
    return `1${(BigInt(`0x${digest}`) % 10n ** 14n).toString().padStart(14, '0')}`;
  }

  /** The id of the Instagram account linked to a demo page in one user's sandbox: 17 digits, as Meta's. */
  instagramOf(userId: string, demoPageId: string): string {
    const digest = createHmac('sha256', this.key).update(`${userId}\n${demoPageId}\ninstagram`).digest('hex');
    return `1784${(BigInt(`0x${digest}`) % 10n ** 13n).toString().padStart(13, '0')}`;
  }
}

/** Signs and opens the sandbox's codes and tokens with a key derived from the sandbox app secret. */
export class SandboxTokens {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = keyOf(appSecret, 'tokens');
  }

  issue(grant: DistributiveOmit<SandboxGrant, 'n'> & { n?: string }): string {
    const payload = Buffer.from(JSON.stringify({ ...grant, n: grant.n ?? randomBytes(9).toString('base64url') })).toString('base64url');
    return `${PREFIX}${payload}.${this.sign(payload)}`;
  }

  /**
   * The grant, or undefined when the value is not one of ours, was altered, or predates per-user sandboxes (no
   * `t`: its pages were shared by every user). Expiry is the caller's.
   */
  open(value: string): SandboxGrant | undefined {
    if (!value.startsWith(PREFIX) || value.length > 2_000) return undefined;
    const [payload, signature] = value.slice(PREFIX.length).split('.');
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxGrant;
      if (typeof grant.t !== 'string' || (grant.k === 'page' && typeof grant.d !== 'string')) return undefined;
      return grant;
    } catch {
      return undefined;
    }
  }

  private sign(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
