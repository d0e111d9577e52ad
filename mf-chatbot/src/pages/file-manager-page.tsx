import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Documents and collections the chatbots answer from; the same page serves users and partners (later issue). */
export function FileManagerPage() {
  const { t } = useTranslation('chatbot');
  return <FeaturePlaceholder title={t('fileManager.title')} />;
}
