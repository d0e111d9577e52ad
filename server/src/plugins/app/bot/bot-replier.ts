import type { ReplyReason } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RetrievedPassage } from '../../../ai/llm.js';
import { isVietnamese } from '../../../ai/terms.js';
import { createBotGeneration, type PageOfReply } from './bot-generation.js';
import { captureOrder, orderConfirmation, pricedProducts } from './order-capture.js';
import { AppError } from '../../../errors/app-error.js';
import { type JobContext, PermanentJobError } from '../../../jobs/index.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import { BOT_REPLY_QUEUE, MESSENGER_WINDOW_MS, sendAnswer } from '../inbox/inbox-service.js';
import type { InboxItemRow, InboxThreadRow } from '../inbox/inbox-repository.js';

/** Why a send did not happen, in the terms the job acts on. */
type SendOutcome = { sent: true; externalId: string } | { sent: false; retry: boolean; reason: ReplyReason };

/**
 * The bot at work: one `bot.reply` job per customer comment or message, run by any instance, possibly more than
 * once (a retry, a crash). Every step is idempotent — one answer row per customer item (a unique index), one
 * hold and one charge per answer (ledger keys), and a send whose outcome was lost is looked up at Facebook
 * before it is tried again — so the customer gets one answer and the user pays once.
 */
function botReplierPlugin(app: FastifyInstance) {
  const repo = app.inboxRepository;
  const { ledger, meta } = app;
  const now = () => app.clock.now();
  const { privateReply } = app.config.bot;
  const { pageFileIds, searchPage, generate } = createBotGeneration(app);

  /**
   * A customer ordering a product the page's documents price: the order (and its client) is recorded once, and
   * the answer is the confirmation, composed rather than generated — exact figures, no model call, no charge.
   */
  async function orderFrom(item: InboxItemRow, thread: InboxThreadRow, fileIds: string[]): Promise<string | undefined> {
    if (fileIds.length === 0) return undefined;
    let passages: RetrievedPassage[];
    try {
      passages = await searchPage(item.userId, fileIds, item.text, 8);
    } catch (error) {
      app.log.warn({ err: error }, 'bot: retrieval for an order failed');
      return undefined;
    }
    const captured = captureOrder(item.text, pricedProducts(passages.map((passage) => passage.text)));
    if (!captured) return undefined;
    const order = await app.crm.captureOrder(item, thread, captured);
    app.log.info({ itemId: item.id, orderId: order.orderId }, 'bot: order captured from a conversation');
    const recorded = { ...captured, productName: order.productName, unitPrice: order.unitPrice, quantity: order.quantity, totalPrice: order.totalPrice, deliveryAddress: order.deliveryAddress };
    return orderConfirmation(recorded, isVietnamese(item.text) ? 'vi' : 'en', thread.customerName);
  }

  /**
   * Did an earlier run's send reach Meta? Looks for the answer with this text by the page (Facebook) or by its
   * linked account (Instagram: `accountId`).
   */
  async function alreadySent(thread: InboxThreadRow, item: InboxItemRow, token: string, text: string, accountId: string): Promise<string | undefined> {
    const commentId = item.externalId ?? thread.externalId;
    const instagram = thread.channel === 'instagram';
    const candidates =
      thread.kind === 'comment'
        ? instagram
          ? await meta.graph.instagramCommentReplies(commentId, token)
          : await meta.graph.commentReplies(commentId, token)
        : await meta.graph.conversationMessages(thread.pageId, token, thread.customerId, instagram ? 'instagram' : 'messenger');
    return candidates.find((candidate) => candidate.from?.id === accountId && candidate.message.trim() === text.trim())?.id;
  }

  async function send(thread: InboxThreadRow, item: InboxItemRow, token: string, text: string): Promise<SendOutcome> {
    try {
      const externalId = await sendAnswer(app, thread, item.externalId ?? thread.externalId, token, text);
      return { sent: true, externalId };
    } catch (error) {
      return sendFailure(error, item);
    }
  }

  async function sendFailure(error: unknown, item: InboxItemRow): Promise<SendOutcome> {
    if (!(error instanceof GraphApiError)) throw error;
    app.log.warn({ kind: error.kind, graphCode: error.code, httpStatus: error.httpStatus, operation: error.operation, itemId: item.id }, 'bot: Facebook refused the answer');
    switch (error.kind) {
      case 'token':
      case 'permission':
        await pageNeedsReconnect(item.userId, item.pageId);
        return { sent: false, retry: false, reason: 'needs_reconnect' };
      case 'rate_limit':
      case 'server':
      case 'network':
        return { sent: false, retry: true, reason: 'send_failed' };
      default:
        // Messenger: 10 / 2018278 (outside the window), 551 (person unavailable)…: no retry can fix them.
        return { sent: false, retry: false, reason: error.code === 10 ? 'window_closed' : 'send_failed' };
    }
  }

  const pageNeedsReconnect = (userId: string, pageId: string) => app.facebook.flagReconnect(userId, pageId);

  /** The user paid for an answer Facebook never took: the charge comes back. */
  async function refund(answer: { id: string; cost: number | null }, userId: string) {
    if (answer.cost && answer.cost > 0) await ledger.credit(userId, answer.cost, `bot:${answer.id}:refund`, 'refund', 'AI reply not delivered by Facebook');
  }

  async function sendPrivateReply(thread: InboxThreadRow, item: InboxItemRow, token: string, lang: 'vi' | 'en') {
    if (!privateReply || thread.kind !== 'comment' || !item.externalId) return;
    // At most once: claimed before the call; a crash after the claim loses it rather than sending two.
    if (!(await repo.claimPrivateReply(item.id, now()))) return;
    const text =
      lang === 'vi'
        ? `Chào ${thread.customerName || 'bạn'}, cảm ơn bạn đã bình luận! Shop đã trả lời bạn ngay dưới bình luận; bạn cần tư vấn thêm cứ nhắn tin ở đây nhé.`
        : `Hi ${thread.customerName || 'there'}, thanks for your comment! We answered right under it; message us here if you need anything else.`;
    try {
      const sent = await meta.graph.sendMessage(thread.pageId, token, { comment_id: item.externalId }, text);
      await repo.updateAnswer(item.id, { privateReplyId: sent.message_id }, now());
    } catch (error) {
      app.log.warn({ err: error, itemId: item.id }, 'bot: the private reply failed');
    }
  }

  async function fillCustomerName(thread: InboxThreadRow, token: string) {
    if (thread.customerName !== '' || thread.kind !== 'message') return thread;
    try {
      const platform = thread.channel === 'instagram' ? 'instagram' : 'messenger';
      const name = (await meta.graph.profileName(thread.customerId, token, platform)).slice(0, 200);
      if (name) {
        const known = { userId: thread.userId, pageId: thread.pageId, channel: thread.channel as 'facebook' | 'instagram', kind: 'message' as const, externalId: thread.externalId, postId: null };
        await repo.threadFor(app.db.orm, { ...known, customerId: thread.customerId, customerName: name }, now());
        return { ...thread, customerName: name };
      }
    } catch (error) {
      app.log.info({ err: error }, 'bot: the Messenger profile name could not be read');
    }
    return thread;
  }

  async function replyTo(itemId: string, context: JobContext): Promise<void> {
    const item = await repo.item(itemId);
    if (!item || item.author !== 'customer') throw new PermanentJobError(`no customer item ${itemId}`);
    if (item.replyStatus !== 'pending') return;
    let thread = await repo.thread(item.threadId);
    if (!thread) return;
    const skip = (reason: ReplyReason) => repo.finishCustomer(item.id, 'skipped', reason, now());

    const page = await app.facebookRepository.findPage(item.userId, item.pageId);
    const [manager] = await app.facebookRepository.listManagers(item.userId, [item.pageId]);
    let answer = await repo.botAnswerFor(item, now());
    if (answer.delivery === 'sent') {
      await repo.finishCustomer(item.id, 'replied', null, now());
      return;
    }
    if (answer.delivery === 'failed') return;
    // Rules are checked before any money moves; an answer already paid for (sending) is delivered regardless.
    if (answer.delivery === 'generating' && answer.text === '' && !answer.reservationId) {
      const action = thread.kind === 'comment' ? 'comments' : 'messages';
      const subscribed = thread.channel === 'instagram' ? page?.igSubscribed : page?.subscribed;
      const reason: ReplyReason | undefined = !page || !subscribed?.includes(action) || manager?.autoReply === false
        ? 'bot_off'
        : page.needsReconnect
          ? 'needs_reconnect'
          : app.inbox.botPaused(thread, now())
            ? 'paused'
            : thread.kind === 'message' && now().getTime() - item.createdAt.getTime() > MESSENGER_WINDOW_MS
              ? 'window_closed'
              : undefined;
      if (reason) {
        await repo.deleteAnswer(answer.id);
        await skip(reason);
        return;
      }
    }
    if (!page) return void (await skip('bot_off'));
    const pagePaused = page.botPausedReason !== null || page.botPausedUntil !== null;

    let token: string;
    try {
      token = await app.facebook.tokenOfPage(page);
    } catch (error) {
      // Only the service's own refusal says something about the page (409: the token no longer decrypts). Anything
      // else — a database cut off mid-restart — is transient: the job retries, and the page is not flagged for
      // reconnecting because of it (the webhook burst bench found exactly that).
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      await pageNeedsReconnect(item.userId, item.pageId);
      await repo.deleteAnswer(answer.id);
      await skip('needs_reconnect');
      return;
    }
    thread = await fillCustomerName(thread, token);

    // Read once for the order check and the model: the page's name, its bot config, its ready documents.
    const of: PageOfReply | undefined =
      answer.delivery === 'generating' ? { pageName: page.name, configId: manager?.configId ?? null, fileIds: await pageFileIds(item.userId, manager?.files ?? []) } : undefined;
    if (of && !answer.reservationId) {
      const confirmation = await orderFrom(item, thread, of.fileIds);
      if (confirmation) {
        await repo.updateAnswer(answer.id, { text: confirmation, delivery: 'sending', promptTokens: 0, completionTokens: 0, cost: 0 }, now());
        answer = { ...answer, text: confirmation, cost: 0, delivery: 'sending' };
      }
    }
    if (of && answer.delivery === 'generating') {
      const generated = await generate(item, thread, answer, context, of);
      if (!generated) return;
      answer = { ...answer, text: generated.text, cost: generated.cost, delivery: 'sending' };
    } else {
      // A send whose outcome was lost (the instance died, the network cut): ask Facebook before sending again.
      const accountId = thread.channel === 'instagram' ? (page.igUserId ?? '') : thread.pageId;
      const found = await alreadySent(thread, item, token, answer.text, accountId).catch((error: unknown) => {
        app.log.warn({ err: error, itemId: item.id }, 'bot: could not check an earlier send; retrying later');
        throw error;
      });
      if (found) return finish(thread, item, answer, found, token, pagePaused);
    }

    const outcome = await send(thread, item, token, answer.text);
    if (outcome.sent) return finish(thread, item, answer, outcome.externalId, token, pagePaused);
    if (outcome.retry && context.attempt < context.maxAttempts) throw new Error(`bot: sending failed (${outcome.reason}); retrying`);
    await repo.updateAnswer(answer.id, { delivery: 'failed' }, now());
    await repo.finishCustomer(item.id, 'failed', outcome.reason, now());
    await refund(answer, item.userId);
  }

  /** The answer went out: recorded on both items and the thread; a page the job found paused answers again. */
  async function finish(thread: InboxThreadRow, item: InboxItemRow, answer: InboxItemRow, externalId: string, token: string, pagePaused: boolean) {
    const at = now();
    await repo.updateAnswer(answer.id, { delivery: 'sent', externalId }, at);
    await repo.finishCustomer(item.id, 'replied', null, at);
    await repo.touchThread(app.db.orm, thread.id, { author: 'bot', text: answer.text, at }, at);
    if (pagePaused) await repo.setPagePause(item.userId, item.pageId, null, null);
    await sendPrivateReply(thread, item, token, isVietnamese(item.text) ? 'vi' : 'en');
  }

  app.jobs.handle(BOT_REPLY_QUEUE, async (payload, context) => {
    if (typeof payload.itemId !== 'string') throw new PermanentJobError('bot.reply needs an itemId');
    await replyTo(payload.itemId, context);
  });
}

export default fp(botReplierPlugin, {
  name: 'bot-replier',
  fastify: '5.x',
  dependencies: ['config', 'clock', 'db', 'jobs', 'meta-app', 'ledger-service', 'llm-provider', 'retrieval', 'notifications', 'inbox-service', 'crm-service', 'facebook-service', 'bot-config-repository'],
});
