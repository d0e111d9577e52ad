import {
  ALLOWED_UPLOAD_EXTENSIONS,
  initI18n,
  LANDING_FIGURES,
  LANDING_SERVICE_STEPS,
  makeStore,
  ROUTES,
  type Language,
} from '@pagemate/shared-contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LANDING_SECTIONS } from '../landing-sections';
import remote from '../routes';

async function renderLanding(language: Language): Promise<string> {
  const i18n = await initI18n(language, { [remote.namespace]: remote.resources });
  await i18n.changeLanguage(language);
  const Landing = remote.pages.landing;
  if (!Landing) throw new Error('mf_landing supplies no landing page');
  return renderToStaticMarkup(
    <Provider store={makeStore()}>
      <MemoryRouter>
        <Landing />
      </MemoryRouter>
    </Provider>,
  );
}

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');

describe('landing page', () => {
  it('is the only route mf_landing owns', () => {
    const owned = ROUTES.filter((route) => route.owner === 'mf_landing').map((route) => route.id);
    expect(Object.keys(remote.pages)).toEqual(owned);
    expect(remote.namespace).toBe('landing-page');
  });

  it('has a section for every anchor, in order, each named by an h2', async () => {
    const html = await renderLanding('en');
    const ids = [...html.matchAll(/<section id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...LANDING_SECTIONS]);
    for (const id of LANDING_SECTIONS.filter((section) => section !== 'home')) {
      expect(html).toMatch(new RegExp(`<h2 id="${id}-title">`));
    }
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    for (const id of LANDING_SECTIONS) expect(html).toContain(`href="#${id}"`);
  });

  it('has landmarks, a logo link home and a Sign In link to /sign-in/', async () => {
    const html = await renderLanding('en');
    for (const landmark of ['<header', '<main', '<footer', '<nav aria-label="Page sections"']) expect(html).toContain(landmark);
    expect(html).toMatch(/<a[^>]*aria-label="PageMate – home"[^>]*href="\/"/);
    expect(html).toMatch(/<a[^>]*href="\/sign-in\/"[^>]*>Sign In<\/a>/);
    expect(html).toMatch(/<button[^>]*aria-haspopup="menu"[^>]*>.*Product/);
  });

  it('shows eight service steps, the four figures, and the copyright line', async () => {
    const text = textOf(await renderLanding('en'));
    for (let step = 1; step <= LANDING_SERVICE_STEPS; step += 1) expect(text).toContain(`Step ${step}`);
    expect(text).not.toContain(`Step ${LANDING_SERVICE_STEPS + 1}`);
    for (const [figure, label] of [
      [LANDING_FIGURES.projects, 'projects'],
      [LANDING_FIGURES.customers, 'business customers'],
      [LANDING_FIGURES.activeUsers, 'active users'],
      [LANDING_FIGURES.years, 'years'],
    ]) {
      expect(text).toContain(`${figure} ${label}`);
    }
    expect(text).toContain('© 2024 PageMate. All rights reserved.');
  });

  it('opens the first FAQ answer only', async () => {
    const text = textOf(await renderLanding('en'));
    expect(text).toContain('You top up a balance in Vietnamese dong in advance.');
    expect(text).toContain('Do I have to give PageMate my Facebook password?');
    expect(text).not.toContain('No. You log in through Facebook');
  });

  it('speaks Vietnamese by default', async () => {
    const text = textOf(await renderLanding('vi'));
    expect(text).toContain('Đăng nhập');
    expect(text).toContain('Bước 8');
    expect(text).toContain('© 2024 PageMate. Bảo lưu mọi quyền.');
    expect(text).toContain('Câu hỏi thường gặp');
  });

  it('answers the file-format question with the formats the server accepts', async () => {
    const i18n = await initI18n('en', { [remote.namespace]: remote.resources });
    await i18n.changeLanguage('en');
    const answer = i18n.t('faq.items.formats.answer', { ns: 'landing-page', formats: ALLOWED_UPLOAD_EXTENSIONS.join(', ') });
    for (const extension of ALLOWED_UPLOAD_EXTENSIONS) expect(answer).toContain(extension);
  });
});
