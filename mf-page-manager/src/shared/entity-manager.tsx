import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Form, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, KeyboardScrollRegion, sideScrollTableProps } from '@pagemate/shared-contracts';

export interface EntityManagerProps<T extends object, V extends object> {
  /** The page's h1. */
  title: string;
  /** Names the entity in buttons, dialogs and toasts ("danh tính", "identity"). */
  entityLabel: string;
  emptyText: string;
  items: T[];
  loading: boolean;
  loadError?: unknown;
  rowKey: (item: T) => string;
  nameOf: (item: T) => string;
  columns: TableColumnsType<T>;
  toFormValues: (item: T | null) => V;
  fields: ReactNode;
  /** Creates (editing null) or updates; rejects with the RTK Query error. */
  save: (values: V, editing: T | null) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
  /** False before sign-in: nothing can be saved without a user id. */
  canEdit: boolean;
}

/**
 * The list + create/edit dialog + delete confirmation shared by the identity, procedure and config managers:
 * each passes its columns, its form fields and its two calls; toasts and server errors are translated here.
 */
export function EntityManager<T extends object, V extends object>(props: EntityManagerProps<T, V>) {
  const { t } = useTranslation('page-manager');
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [editing, setEditing] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const openWith = (item: T | null) => {
    setEditing(item);
    setSaveError(null);
    form.resetFields();
    form.setFieldsValue(props.toFormValues(item) as Parameters<typeof form.setFieldsValue>[0]);
    setOpen(true);
  };

  const submit = async (values: V) => {
    setSaving(true);
    setSaveError(null);
    try {
      await props.save(values, editing);
      void message.success(t(editing ? 'crud.updated' : 'crud.created', { entity: props.entityLabel }));
      setOpen(false);
    } catch (error) {
      setSaveError(apiErrorText(t, error));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (item: T) => {
    try {
      await props.remove(item);
      void message.success(t('crud.deleted', { entity: props.entityLabel }));
    } catch (error) {
      void message.error(apiErrorText(t, error));
    }
  };

  const columns: TableColumnsType<T> = [
    ...props.columns,
    {
      key: 'actions',
      title: t('crud.actions'),
      width: 120,
      render: (_value, item) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} aria-label={t('crud.edit')} disabled={!props.canEdit} onClick={() => openWith(item)} />
          <Popconfirm
            title={t('crud.deleteConfirm', { name: props.nameOf(item) })}
            okText={t('crud.delete')}
            cancelText={t('crud.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove(item)}
          >
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('crud.delete')} disabled={!props.canEdit} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={<h1 style={{ margin: 0, fontSize: 20 }}>{props.title}</h1>}
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={!props.canEdit} onClick={() => openWith(null)}>
          {t('crud.add', { entity: props.entityLabel })}
        </Button>
      }
    >
      {props.loadError ? <Alert type="error" showIcon title={apiErrorText(t, props.loadError)} style={{ marginBottom: 16 }} /> : null}
      <KeyboardScrollRegion label={props.title}>
        <Table<T>
        rowKey={props.rowKey}
        columns={columns}
        dataSource={props.items}
        loading={props.loading}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={props.emptyText} /> }}
        {...sideScrollTableProps()}
        />
      </KeyboardScrollRegion>
      <Modal
        open={open}
        title={t(editing ? 'crud.editTitle' : 'crud.createTitle', { entity: props.entityLabel })}
        okText={t('crud.save')}
        cancelText={t('crud.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        forceRender
        width={720}
      >
        {saveError ? <Alert type="error" showIcon title={saveError} style={{ marginBottom: 16 }} /> : null}
        <Form<V> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
          {props.fields}
        </Form>
      </Modal>
    </Card>
  );
}
