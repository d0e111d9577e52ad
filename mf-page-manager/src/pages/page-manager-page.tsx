import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Facebook accounts and their pages, with file, config, action type and auto-reply toggle per page (later issue). */
export function PageManagerPage() {
  const { t } = useTranslation('page-manager');
  return <FeaturePlaceholder title={t('pageManager.title')} />;
}
