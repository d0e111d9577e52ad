import { PlusOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import { selectSessionUser, useAppSelector, type PartnerShop, type PartnerStaff } from '@pagemate/shared-contracts';
import { App, Button, Card, Flex, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from './load-failed';
import { useCrmPartnerAssignShopMutation, useCrmPartnerDeleteStaffMutation, useCrmPartnerShopsQuery, useCrmPartnerStaffQuery } from './partner-api';
import { partnerErrorText } from './partner-model';
import { PartnerPageHeader } from './partner-page-header';
import { ShopAssignmentTable } from './shop-assignment-table';
import { StaffForm } from './staff-form';
import { StaffTable } from './staff-table';

function Section({ title, extra, children, testId }: { title: string; extra?: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card data-testid={testId} styles={{ body: { padding: 16 } }}>
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {title}
          </Typography.Title>
          {extra}
        </Flex>
        {children}
      </Flex>
    </Card>
  );
}

/** The partner HRM: the team (staff records, not logins) and which of them manages each shop. */
export function PartnerHrmScreen() {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const signedIn = useAppSelector(selectSessionUser) !== null;
  const staff = useCrmPartnerStaffQuery(signedIn ? undefined : skipToken);
  const shops = useCrmPartnerShopsQuery(signedIn ? undefined : skipToken);
  const [deleteStaff] = useCrmPartnerDeleteStaffMutation();
  const [assign] = useCrmPartnerAssignShopMutation();
  const [editing, setEditing] = useState<{ key: number; member: PartnerStaff | null } | null>(null);
  const [busyShopId, setBusyShopId] = useState<string | null>(null);
  const team = staff.currentData ?? [];

  const edit = (member: PartnerStaff | null) => setEditing((current) => ({ key: (current?.key ?? 0) + 1, member }));

  const remove = async (member: PartnerStaff) => {
    const result = await deleteStaff({ id: member.id });
    if (result.error === undefined) void message.success(t('partner.staff.deleted', { name: member.name }));
    else void message.error(t('partner.staff.deleteFailed', { error: partnerErrorText(t, result.error) }));
  };

  const assignShop = async (shop: PartnerShop, staffId: string | null) => {
    setBusyShopId(shop.shop_id);
    const result = await assign({ shop_id: shop.shop_id, staff_id: staffId });
    setBusyShopId(null);
    if (result.error !== undefined) {
      void message.error(t('partner.assign.failed', { error: partnerErrorText(t, result.error) }));
      return;
    }
    const name = team.find((member) => member.id === staffId)?.name ?? result.data.staff_name;
    void message.success(staffId === null || !name ? t('partner.assign.cleared', { shop: shop.username }) : t('partner.assign.assigned', { shop: shop.username, name }));
  };

  return (
    <Flex vertical gap={16}>
      <PartnerPageHeader title={t('partner.hrm.title')} description={t('partner.hrm.description')} />
      <Section
        title={t('partner.staff.title')}
        testId="partner-staff"
        extra={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => edit(null)} disabled={!signedIn} data-testid="staff-new">
            {t('partner.staff.add')}
          </Button>
        }
      >
        {staff.isError && !staff.currentData ? (
          <LoadFailed title={t('partner.staff.loadFailed')} error={staff.error} onRetry={() => void staff.refetch()} testId="staff-error" />
        ) : (
          <StaffTable staff={team} loading={staff.isFetching && !staff.currentData} onEdit={edit} onDelete={remove} />
        )}
      </Section>
      <Section title={t('partner.assign.title')} testId="partner-assignments">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('partner.assign.description')}
        </Typography.Paragraph>
        {shops.isError && !shops.currentData ? (
          <LoadFailed title={t('partner.shops.loadFailed')} error={shops.error} onRetry={() => void shops.refetch()} testId="partner-shops-error" />
        ) : (
          <ShopAssignmentTable
            shops={shops.currentData ?? []}
            staff={team}
            loading={shops.isFetching && !shops.currentData}
            busyShopId={busyShopId}
            onAssign={(shop, staffId) => void assignShop(shop, staffId)}
          />
        )}
      </Section>
      {editing ? (
        <StaffForm
          key={editing.key}
          member={editing.member}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            void message.success(t(created ? 'partner.staff.created' : 'partner.staff.updated', { name: saved.name }));
            setEditing(null);
          }}
        />
      ) : null}
    </Flex>
  );
}
