import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiClient, apiErrorText, endpoints, hrefOf, type EndpointBody } from '@pagemate/shared-contracts';
import { AuthTitle } from './auth-title';
import { authRules, sameAs } from './form-rules';

/** Step 1 of a password reset: the email gets a code; the answer never says whether the account exists. */
export function ResetPasswordPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const rules = authRules(t);

  const onFinish = async ({ user_email: email }: EndpointBody<'requestPasswordReset'>) => {
    setSubmitting(true);
    setError(null);
    try {
      await apiClient.http.post(endpoints.requestPasswordReset.path, { user_email: email });
      void navigate(`${hrefOf('/create-password')}?email=${encodeURIComponent(email)}`);
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthTitle title={t('auth.resetTitle')} />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<EndpointBody<'requestPasswordReset'>> layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item name="user_email" label={t('auth.email')} rules={rules.email}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.resetSubmit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to={hrefOf('/sign-in')}>{t('menu.signIn')}</Link>
      </Typography.Paragraph>
    </>
  );
}

type CreatePasswordValues = EndpointBody<'resetPassword'> & { confirm: string };

/** Step 2: the emailed code and a new password; every session of the account ends. */
export function CreatePasswordPage() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const rules = authRules(t);
  const email = params.get('email') ?? '';

  const onFinish = async ({ confirm: _confirm, ...values }: CreatePasswordValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await apiClient.http.post(endpoints.resetPassword.path, values);
      void message.success(t('auth.passwordChanged'));
      void navigate(hrefOf('/sign-in'));
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthTitle title={t('auth.createPasswordTitle')} subtitle={email ? t('auth.resetSent', { email }) : undefined} />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<CreatePasswordValues> layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} initialValues={{ user_email: email }}>
        <Form.Item name="user_email" label={t('auth.email')} rules={rules.email}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="verification_code" label={t('auth.verificationCode')} rules={rules.code}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Form.Item name="new_password" label={t('auth.newPassword')} rules={rules.password} extra={t('auth.passwordRule')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('auth.confirmPassword')} dependencies={['new_password']} rules={[rules.required, sameAs('new_password', t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.savePassword')}
        </Button>
      </Form>
    </>
  );
}
