import { Card, Col, Flex, Layout, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitch, normalisePath } from '@pagemate/shared-contracts';
import { Logo } from '../components/logo';

const BACKGROUND = 'linear-gradient(135deg, #e6f4ff 0%, #f9f0ff 100%)';

/** The side panel of the cover variants: the brand's promise beside the form. */
function CoverPanel() {
  const { t } = useTranslation('common');
  return (
    <Flex
      vertical
      justify="center"
      gap={16}
      style={{ height: '100%', minHeight: 320, padding: 48, color: '#fff', background: 'linear-gradient(160deg, #0958d9 0%, #722ed1 100%)' }}
    >
      <Typography.Title level={2} style={{ color: '#fff', margin: 0 }}>
        {t('auth.coverHeadline')}
      </Typography.Title>
      <Typography.Paragraph style={{ color: 'rgba(255,255,255,0.85)', fontSize: 16, margin: 0 }}>{t('auth.coverBody')}</Typography.Paragraph>
    </Flex>
  );
}

/** The authentication layout: a centred card (basic) or a split screen (the `/cover` variants). */
export function AuthLayout() {
  const { t } = useTranslation('common');
  const cover = normalisePath(useLocation().pathname).endsWith('/cover');
  const header = (
    <Flex justify="space-between" align="center" style={{ padding: 16 }}>
      <Logo />
      <LanguageSwitch />
    </Flex>
  );
  const form = (
    <Card style={{ width: '100%', maxWidth: 440 }}>
      <main id="main">
        <Outlet />
      </main>
    </Card>
  );

  if (cover) {
    return (
      <Layout style={{ minHeight: '100vh' }} data-testid="auth-cover">
        <Row style={{ minHeight: '100vh' }}>
          <Col xs={0} md={12}>
            <CoverPanel />
          </Col>
          <Col xs={24} md={12}>
            {header}
            <Flex justify="center" style={{ padding: 16 }}>
              {form}
            </Flex>
          </Col>
        </Row>
      </Layout>
    );
  }
  return (
    <Layout style={{ minHeight: '100vh', background: BACKGROUND }}>
      {header}
      <Flex justify="center" align="center" style={{ flex: 1, padding: 16 }}>
        {form}
      </Flex>
      <Typography.Text type="secondary" style={{ textAlign: 'center', padding: 16 }}>
        {t('brand.tagline')}
      </Typography.Text>
    </Layout>
  );
}
