import { SendOutlined } from '@ant-design/icons';
import { INBOX_REPLY_MAX_CHARS, type InboxKind } from '@pagemate/shared-contracts';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { replyProblem } from './inbox-model';

interface ReplyBoxProps {
  kind: InboxKind;
  /** Sends the text; resolves true once the server took it (the box then empties), false to keep the text. */
  onSend(text: string): Promise<boolean>;
  sending: boolean;
  /** Why replying is impossible now (the page must be reconnected), if it is. */
  blockedReason: string | null;
  /** A warning that does not block (Messenger's 24-hour window looks closed). */
  warning: string | null;
}

function isApple(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.platform || navigator.userAgent);
}

/** A person's answer as the page: counted, at most Messenger's limit, Ctrl/⌘+Enter sends; kept when sending fails. */
export function ReplyBox({ kind, onSend, sending, blockedReason, warning }: ReplyBoxProps) {
  const { t } = useTranslation('crm');
  const [text, setText] = useState('');
  const problem = replyProblem(text);
  const disabled = blockedReason !== null;

  async function send(): Promise<void> {
    if (problem !== null || sending || disabled) return;
    if (await onSend(text.trim())) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  }

  return (
    <Flex vertical gap={8}>
      {blockedReason ? <Alert type="warning" showIcon title={blockedReason} /> : null}
      {!blockedReason && warning ? <Alert type="warning" showIcon title={warning} data-testid="reply-warning" /> : null}
      <Input.TextArea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t(`inbox.reply.placeholder.${kind}`)}
        aria-label={t('inbox.reply.label')}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={INBOX_REPLY_MAX_CHARS}
        showCount
        disabled={disabled}
        data-testid="reply-input"
      />
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginTop: 12 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('inbox.reply.hint', { keys: isApple() ? '⌘+Enter' : 'Ctrl+Enter' })}
        </Typography.Text>
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          onClick={() => void send()}
          loading={sending}
          disabled={disabled || problem !== null}
          data-testid="reply-send"
        >
          {t('inbox.reply.send')}
        </Button>
      </Flex>
    </Flex>
  );
}
