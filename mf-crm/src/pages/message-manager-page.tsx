import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Messenger conversations of the user's pages and the bot's replies (later issue). */
export function MessageManagerPage() {
  const { t } = useTranslation('crm');
  return <FeaturePlaceholder title={t('messageManager.title')} />;
}
