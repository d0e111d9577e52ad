import { CheckCircleOutlined, ClockCircleOutlined, ExclamationCircleOutlined, PauseCircleOutlined, UserOutlined } from '@ant-design/icons';
import type { ThreadState } from '@pagemate/shared-contracts';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const LOOK: Record<ThreadState, { color: string; icon: ReactNode }> = {
  waiting: { color: 'processing', icon: <ClockCircleOutlined aria-hidden /> },
  bot: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  human: { color: 'purple', icon: <UserOutlined aria-hidden /> },
  attention: { color: 'error', icon: <ExclamationCircleOutlined aria-hidden /> },
};

/** A thread at a glance: waiting for the bot, answered by the bot or a person, or needing a person. */
export function ThreadStateTag({ state }: { state: ThreadState }) {
  const { t } = useTranslation('crm');
  return (
    <Tag color={LOOK[state].color} icon={LOOK[state].icon} data-testid="thread-state" style={{ marginInlineEnd: 0 }}>
      {t(`inbox.states.${state}`)}
    </Tag>
  );
}

export function BotPausedTag() {
  const { t } = useTranslation('crm');
  return (
    <Tag color="warning" icon={<PauseCircleOutlined aria-hidden />} data-testid="thread-paused" style={{ marginInlineEnd: 0 }}>
      {t('inbox.list.paused')}
    </Tag>
  );
}
