import type { ReplyReason } from '@pagemate/shared-contracts/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LlmProviderError, type RetrievedPassage } from '../../../ai/llm.js';
import { isVietnamese } from '../../../ai/terms.js';
import { buildBotPrompt, profilePassages, type BotPersona, type BotTurn } from './bot-prompt.js';
import { captureOrder, orderConfirmation, pricedProducts } from './order-capture.js';
import { linkIn, linkTarget } from './links.js';
import { fallbackReply, guardReply } from './reply-guard.js';
import { documentChunks, documentFiles, ledgerEntries } from '../../../db/schema/index.js';
import { AppError } from '../../../errors/app-error.js';
import { vietnamDayStart } from '../../../http/list-query.js';
import { type JobContext, PermanentJobError } from '../../../jobs/index.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import { LedgerRefusal } from '../ledger/ledger-service.js';
import { BOT_REPLY_QUEUE, MESSENGER_WINDOW_MS, sendAnswer } from '../inbox/inbox-service.js';
import type { InboxItemRow, InboxThreadRow } from '../inbox/inbox-repository.js';

const PASSAGES_PER_REPLY = 4;
/** Chunks holding a link's host read to find the link itself (its path) in the page's documents. */
const LINK_CANDIDATE_CHUNKS = 200;
/** Earlier items of the thread the model sees. */
const HISTORY_ITEMS = 12;
const DAY_MS = 24 * 3600 * 1000;

/** Every text of a persona (config, identity, procedure, page name), as a list. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(textsOf);
}

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
  const { maxOutputTokens, privateReply } = app.config.bot;

  async function personaOf(userId: string, pageName: string, configId: string | null): Promise<BotPersona> {
    const configs = app.botConfigRepository;
    const config = configId ? await configs.findConfig(userId, configId) : undefined;
    const [identity, procedure] = config
      ? await Promise.all([configs.findIdentity(userId, config.identityId), configs.findProcedure(userId, config.procedureId)])
      : [undefined, undefined];
    return {
      pageName,
      config: config ? { name: config.name, role: config.role, target: config.target, mission: config.mission, note: config.note } : null,
      identity: identity
        ? { name: identity.name, info: identity.info, story: identity.story, styleConversation: identity.styleConversation, exampleConversation: identity.exampleConversation }
        : null,
      procedure: procedure ? { name: procedure.name, procedure: procedure.procedure } : null,
    };
  }

  /** The page's chosen documents (the ready ones): what its bot answers from. None chosen → none. */
  async function pageFileIds(userId: string, files: readonly { collection_name: string; file_name: string }[]): Promise<string[]> {
    if (files.length === 0) return [];
    const rows = await app.db.orm
      .select({ id: documentFiles.id, collectionName: documentFiles.collectionName, fileName: documentFiles.fileName })
      .from(documentFiles)
      .where(and(eq(documentFiles.userId, userId), eq(documentFiles.status, 'ready'), inArray(documentFiles.fileName, files.map((file) => file.file_name))));
    const wanted = new Set(files.map((file) => JSON.stringify([file.collection_name, file.file_name])));
    return rows.filter((row) => wanted.has(JSON.stringify([row.collectionName, row.fileName]))).map((row) => row.id);
  }

  /** Passages of the page's documents for `query`; none when the page has no document. */
  function searchPage(userId: string, fileIds: string[], query: string, limit: number): Promise<RetrievedPassage[]> {
    return fileIds.length === 0 ? Promise.resolve([]) : app.retrieval.search(userId, query, { fileIds, limit });
  }

  /** Chunks of the page's documents holding `needle` (a lower-case host or e-mail, or digits of a phone number). */
  function chunksWith(userId: string, fileIds: string[], needle: string, test: 'link' | 'phone', limit: number) {
    const variants = test === 'phone' && needle.startsWith('0') ? [needle, `84${needle.slice(1)}`] : [needle];
    const match =
      test === 'link'
        ? sql`position(${needle} in lower(${documentChunks.text})) > 0`
        : sql`(${sql.join(
            variants.map((digits) => sql`position(${digits} in regexp_replace(${documentChunks.text}, '[^0-9]', '', 'g')) > 0`),
            sql` or `,
          )})`;
    return app.db.orm
      .select({ text: documentChunks.text })
      .from(documentChunks)
      .where(and(eq(documentChunks.userId, userId), inArray(documentChunks.fileId, fileIds), match))
      .limit(limit);
  }

  /** Does the bot config or a passage of the page's documents hold this link (same host, same path)? */
  async function knownLink(userId: string, fileIds: string[], personaText: string, link: string): Promise<boolean> {
    if (linkIn(link, personaText)) return true;
    const target = linkTarget(link);
    if (!target || fileIds.length === 0) return false;
    return (await chunksWith(userId, fileIds, target, 'link', LINK_CANDIDATE_CHUNKS)).some((chunk) => linkIn(link, chunk.text));
  }

  /** Does the bot config or a passage of the page's documents hold this phone number (digits, normalised)? */
  async function knownPhone(userId: string, fileIds: string[], personaText: string, digits: string): Promise<boolean> {
    if (personaText.replace(/\D/g, '').includes(digits)) return true;
    return fileIds.length > 0 && (await chunksWith(userId, fileIds, digits, 'phone', 1)).length > 0;
  }

  /** Was this hold released without being settled? (Settling also writes a release, next to its charge.) */
  async function holdReturned(reservationId: string): Promise<boolean> {
    const closing = await app.db.orm
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reservationId, reservationId), inArray(ledgerEntries.kind, ['release', 'token_charge'])));
    return closing.some((entry) => entry.kind === 'release') && !closing.some((entry) => entry.kind === 'token_charge');
  }

  /** The model's answer to one customer item, checked; `undefined` when the balance refused (already recorded). */
  async function generate(item: InboxItemRow, thread: InboxThreadRow, answer: InboxItemRow, context: JobContext) {
    const page = await app.facebookRepository.findPage(item.userId, item.pageId);
    const [manager] = await app.facebookRepository.listManagers(item.userId, [item.pageId]);
    const persona = await personaOf(item.userId, page?.name ?? '', manager?.configId ?? null);
    const fileIds = await pageFileIds(item.userId, manager?.files ?? []);
    const earlier = (await repo.items(thread.id, HISTORY_ITEMS + 1))
      .filter((row) => row.id !== item.id && row.id !== answer.id && row.text !== '' && row.createdAt <= item.createdAt)
      .slice(-HISTORY_ITEMS);
    const turn: BotTurn = {
      kind: thread.kind as BotTurn['kind'],
      customerName: thread.customerName,
      text: item.text,
      history: earlier.map((row) => ({ author: row.author as BotTurn['history'][number]['author'], text: row.text })),
    };
    let passages: RetrievedPassage[] = [];
    try {
      passages = await searchPage(item.userId, fileIds, item.text, PASSAGES_PER_REPLY);
    } catch (error) {
      app.log.warn({ err: error }, 'bot: retrieval failed; answering without documents');
    }
    const { system, messages } = buildBotPrompt(persona, turn, passages, fileIds.length > 0);

    let reservationId = answer.reservationId;
    if (reservationId && (await holdReturned(reservationId))) {
      // An earlier attempt's hold was given back without a charge — by the stale-hold sweep while its instance was
      // dead, or by its own release just before it died — so it can no longer be settled: this attempt takes a new one.
      app.log.warn({ itemId: item.id, reservationId, attempt: context.attempt }, 'bot: the earlier hold was returned; taking a new one');
      reservationId = null;
    }
    if (!reservationId) {
      const promptChars = system.length + messages.reduce((sum, message) => sum + message.content.length, 0);
      // A generous estimate (a token is rarely under 2 characters): the hold covers the real cost.
      const estimate = Math.max(1, ledger.costOf(Math.ceil(promptChars / 2) + maxOutputTokens));
      try {
        reservationId = (await ledger.reserve(item.userId, estimate, `bot:${answer.id}:hold:${context.attempt}`, { pageId: item.pageId })).reservationId;
      } catch (error) {
        if (!(error instanceof LedgerRefusal)) throw error;
        const daily = error.reason !== 'insufficient_balance';
        await repo.deleteAnswer(answer.id);
        await repo.finishCustomer(item.id, 'skipped', daily ? 'daily_cap' : 'no_funds', now());
        await repo.setPagePause(item.userId, item.pageId, daily ? 'daily_cap' : 'no_funds', daily ? new Date(vietnamDayStart(now()).getTime() + DAY_MS) : null);
        app.log.info({ itemId: item.id, reason: error.reason }, 'bot: the balance refused an answer');
        return undefined;
      }
      await repo.updateAnswer(answer.id, { reservationId }, now());
    }

    const lang = isVietnamese(item.text) ? 'vi' : 'en';
    let produced = '';
    let usage = { promptTokens: 0, completionTokens: 0 };
    try {
      const stream = app.llm.stream({
        system,
        messages,
        temperature: 0.5,
        maxOutputTokens,
        signal: context.signal,
        context: [...passages, ...profilePassages(persona)],
        task: { mode: 'page_reply', reply: { kind: turn.kind, customerName: thread.customerName, pageName: persona.pageName, botName: persona.identity?.name ?? null } },
      });
      for await (const piece of stream.deltas) produced += piece;
      usage = stream.usage();
    } catch (error) {
      await ledger.release(reservationId, `bot:${answer.id}:release:${reservationId}`);
      await repo.updateAnswer(answer.id, { reservationId: null }, now());
      const failure = error instanceof LlmProviderError ? error : new LlmProviderError('The AI model failed.', { cause: error });
      app.log.warn({ err: failure.cause ?? failure, itemId: item.id, attempt: context.attempt }, 'bot: the model failed');
      if (context.attempt >= context.maxAttempts) {
        await repo.updateAnswer(answer.id, { delivery: 'failed' }, now());
        await repo.finishCustomer(item.id, 'failed', 'model_failed', now());
        return undefined;
      }
      throw failure;
    }
    if (context.signal.aborted) throw new Error('bot: the job was cut off while the model answered');

    const personaText = textsOf(persona).join('\n');
    const verdict = await guardReply(produced, {
      kind: turn.kind,
      systemPrompt: system,
      isKnownLink: (link) => knownLink(item.userId, fileIds, personaText, link),
      isKnownPhone: (digits) => knownPhone(item.userId, fileIds, personaText, digits),
    });
    if (!verdict.ok) app.log.warn({ itemId: item.id, reason: verdict.reason, detail: verdict.detail }, 'bot: the answer failed its checks; sending the safe reply');
    const text = verdict.ok ? verdict.text : fallbackReply(lang, persona.pageName, thread.customerName);
    const what = thread.channel === 'instagram' ? `Instagram ${turn.kind === 'comment' ? 'comment' : 'Direct'}` : turn.kind === 'comment' ? 'comment' : 'Messenger';
    const settlement = await ledger.settle(reservationId, { ...usage, message: `Bot ${what} reply · ${persona.pageName}` }, `bot:${answer.id}:charge`);
    await repo.updateAnswer(
      answer.id,
      { text, delivery: 'sending', promptTokens: settlement.promptTokens, completionTokens: settlement.completionTokens, cost: settlement.charged },
      now(),
    );
    return { text, cost: settlement.charged };
  }

  /**
   * A customer ordering a product the page's documents price: the order (and its client) is recorded once, and
   * the answer is the confirmation, composed rather than generated — exact figures, no model call, no charge.
   */
  async function orderFrom(item: InboxItemRow, thread: InboxThreadRow): Promise<string | undefined> {
    const [manager] = await app.facebookRepository.listManagers(item.userId, [item.pageId]);
    const fileIds = await pageFileIds(item.userId, manager?.files ?? []);
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
        await app.db.orm.transaction((tx) => repo.threadFor(tx, { ...known, customerId: thread.customerId, customerName: name }, now()));
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

    let token: string;
    try {
      token = await app.facebook.pageToken(item.userId, item.pageId);
    } catch (error) {
      // Only the service's own refusals say something about the page (409: the token no longer decrypts; 404:
      // the page is gone). Anything else — a database cut off mid-restart — is transient: the job retries, and
      // the page is not flagged for reconnecting because of it (the webhook burst bench found exactly that).
      if (!(error instanceof AppError) || (error.status !== 409 && error.status !== 404)) throw error;
      if (error.status === 409) await pageNeedsReconnect(item.userId, item.pageId);
      await repo.deleteAnswer(answer.id);
      await skip(error.status === 409 ? 'needs_reconnect' : 'bot_off');
      return;
    }
    thread = await fillCustomerName(thread, token);

    if (answer.delivery === 'generating' && !answer.reservationId) {
      const confirmation = await orderFrom(item, thread);
      if (confirmation) {
        await repo.updateAnswer(answer.id, { text: confirmation, delivery: 'sending', promptTokens: 0, completionTokens: 0, cost: 0 }, now());
        answer = { ...answer, text: confirmation, cost: 0, delivery: 'sending' };
      }
    }
    if (answer.delivery === 'generating') {
      const generated = await generate(item, thread, answer, context);
      if (!generated) return;
      answer = { ...answer, text: generated.text, cost: generated.cost, delivery: 'sending' };
    } else {
      // A send whose outcome was lost (the instance died, the network cut): ask Facebook before sending again.
      const accountId = thread.channel === 'instagram' ? (page.igUserId ?? '') : thread.pageId;
      const found = await alreadySent(thread, item, token, answer.text, accountId).catch((error: unknown) => {
        app.log.warn({ err: error, itemId: item.id }, 'bot: could not check an earlier send; retrying later');
        throw error;
      });
      if (found) return finish(thread, item, answer, found, token);
    }

    const outcome = await send(thread, item, token, answer.text);
    if (outcome.sent) return finish(thread, item, answer, outcome.externalId, token);
    if (outcome.retry && context.attempt < context.maxAttempts) throw new Error(`bot: sending failed (${outcome.reason}); retrying`);
    await repo.updateAnswer(answer.id, { delivery: 'failed' }, now());
    await repo.finishCustomer(item.id, 'failed', outcome.reason, now());
    await refund(answer, item.userId);
  }

  async function finish(thread: InboxThreadRow, item: InboxItemRow, answer: InboxItemRow, externalId: string, token: string) {
    const at = now();
    await repo.updateAnswer(answer.id, { delivery: 'sent', externalId }, at);
    await repo.finishCustomer(item.id, 'replied', null, at);
    await app.db.orm.transaction((tx) => repo.touchThread(tx, thread.id, { author: 'bot', text: answer.text, at }, at));
    await repo.setPagePause(item.userId, item.pageId, null, null);
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
