import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The translated "this section is unavailable — retry" panel shown in place of a failed remote. */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="warning"
      title={t('remote.unavailableTitle')}
      subTitle={t('remote.unavailableDescription')}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} data-testid="remote-retry">
          {t('remote.retry')}
        </Button>
      }
      data-testid="remote-unavailable"
    />
  );
}
