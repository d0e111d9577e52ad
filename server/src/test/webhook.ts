import type { InboxThread } from '@pagemate/shared-contracts/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { inboxItems, tokenTransactions } from '../db/schema/index.js';
import { INBOX_EVENT_QUEUE } from '../plugins/app/inbox/inbox-receipt.js';
import { hubSignature, metaJson } from '../meta-sandbox/webhook-payload.js';
import { insertDocument } from './chat.js';
import { api, chooseDocuments, connectThroughSandbox, sandboxPageId, type SignedIn, signedInUser } from './facebook.js';
import { buildTestApp, type TestApp, type TestDatabaseKind } from './helper.js';

/** Lan's demo pages (demo account 100090000000001); each user connects copies of their own (`pagesOf`). */
export const DEMO = { bakery: '109000000000011', fashion: '109000000000012', coffee: '109000000000013' };

export const pagesOf = (t: TestApp, user: SignedIn) => ({
  bakery: sandboxPageId(t, user, DEMO.bakery),
  fashion: sandboxPageId(t, user, DEMO.fashion),
  coffee: sandboxPageId(t, user, DEMO.coffee),
});

let serial = 0;
export const nextId = () => `${Date.now()}${String(++serial).padStart(4, '0')}`;

/** Meta's sample comment webhook (graph-api/webhooks/reference/page, field `feed`), for one of our pages. */
export function sampleComment(pageId: string, options: { text?: string; commentId?: string; fromId?: string; fromName?: string; parentId?: string; now?: Date } = {}) {
  const seconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const postId = `${pageId}_444444444`;
  return {
    object: 'page',
    entry: [
      {
        id: pageId,
        time: seconds,
        changes: [
          {
            field: 'feed',
            value: {
              from: { id: options.fromId ?? '1067280970047460', name: options.fromName ?? 'Cinderella Hoover' },
              post: { status_type: 'added_photos', is_published: true, updated_time: '2018-03-07T00:46:09+0000', permalink_url: 'https://www.facebook.com/permalink.php', promotion_status: 'inactive', id: postId },
              message: options.text ?? 'Bánh mì giá bao nhiêu vậy shop?',
              post_id: postId,
              comment_id: options.commentId ?? `444444444_${nextId()}`,
              created_time: seconds,
              item: 'comment',
              parent_id: options.parentId ?? postId,
              verb: 'add',
            },
          },
        ],
      },
    ],
  };
}

/** Meta's sample Messenger webhook (messenger-platform/reference/webhook-events/messages), timestamped now. */
export function sampleMessage(pageId: string, options: { text?: string; mid?: string; psid?: string; echo?: { appId?: number }; now?: Date } = {}) {
  const ms = (options.now ?? new Date()).getTime();
  const psid = options.psid ?? '2245672138843125';
  const echo = options.echo;
  return {
    object: 'page',
    entry: [
      {
        id: pageId,
        time: ms,
        messaging: [
          {
            sender: { id: echo ? pageId : psid },
            recipient: { id: echo ? psid : pageId },
            timestamp: ms,
            message: {
              mid: options.mid ?? `mid.${nextId()}:41d102a3e1ae206a38`,
              text: options.text ?? 'Shop ơi, bánh mì giá bao nhiêu?',
              ...(echo ? { is_echo: true, ...(echo.appId === undefined ? {} : { app_id: echo.appId }) } : { quick_reply: { payload: 'DEVELOPER_DEFINED_PAYLOAD' } }),
            },
          },
        ],
      },
    ],
  };
}

/** Posts a payload as Meta does: the escaped JSON bytes, signed with the app secret (or with `signature`); no job runs. */
export function postWebhook(t: TestApp, payload: unknown, signature?: string) {
  const body = metaJson(payload);
  return t.app.inject({
    method: 'POST',
    url: '/webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature ?? hubSignature(t.app.meta.appSecret, body) },
    payload: body,
  });
}

/**
 * `postWebhook`, then, after a 200, the events' `inbox.event` jobs run (tests have no worker) as a worker would run
 * them: the inbox then shows the delivery; the answers' jobs stay queued.
 */
export async function deliverWebhook(t: TestApp, payload: unknown, signature?: string) {
  const response = await postWebhook(t, payload, signature);
  if (response.statusCode === 200) await t.app.jobs.runDue([INBOX_EVENT_QUEUE]);
  return response;
}

/** The webhook tests' reads and steps, on the suite's current app and Lan (both set in its `beforeAll`). */
export function webhookSteps(suite: () => { t: TestApp; lan: SignedIn }) {
  let creditCounter = 0;
  const app = () => suite().t.app;
  const itemsOf = (externalId: string) => app().db.orm.select().from(inboxItems).where(eq(inboxItems.externalId, externalId));
  const botAnswersTo = (itemId: string) => app().db.orm.select().from(inboxItems).where(and(eq(inboxItems.replyToId, itemId), eq(inboxItems.author, 'bot')));
  const credit = (user: SignedIn, amount: number) => app().ledger.credit(user.userId, amount, `test-credit-${process.pid}-${++creditCounter}`, 'deposit');
  return {
    deliver: (payload: unknown, signature?: string) => deliverWebhook(suite().t, payload, signature),
    /** Meta's POST alone: the events kept, their jobs not run. */
    post: (payload: unknown) => postWebhook(suite().t, payload),
    /** What the sandbox sent on Lan's page (newest first). */
    sandboxSent: async (pageId: string, kindOf: 'comment_reply' | 'message' | 'private_reply') =>
      (await app().sandboxRepository.activityOf(suite().lan.userId, pageId, 500)).filter((event) => event.kind === kindOf),
    itemsOf,
    botAnswersTo,
    chargesOf: async (userId: string) => (await app().db.orm.select({ n: count() }).from(tokenTransactions).where(eq(tokenTransactions.userId, userId)))[0]?.n ?? 0,
    /** The charges of the bot's answer to one customer item (its hold's reservation). */
    chargesOfItem: async (externalId: string) => {
      const [item] = await itemsOf(externalId);
      const answers = await botAnswersTo(item?.id ?? '');
      const reservations = answers.flatMap((answer) => (answer.reservationId ? [answer.reservationId] : []));
      if (reservations.length === 0) return 0;
      return (await app().db.orm.select({ n: count() }).from(tokenTransactions).where(inArray(tokenTransactions.reservationId, reservations)))[0]?.n ?? 0;
    },
    threadsOf: async (user: SignedIn, pageId: string, which: 'comments' | 'messages') => {
      const response = await api(suite().t, user, 'POST', `/api/v1/facebook/get-${which}`, { user_id: user.userId, page_id: pageId });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: InboxThread[] }).data;
    },
    subscribe: (user: SignedIn, pageId: string, type: 'comments' | 'messages') => subscribeTo(suite().t, user, pageId, type),
    credit,
    /** A new user who connected the demo pages, with `funds` on the balance. */
    connectedUser: async (funds: number) => {
      const user = await signedInUser(suite().t);
      await connectThroughSandbox(suite().t, user);
      if (funds > 0) await credit(user, funds);
      return user;
    },
  };
}

async function subscribeTo(t: TestApp, user: SignedIn, pageId: string, type: 'comments' | 'messages') {
  const response = await api(t, user, 'POST', '/api/v1/facebook/subscribed', { user_id: user.userId, page_id: pageId, page_access_token: 'x', type, action: 'subscribe' });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * The shop the webhook tests start from: an app that verifies `verify-me-please`, and Lan, connected with
 * 100 000 on her balance, her bakery subscribed to comments and messages and answering from her price list.
 */
export async function bakeryShop(kind: TestDatabaseKind) {
  const t = await buildTestApp(kind, { env: { FACEBOOK_WEBHOOK_VERIFY_TOKEN: 'verify-me-please' } });
  const lan = await signedInUser(t);
  await connectThroughSandbox(t, lan);
  await t.app.ledger.credit(lan.userId, 100_000, `test-credit-${process.pid}-lan`, 'deposit');
  const bakery = pagesOf(t, lan).bakery;
  await subscribeTo(t, lan, bakery, 'comments');
  await subscribeTo(t, lan, bakery, 'messages');
  await insertDocument(t, lan.userId, 'bang-gia.txt', [
    'Bánh mì thịt nướng giá 25.000đ một ổ. Bánh mì chả cá giá 20.000đ.',
    'Đặt hàng qua số 0912 345 678 hoặc trang https://banhmicolan.vn/dat-hang. Giao hàng miễn phí trong bán kính 3 km.',
  ]);
  await chooseDocuments(t, lan, [bakery], [{ collection_name: 'Tài liệu', file_name: 'bang-gia.txt' }]);
  return { t, lan, bakery };
}
