import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type PartnerShop, sideScrollTableProps } from '@pagemate/shared-contracts';
import { useFormatCount } from '../dashboard/format-count';
import { partnerHref } from './partner-links';
import { topShopsByBotReplies } from './partner-model';

/** The five shops with the most bot replies over the period, and the way to the full list. */
export function TopShops({ shops }: { shops: readonly PartnerShop[] }) {
  const { t } = useTranslation('partner');
  const count = useFormatCount();
  return (
    <section aria-labelledby="partner-top-shops">
      <Typography.Title level={2} id="partner-top-shops" style={{ fontSize: 18, marginTop: 0 }}>
        {t('top.title')}
      </Typography.Title>
      <Table<PartnerShop>
        rowKey="shop_id"
        size="small"
        pagination={false}
        {...sideScrollTableProps()}
        dataSource={topShopsByBotReplies(shops)}
        columns={[
          { key: 'username', dataIndex: 'username', title: t('shops.columns.username') },
          { key: 'bot_replies', dataIndex: 'bot_replies', title: t('shops.columns.bot_replies'), align: 'right', render: count },
          {
            key: 'conversations',
            title: t('shops.columns.conversations'),
            align: 'right',
            render: (_, shop) => count(shop.messages + shop.comments),
          },
          { key: 'orders', dataIndex: 'orders', title: t('shops.columns.orders'), align: 'right', render: count },
        ]}
      />
      <Typography.Paragraph style={{ marginTop: 12, marginBottom: 0 }}>
        <Link to={partnerHref('list-view')}>{t('top.viewAll')}</Link>
      </Typography.Paragraph>
    </section>
  );
}
