import type { Client } from '@pagemate/shared-contracts';
import { PHONE_MAX } from '../../shared/phone';
import { fold } from '../../shared/text';

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
export const CLIENT_LIMITS = { nameMax: 200, phoneMax: PHONE_MAX, shortMax: 200, noteMax: 2_000 } as const;

/** Clients whose name or phone contains the search (case and Vietnamese marks ignored; spaces in phones too). */
export function filterClients(clients: readonly Client[], search: string): Client[] {
  const needle = fold(search.trim());
  if (needle === '') return [...clients];
  const digits = needle.replace(/[\s().-]/g, '');
  return clients.filter((client) => fold(client.name).includes(needle) || (digits !== '' && client.phone.replace(/[\s().-]/g, '').includes(digits)));
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
