// @vitest-environment happy-dom
import { ConfigProvider, theme } from 'antd';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@pagemate/shared-contracts';
import { byTestId, click, mountSignedIn, type MountedPage } from '@pagemate/shared-contracts/testing';
import { shellNamespaces } from '../locales';
import { AA_TEXT_CONTRAST, contrastRatio } from '../theme/contrast';
import { themeConfigOf } from '../theme/theme-tokens';
import { ChatbotLayout } from './chatbot-layout';

const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' } as const;

/** What a chatbot page draws its description text and its cards with. */
function TokenProbe() {
  const { token } = theme.useToken();
  return <span data-testid="probe" data-description={token.colorTextDescription} data-tertiary={token.colorTextTertiary} data-container={token.colorBgContainer} data-layout={token.colorBgLayout} />;
}

/** The layout as the app draws it: under the light mode's root theme. */
function LayoutUnderLightTheme() {
  return (
    <ConfigProvider theme={themeConfigOf('light', '#1677ff')}>
      <Routes>
        <Route element={<ChatbotLayout />}>
          <Route path="*" element={<TokenProbe />} />
        </Route>
      </Routes>
    </ConfigProvider>
  );
}

function screenWidth(px: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const max = /max-width:\s*(\d+)/.exec(query)?.[1];
    const min = /min-width:\s*(\d+)/.exec(query)?.[1];
    const matches = (max === undefined || px <= Number(max)) && (min === undefined || px >= Number(min));
    return { matches, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false } as MediaQueryList;
  });
}

let mounted: MountedPage | undefined;
beforeEach(async () => {
  const i18n = await initI18n('en', shellNamespaces);
  await i18n.changeLanguage('en');
});
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.restoreAllMocks();
});

describe('ChatbotLayout', () => {
  it("draws its pages with the dark mode's readable description text, not the light mode's", async () => {
    screenWidth(1280);
    mounted = await mountSignedIn(LayoutUnderLightTheme, user, '/chatbot/chatbot-basic');
    const probe = byTestId('probe')[0];
    for (const text of ['data-description', 'data-tertiary']) {
      for (const surface of ['data-container', 'data-layout']) {
        expect(contrastRatio(probe?.getAttribute(text) ?? '', probe?.getAttribute(surface) ?? '')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      }
    }
  });

  it('on a phone the menu takes no width until the menu button opens it, and its title stays on one line', async () => {
    screenWidth(390);
    mounted = await mountSignedIn(LayoutUnderLightTheme, user, '/chatbot/chatbot-basic');
    const frame = () => document.querySelector('.pm-sider-frame');
    const toggle = byTestId('chatbot-menu-toggle')[0];
    expect(frame()?.getAttribute('data-narrow')).toBe('true');
    expect(toggle?.getAttribute('aria-expanded')).toBe('false');
    expect(toggle?.getAttribute('aria-label')).toBe('Toggle menu');
    expect(byTestId('chatbot-sider')[0]?.textContent).not.toContain('CHATBOT');

    await click(toggle);
    expect(frame()?.getAttribute('data-narrow')).toBe('false');
    expect(toggle?.getAttribute('aria-expanded')).toBe('true');
    const title = [...document.querySelectorAll<HTMLElement>('[data-testid="chatbot-sider"] span')].find((el) => el.textContent === 'CHATBOT');
    expect(title?.style.whiteSpace).toBe('nowrap');
  });

  it('draws one main landmark, the page area the skip link points at', async () => {
    screenWidth(1280);
    mounted = await mountSignedIn(LayoutUnderLightTheme, user, '/chatbot/chatbot-basic');
    const mains = document.querySelectorAll('main, [role="main"]');
    expect(mains).toHaveLength(1);
    expect(mains[0]?.id).toBe('main');
    expect(mains[0]?.querySelector('[data-testid="probe"]')).not.toBeNull();
  });

  it('on a desktop the menu starts open', async () => {
    screenWidth(1280);
    mounted = await mountSignedIn(LayoutUnderLightTheme, user, '/chatbot/chatbot-basic');
    expect(document.querySelector('.pm-sider-frame')?.getAttribute('data-narrow')).toBe('false');
    expect(byTestId('chatbot-menu-toggle')[0]?.getAttribute('aria-expanded')).toBe('true');
  });
});
