import { LanguageSwitch } from '@pagemate/shared-contracts';
import { Card, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Logo } from '../components/logo';


/** The authentication layout: a centred card on a quiet background. */
export function AuthLayout() {
  const { t } = useTranslation('common');
  return (
    <Layout style={{ minHeight: '100vh', background: 'linear-gradient(135deg, #e6f4ff 0%, #f9f0ff 100%)' }}>
      <Flex justify="space-between" align="center" style={{ padding: 16 }}>
        <Logo />
        <LanguageSwitch />
      </Flex>
      <Flex justify="center" align="center" style={{ flex: 1, padding: 16 }}>
        <Card style={{ width: '100%', maxWidth: 440 }}>
          <main id="main">
            <Outlet />
          </main>
        </Card>
      </Flex>
      <Typography.Text type="secondary" style={{ textAlign: 'center', padding: 16 }}>
        {t('brand.tagline')}
      </Typography.Text>
    </Layout>
  );
}
