import { FacebookOutlined, FlagOutlined, WarningOutlined } from '@ant-design/icons';
import type { FacebookAccount } from '@pagemate/shared-contracts';
import { Empty, Space, Tag, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';

/** Connected Facebook accounts with their pages as children (docs/product.md §3). */
export function AccountsTree({ accounts }: { accounts: FacebookAccount[] }) {
  const { t } = useTranslation('page-manager');
  if (accounts.length === 0) return <Empty description={t('pages.noAccounts')} />;

  const treeData: TreeDataNode[] = accounts.map((account) => ({
    key: account.id_user_fb,
    icon: <FacebookOutlined />,
    title: (
      <Space size={4}>
        <span>{account.name_fb}</span>
        {account.sandbox ? <Tag color="gold">{t('sandbox.tag')}</Tag> : null}
      </Space>
    ),
    children: account.page_data.map((page) => ({
      key: `${account.id_user_fb}:${page.page_id}`,
      icon: page.needs_reconnect ? <WarningOutlined style={{ color: '#faad14' }} /> : <FlagOutlined />,
      title: page.page_name,
      isLeaf: true,
    })),
  }));

  return <Tree showIcon defaultExpandAll selectable={false} treeData={treeData} aria-label={t('pages.accountsTitle')} />;
}
