import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiClient, apiErrorText, endpoints, homePathFor, hrefOf, useAppStore, type EndpointResponse } from '@pagemate/shared-contracts';
import { INLINE_LINK } from '../components/inline-link';
import { startSession } from '../session/session';
import { safeNext } from '../session/tab-channel';
import { AuthTitle } from './auth-title';
import { authRules } from './form-rules';

interface SignInValues {
  username: string;
  password: string;
  remember: boolean;
}

export function SignInPage() {
  const { t } = useTranslation('common');
  const store = useAppStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const rules = authRules(t);

  const onFinish = async (values: SignInValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const response = await apiClient.http.post<EndpointResponse<'login'>>(endpoints.login.path, {
        username: values.username,
        password: values.password,
        remember: values.remember,
      });
      if (!startSession(store, response.data.data, values.remember)) throw new Error('Unreadable access token');
      const role = store.getState().auth.user?.role;
      void navigate(safeNext(params.get('next')) ?? hrefOf(homePathFor(role)));
    } catch (caught) {
      setError(apiErrorText(t, caught));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <AuthTitle title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')} />
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<SignInValues> layout="vertical" initialValues={{ remember: true }} onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item name="username" label={t('auth.username')} rules={[rules.required]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[rules.required]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>{t('auth.remember')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('auth.submit')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16 }}>
        <Link to={hrefOf('/reset-password')}>{t('auth.forgot')}</Link>
      </Typography.Paragraph>
      <Typography.Paragraph>
        {t('auth.noAccount')} <Link style={INLINE_LINK} to={hrefOf('/sign-up')}>{t('auth.createAccount')}</Link>
      </Typography.Paragraph>
    </>
  );
}
