import { z } from 'zod';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries, lazySchema } from '../lazy-table.js';
import { botConfigSchema, identityInfoSchema, identitySchema, identityStorySchema, procedureSchema } from '../entities.js';
import { envelope, okSchema } from '../envelope.js';
import { userIdField, userIdQuery, uuidField } from './common.js';

/** The bot's set-up: identities, procedures, and the bot configs that combine them. */

const identityBody = lazySchema(() => z.object({
  user_id: userIdField,
  name: z.string().trim().min(1).max(200),
  info: identityInfoSchema,
  story: identityStorySchema,
  style_conversation: z.string().max(10_000),
  example_conversation: z.string().max(10_000),
}));
const procedureBody = lazySchema(() => z.object({
  user_id: userIdField,
  name: z.string().trim().min(1).max(200),
  procedure: z.string().trim().min(1).max(10_000),
}));
const configBody = lazySchema(() => z.object({
  user_id: userIdField,
  name: z.string().trim().min(1).max(200),
  procedure_id: uuidField,
  identity_id: uuidField,
  role: z.string().max(200),
  target: z.string().max(10_000),
  mission: z.string().max(10_000),
  note: z.string().max(10_000),
}));

export const botEndpoints = lazyEntries({
  createIdentity: () => ({
    method: 'POST', path: 'api/v1/facebook/config/create-identity', auth: 'user', summary: 'Create an identity',
    body: identityBody, response: envelope(identitySchema),
  }) as const satisfies EndpointContract,
  updateIdentity: () => ({
    method: 'POST', path: 'api/v1/facebook/config/update-identity', auth: 'user', summary: 'Update an identity',
    body: identityBody.extend({ identity_id: uuidField }), response: envelope(identitySchema),
  }) as const satisfies EndpointContract,
  deleteIdentity: () => ({
    method: 'POST', path: 'api/v1/facebook/config/delete-identity', auth: 'user', summary: 'Delete an identity',
    body: z.object({ user_id: userIdField, identity_id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  getIdentity: () => ({
    method: 'GET', path: 'api/v1/facebook/config/get-identity', auth: 'user', summary: 'Identities of the user',
    query: userIdQuery, response: envelope(z.array(identitySchema)),
  }) as const satisfies EndpointContract,
  createProcedure: () => ({
    method: 'POST', path: 'api/v1/facebook/config/create-procedure', auth: 'user', summary: 'Create a procedure',
    body: procedureBody, response: envelope(procedureSchema),
  }) as const satisfies EndpointContract,
  updateProcedure: () => ({
    method: 'POST', path: 'api/v1/facebook/config/update-procedure', auth: 'user', summary: 'Update a procedure',
    body: procedureBody.extend({ procedure_id: uuidField }), response: envelope(procedureSchema),
  }) as const satisfies EndpointContract,
  deleteProcedure: () => ({
    method: 'POST', path: 'api/v1/facebook/config/delete-procedure', auth: 'user', summary: 'Delete a procedure',
    body: z.object({ user_id: userIdField, procedure_id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  getProcedure: () => ({
    method: 'GET', path: 'api/v1/facebook/config/get-procedure', auth: 'user', summary: 'Procedures of the user',
    query: userIdQuery, response: envelope(z.array(procedureSchema)),
  }) as const satisfies EndpointContract,
  createConfig: () => ({
    method: 'POST', path: 'api/v1/facebook/config/create', auth: 'user', summary: 'Create a bot config',
    body: configBody, response: envelope(botConfigSchema),
  }) as const satisfies EndpointContract,
  updateConfig: () => ({
    method: 'POST', path: 'api/v1/facebook/config/update', auth: 'user', summary: 'Update a bot config',
    body: configBody.extend({ total_id: uuidField }), response: envelope(botConfigSchema),
  }) as const satisfies EndpointContract,
  deleteConfig: () => ({
    method: 'POST', path: 'api/v1/facebook/config/delete', auth: 'user', summary: 'Delete a bot config',
    body: z.object({ user_id: userIdField, total_id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  getConfig: () => ({
    method: 'GET', path: 'api/v1/facebook/config/get', auth: 'user', summary: 'Bot configs of the user',
    query: userIdQuery, response: envelope(z.array(botConfigSchema)),
  }) as const satisfies EndpointContract,
});
