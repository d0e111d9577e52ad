import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Comments on the user's pages and the bot's replies (later issue). */
export function CommentManagerPage() {
  const { t } = useTranslation('crm');
  return <FeaturePlaceholder title={t('commentManager.title')} />;
}
