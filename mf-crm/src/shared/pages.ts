import type { FacebookAccount, FacebookPage, InboxKind, PageAction } from '@pagemate/shared-contracts';

/** A page the user can pick, with what the picker and the warnings need of its account. */
export interface PickablePage {
  page: FacebookPage;
  accountName: string;
  sandbox: boolean;
  /** The account allowed PageMate on its pages' linked Instagram accounts. */
  instagramAllowed: boolean;
}

/** Every connected page once (a page reachable through two accounts is listed once, the first account wins). */
export function connectedPages(accounts: readonly FacebookAccount[] | undefined): PickablePage[] {
  const seen = new Map<string, PickablePage>();
  for (const account of accounts ?? []) {
    for (const page of account.page_data) {
      if (!seen.has(page.page_id)) seen.set(page.page_id, { page, accountName: account.name_fb, sandbox: account.sandbox, instagramAllowed: account.instagram_allowed });
    }
  }
  return [...seen.values()];
}

/**
 * The page to show: the one the URL names when it is still connected, else the first page whose bot receives
 * this kind (subscribed at Meta), else the first.
 */
export function chosenPage(pages: readonly PickablePage[], requested: string | null, kind?: InboxKind): PickablePage | undefined {
  return (
    pages.find((p) => p.page.page_id === requested) ??
    (kind ? pages.find((p) => answersOn(p.page, kind)) : undefined) ??
    pages[0]
  );
}

/** The bot answers this kind of thread on the page itself or on its linked Instagram account. */
export function answersOn(page: PickablePage['page'], kind: InboxKind): boolean {
  const type = subscriptionFor(kind);
  return page.subscribed.includes(type) || (page.instagram?.subscribed.includes(type) ?? false);
}

/** The subscription a kind of thread needs at Meta: comments ↔ `comments`, Messenger ↔ `messages`. */
export function subscriptionFor(kind: InboxKind): PageAction {
  return kind === 'comment' ? 'comments' : 'messages';
}
