import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Posts of the user's pages with scheduled posting, in add and update modes (later issue). */
export function PostManagerPage() {
  const { t } = useTranslation('crm');
  return <FeaturePlaceholder title={t('postManager.title')} />;
}
