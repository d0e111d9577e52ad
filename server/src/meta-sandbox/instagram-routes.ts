import { FACEBOOK_API_VERSION } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { demoPage } from './demo-data.js';
import type { SandboxEventKind, SandboxEventRow } from './sandbox-repository.js';
import { grants, type SandboxGrant } from './sandbox-tokens.js';

const V = `/${FACEBOOK_API_VERSION}`;
/** How long the sandbox "processes" an image container before it can be published (IN_PROGRESS, then FINISHED). */
export const SANDBOX_CONTAINER_READY_MS = 3_000;
/** Containers not published within a day expire, as Meta's. */
const CONTAINER_TTL_MS = 24 * 3600 * 1000;
/** Posts the sandbox lets an account publish per rolling 24 hours (the figure of Meta's reference example). */
export const SANDBOX_PUBLISHING_QUOTA = 50;

type PageGrant = SandboxGrant & { k: 'page' };

/** What the Instagram routes borrow from the sandbox's Graph routes (token checks, errors, recording). */
export interface SandboxGraphKit {
  authenticate(request: FastifyRequest): SandboxGrant;
  fail(httpStatus: number, message: string, code: number, type?: string, subcode?: number): Error;
  params(request: FastifyRequest): Record<string, unknown>;
  record(grant: PageGrant, kind: SandboxEventKind, summary: string, payload: unknown): Promise<void>;
}

interface ContainerPayload {
  id: string;
  ig_user_id: string;
  image_url?: string;
  caption?: string;
  is_carousel_item?: boolean;
  media_type?: string;
  children?: string[];
  ready_at: string;
}

/** The Instagram account linked to the grant's page in its user's sandbox, when the demo page has one. */
export function linkedAccount(app: FastifyInstance, grant: PageGrant): { id: string; username: string; profile_picture_url: string } | undefined {
  const instagram = demoPage(grant.d)?.page.instagram;
  if (!instagram) return undefined;
  const id = app.metaSandbox.instagramIdOf(grant.t, grant.d);
  return { id, username: instagram.username, profile_picture_url: avatarOf(instagram.username) };
}

/**
 * The demo account's picture: a small SVG with its initial, as a data URL (Meta answers a CDN address; the
 * sandbox has no CDN, and a data URL loads under the apps' image policy).
 */
function avatarOf(username: string): string {
  const hue = [...username].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="150"><rect width="150" height="150" fill="hsl(${hue},60%,55%)"/><text x="75" y="98" font-size="72" text-anchor="middle" fill="#fff" font-family="sans-serif">${username.charAt(0).toUpperCase()}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A container's `status_code` now: PUBLISHED, EXPIRED, FINISHED once processed, else IN_PROGRESS. */
async function containerStatus(app: FastifyInstance, pageId: string, container: SandboxEventRow): Promise<string> {
  const payload = container.payload as ContainerPayload;
  if ((await app.sandboxRepository.received(pageId, 'ig_media', { creation_id: payload.id }, 1)).length > 0) return 'PUBLISHED';
  const now = app.clock.now().getTime();
  if (now - container.createdAt.getTime() > CONTAINER_TTL_MS) return 'EXPIRED';
  return now >= Date.parse(payload.ready_at) ? 'FINISHED' : 'IN_PROGRESS';
}

/**
 * `GET /{id}` for the Instagram side: the page node's `instagram_business_account`, or an image container's
 * status. Undefined when the id is neither (the caller answers as the User Profile API).
 */
export async function instagramNode(app: FastifyInstance, grant: PageGrant, id: string): Promise<Record<string, unknown> | undefined> {
  if (id === grant.p) {
    const account = linkedAccount(app, grant);
    // Without instagram_basic the page shows only that it has a linked account: its id, not who it is.
    const shown = account && !grants(grant, 'instagram_basic') ? { id: account.id } : account;
    return { id: grant.p, ...(shown ? { instagram_business_account: shown } : {}) };
  }
  const [container] = await app.sandboxRepository.received(grant.p, 'ig_container', { id }, 1);
  if (!container) return undefined;
  const status = await containerStatus(app, grant.p, container);
  return { id, status_code: status, status: status === 'IN_PROGRESS' ? 'In Progress' : status === 'FINISHED' ? 'Finished' : status };
}

/**
 * The Graph paths of an Instagram professional account linked to a sandbox page, reached with the page token:
 * comment replies, image containers, publishing and its quota. Registered by the sandbox's Graph routes, in
 * their context (their content parsers, guard and Graph-shaped errors).
 */
export function registerInstagramRoutes(app: FastifyInstance, kit: SandboxGraphKit) {
  const repo = app.sandboxRepository;
  const { fail } = kit;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

  /** A page token holding `permission` (granted in the dialog), as Meta checks each Instagram call. */
  function pageGrantOf(request: FastifyRequest, permission: string): PageGrant {
    const grant = kit.authenticate(request);
    if (grant.k !== 'page') throw fail(400, '(#210) A page access token is required to request this resource.', 210);
    if (!grants(grant, permission)) throw fail(403, `(#10) Application does not have permission for this action (${permission})`, 10);
    return grant;
  }

  /** The grant's page must be linked to this Instagram account (another user's or page's does not exist for it). */
  function accountGrant(request: FastifyRequest, igUserId: string, permission: string): PageGrant {
    const grant = pageGrantOf(request, permission);
    if (linkedAccount(app, grant)?.id !== igUserId) {
      throw fail(400, `(#100) Unsupported request. Object with ID '${igUserId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`, 100, 'GraphMethodException', 33);
    }
    return grant;
  }

  const publishedLastDay = async (pageId: string) => {
    const since = app.clock.now().getTime() - 24 * 3600 * 1000;
    return (await repo.received(pageId, 'ig_media', {}, SANDBOX_PUBLISHING_QUOTA * 2)).filter((row) => row.createdAt.getTime() > since).length;
  };

  // ── Comments ────────────────────────────────────────────────────────────────────────────────────────
  app.post<{ Params: { commentId: string } }>(`${V}/:commentId/replies`, async (request) => {
    const grant = pageGrantOf(request, 'instagram_manage_comments');
    const account = linkedAccount(app, grant);
    if (!account) throw fail(400, '(#10) This page has no linked Instagram professional account', 10);
    const message = text(kit.params(request).message)?.trim();
    if (!message) throw fail(400, '(#100) The parameter message is required', 100);
    const id = `17${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const { commentId } = request.params;
    await kit.record(grant, 'comment_reply', `Instagram reply to comment ${commentId}: ${message.slice(0, 200)}`, { channel: 'instagram', comment_id: commentId, message, id });
    return { id };
  });

  app.get<{ Params: { commentId: string } }>(`${V}/:commentId/replies`, async (request) => {
    const grant = pageGrantOf(request, 'instagram_manage_comments');
    const account = linkedAccount(app, grant);
    const rows = await repo.received(grant.p, 'comment_reply', { channel: 'instagram', comment_id: request.params.commentId }, 100);
    return {
      data: rows.map((row) => {
        const payload = row.payload as { id: string; message: string };
        return { id: payload.id, text: payload.message, from: { id: account?.id ?? '', username: account?.username ?? '' }, timestamp: row.createdAt.toISOString() };
      }),
    };
  });

  // ── Publishing: container → FINISHED → media_publish ────────────────────────────────────────────────
  app.post<{ Params: { igUserId: string } }>(`${V}/:igUserId/media`, async (request) => {
    const { igUserId } = request.params;
    const grant = accountGrant(request, igUserId, 'instagram_content_publish');
    const p = kit.params(request);
    const imageUrl = text(p.image_url);
    const carousel = p.media_type === 'CAROUSEL';
    const children = carousel ? (text(p.children) ?? '').split(',').map((child) => child.trim()).filter(Boolean) : [];
    if (carousel) {
      if (children.length < 2 || children.length > 10) throw fail(400, '(#100) The parameter children must list 2 to 10 carousel item containers', 100);
      for (const child of children) {
        const [row] = await repo.received(grant.p, 'ig_container', { id: child, is_carousel_item: true }, 1);
        if (!row) throw fail(400, `(#100) Param children: ${child} is not a carousel item container of this account`, 100);
      }
    } else if (!imageUrl || !/^https?:\/\//.test(imageUrl)) {
      throw fail(400, '(#100) The parameter image_url is required and must be a public URL (Instagram posts need an image)', 100);
    }
    const id = `18${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const payload: ContainerPayload = {
      id,
      ig_user_id: igUserId,
      ...(imageUrl ? { image_url: imageUrl } : {}),
      ...(typeof p.caption === 'string' ? { caption: p.caption } : {}),
      ...(p.is_carousel_item === true || p.is_carousel_item === 'true' ? { is_carousel_item: true } : {}),
      ...(carousel ? { media_type: 'CAROUSEL', children } : {}),
      ready_at: new Date(app.clock.now().getTime() + SANDBOX_CONTAINER_READY_MS).toISOString(),
    };
    await kit.record(grant, 'ig_container', `Instagram ${carousel ? 'carousel' : 'image'} container ${id}`, payload);
    return { id };
  });

  app.post<{ Params: { igUserId: string } }>(`${V}/:igUserId/media_publish`, async (request) => {
    const { igUserId } = request.params;
    const grant = accountGrant(request, igUserId, 'instagram_content_publish');
    const creationId = text(kit.params(request).creation_id);
    if (!creationId) throw fail(400, '(#100) The parameter creation_id is required', 100);
    const [container] = await repo.received(grant.p, 'ig_container', { id: creationId, ig_user_id: igUserId }, 1);
    if (!container || (container.payload as ContainerPayload).is_carousel_item) throw fail(400, '(#100) Param creation_id is not a container of this account', 100);
    const status = await containerStatus(app, grant.p, container);
    if (status === 'IN_PROGRESS') throw fail(400, 'Media ID is not available: the media is not ready for publishing, please wait for a moment', 9007, 'OAuthException', 2207027);
    if (status !== 'FINISHED') throw fail(400, `The container cannot be published (${status})`, 9007, 'OAuthException', 2207006);
    if ((await publishedLastDay(grant.p)) >= SANDBOX_PUBLISHING_QUOTA) {
      throw fail(400, 'Application request limit reached: the account reached its publishing limit for 24 hours', 9, 'OAuthException', 2207042);
    }
    const payload = container.payload as ContainerPayload;
    const id = `17${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await kit.record(grant, 'ig_media', `Instagram post published: ${String(payload.caption ?? '').slice(0, 200)}`, {
      id,
      creation_id: creationId,
      ig_user_id: igUserId,
      caption: payload.caption ?? '',
      ...(payload.image_url ? { image_url: payload.image_url } : {}),
      ...(payload.children ? { children: payload.children } : {}),
    });
    return { id };
  });

  app.get<{ Params: { igUserId: string } }>(`${V}/:igUserId/media`, async (request) => {
    const grant = accountGrant(request, request.params.igUserId, 'instagram_basic');
    const rows = await repo.received(grant.p, 'ig_media', { ig_user_id: request.params.igUserId }, 25);
    return {
      data: rows.map((row) => {
        const payload = row.payload as { id: string; caption?: string };
        return { id: payload.id, caption: payload.caption ?? '', timestamp: row.createdAt.toISOString().replace(/\.\d{3}Z$/, '+0000') };
      }),
    };
  });

  app.get<{ Params: { igUserId: string } }>(`${V}/:igUserId/content_publishing_limit`, async (request) => {
    const grant = accountGrant(request, request.params.igUserId, 'instagram_content_publish');
    return { data: [{ quota_usage: await publishedLastDay(grant.p), config: { quota_total: SANDBOX_PUBLISHING_QUOTA, quota_duration: 86400 } }] };
  });
}
