import { FeaturePlaceholder } from '@pagemate/shared-contracts';
import { useTranslation } from 'react-i18next';

/** The bot identities (AI personalities) a config combines (later issue). */
export function IdentityManagerPage() {
  const { t } = useTranslation('page-manager');
  return <FeaturePlaceholder title={t('identityManager.title')} />;
}
