import {
  apiErrorSchema,
  endpoints,
  type EndpointContract,
  type EndpointName,
} from '@pagemate/shared-contracts/contracts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerOnceSessionChecked } from '../plugins/app/auth/session-check.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, from its contract; the auth plugin enforces it. */
    auth?: EndpointContract['auth'];
  }
}

/** The OpenAPI security scheme of routes whose contract says `auth: 'user'` (declared in swagger.ts). */
export const BEARER_SECURITY_SCHEME = 'bearerAuth';

type Part<C, K extends string> = C extends { [P in K]: infer S } ? S : undefined;

/** What the handler sees: params, query and body typed by the contract; it returns the 200 body. */
export interface ContractSchema<C extends EndpointContract> {
  params: Part<C, 'params'>;
  querystring: Part<C, 'query'>;
  body: Part<C, 'body'>;
  response: { 200: C['response'] };
}

export type ContractHandler<C extends EndpointContract> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  ContractSchema<C>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route adds to its contract: hooks such as rate limits (they run after validation and the auth guard). */
export interface RouteExtras {
  preHandler?: preHandlerAsyncHookHandler;
  /**
   * The handler only reads, and answers by returning: its queries run while the session check does, and its
   * answer waits for that check (an ended session gets the 401, never the data).
   */
  readOnly?: boolean;
}

/** Contract paths are relative with `{name}` parameters; Fastify wants `/…` with `:name`. */
export function toFastifyPath(contractPath: string): string {
  return `/${contractPath.replace(/^\/+/, '')}`.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Registers a route straight from a contract: method, path and every schema come from it, so validation,
 * the response shape and the OpenAPI entry cannot drift from what the client was compiled against.
 */
export function registerContract<C extends EndpointContract>(
  app: FastifyInstance,
  contract: C,
  handler: ContractHandler<C>,
  operationId?: string,
  extras: RouteExtras = {},
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: toFastifyPath(contract.path),
    config: { auth: contract.auth, ...(extras.readOnly ? { sessionCheck: 'alongside' as const } : {}) },
    schema: {
      ...(operationId ? { operationId } : {}),
      summary: contract.summary,
      ...(contract.auth === 'user' || contract.auth === 'partner' ? { security: [{ [BEARER_SECURITY_SCHEME]: [] }] } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      // Error bodies are checked and documented too: the one shape of the error handler.
      response: { 200: contract.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
    },
    ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    // The schema object is built from optional parts; its static type is ContractSchema<C>.
    handler: extras.readOnly ? readOnlyHandler(handler as RouteHandlerMethod) : (handler as RouteHandlerMethod),
  });
}

/** A read-only handler whose answer waits for the session check running beside it. */
function readOnlyHandler(handler: RouteHandlerMethod): RouteHandlerMethod {
  return function answerChecked(this: FastifyInstance, request, reply) {
    return answerOnceSessionChecked(request, async () => handler.call(this, request, reply) as unknown);
  };
}

/** `registerEndpoint(app, 'health', handler)`: a route of the shared `endpoints` table in one line. */
export function registerEndpoint<N extends EndpointName>(
  app: FastifyInstance,
  name: N,
  handler: ContractHandler<(typeof endpoints)[N]>,
  extras?: RouteExtras,
) {
  registerContract(app, endpoints[name], handler, name, extras);
}

/** The success envelope of docs/product.md §7: `{ status: 200, data }`. */
export function ok<T>(data: T): { status: 200; data: T } {
  return { status: 200, data };
}

/** `{ status: 200, data: { ok: true } }`, the answer of calls that return nothing else. */
export const OK = ok({ ok: true as const });
