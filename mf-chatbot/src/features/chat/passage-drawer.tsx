import type { Citation } from '@pagemate/shared-contracts';
import { Alert, Descriptions, Drawer, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { locatorText } from '../../shared/locator-text';
import { usePassageQuery } from './chat-api';
import { apiErrorText } from '@pagemate/shared-contracts';

/** `text` with the first occurrence of `excerpt` marked, as React text (never HTML). */
function Highlighted({ text, excerpt }: { text: string; excerpt: string }) {
  const { token } = theme.useToken();
  const at = excerpt.trim() === '' ? -1 : text.indexOf(excerpt.trim());
  if (at === -1) return <>{text}</>;
  const end = at + excerpt.trim().length;
  return (
    <>
      {text.slice(0, at)}
      <mark style={{ background: token.colorWarningBg, color: 'inherit', padding: '0 2px', borderRadius: 2 }}>{text.slice(at, end)}</mark>
      {text.slice(end)}
    </>
  );
}

/** The whole passage a citation points at: file, collection, where in the file, and the text with the excerpt marked. */
export function PassageDrawer({ citation, userId, onClose }: { citation: Citation | null; userId: string; onClose(): void }) {
  const { t } = useTranslation('chatbot');
  const { data, error, isFetching } = usePassageQuery({ id: citation?.chunk_id ?? '', userId }, { skip: citation === null });
  const passage = data && citation && data.chunk_id === citation.chunk_id ? data : null;

  return (
    <Drawer open={citation !== null} onClose={onClose} title={citation ? t('passage.title', { index: citation.index }) : ''} size="large" destroyOnHidden>
      {citation ? (
        <div data-testid="passage-drawer">
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('passage.file')}>{passage?.file_name ?? citation.file_name}</Descriptions.Item>
            <Descriptions.Item label={t('passage.collection')}>{passage?.collection_name ?? citation.collection_name}</Descriptions.Item>
            <Descriptions.Item label={t('passage.locator')}>{locatorText(passage?.locator ?? citation.locator, t)}</Descriptions.Item>
          </Descriptions>
          {error ? <Alert type="error" showIcon title={apiErrorText(t, error, 'chatbot')} style={{ marginBottom: 12 }} /> : null}
          {isFetching && !passage ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>
            <Highlighted text={passage?.text ?? citation.excerpt} excerpt={citation.excerpt} />
          </Typography.Paragraph>
        </div>
      ) : null}
    </Drawer>
  );
}
