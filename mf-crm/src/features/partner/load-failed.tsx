import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../shared/retry-alert';
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
  return <RetryAlert title={title} description={partnerErrorText(t, error)} retry={t('partner.retry')} onRetry={onRetry} testId={testId} />;
}
