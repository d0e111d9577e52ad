import { useTranslation } from 'react-i18next';
import { InboxScreen } from '../features/inbox/inbox-screen';

/** Messenger conversations of the user's pages: the bot's answers, and the owner stepping in by hand. */
export function MessageManagerPage() {
  const { t } = useTranslation('crm');
  return <InboxScreen kind="message" title={t('messageManager.title')} />;
}
