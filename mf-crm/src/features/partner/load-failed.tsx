import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { partnerErrorText } from './partner-model';

interface LoadFailedProps {
  /** What could not be loaded, as a sentence. */
  title: string;
  error: unknown;
  onRetry(): void;
  testId: string;
}

/** A list that could not be loaded: what, why (translated), and a retry. */
export function LoadFailed({ title, error, onRetry, testId }: LoadFailedProps) {
  const { t } = useTranslation('crm');
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={title}
      description={partnerErrorText(t, error)}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          {t('partner.retry')}
        </Button>
      }
    />
  );
}
