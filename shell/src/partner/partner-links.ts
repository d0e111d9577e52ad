import { findRoute, hrefOf, type RouteId } from '@pagemate/shared-contracts';

/** Link target of one of the partner's routes, with the static export's trailing slash. */
export const partnerHref = (id: Extract<RouteId, 'partner-dashboard' | 'list-view' | 'widgets'>) => hrefOf(findRoute(id).path);
