import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Clients met through the pages, with a client detail modal (later issue). */
export function ClientManagerPage() {
  const { t } = useTranslation('crm');
  return <FeaturePlaceholder title={t('clientManager.title')} />;
}
