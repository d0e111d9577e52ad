import { hrefOf } from '@pagemate/shared-contracts';

/** Where a user whose balance ran out tops up: the balance page's deposit tab. */
export const DEPOSIT_HREF = `${hrefOf('/user-dashboard/balance')}?tab=deposit`;
/** Where pages are connected, reconnected and subscribed. */
export const PAGE_MANAGER_HREF = hrefOf('/user-dashboard/page-manager');
