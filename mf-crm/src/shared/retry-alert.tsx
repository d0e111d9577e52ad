import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';

interface RetryAlertProps {
  /** What could not be loaded (and why, when there is no description), as one sentence. */
  title: string;
  /** Why, when the title says only what. */
  description?: string;
  /** The retry button's text. */
  retry: string;
  onRetry(): void;
  testId?: string;
}

/** Something a screen could not load: the sentence, and a retry. */
export function RetryAlert({ title, description, retry, onRetry, testId }: RetryAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      title={title}
      description={description}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          {retry}
        </Button>
      }
    />
  );
}
