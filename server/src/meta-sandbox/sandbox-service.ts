import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error.js';
import { WEBHOOK_PATH } from '../meta/webhook-events.js';
import type { SandboxEventKind } from './sandbox-repository.js';
import { SandboxPageIds, SandboxTokens } from './sandbox-tokens.js';
import { buildInstagramPayload, buildWebhookPayload, digitsFrom, hubSignature, instagramSenderId, metaJson } from './webhook-payload.js';

export interface SandboxActivityItem {
  id: string;
  page_id: string;
  kind: SandboxEventKind;
  summary: string;
  payload: unknown;
  created_at: string;
}

export interface MetaSandbox {
  tokens: SandboxTokens;
  /** The id a demo page has in one PageMate user's sandbox (every user has their own). */
  pageIdOf(userId: string, demoPageId: string): string;
  /** The id of the Instagram account linked to a demo page in one user's sandbox. */
  instagramIdOf(userId: string, demoPageId: string): string;
  activity(userId: string, pageId?: string): Promise<SandboxActivityItem[]>;
  /**
   * Builds, signs and delivers a test comment or message webhook for one of the user's sandbox pages, or
   * (`channel` instagram) for the Instagram account linked to it.
   */
  testEvent(
    userId: string,
    input: { pageId: string; kind: 'comment' | 'message'; text: string; fromName: string; channel?: 'facebook' | 'instagram' },
  ): Promise<{ event_id: string; delivered: boolean; status: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metaSandbox: MetaSandbox;
  }
}

const serial = () => `${randomInt(10 ** 9, 10 ** 10)}${randomInt(10 ** 5, 10 ** 6)}`;

function sandboxServicePlugin(app: FastifyInstance) {
  const { meta } = app;
  const repo = app.sandboxRepository;
  const pageIds = new SandboxPageIds(meta.appSecret);

  const sandbox: MetaSandbox = {
    tokens: new SandboxTokens(meta.appSecret),
    pageIdOf: (userId, demoPageId) => pageIds.of(userId, demoPageId),
    instagramIdOf: (userId, demoPageId) => pageIds.instagramOf(userId, demoPageId),

    async activity(userId, pageId) {
      const rows = await repo.activityOf(userId, pageId, 200);
      return rows.map((row) => ({
        id: row.id,
        page_id: row.pageId,
        kind: row.kind as SandboxEventKind,
        summary: row.summary,
        payload: row.payload,
        created_at: row.createdAt.toISOString(),
      }));
    },

    async testEvent(userId, input) {
      const page = await app.facebookRepository.findPage(userId, input.pageId);
      if (!page?.sandbox) throw new AppError(404, 'NOT_FOUND', 'Sandbox page not found among your connected pages');
      const instagram = input.channel === 'instagram';
      if (instagram && !page.igUserId) throw new AppError(404, 'NOT_FOUND', 'This sandbox page has no linked Instagram account');
      const igUserId = page.igUserId ?? '';
      const built = { kind: input.kind, text: input.text, fromName: input.fromName, now: app.clock.now(), serial: serial() };
      const payload = instagram ? buildInstagramPayload({ ...built, pageId: igUserId }) : buildWebhookPayload({ ...built, pageId: input.pageId });
      const senderId = instagram ? instagramSenderId(igUserId, input.fromName) : digitsFrom(`${input.pageId}:${input.fromName}`, 16);
      const body = metaJson(payload);
      let status = 0;
      try {
        const response = await meta.fetch(`${app.config.publicApiUrl}${WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(meta.appSecret, body), 'user-agent': 'facebookexternalua' },
          body,
          signal: AbortSignal.timeout(20_000),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        app.log.warn({ err: error }, 'sandbox webhook delivery failed');
      }
      const delivered = status >= 200 && status < 300;
      const what = `${instagram ? 'Instagram ' : ''}${input.kind === 'comment' ? 'comment' : 'message'}`;
      const event = await repo.record(
        {
          userId,
          pageId: input.pageId,
          kind: 'webhook',
          summary: `Test ${what} from ${input.fromName}: ${delivered ? 'delivered' : `not delivered (HTTP ${status || 'no answer'})`}`,
          // The sender is kept so the sandbox's User Profile API can name them, as Meta does.
          payload: { delivery: { status, delivered }, sender: { id: senderId, name: input.fromName }, body: payload },
        },
        app.clock.now(),
      );
      return { event_id: event.id, delivered, status };
    },
  };
  app.decorate('metaSandbox', sandbox);
}

export default fp(sandboxServicePlugin, {
  name: 'meta-sandbox-service',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'meta-app', 'sandbox-repository', 'facebook-repository'],
});
