import { FileSearchOutlined, MessageOutlined, ProfileOutlined, UploadOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const CAPABILITIES = [
  { key: 'upload', icon: <UploadOutlined aria-hidden /> },
  { key: 'analysis', icon: <FileSearchOutlined aria-hidden /> },
  { key: 'summary', icon: <ProfileOutlined aria-hidden /> },
  { key: 'answers', icon: <MessageOutlined aria-hidden /> },
] as const;

/** What the full-documents chatbot does (docs/product.md §2): upload, full-text analysis, extraction and summary, answers. */
export function FulldocsCapabilities() {
  const { t } = useTranslation('chatbot');
  const headingId = useId();

  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 16 }}>
        {t('chatbotFulldocs.capabilities.heading')}
      </Typography.Title>
      <ul aria-labelledby={headingId} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {CAPABILITIES.map(({ key, icon }) => (
          <li key={key} style={{ marginBottom: 8 }}>
            <Flex gap={8} align="center">
              {icon}
              <Typography.Text>{t(`chatbotFulldocs.capabilities.${key}`)}</Typography.Text>
            </Flex>
          </li>
        ))}
      </ul>
    </div>
  );
}
