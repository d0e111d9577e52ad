import { Card } from 'antd';
import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';
import { ChatComposerPreview } from '../components/chat-composer-preview';
import { ChatIntro } from '../components/chat-intro';
import { ChatUnavailableNotice } from '../components/chat-unavailable-notice';
import { FulldocsCapabilities } from '../components/fulldocs-capabilities';
import { TemperatureSelector } from '../components/temperature-selector';

export function ChatbotFulldocsPage() {
  const { t } = useTranslation('chatbot');
  return (
    <>
      <FeaturePlaceholder title={t('chatbotFulldocs.title')} />
      <ChatUnavailableNotice />
      <Card>
        <ChatIntro description={t('chatbotFulldocs.description')}>
          <FulldocsCapabilities />
        </ChatIntro>
        <TemperatureSelector />
        <ChatComposerPreview />
      </Card>
    </>
  );
}
