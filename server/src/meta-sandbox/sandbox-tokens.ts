import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a sandbox code or token stands for; signed, so the sandbox needs no token table. */
export type SandboxGrant =
  | { k: 'code'; u: string; r: string; n: string; exp: number }
  | { k: 'user'; u: string; n: string; exp: number; long: boolean }
  | { k: 'page'; u: string; p: string; n: string };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Graph's user tokens start `EAA…`; these too, so they look and mask like Meta's. */
const PREFIX = 'EAAS';

/** Signs and opens the sandbox's codes and tokens with a key derived from the sandbox app secret. */
export class SandboxTokens {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, '', 'pagemate/meta-sandbox/tokens', 32));
  }

  issue(grant: DistributiveOmit<SandboxGrant, 'n'> & { n?: string }): string {
    const payload = Buffer.from(JSON.stringify({ ...grant, n: grant.n ?? randomBytes(9).toString('base64url') })).toString('base64url');
    return `${PREFIX}${payload}.${this.sign(payload)}`;
  }

  /** The grant, or undefined when the value is not one of ours or was altered. Expiry is the caller's. */
  open(value: string): SandboxGrant | undefined {
    if (!value.startsWith(PREFIX) || value.length > 2_000) return undefined;
    const [payload, signature] = value.slice(PREFIX.length).split('.');
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxGrant;
    } catch {
      return undefined;
    }
  }

  private sign(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
