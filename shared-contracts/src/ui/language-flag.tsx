import type { Language } from '../contracts/constants.js';

/** Each language's own name, as its speakers write it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' };

/** Small inline flags: emoji flags do not render on every system (no colour-emoji font on many Linux boxes). */
export function LanguageFlag({ language }: { language: Language }) {
  if (language === 'vi') {
    return (
      <svg width="20" height="14" viewBox="0 0 30 20" aria-hidden="true">
        <rect width="30" height="20" fill="#da251d" />
        <polygon points="15,4 16.8,9.5 22.6,9.5 17.9,12.9 19.7,18.4 15,15 10.3,18.4 12.1,12.9 7.4,9.5 13.2,9.5" fill="#ff0" />
      </svg>
    );
  }
  return (
    <svg width="20" height="14" viewBox="0 0 60 40" aria-hidden="true">
      <rect width="60" height="40" fill="#012169" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#fff" strokeWidth="8" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#c8102e" strokeWidth="3" />
      <path d="M30,0 V40 M0,20 H60" stroke="#fff" strokeWidth="12" />
      <path d="M30,0 V40 M0,20 H60" stroke="#c8102e" strokeWidth="7" />
    </svg>
  );
}
