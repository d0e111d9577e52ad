import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** The procedures (flow descriptions) a config combines (later issue). */
export function ProcedureManagerPage() {
  const { t } = useTranslation('page-manager');
  return <FeaturePlaceholder title={t('procedureManager.title')} />;
}
