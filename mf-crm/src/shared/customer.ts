import type { InboxThread } from '@pagemate/shared-contracts';

/** The customer's name; Messenger gives none until the profile is read, so the end of their id stands in. */
export function customerLabel(thread: Pick<InboxThread, 'customer_name' | 'customer_id'>, t: (key: string, values?: Record<string, string>) => string): string {
  return thread.customer_name.trim() || t('inbox.unknownCustomer', { id: thread.customer_id.slice(-4) });
}
