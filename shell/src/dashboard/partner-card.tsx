import { App, Button, Card, Descriptions, Flex, Form, Input, Popconfirm, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText, partnerCodeSchema, type MyPartner } from '@pagemate/shared-contracts';
import { useShellJoinPartnerMutation, useShellLeavePartnerMutation, useShellMyPartnerQuery } from '../partner/partner-api';
import { formatVietnamDate } from '../partner/partner-model';
import { LoadFailed } from './load-failed';

/** The shop's partner on the user dashboard: join one with its invite code, see who it is, or leave it. */
export function PartnerCard({ userId }: { userId: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const mine = useShellMyPartnerQuery(userId);
  return (
    <section aria-labelledby="dashboard-partner" data-testid="partner-card">
      <Card>
        <Typography.Title level={2} id="dashboard-partner" style={{ fontSize: 18, marginTop: 0 }}>
          {t('partnerJoin.title')}
        </Typography.Title>
        {mine.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : mine.isError && !mine.data ? (
          <LoadFailed message={t('partnerJoin.loadFailed')} retryLabel={t('partnerJoin.retry')} retry={() => void mine.refetch()} />
        ) : mine.data?.partner ? (
          <JoinedPartner userId={userId} partner={mine.data.partner} />
        ) : (
          <JoinForm userId={userId} />
        )}
      </Card>
    </section>
  );
}

function JoinForm({ userId }: { userId: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { message } = App.useApp();
  const [join, joining] = useShellJoinPartnerMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const parsed = partnerCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(t('partnerJoin.invalid'));
      return;
    }
    setError(null);
    try {
      const answer = await join({ userId, code: parsed.data }).unwrap();
      void message.success(t('partnerJoin.joined', { name: answer.partner?.name ?? '' }));
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  };

  return (
    <>
      <Typography.Paragraph>{t('partnerJoin.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()} requiredMark={false}>
        <Form.Item label={t('partnerJoin.code')} htmlFor="partner-code" validateStatus={error ? 'error' : undefined} help={error ?? undefined} style={{ marginBottom: 12 }}>
          <Flex gap={8} wrap>
            <Input
              id="partner-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder={t('partnerJoin.placeholder')}
              autoComplete="off"
              spellCheck={false}
              maxLength={32}
              aria-invalid={error ? true : undefined}
              style={{ maxWidth: 220, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', textTransform: 'uppercase' }}
            />
            <Button type="primary" htmlType="submit" loading={joining.isLoading}>
              {t('partnerJoin.submit')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
    </>
  );
}

function JoinedPartner({ userId, partner }: { userId: string; partner: NonNullable<MyPartner['partner']> }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { message } = App.useApp();
  const [leave, leaving] = useShellLeavePartnerMutation();
  const doLeave = async () => {
    try {
      await leave(userId).unwrap();
      void message.success(t('partnerJoin.left'));
    } catch (caught) {
      void message.error(apiErrorText(t, caught));
    }
  };
  return (
    <Flex vertical gap={12} data-testid="my-partner">
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'name', label: t('partnerJoin.partner'), children: <Typography.Text strong>{partner.name}</Typography.Text> },
          { key: 'email', label: t('partnerJoin.email'), children: partner.email },
          { key: 'since', label: t('partnerJoin.since'), children: formatVietnamDate(partner.joined_at) },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('partnerJoin.sees')}
      </Typography.Paragraph>
      <div>
        <Popconfirm
          title={t('partnerJoin.leaveTitle', { name: partner.name })}
          description={t('partnerJoin.leaveDescription')}
          okText={t('partnerJoin.leave')}
          okButtonProps={{ danger: true }}
          cancelText={t('partnerJoin.cancel')}
          onConfirm={doLeave}
        >
          <Button danger loading={leaving.isLoading}>
            {t('partnerJoin.leave')}
          </Button>
        </Popconfirm>
      </div>
    </Flex>
  );
}
