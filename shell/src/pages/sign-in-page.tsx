import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import axios from 'axios';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  apiClient,
  decodeSessionUser,
  endpoints,
  featuresLoaded,
  homePathFor,
  hrefOf,
  sessionStarted,
  STORAGE_KEYS,
  storeToken,
  useAppDispatch,
  type EndpointResponse,
} from '@pagemate/shared-contracts';

interface SignInValues {
  username: string;
  password: string;
  remember: boolean;
}

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : null;
}

export function SignInPage() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (values: SignInValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const response = await apiClient.http.post<EndpointResponse<'login'>>(endpoints.login.path, {
        username: values.username,
        password: values.password,
      });
      const { access_token: accessToken, user_features: features, list_features: listFeatures } = response.data.data;
      const user = decodeSessionUser(accessToken);
      if (!user) throw new Error('The server answered with a token PageMate cannot read');
      storeToken(accessToken, values.remember, localStorage, sessionStorage);
      localStorage.setItem(STORAGE_KEYS.userFeatures, JSON.stringify(features));
      dispatch(sessionStarted({ accessToken, user }));
      dispatch(featuresLoaded({ userFeatures: features, listFeatures }));
      void navigate(safeNext(params.get('next')) ?? hrefOf(homePathFor(user.role)));
    } catch (caught) {
      if (axios.isAxiosError(caught) && caught.response) {
        const status = caught.response.status;
        const body = caught.response.data as { message?: string } | undefined;
        setError(status === 401 ? t('auth.invalidCredentials') : body?.message ?? t('errors.unexpected'));
      } else if (axios.isAxiosError(caught)) setError(t('errors.network'));
      else setError(t('errors.unexpected'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('auth.signInTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.signInSubtitle')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<SignInValues> layout="vertical" initialValues={{ remember: true }} onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item name="username" label={t('auth.username')} rules={[{ required: true, message: t('auth.required') }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.required') }]}>
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
        {t('auth.noAccount')} <Link to={hrefOf('/sign-up')}>{t('auth.createAccount')}</Link>
      </Typography.Paragraph>
    </>
  );
}
