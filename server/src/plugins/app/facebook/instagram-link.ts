import type { PageAction } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import type { PageActionName } from '../../../db/schema/index.js';
import { AppError } from '../../../errors/app-error.js';
import type { FacebookPageRow, LinkedInstagram } from './facebook-repository.js';

/**
 * A page field that seldom fires. Meta delivers a linked Instagram account's comments and messages only to an app
 * subscribed to its page, with any page field: while the account has subscriptions and the page has none of its
 * own, the app stays on the page through this one.
 */
export const APP_ON_PAGE_FIELD = 'name';

/**
 * The linked account's comments, Direct messages and posts. Asked only when the user allows Instagram for a page
 * that has a linked account (the connect dialog again, with these added); the page permissions come first.
 */
export const INSTAGRAM_SCOPES = ['instagram_basic', 'instagram_manage_comments', 'instagram_manage_messages', 'instagram_content_publish'] as const;

/**
 * The Instagram professional account linked to a page: read at connect time, and its own event types
 * (comments, Direct messages) switched on and off. `graphFailure` answers a Graph error as the API's error.
 */
export function createInstagramLink(app: FastifyInstance, graphFailure: (error: unknown, userId: string, pageId: string) => Promise<never>) {
  const repo = app.facebookRepository;
  const graph = app.meta.graph;

  /**
   * The page's linked Instagram account; undefined when Graph did not answer (what is recorded stays). Until the
   * person allows Instagram only its id is known (its username and picture take the Instagram permissions).
   */
  async function linkedInstagram(pageId: string, pageToken: string, allowed: boolean): Promise<LinkedInstagram | null | undefined> {
    try {
      return await graph.instagramAccount(pageId, pageToken, allowed);
    } catch (error) {
      app.log.warn({ err: error, pageId }, 'facebook connect: the linked Instagram account could not be read');
      return undefined;
    }
  }

  /** Puts the app on the page at Meta when nothing else holds it there, and takes it off with the account's last subscription. */
  async function keepAppOnPage(pageId: string, pageToken: string, wanted: boolean) {
    const current = await graph.subscribedFields(pageId, pageToken);
    const onlyOurs = current.every((field) => field === APP_ON_PAGE_FIELD);
    if (wanted && current.length === 0) await graph.setSubscribedFields(pageId, pageToken, [APP_ON_PAGE_FIELD]);
    if (!wanted && current.length > 0 && onlyOurs) await graph.setSubscribedFields(pageId, pageToken, []);
  }

  /** The account is read again first: subscribing refuses (409) when the page has none, or another one now. */
  async function setInstagramSubscription(
    userId: string,
    page: FacebookPageRow & { instagramAllowed: boolean },
    token: string,
    type: PageAction,
    action: 'subscribe' | 'unsubscribe',
  ): Promise<PageAction[]> {
    if (action === 'subscribe' && !page.instagramAllowed) {
      throw new AppError(409, 'INSTAGRAM_NOT_ALLOWED', 'PageMate may not answer on Instagram yet: allow Instagram for this page first (the Facebook dialog asks the Instagram permissions)');
    }
    let linked: LinkedInstagram | null;
    try {
      linked = await graph.instagramAccount(page.pageId, token);
    } catch (error) {
      return graphFailure(error, userId, page.pageId);
    }
    if (action === 'subscribe' && (!linked || linked.igUserId !== page.igUserId)) {
      throw new AppError(409, 'INSTAGRAM_NOT_LINKED', 'This page has no linked Instagram professional account (or another one now): reconnect the Facebook account to refresh it');
    }
    const wanted = action === 'subscribe' ? [...page.igSubscribed, type] : page.igSubscribed.filter((item) => item !== type);
    const subscribed = [...new Set(wanted)].sort() as PageActionName[];
    try {
      await keepAppOnPage(page.pageId, token, subscribed.length > 0);
    } catch (error) {
      return graphFailure(error, userId, page.pageId);
    }
    await repo.setSubscribed(userId, page.pageId, subscribed, app.clock.now(), 'instagram');
    return subscribed;
  }

  return { linkedInstagram, setInstagramSubscription };
}
