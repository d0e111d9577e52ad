import { LockOutlined, SafetyOutlined, ToolOutlined, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hrefOf } from '@pagemate/shared-contracts';

/** Forms whose server side arrives with accounts (issue #3): they say so instead of pretending. */
function NotYetNotice({ shown }: { shown: boolean }) {
  const { t } = useTranslation('common');
  return shown ? (
    <Typography.Paragraph type="warning" role="status">
      {t('auth.notAvailable')}
    </Typography.Paragraph>
  ) : null;
}

export function SignUpPage() {
  const { t } = useTranslation('common');
  const [submitted, setSubmitted] = useState(false);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{t('auth.signUpTitle')}</Typography.Title>
      <Form layout="vertical" onFinish={() => setSubmitted(true)} requiredMark={false} initialValues={{ account_type: 'user' }}>
        <Form.Item name="user_name" label={t('auth.username')} rules={[{ required: true, message: t('auth.required') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="user_email" label={t('auth.email')} rules={[{ required: true, message: t('auth.required') }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="user_pass" label={t('auth.password')} rules={[{ required: true, message: t('auth.required') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="account_type" label={t('auth.accountType')}>
          <Radio.Group options={[{ value: 'user', label: t('auth.accountTypes.user') }, { value: 'partner', label: t('auth.accountTypes.partner') }]} />
        </Form.Item>
        <NotYetNotice shown={submitted} />
        <Button type="primary" htmlType="submit" block>{t('auth.register')}</Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        {t('auth.haveAccount')} <Link to={hrefOf('/sign-in')}>{t('menu.signIn')}</Link>
      </Typography.Paragraph>
    </>
  );
}

function EmailCodeForm({ titleKey, submitKey }: { titleKey: string; submitKey: string }) {
  const { t } = useTranslation('common');
  const [submitted, setSubmitted] = useState(false);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{t(titleKey)}</Typography.Title>
      <Form layout="vertical" onFinish={() => setSubmitted(true)} requiredMark={false}>
        <Form.Item name="email" label={t('auth.email')} rules={[{ required: true, message: t('auth.required') }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <NotYetNotice shown={submitted} />
        <Button type="primary" htmlType="submit" block>{t(submitKey)}</Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to={hrefOf('/sign-in')}>{t('menu.signIn')}</Link>
      </Typography.Paragraph>
    </>
  );
}

export function ResetPasswordPage() {
  return <EmailCodeForm titleKey="auth.resetTitle" submitKey="auth.resetSubmit" />;
}

export function CreatePasswordPage() {
  const { t } = useTranslation('common');
  const [submitted, setSubmitted] = useState(false);
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{t('auth.createPasswordTitle')}</Typography.Title>
      <Form layout="vertical" onFinish={() => setSubmitted(true)} requiredMark={false}>
        <Form.Item name="code" label={t('auth.verificationCode')} rules={[{ required: true, message: t('auth.required') }]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.newPassword')} rules={[{ required: true, message: t('auth.required') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <NotYetNotice shown={submitted} />
        <Button type="primary" htmlType="submit" block>{t('auth.savePassword')}</Button>
      </Form>
    </>
  );
}

export function TwoStepPage() {
  const { t } = useTranslation('common');
  return <Result icon={<SafetyOutlined />} title={<h1 style={{ fontSize: 24 }}>{t('auth.twoStepTitle')}</h1>} subTitle={t('beingBuilt.description')} />;
}

export function LockScreenPage() {
  const { t } = useTranslation('common');
  return (
    <Result
      icon={<LockOutlined />}
      title={<h1 style={{ fontSize: 24 }}>{t('auth.lockTitle')}</h1>}
      extra={<Link to={hrefOf('/sign-in')}><Button type="primary">{t('auth.unlock')}</Button></Link>}
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
