import { useTranslation } from 'react-i18next';
import { ChatScreen } from '../features/chat/chat-screen';

const MODES = ['basic', 'marketing'] as const;

/** Chatbot Basic: quick answers, and the marketing-article chat behind the mode switch (no route of its own). */
export function ChatbotBasicPage() {
  const { t } = useTranslation('chatbot');
  return <ChatScreen title={t('chatbotBasic.title')} modes={MODES} />;
}
