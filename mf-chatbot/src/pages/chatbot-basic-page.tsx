import { Card } from 'antd';
import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';
import { ChatComposerPreview } from '../components/chat-composer-preview';
import { ChatIntro } from '../components/chat-intro';
import { ChatUnavailableNotice } from '../components/chat-unavailable-notice';
import { TemperatureSelector } from '../components/temperature-selector';

export function ChatbotBasicPage() {
  const { t } = useTranslation('chatbot');
  return (
    <>
      <FeaturePlaceholder title={t('chatbotBasic.title')} />
      <ChatUnavailableNotice />
      <Card>
        <ChatIntro description={t('chatbotBasic.description')} />
        <TemperatureSelector />
        <ChatComposerPreview />
      </Card>
    </>
  );
}
