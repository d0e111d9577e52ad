import { Alert, App, Button, Form, Input, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { apiClient, apiErrorText, endpoints, homePathFor, hrefOf, useAppStore, type EndpointBody, type EndpointResponse } from '@pagemate/shared-contracts';
import { INLINE_LINK } from '../components/inline-link';
import { startSession } from '../session/session';
import { AuthTitle } from './auth-title';
import { authRules, sameAs } from './form-rules';
import { useCodeCooldown } from './use-code-cooldown';

type SignUpValues = EndpointBody<'registerAccount'> & { confirm: string };

/** Sign-up with the email-code step: ask for a code, then create the account and sign in with it. */
export function SignUpPage() {
  const { t } = useTranslation('common');
  const store = useAppStore();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<SignUpValues>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [cooldown, startCooldown] = useCodeCooldown();
  const rules = authRules(t);

  const sendCode = async () => {
    setError(null);
    const { user_email: email } = await form.validateFields(['user_email']);
    setSending(true);
    try {
      await apiClient.http.post(endpoints.verifyEmail.path, { user_email: email });
      setSentTo(email);
      startCooldown();
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setSending(false);
    }
  };

  const onFinish = async ({ confirm: _confirm, ...values }: SignUpValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await apiClient.http.post(endpoints.registerAccount.path, values);
      const login = await apiClient.http.post<EndpointResponse<'login'>>(endpoints.login.path, {
        username: values.user_name,
        password: values.user_pass,
      });
      startSession(store, login.data.data, true);
      void message.success(t('auth.registered'));
      void navigate(hrefOf(homePathFor(store.getState().auth.user?.role)));
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthTitle title={t('auth.signUpTitle')} />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<SignUpValues> form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} initialValues={{ account_type: 'user' }}>
        <Form.Item label={t('auth.email')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="user_email" noStyle rules={rules.email}>
              <Input type="email" autoComplete="email" aria-label={t('auth.email')} />
            </Form.Item>
            <Button onClick={() => void sendCode()} loading={sending} disabled={cooldown > 0} data-testid="send-code">
              {cooldown > 0 ? t('auth.resendIn', { seconds: cooldown }) : t('auth.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sentTo ? (
          <Alert type="info" showIcon title={t('auth.codeSent', { email: sentTo })} style={{ marginBottom: 16 }} role="status" />
        ) : null}
        <Form.Item name="verification_code" label={t('auth.verificationCode')} rules={rules.code}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
        <Form.Item name="user_name" label={t('auth.usernameOnly')} rules={rules.username} extra={t('auth.usernameRule')}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="user_pass" label={t('auth.password')} rules={rules.password} extra={t('auth.passwordRule')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('auth.confirmPassword')} dependencies={['user_pass']} rules={[rules.required, sameAs('user_pass', t)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="account_type" label={t('auth.accountType')}>
          <Radio.Group options={[{ value: 'user', label: t('auth.accountTypes.user') }, { value: 'partner', label: t('auth.accountTypes.partner') }]} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.register')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        {t('auth.haveAccount')} <Link style={INLINE_LINK} to={hrefOf('/sign-in')}>{t('menu.signIn')}</Link>
      </Typography.Paragraph>
    </>
  );
}
