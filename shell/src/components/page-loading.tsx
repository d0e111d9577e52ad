import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a page's area shows while its code loads: a remote's page, or a shell page that loads on first visit. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: 240 }} role="status" aria-live="polite">
      <Spin tip={t('remote.loading')}>
        <div style={{ padding: 48 }} />
      </Spin>
    </div>
  );
}
