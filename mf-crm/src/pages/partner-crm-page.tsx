import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** The partner's customer relationships (later issue). */
export function PartnerCrmPage() {
  const { t } = useTranslation('crm');
  return <FeaturePlaceholder title={t('partner.crm.title')} />;
}
