import { Alert, Button } from 'antd';

/** A failed load, said in one sentence, with a retry button. */
export function LoadFailed({ message, retryLabel, retry }: { message: string; retryLabel: string; retry(): void }) {
  return <Alert type="error" showIcon role="alert" title={message} action={<Button onClick={retry}>{retryLabel}</Button>} />;
}
