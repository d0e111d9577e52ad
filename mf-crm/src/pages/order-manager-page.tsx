import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Orders taken through the pages (later issue). */
export function OrderManagerPage() {
  const { t } = useTranslation('crm');
  return <FeaturePlaceholder title={t('orderManager.title')} />;
}
