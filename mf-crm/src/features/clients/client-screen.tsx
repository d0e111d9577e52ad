import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Client } from '@pagemate/shared-contracts';
import { App, Button, Flex, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '../../shared/search-input';
import { useClientDeleteMutation, useClientListQuery } from '../../shared/clients-api';
import { formatDay } from '../../shared/format-day';
import { ListEmpty, ListTable } from '../../shared/list-table';
import { useConnectedPages } from '../../shared/page-gate';
import { telHref } from '../../shared/phone';
import { RetryAlert } from '../../shared/retry-alert';
import { ScreenHeader } from '../../shared/screen-header';
import { ClientDetailModal } from './client-detail';
import { ClientForm } from './client-form';
import { filterClients } from './client-model';
import { apiErrorText } from '@pagemate/shared-contracts';

/** A click on a link or button of a row (or of its popconfirm, rendered in a portal) is not a click on the row. */
const fromControl = (event: MouseEvent) => event.target instanceof Element && event.target.closest('a, button, .ant-popover') !== null;

/**
 * The client manager: the user's clients (search by name or phone), add or edit one in a modal, delete one
 * (their orders stay), and a client's detail — conversations and orders — by clicking their row.
 */
export function ClientScreen() {
  const { t } = useTranslation('crm');
  const { message } = App.useApp();
  const { userId, pages } = useConnectedPages();
  const list = useClientListQuery(userId ?? skipToken);
  const [deleteClient] = useClientDeleteMutation();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ key: number; client: Client | null } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  const pageName = (pageId: string | undefined) => (pageId ? (pages.find((p) => p.page.page_id === pageId)?.page.page_name ?? pageId) : t('clients.noPage'));
  const clients = useMemo(() => list.currentData ?? [], [list.currentData]);
  const shown = useMemo(() => filterClients(clients, search), [clients, search]);
  const opened = openId === null ? undefined : clients.find((client) => client.id === openId);
  const edit = (client: Client | null) => setEditing((current) => ({ key: (current?.key ?? 0) + 1, client }));

  const remove = async (client: Client) => {
    if (userId === null) return;
    const result = await deleteClient({ user_id: userId, id: client.id });
    if (result.error === undefined) void message.success(t('clients.deleted'));
    else void message.error(t('clients.deleteFailed', { error: apiErrorText(t, result.error, 'crm') }));
  };

  const columns: TableColumnsType<Client> = [
    {
      key: 'name',
      title: t('clients.columns.name'),
      render: (_value, client) => (
        <Typography.Link strong onClick={() => setOpenId(client.id)} data-testid="client-open">
          {client.name}
        </Typography.Link>
      ),
    },
    {
      key: 'phone',
      title: t('clients.columns.phone'),
      render: (_value, client) => (client.phone ? <a href={telHref(client.phone)}>{client.phone}</a> : null),
    },
    { key: 'favoriteColor', title: t('clients.columns.favoriteColor'), dataIndex: 'favoriteColor', responsive: ['md'] },
    { key: 'stylePreference', title: t('clients.columns.stylePreference'), dataIndex: 'stylePreference', responsive: ['md'] },
    { key: 'page', title: t('clients.columns.page'), render: (_value, client) => pageName(client.page_id), responsive: ['lg'] },
    { key: 'orders', title: t('clients.columns.orders'), dataIndex: 'order_count', align: 'right' },
    { key: 'createdAt', title: t('clients.columns.createdAt'), render: (_value, client) => formatDay(client.created_at), responsive: ['lg'] },
    {
      key: 'actions',
      title: t('clients.columns.actions'),
      render: (_value, client) => (
        <Flex gap={4}>
          <Button size="small" type="text" icon={<EditOutlined aria-hidden />} onClick={() => edit(client)} data-testid="client-edit">
            {t('clients.edit')}
          </Button>
          <Popconfirm
            title={t('clients.deleteConfirm.title', { name: client.name })}
            description={t('clients.deleteConfirm.description')}
            okText={t('clients.deleteConfirm.ok')}
            cancelText={t('clients.deleteConfirm.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(client)}
          >
            <Button size="small" type="text" danger icon={<DeleteOutlined aria-hidden />} data-testid="client-delete">
              {t('clients.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  let body;
  if (list.isError && !list.currentData) {
    body = (
      <RetryAlert
        title={t('clients.loadFailed', { error: apiErrorText(t, list.error, 'crm') })}
        retry={t('clients.retry')}
        onRetry={() => void list.refetch()}
        testId="clients-error"
      />
    );
  } else {
    body = (
      <ListTable<Client>
        rowKey="id"
        loading={list.isFetching && !list.currentData}
        columns={columns}
        rows={shown}
        empty={<ListEmpty description={search.trim() ? t('clients.noMatch', { search: search.trim() }) : t('clients.empty')} testId="clients-empty" />}
        rowProps={(client) => ({
          'data-testid': 'client-row',
          'data-client-id': client.id,
          style: { cursor: 'pointer' },
          onClick: (event: MouseEvent) => {
            if (!fromControl(event)) setOpenId(client.id);
          },
        })}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={t('clientManager.title')}>
          <SearchInput label={t('clients.search')} value={search} onChange={setSearch} width={280} testId="clients-search" />
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => edit(null)} disabled={userId === null} data-testid="client-new">
            {t('clients.add')}
          </Button>
      </ScreenHeader>
      {body}
      {editing && userId !== null ? (
        <ClientForm
          key={editing.key}
          client={editing.client}
          userId={userId}
          pages={pages}
          onClose={() => setEditing(null)}
          onSaved={(_saved, created) => {
            void message.success(t(created ? 'clients.created' : 'clients.updated'));
            setEditing(null);
          }}
        />
      ) : null}
      {opened && userId !== null ? <ClientDetailModal key={opened.id} client={opened} userId={userId} pageName={pageName} onClose={() => setOpenId(null)} /> : null}
    </Flex>
  );
}
