import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteCollectionMutation } from './documents-api';
import { apiErrorText } from '@pagemate/shared-contracts';

export const ALL_COLLECTIONS = '';

interface CollectionFilterProps {
  userId: string;
  collections: { name: string; count: number }[];
  value: string;
  onChange(value: string): void;
}

/** Show one collection or all; a chosen collection can be deleted with every file in it. */
export function CollectionFilter({ userId, collections, value, onChange }: CollectionFilterProps) {
  const { t } = useTranslation('chatbot');
  const { message } = App.useApp();
  const [deleteCollection, { isLoading }] = useDeleteCollectionMutation();
  const selectId = useId();

  async function remove(): Promise<void> {
    try {
      await deleteCollection({ user_id: userId, collection_id: value }).unwrap();
      void message.success(t('collections.deleted', { name: value }));
      onChange(ALL_COLLECTIONS);
    } catch (error) {
      void message.error(apiErrorText(t, error, 'chatbot'));
    }
  }

  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
      <label htmlFor={selectId}>{t('collections.filter')}</label>
      <Select
        id={selectId}
        value={value}
        onChange={onChange}
        style={{ minWidth: 240 }}
        options={[
          { value: ALL_COLLECTIONS, label: t('collections.all') },
          ...collections.map((c) => ({ value: c.name, label: t('collections.option', { name: c.name, count: c.count }) })),
        ]}
      />
      {value !== ALL_COLLECTIONS ? (
        <Popconfirm
          title={t('collections.deleteConfirm', { name: value })}
          okText={t('actions.delete')}
          cancelText={t('actions.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={remove}
        >
          <Button danger icon={<DeleteOutlined aria-hidden />} loading={isLoading}>
            {t('collections.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </Flex>
  );
}
