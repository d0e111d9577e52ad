import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ChatMode } from '@pagemate/shared-contracts';
import { App, Button, Empty, Flex, Popconfirm, Skeleton, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConversationsQuery, useDeleteConversationMutation } from './chat-api';
import { apiErrorText, formatDateTime } from '@pagemate/shared-contracts';

interface ConversationListProps {
  userId: string | null;
  mode: ChatMode;
  activeId: string | null;
  onOpen(id: string): void;
  onNew(): void;
  /** The open conversation was deleted. */
  onDeletedActive(): void;
}

/** Past conversations of one mode, newest first, with "new chat" and delete. */
export function ConversationList({ userId, mode, activeId, onOpen, onNew, onDeletedActive }: ConversationListProps) {
  const { t, i18n } = useTranslation('chatbot');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const { data, isLoading, error } = useConversationsQuery({ userId: userId ?? '', mode }, { skip: userId === null });
  const [remove] = useDeleteConversationMutation();

  async function deleteOne(id: string): Promise<void> {
    if (!userId) return;
    try {
      await remove({ user_id: userId, conversation_id: id }).unwrap();
      if (id === activeId) onDeletedActive();
      void message.success(t('conversations.deleted'));
    } catch (failure) {
      void message.error(apiErrorText(t, failure, 'chatbot'));
    }
  }

  return (
    <nav aria-label={t('conversations.heading')} data-testid="conversation-list">
      <Button type="primary" block icon={<PlusOutlined aria-hidden />} onClick={onNew} style={{ marginBottom: 12 }}>
        {t('intro.newChat')}
      </Button>
      <Typography.Text type="secondary" style={{ fontSize: 12, textTransform: 'uppercase', letterSpacing: 1 }}>
        {t('conversations.heading')}
      </Typography.Text>
      {isLoading ? <Skeleton active paragraph={{ rows: 3 }} title={false} /> : null}
      {error ? <Typography.Paragraph type="danger">{apiErrorText(t, error, 'chatbot')}</Typography.Paragraph> : null}
      {data && data.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('conversations.empty')} /> : null}
      <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
        {data?.map((conversation) => {
          const active = conversation.conversation_id === activeId;
          return (
            <li key={conversation.conversation_id} style={{ marginBottom: 4 }}>
              <Flex
                align="center"
                gap={4}
                style={{
                  borderRadius: token.borderRadius,
                  background: active ? token.controlItemBgActive : undefined,
                }}
              >
                <Button
                  type="text"
                  aria-current={active ? 'true' : undefined}
                  onClick={() => onOpen(conversation.conversation_id)}
                  style={{ flex: 1, minWidth: 0, height: 'auto', textAlign: 'start', justifyContent: 'flex-start', padding: '6px 8px' }}
                >
                  <span style={{ display: 'block', minWidth: 0 }}>
                    <Typography.Text ellipsis style={{ display: 'block', maxWidth: 180 }}>
                      {conversation.title || t('conversations.untitled')}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(conversation.updated_at, i18n.language)}
                    </Typography.Text>
                  </span>
                </Button>
                <Popconfirm
                  title={t('conversations.deleteConfirm')}
                  okText={t('actions.delete')}
                  cancelText={t('actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => deleteOne(conversation.conversation_id)}
                >
                  <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('conversations.delete', { title: conversation.title })} />
                </Popconfirm>
              </Flex>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
