import { LoadingOutlined } from '@ant-design/icons';
import type { CollectionFile } from '@pagemate/shared-contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOURS = { queued: 'default', indexing: 'processing', ready: 'success', failed: 'error' } as const;

/** Where indexing stands: waiting, indexing (spinning), ready to answer from, or failed with its reason. */
export function FileStatusTag({ file }: { file: CollectionFile }) {
  const { t } = useTranslation('chatbot');
  const status = file.index_status ?? 'ready';
  const tag = (
    <Tag color={COLOURS[status]} icon={status === 'indexing' ? <LoadingOutlined aria-hidden /> : undefined}>
      {t(`fileStatus.${status}`)}
    </Tag>
  );
  if (status !== 'failed') return tag;
  return (
    <Tooltip title={file.index_error ?? t('fileStatus.unknownError')}>
      <span tabIndex={0} aria-label={`${t('fileStatus.failed')}: ${file.index_error ?? t('fileStatus.unknownError')}`}>
        {tag}
      </span>
    </Tooltip>
  );
}
