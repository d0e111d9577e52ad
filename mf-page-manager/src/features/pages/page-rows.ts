import type { Channel, CollectionFile, EndpointBody, FacebookAccount, FacebookPage, FileRef, PageAction, PageManager } from '@pagemate/shared-contracts';

/** One row of the page table: a page, the account it belongs to, and its manager once one was saved. */
export interface PageRow {
  key: string;
  account: FacebookAccount;
  page: FacebookPage;
  manager: PageManager | undefined;
}

export function pageRows(accounts: readonly FacebookAccount[], managers: readonly PageManager[]): PageRow[] {
  const byPage = new Map(managers.map((manager) => [manager.page_id, manager]));
  return accounts.flatMap((account) =>
    account.page_data.map((page) => ({ key: `${account.id_user_fb}:${page.page_id}`, account, page, manager: byPage.get(page.page_id) })),
  );
}

/** The `page_data` of get-manager: every page once, whatever account lists it. */
export function managerPageData(accounts: readonly FacebookAccount[]): EndpointBody<'getManager'>['page_data'] {
  const seen = new Map<string, string>();
  for (const account of accounts) for (const page of account.page_data) if (!seen.has(page.page_id)) seen.set(page.page_id, page.page_name);
  return [...seen].map(([page_id, page_name]) => ({ page_id, page_name }));
}

/**
 * The accounts with one page's `subscribed` (or its linked Instagram account's, `channel` instagram) replaced by
 * what the server answered.
 */
export function applySubscription(accounts: readonly FacebookAccount[], pageId: string, subscribed: PageAction[], channel: Channel = 'facebook'): FacebookAccount[] {
  const apply = (page: FacebookAccount['page_data'][number]) => {
    if (page.page_id !== pageId) return page;
    if (channel === 'facebook') return { ...page, subscribed: [...subscribed] };
    return page.instagram ? { ...page, instagram: { ...page.instagram, subscribed: [...subscribed] } } : page;
  };
  return accounts.map((account) => ({ ...account, page_data: account.page_data.map(apply) }));
}

/** What is subscribed on the page itself (Facebook) or on its linked Instagram account. */
export const subscribedOn = (page: FacebookAccount['page_data'][number], channel: Channel): PageAction[] =>
  channel === 'instagram' ? (page.instagram?.subscribed ?? []) : page.subscribed;

/** The managers with one page's replaced by (or, for a page without one yet, added as) what the server saved. */
export function withSavedManager(managers: readonly PageManager[], saved: PageManager): PageManager[] {
  const known = managers.some((manager) => manager.page_id === saved.page_id);
  return known ? managers.map((manager) => (manager.page_id === saved.page_id ? saved : manager)) : [...managers, saved];
}

export interface ManagerChange {
  files?: FileRef[];
  config_id?: string | null;
  auto_reply?: boolean;
}

/** A row's settings as drawn: its saved manager's (or the defaults) with the changes not saved yet applied. */
export function rowSettings(manager: PageManager | undefined, unsaved: ManagerChange): Required<ManagerChange> {
  return {
    files: unsaved.files ?? manager?.files ?? [],
    config_id: unsaved.config_id !== undefined ? unsaved.config_id : (manager?.config_id ?? null),
    auto_reply: unsaved.auto_reply ?? manager?.auto_reply ?? true,
  };
}

/**
 * The update-manager body for a row after one change: the saved manager's values (or the defaults for a page
 * without one) with the change applied. `action` mirrors what the page is subscribed to at Meta.
 */
export function managerBody(userId: string, username: string, row: PageRow, change: ManagerChange): EndpointBody<'updateManager'> {
  const current = row.manager;
  return {
    user_id: userId,
    ...(current ? { manager_id: current.manager_id } : {}),
    username,
    page_id: row.page.page_id,
    page_name: row.page.page_name,
    files: change.files ?? current?.files ?? [],
    config_id: change.config_id !== undefined ? change.config_id : (current?.config_id ?? null),
    action: [...row.page.subscribed],
    auto_reply: change.auto_reply ?? current?.auto_reply ?? true,
  };
}

/** A file as one select value (collection and file names may hold any character, so JSON, not a separator). */
export function fileKey(file: FileRef): string {
  return JSON.stringify([file.collection_name, file.file_name]);
}

export function fileRefOf(key: string): FileRef | null {
  try {
    const parsed: unknown = JSON.parse(key);
    if (Array.isArray(parsed) && parsed.length === 2 && parsed.every((part) => typeof part === 'string')) {
      return { collection_name: parsed[0] as string, file_name: parsed[1] as string };
    }
  } catch {
    // not one of ours
  }
  return null;
}

/** Select options grouped by collection; files a manager names but the collection list lacks stay selectable. */
export function fileOptions(collection: readonly CollectionFile[], chosen: readonly FileRef[]) {
  const groups = new Map<string, FileRef[]>();
  const add = (file: FileRef) => {
    const list = groups.get(file.collection_name) ?? [];
    if (!list.some((known) => known.file_name === file.file_name)) list.push(file);
    groups.set(file.collection_name, list);
  };
  collection.forEach(add);
  chosen.forEach(add);
  return [...groups].map(([collectionName, files]) => ({
    label: collectionName,
    title: collectionName,
    options: files.map((file) => ({ value: fileKey(file), label: file.file_name })),
  }));
}
