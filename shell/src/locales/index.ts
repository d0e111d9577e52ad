import type { NamespaceResources } from '@pagemate/shared-contracts';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enPartner from './en/partner.json';
import viCommon from './vi/common.json';
import viDashboard from './vi/dashboard.json';
import viPartner from './vi/partner.json';

/** The shell's own namespaces; remotes add theirs when they load. */
export const shellNamespaces: Record<'common' | 'dashboard' | 'partner', NamespaceResources> = {
  common: { vi: viCommon, en: enCommon },
  dashboard: { vi: viDashboard, en: enDashboard },
  partner: { vi: viPartner, en: enPartner },
};
