import {
  api,
  endpointPath,
  type EndpointBody,
  type EndpointResponse,
  type InboxKind,
  type InboxThread,
} from '@pagemate/shared-contracts';
import { replaceThread } from './inbox-model';

export type ThreadDetail = EndpointResponse<'inboxThread'>['data'];
type ReplyResult = EndpointResponse<'inboxReply'>['data'];

export interface ThreadListArg {
  kind: InboxKind;
  user_id: string;
  page_id: string;
}
export interface ThreadArg {
  id: string;
  user_id: string;
}

/** Polling of the thread list and the open thread: the bot answers while the page is open. */
export const INBOX_POLLING = { pollingInterval: 5_000, skipPollingIfUnfocused: true } as const;

const tagType = (kind: InboxKind) => (kind === 'comment' ? 'Comments' : 'Messages');
const listTag = (arg: ThreadListArg) => ({ type: tagType(arg.kind), id: `LIST:${arg.page_id}` }) as const;

/**
 * The comment and message managers (one inbox, two kinds): a page's threads, one thread
 * with its items, a person's reply, and pausing the bot on a thread. Replies and pauses write the server's
 * answer into the cached list and thread at once; polling keeps both fresh.
 */
export const inboxApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    inboxThreads: build.query<InboxThread[], ThreadListArg>({
      query: ({ kind, user_id, page_id }) => ({
        url: endpointPath(kind === 'comment' ? 'getComments' : 'getMessages'),
        method: 'POST',
        data: { user_id, page_id } satisfies EndpointBody<'getComments'>,
      }),
      providesTags: (_result, _error, arg) => [listTag(arg)],
    }),
    inboxThread: build.query<ThreadDetail, ThreadArg>({
      query: ({ id, user_id }) => ({ url: endpointPath('inboxThread', { id }), params: { user_id } }),
      providesTags: (result, _error, arg) => [{ type: tagType(result?.thread.kind ?? 'comment'), id: arg.id }],
      // Opening a thread marks it read: the list drops its unread count without waiting for the next poll.
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(inboxApi.util.updateQueryData('inboxThreads', listArgOf(data.thread, arg.user_id), (list) => replaceThread(list, data.thread)));
        } catch {
          // The detail shows the failure.
        }
      },
    }),
    inboxReply: build.mutation<ReplyResult, EndpointBody<'inboxReply'>>({
      query: (body) => ({ url: endpointPath('inboxReply'), method: 'POST', data: body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            inboxApi.util.updateQueryData('inboxThread', { id: body.thread_id, user_id: body.user_id }, (detail) => ({
              thread: data.thread,
              items: detail.items.some((item) => item.item_id === data.item.item_id) ? detail.items : [...detail.items, data.item],
            })),
          );
          dispatch(inboxApi.util.updateQueryData('inboxThreads', listArgOf(data.thread, body.user_id), (list) => replaceThread(list, data.thread)));
        } catch {
          // The reply box shows the failure and keeps the text.
        }
      },
    }),
    inboxBot: build.mutation<InboxThread, EndpointBody<'inboxBot'>>({
      query: (body) => ({ url: endpointPath('inboxBot'), method: 'POST', data: body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(inboxApi.util.updateQueryData('inboxThread', { id: body.thread_id, user_id: body.user_id }, (detail) => ({ ...detail, thread: data })));
          dispatch(inboxApi.util.updateQueryData('inboxThreads', listArgOf(data, body.user_id), (list) => replaceThread(list, data)));
        } catch {
          // The toggle shows the failure.
        }
      },
    }),
  }),
});

function listArgOf(thread: InboxThread, userId: string): ThreadListArg {
  return { kind: thread.kind, user_id: userId, page_id: thread.page_id };
}

export const { useInboxThreadsQuery, useInboxThreadQuery, useInboxReplyMutation, useInboxBotMutation } = inboxApi;
