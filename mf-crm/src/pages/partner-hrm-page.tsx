import { PartnerHrmScreen } from '../features/partner/partner-hrm-screen';

/** The partner's team and each shop's account manager. */
export function PartnerHrmPage() {
  return <PartnerHrmScreen />;
}
