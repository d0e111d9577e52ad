import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Send and Stop are a thumb's size on a phone. */
const TOUCH_TARGET = { minHeight: 44 };

interface ChatComposerProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  onStop(): void;
  streaming: boolean;
  /** Why sending is not possible yet (no file chosen…), shown under the box; null when it is. */
  blockedReason: string | null;
  placeholder: string;
}

/** Where the question is typed: Enter sends, Shift+Enter breaks the line; Stop while an answer streams. */
export function ChatComposer({ value, onChange, onSend, onStop, streaming, blockedReason, placeholder }: ChatComposerProps) {
  const { t } = useTranslation('chatbot');
  const inputId = useId();
  const hintId = useId();
  const canSend = !streaming && blockedReason === null && value.trim() !== '';

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend();
    }
  };

  return (
    <div style={{ marginTop: 12 }}>
      <label htmlFor={inputId} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t('intro.inputLabel')}
      </label>
      <Flex gap={8} align="end">
        <Input.TextArea
          id={inputId}
          data-testid="chat-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          autoSize={{ minRows: 1, maxRows: 8 }}
          style={{ flex: 1, minWidth: 0 }}
          maxLength={8_000}
          aria-describedby={blockedReason ? hintId : undefined}
        />
        {streaming ? (
          <Button danger icon={<StopOutlined aria-hidden />} onClick={onStop} style={TOUCH_TARGET} data-testid="chat-stop">
            {t('chat.stop')}
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={onSend} disabled={!canSend} style={TOUCH_TARGET} data-testid="chat-send">
            {t('chat.send')}
          </Button>
        )}
      </Flex>
      {blockedReason ? (
        <div id={hintId} style={{ marginTop: 4, fontSize: 12, opacity: 0.75 }}>
          {blockedReason}
        </div>
      ) : null}
    </div>
  );
}
