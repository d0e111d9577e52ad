import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';

interface RetryAlertProps {
  /** What could not be loaded and why, as one sentence. */
  title: string;
  /** The retry button's text. */
  retry: string;
  onRetry(): void;
}

/** Something a screen could not load: the sentence, and a retry. */
export function RetryAlert({ title, retry, onRetry }: RetryAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          {retry}
        </Button>
      }
    />
  );
}
