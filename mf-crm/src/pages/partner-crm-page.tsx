import { PartnerCrmScreen } from '../features/partner/partner-crm-screen';

/** The partner's view of the shops it serves: their orders and clients, all shops or one. */
export function PartnerCrmPage() {
  return <PartnerCrmScreen />;
}
