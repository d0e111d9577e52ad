import { MenuOutlined, SlidersOutlined } from '@ant-design/icons';
import { type ChatMode, type Citation, type MarketingFlow, TEMPERATURE_OPTIONS, useUserId } from '@pagemate/shared-contracts';
import { Alert, Button, Card, Drawer, Flex, Grid, Popover, Segmented, Skeleton, Tag, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIntro } from '../../components/chat-intro';
import { FulldocsCapabilities } from '../../components/fulldocs-capabilities';
import { TemperatureSelector } from '../../components/temperature-selector';
import { useCollectionFiles } from '../../shared/use-collection-files';
import { useConversationsQuery } from './chat-api';
import { ChatComposer } from './chat-composer';
import { ChatMessage } from './chat-message';
import { ConversationList } from './conversation-list';
import { FilePicker } from './file-picker';
import { MarketingStart } from './marketing-start';
import { PassageDrawer } from './passage-drawer';
import { useChat } from './use-chat';

/** The default answer style: Stable (0.5), the contract's default too. */
const DEFAULT_TEMPERATURE = 0.5;
const SUGGESTION_KEYS = ['one', 'two', 'three'] as const;

interface ChatScreenProps {
  title: string;
  /** The modes this page offers; more than one shows a switch (basic page: chat or marketing article). */
  modes: readonly ChatMode[];
}

/** A chat page: title, mode switch, and the chat of the chosen mode (its own state, reset on switching). */
export function ChatScreen({ title, modes }: ChatScreenProps) {
  const { t } = useTranslation('chatbot');
  const [mode, setMode] = useState<ChatMode>(modes[0] ?? 'basic');
  return (
    <>
      <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {modes.length > 1 ? (
          <Segmented<ChatMode>
            value={mode}
            onChange={setMode}
            options={modes.map((value) => ({ value, label: t(`modes.${value}`) }))}
            aria-label={t('modes.label')}
          />
        ) : null}
      </Flex>
      <ChatPane key={mode} mode={mode} />
    </>
  );
}

function ChatPane({ mode }: { mode: ChatMode }) {
  const { t } = useTranslation('chatbot');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg === true;
  const userId = useUserId();
  const chat = useChat(mode, userId);
  const [draft, setDraft] = useState('');
  const [temperature, setTemperature] = useState(DEFAULT_TEMPERATURE);
  const [fileIds, setFileIds] = useState<string[]>([]);
  const [flow, setFlow] = useState<MarketingFlow | null>(null);
  const [citation, setCitation] = useState<Citation | null>(null);
  const [listOpen, setListOpen] = useState(false);
  const messagesEnd = useRef<HTMLDivElement>(null);

  const fulldocs = mode === 'fulldocs';
  const { files } = useCollectionFiles(fulldocs ? userId : null);
  const { data: conversations } = useConversationsQuery({ userId: userId ?? '', mode }, { skip: userId === null });
  const active = conversations?.find((c) => c.conversation_id === chat.conversationId);
  const fresh = chat.conversationId === null && chat.messages.length === 0;

  useEffect(() => {
    messagesEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [chat.messages]);

  const blockedReason = !userId
    ? t('chat.signInFirst')
    : fulldocs && chat.conversationId === null && fileIds.length === 0
      ? t('filePicker.required')
      : mode === 'marketing' && fresh && flow === null
        ? t('marketing.chooseFirst')
        : null;

  function send(): void {
    void chat.send(draft, {
      temperature,
      fileIds: fulldocs && chat.conversationId === null ? fileIds : undefined,
      marketingFlow: mode === 'marketing' ? (flow ?? undefined) : undefined,
    });
    setDraft('');
  }

  const reset = () => {
    chat.newChat();
    setFlow(null);
    setListOpen(false);
  };
  const list = (
    <ConversationList
      userId={userId}
      mode={mode}
      activeId={chat.conversationId}
      onOpen={(id) => {
        void chat.open(id);
        setListOpen(false);
      }}
      onNew={reset}
      onDeletedActive={reset}
    />
  );
  const temperatureLabel = t(TEMPERATURE_OPTIONS.find((o) => o.value === temperature)?.labelKey ?? 'temperature.stable.label');
  const activeFileNames = (active?.file_ids ?? []).map((id) => files.find((f) => f.file_id === id)?.file_name ?? id);

  return (
    <Flex gap={16} align="start">
      {wide ? <aside style={{ width: 260, flex: 'none' }}>{list}</aside> : null}
      <Drawer open={!wide && listOpen} onClose={() => setListOpen(false)} placement="left" title={t('conversations.heading')} size={300}>
        {list}
      </Drawer>
      <Card style={{ flex: 1, minWidth: 0 }} styles={{ body: { padding: 16 } }}>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          {wide ? null : (
            <Button icon={<MenuOutlined aria-hidden />} onClick={() => setListOpen(true)}>
              {t('conversations.heading')}
            </Button>
          )}
          {fresh ? null : (
            <Popover trigger="click" placement="bottomLeft" content={<div style={{ maxWidth: 420 }}><TemperatureSelector value={temperature} onChange={setTemperature} /></div>}>
              <Button icon={<SlidersOutlined aria-hidden />}>{t('temperature.current', { label: temperatureLabel })}</Button>
            </Popover>
          )}
          {fulldocs && activeFileNames.length > 0 ? (
            <Flex gap={4} wrap align="center">
              <Typography.Text type="secondary">{t('filePicker.answeringFrom')}</Typography.Text>
              {activeFileNames.map((name) => (
                <Tag key={name}>{name}</Tag>
              ))}
            </Flex>
          ) : null}
        </Flex>

        {chat.loadingHistory ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
        {chat.historyFailed ? <Alert type="error" showIcon title={t('conversations.loadFailed')} style={{ marginBottom: 12 }} /> : null}

        {fresh && !chat.loadingHistory ? (
          <>
            <ChatIntro
              description={t(`intro.descriptions.${mode}`)}
              suggestions={mode === 'marketing' && flow === null ? [] : SUGGESTION_KEYS.map((key) => t(`intro.suggestions.${mode}.${key}`))}
              onSuggestion={setDraft}
            >
              {fulldocs ? <FulldocsCapabilities /> : null}
              {mode === 'marketing' ? (
                flow === null ? (
                  <MarketingStart onChoose={setFlow} />
                ) : (
                  <Alert
                    type="info"
                    title={t(`marketing.prompt.${flow}`)}
                    action={
                      <Button size="small" type="link" onClick={() => setFlow(null)}>
                        {t('marketing.change')}
                      </Button>
                    }
                    style={{ marginBottom: 16 }}
                    data-testid="marketing-prompt"
                  />
                )
              ) : null}
            </ChatIntro>
            <div style={{ marginTop: 16, paddingTop: 16, borderTop: `1px solid ${token.colorBorderSecondary}` }}>
              {fulldocs ? <FilePicker files={files} selected={fileIds} onChange={setFileIds} /> : null}
              <TemperatureSelector value={temperature} onChange={setTemperature} />
            </div>
          </>
        ) : (
          <section aria-label={t('chat.messages')} aria-live="polite" style={{ minHeight: '40vh' }}>
            {chat.messages.map((message) => (
              <ChatMessage key={message.key} message={message} onCitation={setCitation} onRetry={chat.retry} />
            ))}
            <div ref={messagesEnd} />
          </section>
        )}

        {/* Kept in view while a conversation scrolls; on a narrow screen's first view it follows the answer styles, never over them. */}
        <div
          data-testid="chat-composer"
          style={{ position: wide || !fresh ? 'sticky' : 'static', bottom: 0, background: token.colorBgContainer, paddingBottom: 4 }}
        >
          <ChatComposer
            value={draft}
            onChange={setDraft}
            onSend={send}
            onStop={chat.stop}
            streaming={chat.streaming}
            blockedReason={blockedReason}
            placeholder={t(mode === 'marketing' && flow === 'idea' ? 'marketing.ideaPlaceholder' : 'intro.inputPlaceholder')}
          />
        </div>
      </Card>
      {userId ? <PassageDrawer citation={citation} userId={userId} onClose={() => setCitation(null)} /> : null}
    </Flex>
  );
}
