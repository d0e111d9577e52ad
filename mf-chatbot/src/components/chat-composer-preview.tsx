import { SendOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the user will type a question: disabled, because the chat is not available yet. */
export function ChatComposerPreview() {
  const { t } = useTranslation('chatbot');
  const inputId = useId();

  return (
    <Flex gap={8} align="end" style={{ marginTop: 24 }} wrap>
      <label htmlFor={inputId} style={{ flex: '1 1 260px' }}>
        <span style={{ display: 'block', marginBottom: 4 }}>{t('intro.inputLabel')}</span>
        <Input id={inputId} disabled placeholder={t('intro.inputPlaceholder')} />
      </label>
      <Button type="primary" icon={<SendOutlined aria-hidden />} disabled>
        {t('intro.startChat')}
      </Button>
    </Flex>
  );
}
