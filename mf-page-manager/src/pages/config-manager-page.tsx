import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** Configs: a procedure plus an identity with persona role, target, mission and note (later issue). */
export function ConfigManagerPage() {
  const { t } = useTranslation('page-manager');
  return <FeaturePlaceholder title={t('configManager.title')} />;
}
