import { AppLink, hrefOf } from '@pagemate/shared-contracts';
import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** No shop has joined the partner yet: how shops join (the invite code on the partner dashboard). */
export function NoShops() {
  const { t } = useTranslation('crm');
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="partner-no-shops"
      description={
        <>
          <Typography.Paragraph strong style={{ marginBottom: 4 }}>
            {t('partner.noShops.title')}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('partner.noShops.description')}
          </Typography.Paragraph>
          <AppLink to={hrefOf('/partner-dashboard')} testId="partner-no-shops-link">
            {t('partner.noShops.link')}
          </AppLink>
        </>
      }
    />
  );
}
