import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageEventsOf, verifyHubSignature, WEBHOOK_PATH } from '../meta/webhook-events.js';
import { logOnCompletion } from '../logging.js';
import type { RateLimitRule } from '../plugins/app/rate-limits.js';

/** Meta's deliveries are small; a batch of many entries stays far below this. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Refused requests per client address (× RATE_LIMIT_IP_MULTIPLIER) and minute, GET and POST together: deliveries
 * whose signature does not check out and failed handshakes. Only those count, and a correctly signed delivery is
 * never refused: Meta delivers for every page of the app from a handful of addresses, so any limit on all
 * requests would turn a busy deployment's real events away. Past it, 429 instead of 403 (nothing is written
 * either way). With TRUST_PROXY the address is the client's, not the load balancer's.
 */
export const WEBHOOK_REFUSAL_LIMIT = { max: 60, windowSeconds: 60 } satisfies RateLimitRule;
const REFUSALS_BUCKET = 'webhook_refused';

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Meta's Page webhook receiver (docs/meta-and-payos.md §3). GET answers the subscription handshake; POST checks
 * X-Hub-Signature-256 over the exact bytes received (403 and nothing written when wrong), keeps every new
 * comment and message of the batch once as a job in one transaction (`InboxService.receive`), then answers 200 —
 * their recording in the inbox, the model and the Graph calls happen in jobs, never while Meta waits.
 */
export default async function webhookRoutes(app: FastifyInstance) {
  // Encapsulated: only this route sees JSON as raw bytes (the signature is over them, not over a re-serialisation).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  /** Counts a refusal from the request's address; throws 429 past the limit. */
  const countRefusal = (request: FastifyRequest) => app.rateLimits.hitFromAddress(REFUSALS_BUCKET, request, WEBHOOK_REFUSAL_LIMIT);

  app.get<{ Querystring: Record<string, string | undefined> }>(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const mode = request.query['hub.mode'];
    const token = request.query['hub.verify_token'] ?? '';
    const challenge = request.query['hub.challenge'] ?? '';
    if (mode !== 'subscribe' || !sameText(token, app.meta.webhookVerifyToken) || !/^[\w-]{1,200}$/.test(challenge)) {
      await countRefusal(request);
      request.log.warn({ mode }, 'webhook: verification handshake refused');
      return reply.status(403).type('text/plain').send('Forbidden');
    }
    return reply.type('text/plain').send(challenge);
  });

  app.post(WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!verifyHubSignature(app.meta.appSecret, raw, request.headers['x-hub-signature-256'] as string | undefined)) {
      await countRefusal(request);
      request.log.warn({ bytes: raw.length }, 'webhook: bad or missing X-Hub-Signature-256; ignored');
      return reply.status(403).send({ status: 403, code: 'FORBIDDEN', message: 'Invalid signature' });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      // Signed by Meta yet not JSON: nothing to record, and a retry would not fix it.
      request.log.warn('webhook: signed body is not JSON; ignored');
      return reply.status(200).send('EVENT_RECEIVED');
    }
    const { events, ignored } = pageEventsOf(body, app.clock.now());
    // Kept before the 200, recorded in the inbox by their jobs after it. A database failure answers 500: Meta
    // delivers again later, and the events' keys make that harmless.
    const summary = await app.inbox.receive(events);
    // On the request's one log line ('request completed'), not a line of its own.
    logOnCompletion(request, { webhook: { events: events.length, ignored, ...summary } });
    return reply.status(200).type('text/plain').send('EVENT_RECEIVED');
  });
}
