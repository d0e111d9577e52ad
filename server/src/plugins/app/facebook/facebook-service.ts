import {
  type Channel,
  type FacebookAccount,
  type FileRef,
  type PageAction,
  type PageManager,
} from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageActionName } from '../../../db/schema/index.js';
import { AppError, RateLimitedError } from '../../../errors/app-error.js';
import { vietnamDate } from '../../../http/list-query.js';
import { GraphApiError } from '../../../meta/graph-client.js';
import { maskToken } from '../../../meta/token-cipher.js';
import { createFacebookConnect, type FacebookConnect } from './facebook-connect.js';
import type { FacebookPageRow, PageManagerRow } from './facebook-repository.js';
import { APP_ON_PAGE_FIELD, createInstagramLink } from './instagram-link.js';

/** Prompt tokens of a usual bot reply (persona, a few passages, the thread): what "can afford a reply" means. */
const TYPICAL_REPLY_TOKENS = 3_000;

/**
 * Contract event types ↔ `subscribed_apps` fields. Messages bring their echoes too: an echo not sent by this app
 * is a person answering from Meta's inbox, and the bot steps back (human handoff).
 */
export const GRAPH_FIELDS_OF: Record<PageAction, readonly string[]> = { comments: ['feed'], messages: ['messages', 'message_echoes'] };
const ACTION_OF_FIELD = new Map<string, PageAction>([
  ['feed', 'comments'],
  ['messages', 'messages'],
]);

export interface ManagerInput {
  manager_id?: string;
  page_id: string;
  page_name: string;
  files: FileRef[];
  config_id: string | null;
  action: PageAction[];
  auto_reply: boolean;
}

export interface FacebookService extends FacebookConnect {
  accounts(userId: string): Promise<FacebookAccount[]>;
  /**
   * Facebook: adds or removes one event type at Meta (read → change one field → write), records and returns the
   * result. Instagram: the linked account's event types — Meta delivers them by the app's Instagram webhook
   * fields once the app is subscribed to the page, which subscribing makes sure of; the account is read again
   * first (it may have been unlinked).
   */
  setSubscription(userId: string, pageId: string, type: PageAction, action: 'subscribe' | 'unsubscribe', channel?: Channel): Promise<PageAction[]>;
  getManagers(userId: string, username: string, pageIds: string[]): Promise<PageManager[]>;
  saveManager(userId: string, username: string, input: ManagerInput): Promise<PageManager>;
  deleteManager(userId: string, managerId: string): Promise<void>;
  saveCollections(userId: string, pageIds: string[], files: FileRef[]): Promise<void>;
  /** The page's decrypted token, for server-side Graph calls (replies, posts). 404 when not the user's. */
  pageToken(userId: string, pageId: string): Promise<string>;
  /** `pageToken` of a page row the caller already read (no second read of it); 409 when the token no longer decrypts. */
  tokenOfPage(page: FacebookPageRow): Promise<string>;
  /**
   * Facebook refused the page's token or a permission during background work (a bot answer, a scheduled post,
   * the daily check): flags the page `needs_reconnect` and tells the user — once a Vietnam day per page.
   */
  flagReconnect(userId: string, pageId: string): Promise<void>;
  /** Each connected page's health as the page manager shows it (a partner reads its shops' pages this way). */
  pageHealth(userId: string): Promise<PageHealth[]>;
  /**
   * `pageHealth` of each user given (every id is a key, `[]` for a user without pages), in one query — plus one
   * for the balances when some page is paused for lack of funds — whatever the number of users.
   */
  pageHealthOf(userIds: readonly string[]): Promise<Map<string, PageHealth[]>>;
}

export interface PageHealth {
  pageId: string;
  name: string;
  needsReconnect: boolean;
  botPaused: 'no_funds' | 'daily_cap' | null;
  /** Last change of the page row (a reconnect flag sets it). */
  updatedAt: Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    facebook: FacebookService;
  }
}

const pageNotFound = () => new AppError(404, 'NOT_FOUND', 'Page not found among your connected Facebook pages');
const reconnect = () =>
  new AppError(409, 'CONFLICT', 'Facebook no longer accepts the access to this page (token expired or revoked): reconnect the Facebook account');
const uniqueActions = (actions: PageAction[]) => [...new Set(actions)].sort() as PageActionName[];

export function toPageManager(row: PageManagerRow, username: string): PageManager {
  return {
    manager_id: row.id,
    username,
    page_id: row.pageId,
    page_name: row.pageName,
    files: row.files,
    config_id: row.configId,
    action: row.action,
    auto_reply: row.autoReply,
  };
}

/** Facebook accounts, pages and their managers, with every Meta call through `app.meta.graph`. */
function facebookServicePlugin(app: FastifyInstance) {
  const repo = app.facebookRepository;
  const { meta } = app;
  const now = () => app.clock.now();

  /** A Graph failure as the API's answer; a token failure also flags the page for reconnection. */
  async function graphFailure(error: unknown, userId: string, pageId: string): Promise<never> {
    if (!(error instanceof GraphApiError)) throw error;
    app.log.warn({ kind: error.kind, graphCode: error.code, httpStatus: error.httpStatus, operation: error.operation }, 'Graph API call failed');
    switch (error.kind) {
      case 'token':
        await repo.markNeedsReconnect(userId, pageId, now());
        throw reconnect();
      case 'permission':
        throw new AppError(403, 'FORBIDDEN', 'Facebook refused: the app lacks a permission on this page. Reconnect and grant every requested permission');
      case 'rate_limit':
        throw new RateLimitedError(60);
      default:
        throw new AppError(503, 'UNAVAILABLE', 'Facebook did not complete the request; please try again later');
    }
  }

  /**
   * Whether the bot is stopped on a page for money: a daily cap until the next Vietnam day; no funds while the
   * balance cannot cover a typical reply (the next customer item tries again by itself).
   */
  async function botPauseOf(userId: string, pages: readonly FacebookPageRow[]) {
    return botPauseAt(now(), pausedForFunds(pages) ? await app.ledger.balanceOf(userId) : 0);
  }

  /** The balance only matters (and is only read) when a page is paused for funds. */
  const pausedForFunds = (pages: readonly FacebookPageRow[]) => pages.some((page) => page.botPausedReason === 'no_funds');

  /** `botPauseOf`'s rule for a user whose balance is known. */
  function botPauseAt(at: Date, balance: number) {
    const typicalReply = app.ledger.costOf(TYPICAL_REPLY_TOKENS + app.config.bot.maxOutputTokens);
    return (page: FacebookPageRow): 'no_funds' | 'daily_cap' | null => {
      if (page.botPausedReason === 'daily_cap' && page.botPausedUntil !== null && page.botPausedUntil > at) return 'daily_cap';
      if (page.botPausedReason === 'no_funds' && balance < typicalReply) return 'no_funds';
      return null;
    };
  }

  function decryptOrUndefined(stored: string): string | undefined {
    try {
      return meta.tokens.decrypt(stored);
    } catch {
      return undefined;
    }
  }

  /** Flagged by Facebook's refusal, or a stored token this server can no longer read (the key changed). */
  const needsReconnect = (page: FacebookPageRow, pageToken: string | undefined) => page.needsReconnect || pageToken === undefined;

  /** A page row as `pageHealth` shows it. */
  const healthOf =
    (botPaused: (page: FacebookPageRow) => PageHealth['botPaused']) =>
    (page: FacebookPageRow): PageHealth => ({
      pageId: page.pageId,
      name: page.name,
      needsReconnect: needsReconnect(page, decryptOrUndefined(page.pageTokenEncrypted)),
      botPaused: botPaused(page),
      updatedAt: page.updatedAt,
    });

  async function ownedPage(userId: string, pageId: string): Promise<FacebookPageRow & { instagramAllowed: boolean }> {
    const page = await repo.findPage(userId, pageId);
    if (!page) throw pageNotFound();
    return page;
  }

  async function tokenOf(userId: string, page: FacebookPageRow): Promise<string> {
    const token = decryptOrUndefined(page.pageTokenEncrypted);
    if (token === undefined) {
      // The key changed (TOKEN_ENCRYPTION_KEY rotated) or the value was tampered with: only a reconnect helps.
      await repo.markNeedsReconnect(userId, page.pageId, now());
      throw reconnect();
    }
    return token;
  }

  const { linkedInstagram, setInstagramSubscription } = createInstagramLink(app, graphFailure);
  const connect = createFacebookConnect(app, linkedInstagram);

  const service: FacebookService = {
    ...connect,

    async accounts(userId) {
      const [accounts, pages] = await Promise.all([repo.listAccounts(userId), repo.listPages(userId)]);
      const botPaused = await botPauseOf(userId, pages);
      return accounts.map((account) => {
        const userToken = decryptOrUndefined(account.userTokenEncrypted);
        return {
          name_fb: account.name,
          id_user_fb: account.facebookUserId,
          access_token_user: userToken === undefined ? '…' : maskToken(userToken),
          sandbox: account.sandbox,
          instagram_allowed: account.instagramAllowed,
          page_data: pages
            .filter((page) => page.accountId === account.id)
            .map((page) => {
              const pageToken = decryptOrUndefined(page.pageTokenEncrypted);
              return {
                page_name: page.name,
                page_id: page.pageId,
                page_access_token: pageToken === undefined ? '…' : maskToken(pageToken),
                subscribed: page.subscribed,
                needs_reconnect: needsReconnect(page, pageToken),
                bot_paused: botPaused(page),
                instagram: page.igUserId
                  ? { ig_user_id: page.igUserId, username: page.igUsername ?? '', picture_url: page.igPictureUrl, subscribed: page.igSubscribed }
                  : null,
              };
            }),
        };
      });
    },

    async setSubscription(userId, pageId, type, action, channel = 'facebook') {
      const page = await ownedPage(userId, pageId);
      const token = await tokenOf(userId, page);
      if (channel === 'instagram') return setInstagramSubscription(userId, page, token, type, action);
      const own = GRAPH_FIELDS_OF[type];
      let fields: string[];
      try {
        const current = await meta.graph.subscribedFields(pageId, token);
        fields = action === 'subscribe' ? [...new Set([...current, ...own])] : current.filter((item) => !own.includes(item));
        // The linked Instagram account's events still need the app on the page.
        if (fields.length === 0 && page.igSubscribed.length > 0) fields = [APP_ON_PAGE_FIELD];
        await meta.graph.setSubscribedFields(pageId, token, fields);
      } catch (error) {
        return graphFailure(error, userId, pageId);
      }
      const subscribed = uniqueActions(fields.flatMap((item) => ACTION_OF_FIELD.get(item) ?? []));
      await repo.setSubscribed(userId, pageId, subscribed, now());
      return subscribed;
    },

    async getManagers(userId, username, pageIds) {
      return (await repo.listManagers(userId, [...new Set(pageIds)])).map((row) => toPageManager(row, username));
    },

    async saveManager(userId, username, input) {
      const page = await ownedPage(userId, input.page_id);
      if (input.config_id !== null) await app.botConfigs.assertConfigOwned(userId, input.config_id);
      const fields = {
        pageName: page.name,
        files: input.files.map((file) => ({ collection_name: file.collection_name, file_name: file.file_name })),
        configId: input.config_id,
        action: uniqueActions(input.action),
        autoReply: input.auto_reply,
      };
      if (input.manager_id === undefined) return toPageManager(await repo.upsertManager(userId, page.pageId, fields, now()), username);
      const existing = await repo.findManager(userId, input.manager_id);
      if (!existing) throw new AppError(404, 'NOT_FOUND', 'Page manager not found');
      if (existing.pageId !== page.pageId) throw new AppError(400, 'BAD_REQUEST', 'A page manager cannot be moved to another page');
      const row = await repo.updateManager(userId, existing.id, page.pageId, fields, now());
      if (!row) throw new AppError(404, 'NOT_FOUND', 'Page manager not found');
      return toPageManager(row, username);
    },

    async deleteManager(userId, managerId) {
      if (!(await repo.deleteManager(userId, managerId))) throw new AppError(404, 'NOT_FOUND', 'Page manager not found');
    },

    async saveCollections(userId, pageIds, files) {
      const wanted = [...new Set(pageIds)];
      const pages = (await repo.listPages(userId)).filter((page) => wanted.includes(page.pageId));
      if (pages.length !== wanted.length) throw pageNotFound();
      const refs = files.map((file) => ({ collection_name: file.collection_name, file_name: file.file_name }));
      await repo.setManagerFiles(userId, pages.map((page) => ({ pageId: page.pageId, pageName: page.name })), refs, now());
    },

    async pageToken(userId, pageId) {
      return tokenOf(userId, await ownedPage(userId, pageId));
    },

    tokenOfPage: (page) => tokenOf(page.userId, page),

    async flagReconnect(userId, pageId) {
      await repo.markNeedsReconnect(userId, pageId, now());
      const page = await repo.findPage(userId, pageId);
      await app.notifications.notify(userId, 'page_reconnect', { page_id: pageId, page_name: page?.name ?? pageId }, `page_reconnect:${userId}:${pageId}:${vietnamDate(now())}`);
    },

    async pageHealth(userId) {
      const pages = await repo.listPages(userId);
      return pages.map(healthOf(await botPauseOf(userId, pages)));
    },

    async pageHealthOf(userIds) {
      const pagesOf = new Map(userIds.map((userId): [string, FacebookPageRow[]] => [userId, []]));
      for (const page of await repo.listPagesOf(userIds)) pagesOf.get(page.userId)?.push(page);
      const at = now();
      const short = [...pagesOf].filter(([, pages]) => pausedForFunds(pages)).map(([userId]) => userId);
      const balances = short.length > 0 ? await app.ledger.balancesOf(short) : new Map<string, number>();
      return new Map([...pagesOf].map(([userId, pages]) => [userId, pages.map(healthOf(botPauseAt(at, balances.get(userId) ?? 0)))]));
    },
  };
  app.decorate('facebook', service);
}

export default fp(facebookServicePlugin, {
  name: 'facebook-service',
  fastify: '5.x',
  dependencies: ['clock', 'meta-app', 'notifications', 'facebook-repository', 'bot-config-service'],
});
