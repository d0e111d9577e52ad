import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Says plainly that the chat screen below is a preview, so nobody waits for an answer that cannot come. */
export function ChatUnavailableNotice() {
  const { t } = useTranslation('chatbot');
  return (
    <Alert
      type="warning"
      showIcon
      title={t('intro.unavailable.title')}
      description={t('intro.unavailable.description')}
      style={{ marginBottom: 24 }}
    />
  );
}
