import { RobotOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Typography } from 'antd';
import { selectSessionUser, useAppSelector } from '@pagemate/shared-contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface ChatIntroProps {
  /** What this chat mode does, in a sentence or two. */
  description: string;
  /** "Let's try" questions; picking one fills the composer. */
  suggestions?: string[];
  onSuggestion?(text: string): void;
  children?: ReactNode;
}

/** The screen a new chat opens on (docs/product.md §2): greeting, "what can I do for you", a description, "let's try". */
export function ChatIntro({ description, suggestions = [], onSuggestion, children }: ChatIntroProps) {
  const { t } = useTranslation('chatbot');
  const user = useAppSelector(selectSessionUser);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 20 }}>
        {t('intro.newChat')}
      </Typography.Title>
      <Flex gap={12} align="start">
        <Avatar size={40} icon={<RobotOutlined />} aria-hidden style={{ flex: 'none' }} />
        <div style={{ minWidth: 0 }}>
          <Typography.Paragraph strong style={{ fontSize: 16, marginBottom: 4 }}>
            {user ? t('intro.greetingNamed', { name: user.username }) : t('intro.greeting')}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ fontSize: 16 }}>{t('intro.question')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">{description}</Typography.Paragraph>
          {children}
          <Typography.Paragraph strong>{t('intro.letsTry')}</Typography.Paragraph>
          {suggestions.length > 0 ? (
            <Flex gap={8} wrap>
              {suggestions.map((text) => (
                <Button key={text} onClick={() => onSuggestion?.(text)} style={{ whiteSpace: 'normal', height: 'auto', minHeight: 44, paddingBlock: 8, textAlign: 'start' }}>
                  {text}
                </Button>
              ))}
            </Flex>
          ) : null}
        </div>
      </Flex>
    </section>
  );
}
