import type { FastifyInstance } from 'fastify';
import { OK, ok, registerEndpoint } from '../http/contract-route.js';
import { registerEventStream } from '../http/event-stream.js';

/** The chatbot: answers stream as server-sent events; conversations are the token's user's only. */
export default async function chatRoutes(app: FastifyInstance) {
  const chat = app.chat;

  registerEventStream(app, 'chatSend', async ({ request, body, open }) => {
    const turn = await chat.prepare(request.user.userId, body);
    const stream = open();
    await chat.answer(turn, stream.send, stream.signal);
  });
  registerEndpoint(app, 'chatConversations', async ({ user, query }) => ok(await chat.conversations(user.userId, query.mode)));
  registerEndpoint(app, 'chatConversation', async ({ user, params }) => ok(await chat.conversation(user.userId, params.id)));
  registerEndpoint(app, 'deleteConversation', async ({ user, body }) => {
    await chat.deleteConversation(user.userId, body.conversation_id);
    return OK;
  });
}
