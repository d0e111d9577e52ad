import { apiErrorText, type FacebookAccount, formatDateTime } from '@pagemate/shared-contracts';
import { App, Button, Card, Empty, Form, Input, Radio, Select, Table, Tag, Typography } from 'antd';
import { memo, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textRules, requiredChoiceRule } from '../../shared/text-rules';
import { useSandboxActivityQuery, useSandboxTestEventMutation } from './pages-api';

interface TestEventValues {
  page_id?: string;
  kind: 'comment' | 'message';
  /** The page itself, or the Instagram account linked to it. */
  channel: 'facebook' | 'instagram';
  text?: string;
  from_name?: string;
}

/** A select's options: every page of the accounts, by name. */
function pageOptions(accounts: readonly FacebookAccount[]) {
  return accounts.flatMap((account) => account.page_data.map((page) => ({ value: page.page_id, label: page.page_name })));
}

/**
 * Meta sandbox only: send a signed test comment or message to one page and see what the sandbox received. Memoised,
 * and the polled list apart from the form: the page's refreshes (a save, a poll's answer) never redraw the form
 * while the user fills it.
 */
export const SandboxPanel = memo(function SandboxPanel({ userId, accounts }: { userId: string; accounts: FacebookAccount[] }) {
  const { t } = useTranslation('page-manager');
  const pages = useMemo(() => pageOptions(accounts), [accounts]);
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('sandbox.title')}</h2>} extra={<Tag color="gold">{t('sandbox.tag')}</Tag>}>
      <Typography.Paragraph type="secondary">{t('sandbox.explain')}</Typography.Paragraph>
      <TestEventForm userId={userId} accounts={accounts} pages={pages} />
      <SandboxActivity userId={userId} pages={pages} />
    </Card>
  );
});

type PageOption = ReturnType<typeof pageOptions>[number];

/** The test event's form. */
function TestEventForm({ userId, accounts, pages }: { userId: string; accounts: FacebookAccount[]; pages: PageOption[] }) {
  const { t } = useTranslation('page-manager');
  const { message } = App.useApp();
  const [form] = Form.useForm<TestEventValues>();
  const [send, { isLoading }] = useSandboxTestEventMutation();
  const chosenPage = Form.useWatch('page_id', form);
  const linked = accounts.flatMap((account) => account.page_data).find((page) => page.page_id === chosenPage)?.instagram ?? null;

  const submit = async (values: TestEventValues) => {
    try {
      const result = await send({
        user_id: userId,
        page_id: values.page_id ?? '',
        kind: values.kind,
        channel: linked ? values.channel : 'facebook',
        text: (values.text ?? '').trim(),
        from_name: values.from_name?.trim() || t('sandbox.defaultFrom'),
      }).unwrap();
      void message.success(t(result.delivered ? 'sandbox.sent' : 'sandbox.notDelivered', { status: result.status }));
      form.resetFields(['text']);
    } catch (error) {
      void message.error(apiErrorText(t, error));
    }
  };

  return (
    <Form<TestEventValues> form={form} layout="inline" initialValues={{ kind: 'comment', channel: 'facebook' }} onFinish={(values) => void submit(values)} style={{ rowGap: 8 }}>
      <Form.Item name="page_id" rules={requiredChoiceRule(t('validation.pageChoice'))}>
        <Select style={{ minWidth: 180 }} placeholder={t('sandbox.page')} aria-label={t('sandbox.page')} options={pages} />
      </Form.Item>
      <Form.Item name="channel">
        <Radio.Group
          optionType="button"
          aria-label={t('sandbox.channel')}
          options={[
            { value: 'facebook', label: t('sandbox.channels.facebook') },
            { value: 'instagram', label: linked ? (linked.username ? t('sandbox.channels.instagram', { username: linked.username }) : t('instagram.unnamed')) : t('sandbox.channels.noInstagram'), disabled: !linked },
          ]}
        />
      </Form.Item>
      <Form.Item name="kind">
        <Radio.Group
          optionType="button"
          options={[
            { value: 'comment', label: t('sandbox.kinds.comment') },
            { value: 'message', label: t('sandbox.kinds.message') },
          ]}
        />
      </Form.Item>
      <Form.Item name="from_name" rules={textRules(100, { tooLong: t('validation.tooLong', { max: 100 }) })}>
        <Input placeholder={t('sandbox.defaultFrom')} aria-label={t('sandbox.from')} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="text" rules={textRules(2_000, { required: t('validation.textRequired'), tooLong: t('validation.tooLong', { max: 2_000 }) })}>
        <Input placeholder={t('sandbox.text')} aria-label={t('sandbox.text')} style={{ minWidth: 260 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isLoading}>
        {t('sandbox.send')}
      </Button>
    </Form>
  );
}

/** What the sandbox received, polled: the bot's answer reaches the sandbox a moment after the test event. */
function SandboxActivity({ userId, pages }: { userId: string; pages: PageOption[] }) {
  const { t, i18n } = useTranslation('page-manager');
  const [pageFilter, setPageFilter] = useState<string | undefined>();
  const activity = useSandboxActivityQuery({ user_id: userId, ...(pageFilter ? { page_id: pageFilter } : {}) }, { pollingInterval: 5_000, skipPollingIfUnfocused: true });
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 24 }}>
        {t('sandbox.activity')}
      </Typography.Title>
      <Select allowClear style={{ minWidth: 200, marginBottom: 12 }} placeholder={t('sandbox.allPages')} options={pages} value={pageFilter} onChange={setPageFilter} />
      <Table
        size="small"
        rowKey="id"
        loading={activity.isFetching}
        dataSource={activity.data ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: <Empty description={activity.error ? apiErrorText(t, activity.error) : t('sandbox.noActivity')} /> }}
        columns={[
          { key: 'kind', title: t('sandbox.columns.kind'), render: (_v, item) => <Tag>{item.kind}</Tag> },
          { key: 'summary', title: t('sandbox.columns.summary'), dataIndex: 'summary' },
          { key: 'time', title: t('sandbox.columns.time'), render: (_v, item) => formatDateTime(item.created_at, i18n.language) },
        ]}
      />
    </>
  );
}
