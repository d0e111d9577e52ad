// @vitest-environment happy-dom
import { LANGUAGE_STORAGE_KEY, TESTIMONIAL_CAROUSEL } from '@pagemate/shared-contracts';
import i18next from 'i18next';
import { bareImportsFrom } from '@pagemate/shared-contracts/testing/import-graph';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import landing from './landing';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`No ${what}`);
  return value;
}
const SRC = dirname(fileURLToPath(import.meta.url));

describe('the light landing module (./landing)', () => {
  it('imports nothing of the app around it: no antd, icons runtime, router, store or shared contract singleton', () => {
    const imports = [...bareImportsFrom(join(SRC, 'landing.tsx'))].sort();
    expect(imports).toEqual(['@ant-design/icons-svg', '@pagemate/shared-contracts/plain', 'react', 'react-i18next']);
  });
});

describe('the landing page on its own', () => {
  let container: HTMLElement;
  let root: Root;

  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const i18n = i18next.createInstance();
    await i18n.use(initReactI18next).init({
      lng: 'en',
      resources: { vi: { [landing.namespace]: landing.resources.vi }, en: { [landing.namespace]: landing.resources.en } },
      defaultNS: landing.namespace,
      interpolation: { escapeValue: false },
    });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(<landing.LandingPage theme={{ dark: false, primary: '#0958d9' }} />));
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  const button = (name: RegExp) =>
    must([...container.querySelectorAll('button')].find((b) => name.test(b.textContent ?? '') || name.test(b.getAttribute('aria-label') ?? '')), `button ${name}`);
  const shownSlides = () => [...container.querySelectorAll('[data-slide-index]')].map((slide) => slide.getAttribute('data-slide-index'));

  it('links to sign in and sign up as ordinary pages', () => {
    const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/sign-in/');
    expect(hrefs).toContain('/sign-up/');
  });

  it('opens the Product menu, moves with the arrows and closes on Escape with focus back on its button', async () => {
    const product = button(/^Product/);
    await act(async () => product.click());
    expect(product.getAttribute('aria-expanded')).toBe('true');
    const items = [...container.querySelectorAll('[role="menuitem"]')];
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Task manager', 'Bal', 'Balance', 'Support']);
    expect(document.activeElement).toBe(items[0]);
    await act(async () => must(items[0], 'first item').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true })));
    expect(document.activeElement).toBe(items[items.length - 1]);
    await act(async () => must(document.activeElement, 'focused item').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(product.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('[role="menu"]')).toBeNull();
    expect(document.activeElement).toBe(product);
  });

  it('switches the language from its menu and remembers it', async () => {
    await act(async () => must(container.querySelector<HTMLButtonElement>('[data-testid="language-dropdown"]'), 'language button').click());
    const vietnamese = must([...container.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]')].find((item) => item.lang === 'vi'), 'Vietnamese item');
    await act(async () => vietnamese.click());
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('vi');
    expect(container.textContent).toContain('Đăng nhập');
  });

  it('turns the testimonials every 2500 ms, wraps around, and stops when paused', async () => {
    const first = shownSlides();
    expect(first[0]).toBe('0');
    await act(async () => vi.advanceTimersByTime(TESTIMONIAL_CAROUSEL.autoplaySpeedMs));
    expect(shownSlides()[0]).toBe('1');
    await act(async () => vi.advanceTimersByTime(TESTIMONIAL_CAROUSEL.autoplaySpeedMs * 5));
    expect(shownSlides()[0]).toBe('0');
    await act(async () => button(/^Pause/).click());
    await act(async () => vi.advanceTimersByTime(TESTIMONIAL_CAROUSEL.autoplaySpeedMs * 3));
    expect(shownSlides()[0]).toBe('0');
    await act(async () => button(/^Previous/).click());
    expect(shownSlides()[0]).toBe('5');
  });

  it('opens the first FAQ answer and toggles each question', async () => {
    const questions = [...container.querySelectorAll<HTMLButtonElement>('#faq button[aria-expanded]')];
    expect(questions.map((q) => q.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false', 'false', 'false', 'false']);
    const [firstQuestion, secondQuestion] = [must(questions[0], 'first question'), must(questions[1], 'second question')];
    await act(async () => secondQuestion.click());
    await act(async () => firstQuestion.click());
    expect(questions.map((q) => q.getAttribute('aria-expanded')).slice(0, 2)).toEqual(['false', 'true']);
    expect(document.getElementById(secondQuestion.getAttribute('aria-controls') ?? '')?.textContent).toContain('documents you upload');
  });
});
