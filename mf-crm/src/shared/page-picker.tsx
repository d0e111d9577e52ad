import { AppLink } from '@pagemate/shared-contracts';
import { FacebookOutlined, WarningOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_MANAGER_HREF } from './links';
import type { PickablePage } from './pages';

/** The page a page-scoped screen shows (inbox, posts), as a select with each page's account kind and warnings. */
export function PagePicker({ pages, value, onChange }: { pages: PickablePage[]; value: string; onChange(pageId: string): void }) {
  const { t } = useTranslation('crm');
  return (
    <Select
      value={value}
      onChange={onChange}
      aria-label={t('inbox.pagePicker.label')}
      placeholder={t('inbox.pagePicker.placeholder')}
      style={{ minWidth: 240, maxWidth: '100%' }}
      data-testid="page-picker"
      options={pages.map(({ page, sandbox }) => ({
        value: page.page_id,
        title: page.page_name,
        label: (
          <Flex gap={6} align="center">
            <FacebookOutlined aria-hidden />
            <span>{page.page_name}</span>
            {sandbox ? <Tag style={{ marginInlineEnd: 0 }}>{t('inbox.pagePicker.sandbox')}</Tag> : null}
            {page.needs_reconnect ? <WarningOutlined aria-label={t('inbox.pagePicker.needsReconnect')} style={{ color: '#faad14' }} /> : null}
          </Flex>
        ),
      }))}
    />
  );
}

/** No Facebook page connected yet: where to connect one. */
export function NoPages({ description, testId }: { description: string; testId: string }) {
  const { t } = useTranslation('crm');
  return (
    <Card data-testid={testId}>
      <Empty
        image={<FacebookOutlined aria-hidden style={{ fontSize: 56, color: '#1877f2' }} />}
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Text strong>{t('inbox.noPages.title')}</Typography.Text>
            <Typography.Text type="secondary">{description}</Typography.Text>
          </Flex>
        }
      >
        <AppLink to={PAGE_MANAGER_HREF} testId="page-manager-link">
          {t('inbox.noPages.action')}
        </AppLink>
      </Empty>
    </Card>
  );
}
