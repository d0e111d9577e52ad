import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { responseSerializerCompiler } from './http/response-serializer.js';
import { type LogDestination, loggerOptions, OneLinePerRequest, requestIdFor } from './logging.js';
import metaSandbox from './meta-sandbox/index.js';
import type { FetchLike } from './meta/graph-client.js';
import accountsRepository from './plugins/app/accounts/accounts-repository.js';
import accountsService from './plugins/app/accounts/accounts-service.js';
import sessionsRepository from './plugins/app/accounts/sessions-repository.js';
import sessionsService from './plugins/app/accounts/sessions-service.js';
import accessTokens from './plugins/app/auth/access-tokens.js';
import authGuard from './plugins/app/auth/auth-guard.js';
import authKeys from './plugins/app/auth/auth-keys.js';
import botConfigRepository from './plugins/app/bot/bot-config-repository.js';
import botConfigService from './plugins/app/bot/bot-config-service.js';
import chatRepository from './plugins/app/chat/chat-repository.js';
import chatService from './plugins/app/chat/chat-service.js';
import llmProvider from './plugins/app/ai-provider.js';
import retrieval from './plugins/app/chat/retrieval.js';
import clockPlugin, { type Clock } from './plugins/app/clock.js';
import configPlugin from './plugins/app/config.js';
import dbPlugin from './plugins/app/db.js';
import documentsRepository from './plugins/app/documents/documents-repository.js';
import documentsService from './plugins/app/documents/documents-service.js';
import errorHandler, { frameworkErrors } from './plugins/app/error-handler.js';
import facebookRepository from './plugins/app/facebook/facebook-repository.js';
import facebookService from './plugins/app/facebook/facebook-service.js';
import ledgerRepository from './plugins/app/ledger/ledger-repository.js';
import ledgerService from './plugins/app/ledger/ledger-service.js';
import mailer, { type MailTransport } from './plugins/app/mailer.js';
import metaApp from './plugins/app/meta/meta-app.js';
import notifications from './plugins/app/notifications/notifications-service.js';
import paymentProvider from './plugins/app/payments/payment-provider.js';
import paymentsRepository from './plugins/app/payments/payments-repository.js';
import paymentsService from './plugins/app/payments/payments-service.js';
import payosSandbox from './payos-sandbox/index.js';
import rateLimits, { type CounterStore } from './plugins/app/rate-limits.js';
import requestId from './plugins/app/request-id.js';
import textInputGuard from './plugins/app/text-input-guard.js';
import externalPlugins from './plugins/external/index.js';
import jobs from './jobs/index.js';
import fileStorage from './storage/index.js';
import botReplier from './plugins/app/bot/bot-replier.js';
import crmService from './plugins/app/crm/crm-service.js';
import dashboardRepository from './plugins/app/dashboard/dashboard-repository.js';
import partnerRepository from './plugins/app/partner/partner-repository.js';
import partnerService from './plugins/app/partner/partner-service.js';
import postsService from './plugins/app/posts/posts-service.js';
import inboxRepository from './plugins/app/inbox/inbox-repository.js';
import inboxService from './plugins/app/inbox/inbox-service.js';
import routes from './routes/index.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests); by default the one `config` names is opened. The app closes it. */
  database?: Database;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: LogDestination;
  /** Route plugins registered after the app's own, with everything else in place (test-only routes). */
  extraRoutes?: FastifyPluginAsync[];
  /** The time source of expiry decisions; tests move it instead of sleeping. */
  clock?: Clock;
  /** Sends email instead of SMTP_URL's transport (tests capture messages). */
  mailTransport?: MailTransport;
  /** Where rate-limit counters live; default shared by every instance: Redis with REDIS_URL, else the database. */
  rateLimitStore?: CounterStore;
  /** The time source of rate limits in ms (default `Date.now`, not `clock`: limits are about real request rates). */
  rateLimitNow?: () => number;
  /** Outbound HTTP (Graph API, PayOS, sandbox webhook deliveries); tests route it to `app.inject`. */
  fetch?: FetchLike;
  /** Graph client retry backoff base in ms (tests: 0). */
  graphBackoffMs?: number;
}

/** The whole API, ready to `listen()` or `inject()`: external plugins → app plugins → routes (docs/architecture.md §4). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, logDestination, extraRoutes = [] } = options;
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    requestIdHeader: false,
    logController: new OneLinePerRequest(),
    genReqId: requestIdFor,
    // Trust exactly the proxies in front (TRUST_PROXY hops: the balancer, and a CDN before it): the client is the
    // address the outermost of them appended to X-Forwarded-For. Trusting every hop (`true`) takes the left-most
    // entry, which the client writes itself — a made-up address per request, and per-IP rate limits never trip.
    // Hop 0 is the connection's own address. (Fastify refuses a hop count; a function it takes.)
    trustProxy: config.trustProxyHops > 0 ? (_address: string, hop: number) => hop < config.trustProxyHops : false,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Replies are written by compiled writers; outside production each is also checked against the contract.
  app.setSerializerCompiler(responseSerializerCompiler({ check: config.env !== 'production' }));

  try {
    await app.register(externalPlugins, { config });
    await app.register(configPlugin, { config });
    await app.register(clockPlugin, { clock: options.clock });
    await app.register(requestId);
    await app.register(dbPlugin, database ? { database } : {});
    await app.register(errorHandler);
    await app.register(textInputGuard);
    await app.register(mailer, { transport: options.mailTransport });
    await app.register(rateLimits, { store: options.rateLimitStore, now: options.rateLimitNow });
    await app.register(notifications);
    // Durable jobs and file storage: what documents, bot replies and scheduled posts build on.
    await app.register(jobs);
    await app.register(fileStorage);
    // Accounts and sessions: keys → tokens → data → services → the guard every authenticated route uses.
    await app.register(authKeys);
    await app.register(accessTokens);
    await app.register(accountsRepository);
    await app.register(sessionsRepository);
    await app.register(accountsService);
    await app.register(sessionsService);
    await app.register(authGuard);
    // Facebook: the app (Meta's or the sandbox's) → data → services → the sandbox (after what it reads).
    await app.register(metaApp, { fetch: options.fetch, graphBackoffMs: options.graphBackoffMs });
    await app.register(botConfigRepository);
    await app.register(botConfigService);
    await app.register(facebookRepository);
    await app.register(facebookService);
    await app.register(metaSandbox);
    // Money: the append-only ledger and the charge API AI features draw on.
    await app.register(ledgerRepository);
    await app.register(ledgerService);
    // Payments: the provider (PayOS or the built-in sandbox) → data → service → the sandbox's own routes.
    await app.register(paymentProvider, { fetch: options.fetch });
    await app.register(paymentsRepository);
    await app.register(paymentsService);
    await app.register(payosSandbox);
    // Documents: data → service (uploads, and the index job it registers).
    await app.register(documentsRepository);
    await app.register(documentsService);
    // AI chat: the model (local engine or OpenAI-compatible) → passage search → data → the service charging the ledger.
    await app.register(llmProvider);
    await app.register(retrieval);
    await app.register(chatRepository);
    await app.register(chatService);
    // The bot at work: page conversations (webhook events, threads) → the job answering each customer item.
    await app.register(inboxRepository);
    await app.register(inboxService);
    await app.register(crmService);
    await app.register(botReplier);
    // Scheduled posts (planning, the publish job, images, the daily page check) and the dashboards' figures.
    await app.register(postsService);
    await app.register(dashboardRepository);
    // The partner side reads the shops it serves through the dashboard, page health and the ledger above.
    await app.register(partnerRepository);
    await app.register(partnerService);
    await app.register(routes);
    for (const plugin of extraRoutes) await app.register(plugin);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    // The database handed in is ours to close even when boot failed before the db plugin took it.
    await database?.close();
    throw error;
  }
  return app;
}
