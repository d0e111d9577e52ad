import { InstagramOutlined, PauseCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { KeyboardScrollRegion, sideScrollTableProps, type BotConfig, type CollectionFile, type PageAction } from '@pagemate/shared-contracts';
import { Avatar, Button, Empty, Flex, Select, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFilesSelect } from './page-files-select';
import type { PageRow } from './page-rows';
import { SubscriptionButton } from './subscription-button';
import { usePageActions } from './use-page-actions';

const ACTION_TYPES: readonly PageAction[] = ['comments', 'messages'];

interface PageTableProps {
  rows: PageRow[];
  configs: BotConfig[];
  collection: CollectionFile[];
  loading: boolean;
  /** The dialog asking the Instagram permissions is under way. */
  allowingInstagram: boolean;
  /** Opens the connect dialog with the Instagram permissions added. */
  onAllowInstagram(): void;
}

/** Every page of every account: its files, config, action types, Auto toggle and subscriptions (docs/product.md §2, §4). */
export function PageTable({ rows, configs, collection, loading, allowingInstagram, onAllowInstagram }: PageTableProps) {
  const { t } = useTranslation('page-manager');
  const { saveManager, toggleSubscription, settingsOf, savingPageIds, subscribingPageId } = usePageActions();

  /** The linked account's @username; only that there is one until the user allows Instagram. */
  const instagramName = (row: PageRow) => (row.page.instagram?.username ? `@${row.page.instagram.username}` : t('instagram.unnamed'));

  const columns: TableColumnsType<PageRow> = [
    {
      key: 'page',
      title: t('pages.columns.page'),
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{row.page.page_name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.account.name_fb}
          </Typography.Text>
          {row.page.instagram ? (
            <Flex gap={6} align="center" data-testid={`instagram-account-${row.page.page_id}`}>
              <Avatar size={20} src={row.page.instagram.picture_url ?? undefined} icon={<InstagramOutlined />} alt="" />
              <Typography.Text style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                <InstagramOutlined aria-label={t('instagram.mark')} /> {instagramName(row)}
              </Typography.Text>
            </Flex>
          ) : null}
          {row.page.needs_reconnect ? (
            <Tooltip title={t('pages.reconnectHint')}>
              <Tag color="warning" icon={<WarningOutlined />} style={{ width: 'fit-content' }}>
                {t('pages.needsReconnect')}
              </Tag>
            </Tooltip>
          ) : null}
          {row.page.bot_paused ? (
            <Tooltip title={t(`pages.botPausedHint.${row.page.bot_paused}`)}>
              <Tag
                color={row.page.bot_paused === 'no_funds' ? 'error' : 'warning'}
                icon={<PauseCircleOutlined />}
                style={{ width: 'fit-content' }}
                data-testid="bot-paused-tag"
              >
                {t(`pages.botPaused.${row.page.bot_paused}`)}
              </Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'files',
      title: t('pages.columns.files'),
      width: 260,
      render: (_v, row) => (
        <PageFilesSelect
          collection={collection}
          value={settingsOf(row).files}
          label={t('pages.filesFor', { page: row.page.page_name })}
          onChange={(files) => saveManager(row, { files })}
        />
      ),
    },
    {
      key: 'config',
      title: t('pages.columns.config'),
      width: 200,
      render: (_v, row) => (
        <Select
          allowClear
          style={{ width: '100%', minWidth: 160 }}
          placeholder={t('pages.configPlaceholder')}
          aria-label={t('pages.configFor', { page: row.page.page_name })}
          notFoundContent={t('config.empty')}
          value={settingsOf(row).config_id ?? undefined}
          options={configs.map((config) => ({ value: config.total_id, label: config.name }))}
          onChange={(configId: string | undefined) => saveManager(row, { config_id: configId ?? null })}
        />
      ),
    },
    {
      key: 'action',
      title: t('pages.columns.action'),
      render: (_v, row) => {
        const instagram = row.page.instagram?.subscribed ?? [];
        if (row.page.subscribed.length === 0 && instagram.length === 0) return <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>{t('pages.noAction')}</Typography.Text>;
        return (
          <>
            {row.page.subscribed.map((type) => (
              <Tag key={type} color={type === 'comments' ? 'blue' : 'purple'}>
                {t(`actionTypes.${type}`)}
              </Tag>
            ))}
            {instagram.map((type) => (
              <Tag key={`instagram-${type}`} color="magenta" icon={<InstagramOutlined />}>
                {t(`instagram.actionTypes.${type}`)}
              </Tag>
            ))}
          </>
        );
      },
    },
    {
      key: 'auto',
      title: t('pages.columns.auto'),
      render: (_v, row) => (
        <Switch
          aria-label={t('pages.autoLabel', { page: row.page.page_name })}
          checked={settingsOf(row).auto_reply}
          loading={savingPageIds.has(row.page.page_id)}
          onChange={(checked) => saveManager(row, { auto_reply: checked })}
        />
      ),
    },
    {
      key: 'subscriptions',
      title: t('pages.columns.subscriptions'),
      render: (_v, row) => (
        <Flex vertical gap={6} align="start">
          {ACTION_TYPES.map((type) => (
            <SubscriptionButton
              key={type}
              row={row}
              type={type}
              disabled={row.page.needs_reconnect || subscribingPageId === row.page.page_id}
              onConfirm={toggleSubscription}
            />
          ))}
          {row.page.instagram && !row.account.instagram_allowed ? (
            <Tooltip title={t('instagram.allowHint')}>
              <Button
                size="small"
                icon={<InstagramOutlined />}
                loading={allowingInstagram}
                disabled={row.page.needs_reconnect}
                onClick={onAllowInstagram}
                data-testid={`allow-instagram-${row.page.page_id}`}
              >
                {t('instagram.allow')}
              </Button>
            </Tooltip>
          ) : null}
          {row.page.instagram && row.account.instagram_allowed ? (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <InstagramOutlined /> {t('instagram.subscriptionsTitle', { name: instagramName(row) })}
              </Typography.Text>
              {ACTION_TYPES.map((type) => (
                <SubscriptionButton
                  key={`instagram-${type}`}
                  row={row}
                  type={type}
                  channel="instagram"
                  disabled={row.page.needs_reconnect || subscribingPageId === row.page.page_id}
                  onConfirm={toggleSubscription}
                />
              ))}
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <KeyboardScrollRegion label={t('pageManager.title')}>
      <Table<PageRow>
      rowKey="key"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={t('pages.empty')} /> }}
      {...sideScrollTableProps(1000)}
      />
    </KeyboardScrollRegion>
  );
}
