import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../contracts/constants.js';
import { changeLanguage, isLanguage } from '../i18n/i18n.js';

/** Small inline flags: emoji flags do not render on every system (no colour-emoji font on many Linux boxes). */
function Flag({ language }: { language: Language }) {
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

const NAMES: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' };

/**
 * The language flag dropdown (English / Tiếng Việt), remembered under `appLanguage`. Switching changes the
 * one shared i18n instance, so the shell and every remote re-translate at once.
 */
export function LanguageSwitch() {
  const { i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'vi';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({
          key: language,
          icon: (
            <span style={{ display: 'inline-flex', marginInlineEnd: 8 }}>
              <Flag language={language} />
            </span>
          ),
          label: NAMES[language],
          lang: language,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key, localStorage);
        },
      }}
    >
      <Button type="text" aria-label={`Language / Ngôn ngữ: ${NAMES[current]}`} data-testid="language-dropdown">
        <Flag language={current} />
        <span style={{ marginInlineStart: 6, textTransform: 'uppercase', fontSize: 12 }}>{current}</span>
      </Button>
    </Dropdown>
  );
}
