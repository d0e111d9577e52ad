import { useTranslation } from 'react-i18next';
import { ChatScreen } from '../features/chat/chat-screen';

const MODES = ['fulldocs'] as const;

/** Chatbot Fulldocs: choose ready files, then ask; answers cite the passages they used. */
export function ChatbotFulldocsPage() {
  const { t } = useTranslation('chatbot');
  return <ChatScreen title={t('chatbotFulldocs.title')} modes={MODES} />;
}
