import { theme } from 'antd';
import {
  defineRemoteModule,
  formatVnd,
  homePathFor,
  hrefOf,
  selectPaymentStatus,
  selectSessionUser,
  selectTotalBalance,
  useAppSelector,
} from '@pagemate/shared-contracts';
import { useNavigate } from 'react-router-dom';
import landing from './landing';
import { LandingEnvProvider } from './landing-env';
import { LandingPage } from './pages/landing-page';

/** The landing page inside the full app: routed links, the session's balance, antd's current theme. */
function LandingRoute() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const user = useAppSelector(selectSessionUser);
  const totalBalance = useAppSelector(selectTotalBalance);
  const balanceStatus = useAppSelector(selectPaymentStatus);
  const balanceKnown = Boolean(user) && balanceStatus === 'succeeded';
  return (
    <LandingEnvProvider
      value={{
        navigate: (href) => void navigate(href),
        profileHref: hrefOf(homePathFor(user?.role)),
        balance: balanceKnown ? formatVnd(totalBalance) : null,
      }}
    >
      <LandingPage theme={{ dark: isDark(token.colorBgContainer), primary: token.colorPrimary, fontFamily: token.fontFamily }} />
    </LandingEnvProvider>
  );
}

/** Whether antd's container background is a dark one (the dark algorithm is on). */
function isDark(colour: string): boolean {
  const hex = /^#([0-9a-f]{6})/i.exec(colour)?.[1];
  if (!hex) return false;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return (r * 299 + g * 587 + b * 114) / 1000 < 128;
}

export default defineRemoteModule({
  name: 'mf_landing',
  namespace: landing.namespace,
  resources: landing.resources,
  pages: { landing: LandingRoute },
});
