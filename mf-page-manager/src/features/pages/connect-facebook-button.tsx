import { FacebookFilled } from '@ant-design/icons';
import { Alert, Button, Flex, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { POPUP_ERROR_TEXT } from './facebook-connect';
import type { useFacebookConnect } from './use-facebook-connect';
import { apiErrorText } from '@pagemate/shared-contracts';

interface ConnectFacebookButtonProps {
  connected: boolean;
  /** Some connected account came from the built-in Meta sandbox. */
  sandboxAccounts: boolean;
  /** The page's connect flow (shared with "Allow Instagram" in the page table). */
  connection: ReturnType<typeof useFacebookConnect>;
}

/**
 * "Connect Facebook" with the connection state, the sandbox label, the popup-blocked hint (docs/product.md §4) and why a
 * connection did not finish.
 */
export function ConnectFacebookButton({ connected, sandboxAccounts, connection }: ConnectFacebookButtonProps) {
  const { t } = useTranslation('page-manager');
  const { connect, connecting, instagram, blocked, popupError, error, sandbox, canConnect } = connection;

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center" wrap>
        <Button type="primary" icon={<FacebookFilled />} loading={connecting && !instagram} disabled={!canConnect} onClick={() => connect()}>
          {t(connected ? 'connect.again' : 'connect.button')}
        </Button>
        <Tag color={connected ? 'success' : 'default'} data-testid="facebook-connection-state">
          {t(connected ? 'connect.connected' : 'connect.notConnected')}
        </Tag>
        {sandbox || sandboxAccounts ? (
          <Tooltip title={t('sandbox.explain')}>
            <Tag color="gold" data-testid="sandbox-tag">
              {t('sandbox.tag')}
            </Tag>
          </Tooltip>
        ) : null}
      </Flex>
      {blocked ? <Alert type="warning" showIcon title={t('connect.popupBlocked')} data-testid="popup-blocked-hint" /> : null}
      {popupError ? <Alert type="error" showIcon title={t(POPUP_ERROR_TEXT[popupError])} data-testid="connect-error" /> : null}
      {error ? <Alert type="error" showIcon title={apiErrorText(t, error)} data-testid="connect-error" /> : null}
    </Flex>
  );
}

