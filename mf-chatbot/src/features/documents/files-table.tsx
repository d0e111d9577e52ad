import { DeleteOutlined } from '@ant-design/icons';
import type { CollectionFile } from '@pagemate/shared-contracts';
import { App, Button, Empty, Popconfirm, Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../shared/format';
import { useDeleteFileMutation } from './documents-api';
import { FileStatusTag } from './file-status-tag';
import { apiErrorText, formatDateTime, KeyboardScrollRegion } from '@pagemate/shared-contracts';

const rowKey = (file: CollectionFile) => file.file_id ?? `${file.collection_name}/${file.file_name}`;

/** The files of one collection (or all): the columns of docs/product.md §3, plus indexing status and delete. */
export function FilesTable({ userId, files, loading }: { userId: string; files: CollectionFile[]; loading: boolean }) {
  const { t, i18n } = useTranslation('chatbot');
  const { message } = App.useApp();
  const [deleteFile] = useDeleteFileMutation();

  async function remove(file: CollectionFile): Promise<void> {
    if (!file.file_id) return;
    try {
      await deleteFile({ user_id: userId, file_id: file.file_id }).unwrap();
      void message.success(t('files.deleted', { name: file.file_name }));
    } catch (error) {
      void message.error(apiErrorText(t, error, 'chatbot'));
    }
  }

  const columns: TableColumnsType<CollectionFile> = [
    { title: t('files.columns.name'), dataIndex: 'file_name', key: 'name', width: 260, ellipsis: { showTitle: true } },
    { title: t('files.columns.collection'), dataIndex: 'collection_name', key: 'collection', width: 180, ellipsis: { showTitle: true } },
    {
      title: t('files.columns.category'),
      key: 'category',
      width: 110,
      render: (_, file) => (file.category ? t(`files.categories.${file.category}`, { defaultValue: file.category }) : ''),
    },
    { title: t('files.columns.size'), key: 'size', width: 110, render: (_, file) => formatFileSize(file.size_bytes) },
    { title: t('files.columns.dateModified'), key: 'date', width: 170, render: (_, file) => formatDateTime(file.date_modified, i18n.language) },
    {
      title: t('files.columns.language'),
      key: 'language',
      width: 120,
      render: (_, file) => (file.language ? t(`languages.${file.language}`, { defaultValue: file.language }) : ''),
    },
    { title: t('files.columns.status'), key: 'status', width: 170, render: (_, file) => <FileStatusTag file={file} /> },
    {
      title: t('files.columns.actions'),
      key: 'actions',
      width: 90,
      render: (_, file) => (
        <Popconfirm
          title={t('files.deleteConfirm', { name: file.file_name })}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(file)}
        >
          <Button danger type="text" icon={<DeleteOutlined aria-hidden />} aria-label={t('files.delete', { name: file.file_name })} disabled={!file.file_id} />
        </Popconfirm>
      ),
    },
  ];

  return (
    <KeyboardScrollRegion label={t('files.heading')}>
      <Table<CollectionFile>
      rowKey={rowKey}
      columns={columns}
      dataSource={files}
      loading={loading}
      pagination={files.length > 20 ? { pageSize: 20 } : false}
      scroll={{ x: 1210 }}
      locale={{ emptyText: <Empty description={t('files.empty')} /> }}
      onRow={(file) => ({ 'data-testid': 'file-row', 'data-status': file.index_status ?? 'ready' }) as HTMLAttributes<HTMLElement>}
      />
    </KeyboardScrollRegion>
  );
}
