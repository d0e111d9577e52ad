import {
  api,
  endpointPath,
  type ChatMessage,
  type ChatMode,
  type Conversation,
  type EndpointBody,
  type Passage,
} from '@pagemate/shared-contracts';

/** Conversations are this remote's own data: a tag of its own, added without touching the base api. */
const chatBase = api.enhanceEndpoints({ addTagTypes: ['Conversations'] });

/** Conversations, their messages and cited passages. Sending streams: see `use-chat.ts`. */
export const chatApi = chatBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    conversations: build.query<Conversation[], { userId: string; mode: ChatMode }>({
      query: ({ userId, mode }) => ({ url: endpointPath('chatConversations', { userId }), params: { mode } }),
      providesTags: ['Conversations'],
    }),
    conversation: build.query<{ conversation: Conversation; messages: ChatMessage[] }, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ url: endpointPath('chatConversation', { id }), params: { user_id: userId } }),
    }),
    deleteConversation: build.mutation<unknown, EndpointBody<'deleteConversation'>>({
      query: (body) => ({ url: endpointPath('deleteConversation'), method: 'POST', data: body }),
      invalidatesTags: ['Conversations'],
    }),
    passage: build.query<Passage, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ url: endpointPath('chatPassage', { id }), params: { user_id: userId } }),
    }),
  }),
});

export const { useConversationsQuery, useDeleteConversationMutation, usePassageQuery } = chatApi;
