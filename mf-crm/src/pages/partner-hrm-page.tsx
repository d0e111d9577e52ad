import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** The partner's staff (later issue). */
export function PartnerHrmPage() {
  const { t } = useTranslation('crm');
  return <FeaturePlaceholder title={t('partner.hrm.title')} />;
}
