import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LlmProviderError, type RetrievedPassage } from '../../../ai/llm.js';
import { isVietnamese } from '../../../ai/terms.js';
import { documentChunks, documentFiles, ledgerEntries } from '../../../db/schema/index.js';
import { vietnamDayStart } from '../../../http/list-query.js';
import type { JobContext } from '../../../jobs/index.js';
import type { InboxItemRow, InboxThreadRow } from '../inbox/inbox-repository.js';
import { LedgerRefusal } from '../ledger/ledger-service.js';
import { buildBotPrompt, profilePassages, type BotPersona, type BotTurn } from './bot-prompt.js';
import { linkIn, linkTarget } from './links.js';
import { fallbackReply, guardReply } from './reply-guard.js';

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

/** What a reply job read of its page once, for every step that needs it. */
export interface PageOfReply {
  pageName: string;
  /** The page manager's bot config, if one is chosen. */
  configId: string | null;
  /** The page's chosen documents that are ready (`pageFileIds`). */
  fileIds: string[];
}

/**
 * The model's side of a bot reply: the persona and the page's documents it answers from, the hold on the user's
 * balance, the model's answer checked (links and phone numbers it may give), its charge.
 */
export function createBotGeneration(app: FastifyInstance) {
  const repo = app.inboxRepository;
  const { ledger } = app;
  const now = () => app.clock.now();
  const { maxOutputTokens } = app.config.bot;

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
      .where(
        and(
          eq(documentChunks.userId, userId),
          inArray(documentChunks.fileId, fileIds),
          // Only ready files: the chunks of a file still indexing are not its whole text yet.
          sql`exists (select 1 from ${documentFiles} f where f.id = ${documentChunks.fileId} and f.status = 'ready')`,
          match,
        ),
      )
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

  /**
   * Was this hold released without being settled? (Settling also writes a release, next to its charge.) Each kind is
   * looked up through its own partial unique index; a condition on both kinds at once would read the whole ledger.
   */
  async function holdReturned(reservationId: string): Promise<boolean> {
    const closedBy = (kind: 'release' | 'token_charge') =>
      sql`exists (select 1 from ${ledgerEntries} where ${ledgerEntries.reservationId} = ${reservationId} and ${ledgerEntries.kind} = ${kind})`;
    const result = await app.db.orm.execute<{ returned: boolean }>(sql`select ${closedBy('release')} and not ${closedBy('token_charge')} as returned`);
    return result.rows[0]?.returned === true;
  }

  /** The model's answer to one customer item, checked; `undefined` when the balance refused (already recorded). */
  async function generate(item: InboxItemRow, thread: InboxThreadRow, answer: InboxItemRow, context: JobContext, of: PageOfReply) {
    const { fileIds } = of;
    const persona = await personaOf(item.userId, of.pageName, of.configId);
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

  return { pageFileIds, searchPage, generate };
}
