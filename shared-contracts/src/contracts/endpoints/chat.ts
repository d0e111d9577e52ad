import { z } from 'zod';
import { TEMPERATURE_OPTIONS } from '../constants.js';
import type { EndpointContract } from '../endpoints.js';
import { lazyEntries } from '../lazy-table.js';
import { CHAT_MODES, chatMessageSchema, chatStreamEventSchema, conversationSchema, MARKETING_FLOWS, passageSchema } from '../entities.js';
import { envelope, okSchema } from '../envelope.js';
import { userIdField, userIdParams, userIdQuery, uuidField } from './common.js';

/** The chatbot: ask (the answer streams), conversations, and the passages its citations point at. */

const TEMPERATURE_VALUES: readonly number[] = TEMPERATURE_OPTIONS.map((option) => option.value);

export const chatEndpoints = lazyEntries({
  chatSend: () => ({
    method: 'POST', path: 'api/v1/chat/send', auth: 'user', summary: 'Ask the chatbot; the answer streams as server-sent events',
    body: z.object({
      user_id: userIdField,
      /** Absent: a new conversation. */
      conversation_id: uuidField.optional(),
      mode: z.enum(CHAT_MODES),
      message: z.string().trim().min(1).max(8_000),
      /** The answer style (docs/product.md §9): Exactly 0, Stable 0.5, Flexible 0.7, Creative 1. */
      temperature: z.number().refine((value) => TEMPERATURE_VALUES.includes(value), `one of ${TEMPERATURE_VALUES.join(', ')}`).default(0.5),
      /** Full-documents mode: the files to answer from (a new conversation keeps them). */
      file_ids: z.array(uuidField).max(50).optional(),
      marketing_flow: z.enum(MARKETING_FLOWS).optional(),
    }),
    stream: true,
    response: chatStreamEventSchema,
  }) as const satisfies EndpointContract,
  chatConversations: () => ({
    method: 'GET', path: 'api/v1/chat/conversations/{userId}', auth: 'user', summary: 'Conversations of one chat mode, newest first',
    params: userIdParams, query: z.object({ mode: z.enum(CHAT_MODES) }), response: envelope(z.array(conversationSchema)),
  }) as const satisfies EndpointContract,
  chatConversation: () => ({
    method: 'GET', path: 'api/v1/chat/conversation/{id}', auth: 'user', summary: 'One conversation with its messages',
    params: z.object({ id: uuidField }), query: userIdQuery,
    response: envelope(z.object({ conversation: conversationSchema, messages: z.array(chatMessageSchema) })),
  }) as const satisfies EndpointContract,
  deleteConversation: () => ({
    method: 'POST', path: 'api/v1/chat/delete-conversation', auth: 'user', summary: 'Delete a conversation',
    body: z.object({ user_id: userIdField, conversation_id: uuidField }), response: okSchema,
  }) as const satisfies EndpointContract,
  chatPassage: () => ({
    method: 'GET', path: 'api/v1/chat/passage/{id}', auth: 'user', summary: 'The full passage a citation points at',
    params: z.object({ id: uuidField }), query: userIdQuery, response: envelope(passageSchema),
  }) as const satisfies EndpointContract,
});
