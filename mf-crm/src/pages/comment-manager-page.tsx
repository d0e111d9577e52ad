import { useTranslation } from 'react-i18next';
import { InboxScreen } from '../features/inbox/inbox-screen';

/** Comments on the user's pages: the bot's answers, and the owner stepping in by hand. */
export function CommentManagerPage() {
  const { t } = useTranslation('crm');
  return <InboxScreen kind="comment" title={t('commentManager.title')} />;
}
