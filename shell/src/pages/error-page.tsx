import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

const STATUS = { 401: '403', 404: '404', 500: '500' } as const;

/** 401 / 404 / 500 pages. */
export function ErrorPage({ code }: { code: 401 | 404 | 500 }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status={STATUS[code]}
      title={<h1 style={{ fontSize: 32, margin: 0 }}>{t(`errors.${code}.title`)}</h1>}
      subTitle={t(`errors.${code}.description`)}
      extra={
        <Link to="/">
          <Button type="primary">{t('errors.backHome')}</Button>
        </Link>
      }
      data-testid={`error-${code}`}
    />
  );
}
