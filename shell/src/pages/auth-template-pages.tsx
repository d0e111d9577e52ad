import { ClockCircleOutlined, LockOutlined, SafetyOutlined, ToolOutlined } from '@ant-design/icons';
import { Button, Form, Input, Result, theme, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hrefOf, selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { AuthTitle } from './auth-title';
import { authRules } from './form-rules';

/**
 * Two-step verification: the form of the template. PageMate has no second factor yet, so submitting says
 * so instead of pretending to verify.
 */
export function TwoStepPage() {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  const [submitted, setSubmitted] = useState(false);
  const rules = authRules(t);
  return (
    <>
      <SafetyOutlined style={{ fontSize: 32, color: token.colorPrimary }} aria-hidden />
      <AuthTitle title={t('auth.twoStepTitle')} subtitle={t('auth.twoStepDescription')} />
      <Form layout="vertical" onFinish={() => setSubmitted(true)} requiredMark={false}>
        <Form.Item name="code" label={t('auth.verificationCode')} rules={rules.code}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        {submitted ? (
          <Typography.Paragraph type="warning" role="status">
            {t('auth.notAvailable')}
          </Typography.Paragraph>
        ) : null}
        <Button type="primary" htmlType="submit" block>
          {t('auth.verify')}
        </Button>
      </Form>
    </>
  );
}

export function LockScreenPage() {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectSessionUser);
  return (
    <Result
      icon={<LockOutlined />}
      title={<h1 style={{ fontSize: 24 }}>{t('auth.lockTitle')}</h1>}
      subTitle={user?.username}
      extra={
        <Link to={hrefOf('/sign-in')}>
          <Button type="primary">{t('auth.unlock')}</Button>
        </Link>
      }
    />
  );
}

export function ComingSoonPage() {
  const { t } = useTranslation('common');
  return <Result icon={<ClockCircleOutlined />} title={<h1 style={{ fontSize: 24 }}>{t('auth.comingSoonTitle')}</h1>} subTitle={t('beingBuilt.description')} />;
}

export function UnderMaintenancePage() {
  const { t } = useTranslation('common');
  return <Result icon={<ToolOutlined />} title={<h1 style={{ fontSize: 24 }}>{t('auth.maintenanceTitle')}</h1>} subTitle={t('auth.maintenanceDescription')} />;
}
