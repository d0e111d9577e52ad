import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Popconfirm, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorText, formatPartnerCode } from '@pagemate/shared-contracts';
import { LoadFailed } from '../dashboard/load-failed';
import { useShellPartnerInviteQuery, useShellPartnerRotateInviteMutation } from './partner-api';

/**
 * True once the invite code has answered or failed (or `skip`): until then the invite card draws a skeleton of
 * another height, so a card drawn below it before then would move when the code is drawn.
 */
export function useInviteSettled(skip = false): boolean {
  return !useShellPartnerInviteQuery(undefined, { skip }).isLoading;
}

/**
 * The partner's invite code, large and easy to read out, with copy and "new code". With `firstShop` it also
 * explains how to bring the first shop (the dashboard's empty state).
 */
export function InviteCard({ firstShop = false }: { firstShop?: boolean }) {
  const { t } = useTranslation(['partner', 'common']);
  const { message } = App.useApp();
  const invite = useShellPartnerInviteQuery(undefined);
  const [rotate, rotating] = useShellPartnerRotateInviteMutation();
  const code = invite.data ? formatPartnerCode(invite.data.code) : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      void message.success(t('invite.copied'));
    } catch {
      void message.error(t('invite.copyFailed'));
    }
  };
  const renew = async () => {
    try {
      await rotate(undefined).unwrap();
      void message.success(t('invite.rotated'));
    } catch (error) {
      void message.error(apiErrorText(t, error));
    }
  };

  return (
    <section aria-labelledby="partner-invite" data-testid="invite-card">
      <Card>
        <Typography.Title level={2} id="partner-invite" style={{ fontSize: 18, marginTop: 0 }}>
          {t('invite.title')}
        </Typography.Title>
        {invite.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : invite.isError && !invite.data ? (
          <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} retry={() => void invite.refetch()} />
        ) : (
          <Flex vertical gap={12}>
            <Flex align="center" gap={16} wrap>
              <Typography.Text type="secondary">{t('invite.code')}</Typography.Text>
              <Typography.Text
                data-testid="invite-code"
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 32, fontWeight: 600, letterSpacing: 4 }}
              >
                {code}
              </Typography.Text>
            </Flex>
            <Flex gap={8} wrap>
              <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} disabled={code === ''}>
                {t('invite.copy')}
              </Button>
              <Popconfirm
                title={t('invite.rotateTitle')}
                description={t('invite.rotateDescription')}
                okText={t('invite.rotateOk')}
                cancelText={t('invite.cancel')}
                onConfirm={renew}
              >
                <Button icon={<ReloadOutlined />} loading={rotating.isLoading}>
                  {t('invite.rotate')}
                </Button>
              </Popconfirm>
            </Flex>
            <Typography.Paragraph style={{ margin: 0 }}>{t(firstShop ? 'invite.firstShop' : 'invite.howTo')}</Typography.Paragraph>
          </Flex>
        )}
      </Card>
    </section>
  );
}
