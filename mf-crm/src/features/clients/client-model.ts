import { type Client, formatVietnamDateTime, hrefOf, type InboxThread } from '@pagemate/shared-contracts';
import { fold } from '../inbox/inbox-model';

/** The client form as the modal holds it. */
export interface ClientFormValues {
  name: string;
  phone: string;
  favoriteColor: string;
  stylePreference: string;
  note: string;
  pageId: string | null;
}

/** The contract's limits of a client (`saveClient`). */
export const CLIENT_LIMITS = { nameMax: 200, phoneMax: 32, shortMax: 200, noteMax: 2_000 } as const;
const PHONE_CHARS = /^[\d\s+().-]*$/;

/** Clients whose name or phone contains the search (case and Vietnamese marks ignored; spaces in phones too). */
export function filterClients(clients: readonly Client[], search: string): Client[] {
  const needle = fold(search.trim());
  if (needle === '') return [...clients];
  const digits = needle.replace(/[\s().-]/g, '');
  return clients.filter((client) => fold(client.name).includes(needle) || (digits !== '' && client.phone.replace(/[\s().-]/g, '').includes(digits)));
}

export type PhoneProblem = 'chars' | 'too_long' | null;

/** Why a phone number is refused as typed: a character other than digits, spaces, + ( ) . -, or too long. */
export function phoneProblem(phone: string): PhoneProblem {
  const trimmed = phone.trim();
  if (!PHONE_CHARS.test(trimmed)) return 'chars';
  if (trimmed.length > CLIENT_LIMITS.phoneMax) return 'too_long';
  return null;
}

export function emptyClientForm(pageId: string | null = null): ClientFormValues {
  return { name: '', phone: '', favoriteColor: '', stylePreference: '', note: '', pageId };
}

export function clientFormOf(client: Client): ClientFormValues {
  return {
    name: client.name,
    phone: client.phone,
    favoriteColor: client.favoriteColor,
    stylePreference: client.stylePreference,
    note: client.note,
    pageId: client.page_id ?? null,
  };
}

/** The `saveClient` body: every field (the server resets those left out), with the id when editing. */
export function clientBodyOf(values: ClientFormValues, userId: string, id?: string) {
  return {
    user_id: userId,
    ...(id === undefined ? {} : { id }),
    name: values.name.trim(),
    phone: values.phone.trim(),
    favoriteColor: values.favoriteColor.trim(),
    stylePreference: values.stylePreference.trim(),
    note: values.note.trim(),
    ...(values.pageId ? { page_id: values.pageId } : {}),
  };
}

/** Where a conversation opens: the comment or the message manager, on its page, with the thread open. */
export function conversationHref(thread: Pick<InboxThread, 'kind' | 'page_id' | 'thread_id'>): string {
  const manager = thread.kind === 'comment' ? '/user-dashboard/comment-manager' : '/user-dashboard/message-manager';
  const query = new URLSearchParams({ page: thread.page_id, thread: thread.thread_id });
  return `${hrefOf(manager)}?${query.toString()}`;
}

/** `04/03/2025`: a day in Vietnam time; empty when unknown. */
export function formatDay(iso: string | undefined): string {
  return iso ? (formatVietnamDateTime(iso).split(' ')[0] ?? '') : '';
}

/** A `tel:` address: the digits and a leading +. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
