import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { PartnerStaff } from '@pagemate/shared-contracts';
import { Button, Flex, Popconfirm, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListTable } from '../../shared/list-table';
import { telHref } from '../../shared/phone';

interface StaffTableProps {
  staff: PartnerStaff[];
  loading: boolean;
  onEdit(member: PartnerStaff): void;
  onDelete(member: PartnerStaff): Promise<void>;
}

/** The partner's team: name, role, contact, active or not, shops managed; edit, or remove after a confirmation. */
export function StaffTable({ staff, loading, onEdit, onDelete }: StaffTableProps) {
  const { t } = useTranslation('crm');
  const columns: TableColumnsType<PartnerStaff> = [
    {
      key: 'name',
      title: t('partner.staff.columns.name'),
      render: (_value, member) => (
        <Flex vertical>
          <Typography.Text strong>{member.name}</Typography.Text>
          {member.note ? (
            <Typography.Text type="secondary" ellipsis={{ tooltip: member.note }} style={{ maxWidth: 240 }}>
              {member.note}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { key: 'role', title: t('partner.staff.columns.role'), render: (_value, member) => t(`partner.staff.roles.${member.role}`) },
    { key: 'email', title: t('partner.staff.columns.email'), render: (_value, member) => (member.email ? <a href={`mailto:${member.email}`}>{member.email}</a> : '—') },
    { key: 'phone', title: t('partner.staff.columns.phone'), render: (_value, member) => (member.phone ? <a href={telHref(member.phone)}>{member.phone}</a> : '—') },
    {
      key: 'active',
      title: t('partner.staff.columns.active'),
      render: (_value, member) => (
        <Tag color={member.active ? 'green' : 'default'} data-testid="staff-active">
          {t(member.active ? 'partner.staff.active' : 'partner.staff.inactive')}
        </Tag>
      ),
    },
    { key: 'shops', title: t('partner.staff.columns.shops'), dataIndex: 'shop_count', align: 'right' },
    {
      key: 'actions',
      title: t('partner.staff.columns.actions'),
      render: (_value, member) => (
        <Flex gap={4}>
          <Button size="small" type="text" icon={<EditOutlined aria-hidden />} onClick={() => onEdit(member)} data-testid="staff-edit">
            {t('partner.staff.edit')}
          </Button>
          <Popconfirm
            title={t('partner.staff.deleteConfirm.title', { name: member.name })}
            description={
              member.shop_count > 0 ? t('partner.staff.deleteConfirm.withShops', { count: member.shop_count }) : t('partner.staff.deleteConfirm.noShops')
            }
            okText={t('partner.staff.deleteConfirm.ok')}
            cancelText={t('partner.staff.deleteConfirm.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(member)}
          >
            <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} data-testid="staff-delete">
              {t('partner.staff.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];
  return (
    <ListTable<PartnerStaff>
      rowKey="id"
      loading={loading}
      columns={columns}
      rows={staff}
      scrollX={900}
      empty={<ListEmpty description={t('partner.staff.empty')} testId="staff-empty" />}
      rowProps={(member) => ({ 'data-testid': 'staff-row', 'data-staff-id': member.id })}
    />
  );
}
