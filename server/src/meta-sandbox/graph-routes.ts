import { sameSecret } from '../http/same-secret.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appsecretProof, graphErrorBody } from '../meta/graph-client.js';
import { unstorableTextPath } from '../plugins/app/text-input-guard.js';
import { demoPage } from './demo-data.js';
import { fail, objectParam, paramsOf, SandboxGraphError, text, V } from './graph-kit.js';
import { instagramNode, linkedAccount, registerInstagramRoutes } from './instagram-routes.js';
import { registerOAuthRoutes } from './oauth-routes.js';
import type { SandboxEventKind } from './sandbox-repository.js';
import type { SandboxGrant } from './sandbox-tokens.js';

const KNOWN_FIELDS = new Set(['name', 'feed', 'messages', 'message_echoes', 'messaging_postbacks', 'message_deliveries', 'message_reads', 'mention']);


/**
 * Graph API v20.0 as the sandbox plays it: the login (`oauth-routes.ts`), subscribed_apps, comment replies,
 * Messenger sends, feed and photo posts, and the linked Instagram accounts (`instagram-routes.ts`). Registered under /meta-sandbox, encapsulated: its
 * errors are Graph-shaped (`{error:{message,type,code,error_subcode,fbtrace_id}}`), not the API's.
 */
export default async function sandboxGraphRoutes(app: FastifyInstance) {
  const { meta, metaSandbox, sandboxRepository: repo } = app;
  const tokens = metaSandbox.tokens;
  const nowSeconds = () => Math.floor(app.clock.now().getTime() / 1000);

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // What PostgreSQL cannot store (NUL, lone surrogates) is refused at the door, as the API's text-input guard does:
  // the sandbox records most of what it is sent, and the insert would fail with a 500.
  app.addHook('preHandler', async (request) => {
    const path = unstorableTextPath(request.params) ?? unstorableTextPath(request.query) ?? unstorableTextPath(request.body);
    if (path !== undefined) throw fail(400, `(#100) Param ${path} must be valid text (no NUL characters or broken Unicode)`, 100, 'GraphMethodException');
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SandboxGraphError) return reply.status(error.httpStatus).send(error.body);
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.status(400).send(graphErrorBody(`(#100) ${(error as Error).message}`, 100, 'GraphMethodException'));
    }
    request.log.error({ err: error }, 'meta sandbox failed');
    return reply.status(500).send(graphErrorBody('An unknown error has occurred.', 1, 'OAuthException'));
  });

  /** The token of a Graph call, checked like Meta with "Require App Secret" on: valid, unexpired, with its proof. */
  function authenticate(request: FastifyRequest): SandboxGrant {
    const params = paramsOf(request);
    const header = /^(?:Bearer|OAuth)\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const token = header ?? text(params.access_token);
    if (!token) throw fail(400, 'An active access token must be used to query information about the current user.', 2500);
    const grant = tokens.open(token);
    if (!grant || grant.k === 'code') throw fail(400, 'Invalid OAuth access token - Cannot parse access token', 190);
    if (grant.k === 'user' && grant.exp <= nowSeconds()) {
      throw fail(400, 'Error validating access token: Session has expired.', 190, 'OAuthException', 463);
    }
    const proof = text(params.appsecret_proof);
    if (!proof) throw fail(400, 'API calls from the server require an appsecret_proof argument', 100, 'GraphMethodException');
    if (!sameSecret(proof, appsecretProof(meta.appSecret, token))) {
      throw fail(400, 'Invalid appsecret_proof provided in the API argument', 100, 'GraphMethodException');
    }
    return grant;
  }

  function pageGrant(request: FastifyRequest, pageId: string): SandboxGrant & { k: 'page' } {
    const grant = authenticate(request);
    if (grant.k !== 'page') throw fail(400, '(#210) A page access token is required to request this resource.', 210);
    if (grant.p !== pageId) throw fail(403, '(#200) The page access token does not belong to this page', 200);
    return grant;
  }

  /** An event of the page the grant is for, in its user's sandbox. */
  async function record(grant: SandboxGrant & { k: 'page' }, kind: SandboxEventKind, summary: string, payload: unknown) {
    await repo.record({ userId: grant.t, pageId: grant.p, kind, summary, payload }, app.clock.now());
  }

  /** A page token's page, named as its demo page. */
  const pageName = (grant: SandboxGrant & { k: 'page' }) => demoPage(grant.d)?.page.name ?? 'Page';

  registerOAuthRoutes(app, { authenticate, pageName });

  // ── subscribed_apps ─────────────────────────────────────────────────────────────────────────────────
  app.get<{ Params: { pageId: string } }>(`${V}/:pageId/subscribed_apps`, async (request) => {
    const { pageId } = request.params;
    pageGrant(request, pageId);
    const fields = await repo.subscribedFields(pageId);
    return { data: fields.length === 0 ? [] : [{ category: 'Business', link: '', name: 'PageMate (Meta sandbox)', id: meta.appId, subscribed_fields: fields }] };
  });

  app.post<{ Params: { pageId: string } }>(`${V}/:pageId/subscribed_apps`, async (request) => {
    const { pageId } = request.params;
    const grant = pageGrant(request, pageId);
    const raw = (paramsOf(request) as Record<string, unknown>).subscribed_fields;
    const fields = (Array.isArray(raw) ? raw.map(String) : String(raw ?? '').split(',')).map((item) => item.trim()).filter(Boolean);
    if (fields.length === 0) throw fail(400, '(#100) The parameter subscribed_fields is required', 100);
    const unknown = fields.find((field) => !KNOWN_FIELDS.has(field));
    if (unknown) throw fail(400, `(#100) Param subscribed_fields[0] must be one of {${[...KNOWN_FIELDS].join(', ')}} - got "${unknown}".`, 100);
    const unique = [...new Set(fields)];
    await repo.setSubscribedFields(pageId, unique, app.clock.now());
    await record(grant, 'subscribed_apps', `Subscribed fields / Đã đăng ký: ${unique.join(', ')}`, { method: 'POST', subscribed_fields: unique });
    return { success: true };
  });

  app.delete<{ Params: { pageId: string } }>(`${V}/:pageId/subscribed_apps`, async (request) => {
    const { pageId } = request.params;
    const grant = pageGrant(request, pageId);
    await repo.setSubscribedFields(pageId, [], app.clock.now());
    await record(grant, 'subscribed_apps', 'Unsubscribed the app / Đã huỷ đăng ký ứng dụng', { method: 'DELETE', subscribed_fields: [] });
    return { success: true };
  });

  // ── Reading back what the page published ───────────────────────────────────────────────────────────
  app.get<{ Params: { commentId: string } }>(`${V}/:commentId/comments`, async (request) => {
    const grant = authenticate(request);
    if (grant.k !== 'page') throw fail(400, '(#210) A page access token is required to request this resource.', 210);
    const rows = await repo.received(grant.p, 'comment_reply', { comment_id: request.params.commentId }, 100);
    return {
      data: rows.map((row) => {
        const payload = row.payload as { id: string; message: string };
        return { id: payload.id, message: payload.message, from: { id: grant.p, name: pageName(grant) }, created_time: row.createdAt.toISOString() };
      }),
    };
  });

  app.get<{ Params: { pageId: string } }>(`${V}/:pageId/conversations`, async (request) => {
    const { pageId } = request.params;
    const grant = pageGrant(request, pageId);
    const psid = text(paramsOf(request).user_id);
    if (!psid) throw fail(400, '(#100) The parameter user_id is required', 100);
    // Instagram conversations speak as the linked account, Messenger ones as the page.
    const instagram = paramsOf(request).platform === 'instagram' ? linkedAccount(app, grant) : undefined;
    const from = instagram ? { id: instagram.id, username: instagram.username } : { id: pageId, name: pageName(grant) };
    const rows = await repo.received(pageId, 'message', { recipient: { id: psid } }, 25);
    const messages = rows.map((row) => {
      const payload = row.payload as { message: { text: string }; message_id: string };
      return { id: payload.message_id, message: payload.message.text, from, created_time: row.createdAt.toISOString() };
    });
    return { data: [{ id: `t_${psid}`, messages: { data: messages } }] };
  });

  // The User Profile API: a Messenger sender's name, by the page-scoped id the webhook carried.
  app.get<{ Params: { psid: string } }>(`${V}/:psid`, async (request) => {
    const grant = authenticate(request);
    if (grant.k !== 'page') throw fail(400, '(#210) A page access token is required to request this resource.', 210);
    // The page itself (its linked Instagram account) or an Instagram container; else a sender's profile.
    const node = await instagramNode(app, grant, request.params.psid);
    if (node) return node;
    const name = await repo.senderName(grant.p, request.params.psid);
    if (name === undefined) throw fail(400, `(#100) Unsupported get request. Object with ID '${request.params.psid}' does not exist`, 100, 'GraphMethodException', 33);
    const [first, ...rest] = name.split(' ');
    return { id: request.params.psid, name, first_name: first ?? name, last_name: rest.join(' ') };
  });

  // ── Publishing ──────────────────────────────────────────────────────────────────────────────────────
  app.post<{ Params: { commentId: string } }>(`${V}/:commentId/comments`, async (request) => {
    const grant = authenticate(request);
    if (grant.k !== 'page') throw fail(400, '(#210) A page access token is required to request this resource.', 210);
    const message = text(paramsOf(request).message)?.trim();
    if (!message) throw fail(400, '(#100) The parameter message is required', 100);
    const id = `${request.params.commentId.split('_')[0]}_${Date.now()}${Math.floor(Math.random() * 1000)}`;
    await record(grant, 'comment_reply', `Reply to comment ${request.params.commentId}: ${message.slice(0, 200)}`, { comment_id: request.params.commentId, message, id });
    return { id };
  });

  app.post<{ Params: { pageId: string } }>(`${V}/:pageId/messages`, async (request) => {
    const { pageId } = request.params;
    const grant = pageGrant(request, pageId);
    const params = paramsOf(request) as Record<string, unknown>;
    const recipient = objectParam(params.recipient);
    const text = objectParam(params.message)?.text;
    if (!recipient || (typeof recipient.id !== 'string' && typeof recipient.comment_id !== 'string')) {
      throw fail(400, '(#100) param recipient must be non-empty.', 100);
    }
    if (typeof text !== 'string' || text.length === 0) throw fail(400, '(#100) Must send either message or state', 100);
    if (text.length >= 2000) throw fail(400, '(#100) Length of param message[text] must be less than or equal to 2000', 100);
    // Form posts carry these as JSON strings, which the guard above saw still escaped.
    const unstorable = unstorableTextPath({ recipient, message: { text } });
    if (unstorable !== undefined) throw fail(400, `(#100) Param ${unstorable} must be valid text (no NUL characters or broken Unicode)`, 100);
    const messageId = `m_${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const privateReply = typeof recipient.comment_id === 'string';
    await record(
      grant,
      privateReply ? 'private_reply' : 'message',
      privateReply ? `Private reply to comment ${String(recipient.comment_id)}: ${text.slice(0, 200)}` : `Message to ${String(recipient.id)}: ${text.slice(0, 200)}`,
      { recipient, messaging_type: params.messaging_type, message: { text }, message_id: messageId },
    );
    return { ...(privateReply ? {} : { recipient_id: recipient.id }), message_id: messageId };
  });

  /** `attached_media` as a JSON body carries it (`[{media_fbid}]`) or as a form does (`attached_media[0]={"media_fbid":…}`). */
  function attachedMediaIds(p: Record<string, unknown>): string[] | undefined {
    const listed: unknown[] = [];
    if (p.attached_media !== undefined) {
      const raw = typeof p.attached_media === 'string' ? (() => { try { return JSON.parse(p.attached_media) as unknown; } catch { return p.attached_media; } })() : p.attached_media;
      listed.push(...(Array.isArray(raw) ? raw : [raw]));
    }
    const indexed = Object.keys(p)
      .map((key) => /^attached_media\[(\d+)\]$/.exec(key))
      .filter((match): match is RegExpExecArray => match !== null)
      .sort((a, b) => Number(a[1]) - Number(b[1]));
    for (const match of indexed) listed.push(p[match[0]]);
    if (listed.length === 0) return undefined;
    return listed.map((entry) => {
      const id = objectParam(entry)?.media_fbid;
      if ((typeof id !== 'string' && typeof id !== 'number') || unstorableTextPath(id) !== undefined) {
        throw fail(400, '(#100) param attached_media must be an array of objects with a media_fbid', 100);
      }
      return String(id);
    });
  }

  const isFalse = (value: unknown) => value === false || value === 'false' || value === '0';

  app.post<{ Params: { pageId: string } }>(`${V}/:pageId/feed`, async (request) => {
    const { pageId } = request.params;
    const grant = pageGrant(request, pageId);
    const p = paramsOf(request) as Record<string, unknown>;
    const media = attachedMediaIds(p);
    if (typeof p.message !== 'string' && typeof p.link !== 'string' && media === undefined) {
      throw fail(400, '(#100) Missing message or attachment', 100);
    }
    // Only photos this page uploaded unpublished can be attached, each once (as at Meta).
    for (const [index, fbid] of (media ?? []).entries()) {
      const [photo] = await repo.received(pageId, 'photo_post', { id: fbid, published: false }, 1);
      if (!photo) throw fail(400, `(#100) param attached_media[${index}] must be an unpublished photo of this page`, 100);
      if ((await repo.received(pageId, 'feed_post', { attached_media: [{ media_fbid: fbid }] }, 1)).length > 0) {
        throw fail(400, `(#100) attached_media[${index}]: the photo is already attached to a post`, 100);
      }
    }
    const id = `${pageId}_${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const attachedMedia = media?.map((fbid) => ({ media_fbid: fbid }));
    const fields = Object.fromEntries(Object.entries(p).filter(([key]) => !key.startsWith('attached_media') && key !== 'access_token' && key !== 'appsecret_proof'));
    const summary = `Post${media ? ` with ${media.length} photo${media.length === 1 ? '' : 's'}` : ''}: ${String(p.message ?? p.link ?? '').slice(0, 200)}`;
    await record(grant, 'feed_post', summary, { ...fields, ...(attachedMedia ? { attached_media: attachedMedia } : {}), id });
    return { id };
  });

  app.post<{ Params: { pageId: string } }>(`${V}/:pageId/photos`, async (request) => {
    const { pageId } = request.params;
    const grant = pageGrant(request, pageId);
    const p = paramsOf(request) as Record<string, unknown>;
    if (typeof p.url !== 'string' && p.source === undefined) throw fail(400, '(#324) Requires upload file', 324);
    const photoId = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    // Unpublished (to attach to a feed post later): a photo without a post of its own, answered with its id only.
    if (isFalse(p.published)) {
      await record(grant, 'photo_post', `Photo uploaded unpublished: ${String(p.url ?? '').slice(0, 200)}`, { url: p.url, caption: p.caption, published: false, id: photoId });
      return { id: photoId };
    }
    const postId = `${pageId}_${photoId}`;
    await record(grant, 'photo_post', `Photo: ${String(p.caption ?? p.url ?? '').slice(0, 200)}`, { url: p.url, caption: p.caption, published: true, id: photoId, post_id: postId });
    return { id: photoId, post_id: postId };
  });

  // ── The page's feed: its posts (feed posts and published photos), newest first ─────────────────────────
  app.get<{ Params: { pageId: string } }>(`${V}/:pageId/feed`, async (request) => {
    const { pageId } = request.params;
    pageGrant(request, pageId);
    const limit = Math.min(Math.max(Number.parseInt(paramsOf(request).limit ?? '25', 10) || 25, 1), 100);
    const [posts, photos] = await Promise.all([repo.received(pageId, 'feed_post', {}, limit), repo.received(pageId, 'photo_post', {}, limit * 2)]);
    const entries = [
      ...posts.map((row) => {
        const payload = row.payload as { id: string; message?: unknown };
        return { id: payload.id, message: typeof payload.message === 'string' ? payload.message : undefined, at: row.createdAt };
      }),
      ...photos
        .filter((row) => (row.payload as { published?: unknown }).published !== false)
        .map((row) => {
          const payload = row.payload as { id: string; post_id?: string; caption?: unknown };
          return { id: payload.post_id ?? `${pageId}_${payload.id}`, message: typeof payload.caption === 'string' ? payload.caption : undefined, at: row.createdAt };
        }),
    ]
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .slice(0, limit);
    // Graph's time format: 2024-05-01T08:00:00+0000.
    return { data: entries.map((entry) => ({ id: entry.id, ...(entry.message === undefined ? {} : { message: entry.message }), created_time: entry.at.toISOString().replace(/\.\d{3}Z$/, '+0000') })) };
  });

  registerInstagramRoutes(app, { authenticate, fail, params: (request) => paramsOf(request) as Record<string, unknown>, record });
}
