import { CopyOutlined, ReloadOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { apiErrorText, AppLink, type Citation, formatVnd, formatVndNumber, hrefOf } from '@pagemate/shared-contracts';
import { Alert, App, Avatar, Button, Flex, Spin, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { locatorText } from '../../shared/locator-text';
import { RichText } from './rich-text';
import type { UiMessage } from './use-chat';

/** Where a user whose balance ran out tops up (the balance page's deposit tab). */
export const DEPOSIT_HREF = `${hrefOf('/user-dashboard/balance')}?tab=deposit`;

interface ChatMessageProps {
  message: UiMessage;
  onCitation(citation: Citation): void;
  onRetry(key: string): void;
}

function FailureNotice({ message, onRetry }: { message: UiMessage; onRetry(key: string): void }) {
  const { t } = useTranslation('chatbot');
  const code = message.failure?.code ?? 'INTERNAL';
  const text = code === 'INTERRUPTED' ? t('chat.interrupted') : apiErrorText(t, message.failure, 'chatbot');
  const action =
    code === 'INSUFFICIENT_BALANCE' ? (
      <AppLink to={DEPOSIT_HREF} testId="top-up-link">
        {t('chat.topUp')}
      </AppLink>
    ) : (
      <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => onRetry(message.key)}>
        {t('chat.retry')}
      </Button>
    );
  return <Alert type="error" showIcon role="alert" title={text} action={action} style={{ marginTop: 8 }} />;
}

/** One bubble: the user's question, or the assistant's answer with its citations, usage, copy and errors. */
export function ChatMessage({ message, onCitation, onRetry }: ChatMessageProps) {
  const { t } = useTranslation('chatbot');
  const { message: toast } = App.useApp();
  const { token } = theme.useToken();
  const mine = message.role === 'user';
  const byIndex = new Map(message.citations.map((c) => [c.index, c]));

  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(message.content);
      void toast.success(t('chat.copied'));
    } catch {
      void toast.error(t('chat.copyFailed'));
    }
  }

  const bubble = {
    background: mine ? token.colorPrimaryBg : token.colorFillQuaternary,
    border: `1px solid ${mine ? token.colorPrimaryBorder : token.colorBorderSecondary}`,
    color: token.colorText,
    borderRadius: token.borderRadiusLG,
    padding: '10px 14px',
    maxWidth: 'min(760px, 100%)',
    overflowWrap: 'anywhere' as const,
  };

  return (
    <Flex gap={10} justify={mine ? 'flex-end' : 'flex-start'} align="start" style={{ marginBottom: 16 }}>
      {mine ? null : <Avatar icon={<RobotOutlined />} aria-hidden style={{ flex: 'none' }} />}
      <div
        style={bubble}
        data-testid={mine ? 'user-message' : 'assistant-message'}
        data-state={message.state}
        aria-busy={message.state === 'streaming'}
      >
        <span className="pm-visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {mine ? t('chat.you') : t('chat.assistant')}
        </span>
        {mine ? (
          <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{message.content}</Typography.Paragraph>
        ) : (
          <RichText
            text={message.content}
            renderCitation={(index) => {
              const citation = byIndex.get(index);
              if (!citation) return null;
              return (
                <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onCitation(citation)} aria-label={t('chat.openCitation', { index, file: citation.file_name })}>
                  [{index}]
                </Button>
              );
            }}
          />
        )}
        {message.state === 'streaming' && message.content === '' ? <Spin size="small" aria-label={t('chat.thinking')} /> : null}
        {message.citations.length > 0 ? (
          <Flex gap={6} wrap style={{ marginTop: 8 }} role="list" aria-label={t('chat.sources')}>
            {message.citations.map((citation) => (
              <Tooltip key={`${citation.index}-${citation.chunk_id}`} title={citation.excerpt}>
                <Button size="small" role="listitem" data-testid="citation-chip" onClick={() => onCitation(citation)}>
                  [{citation.index}] {citation.file_name} · {locatorText(citation.locator, t)}
                </Button>
              </Tooltip>
            ))}
          </Flex>
        ) : null}
        {!mine && message.state !== 'streaming' && message.content !== '' ? (
          <Flex gap={8} align="center" wrap style={{ marginTop: 8 }}>
            <Button size="small" type="text" icon={<CopyOutlined aria-hidden />} onClick={copy} data-testid="copy-answer">
              {t('chat.copy')}
            </Button>
            {message.usage ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="usage-line">
                {t('chat.usage', { tokens: formatVndNumber(message.usage.total_tokens), cost: formatVnd(message.usage.cost) })}
              </Typography.Text>
            ) : null}
            {message.state === 'stopped' ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('chat.stopped')}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : null}
        {message.state === 'failed' ? <FailureNotice message={message} onRetry={onRetry} /> : null}
      </div>
      {mine ? <Avatar icon={<UserOutlined />} aria-hidden style={{ flex: 'none' }} /> : null}
    </Flex>
  );
}
