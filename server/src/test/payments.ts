/* What the payment API tests share: the deployment's settings and a sandbox whose deliveries can fail. */
import { loadConfig } from '../config.js';
import type { FetchLike } from '../meta/graph-client.js';
import { dataSignature } from '../payos-sandbox/payos-signature.js';
import { injectingFetch, type TestApp } from './helper.js';

export const ENV = { PAYMENT_EXPIRY_MINUTES: '10', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0', ACCESS_TOKEN_TTL_SECONDS: String(7 * 24 * 3600), SHELL_URL: 'http://localhost:3000', RATE_LIMIT_IP_MULTIPLIER: '100' };
export const WEBHOOK = '/api/v1/payments/webhook/sandbox';

export interface WebhookBody {
  code: string;
  desc: string;
  success: boolean;
  data: Record<string, unknown> & { orderCode: number; amount: number };
  signature: string;
}

/** Switches that make the sandbox's webhook deliveries or its API fail, or its payment-link answers lie. */
export interface Faults {
  failWebhooks: number;
  providerDown: boolean;
  /** Rewrites the data of the sandbox's GET payment-request answers (signed again, as PayOS would sign its own). */
  lookupAnswer?: (data: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * Outbound HTTP of a test app: into the app itself (the sandbox, the webhook receiver), recording the webhooks the
 * sandbox delivers and applying `faults`.
 */
export function faultyFetch(getApp: () => TestApp | undefined, delivered: WebhookBody[], faults: Faults): FetchLike {
  const publicApiUrl = loadConfig({ NODE_ENV: 'test', ...ENV }).publicApiUrl;
  const inner = injectingFetch(() => getApp()?.app, publicApiUrl);
  return async (input, init) => {
    if (faults.providerDown && input.includes('/payos-sandbox/v2/')) throw new TypeError('fetch failed: connect ECONNREFUSED');
    if (input.endsWith(WEBHOOK)) {
      delivered.push(JSON.parse(String(init?.body)) as WebhookBody);
      if (faults.failWebhooks > 0) {
        faults.failWebhooks -= 1;
        throw new TypeError('fetch failed: connect ECONNREFUSED');
      }
    }
    const response = await inner(input, init);
    const keys = getApp()?.app.payosSandboxKeys;
    if (!faults.lookupAnswer || !keys || (init?.method ?? 'GET') !== 'GET' || !input.includes('/payos-sandbox/v2/payment-requests/')) return response;
    const answer = (await response.json()) as { data: Record<string, unknown> };
    const data = faults.lookupAnswer(answer.data);
    return Response.json({ ...answer, data, signature: dataSignature(data, keys.checksumKey) }, { status: response.status });
  };
}
