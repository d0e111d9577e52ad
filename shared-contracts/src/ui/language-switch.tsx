import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '../contracts/constants.js';
import { changeLanguage } from '../i18n/i18n.js';
import { LANGUAGE_NAMES, LanguageFlag } from './language-flag.js';
import { popupInHeader } from './popup-container.js';

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
      getPopupContainer={popupInHeader}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({
          key: language,
          icon: (
            <span style={{ display: 'inline-flex', marginInlineEnd: 8 }}>
              <LanguageFlag language={language} />
            </span>
          ),
          label: LANGUAGE_NAMES[language],
          lang: language,
        })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key, localStorage);
        },
      }}
    >
      {/* The name starts with the code the button shows (WCAG 2.5.3, label in name). */}
      <Button type="text" aria-label={`${current.toUpperCase()} – Language / Ngôn ngữ: ${LANGUAGE_NAMES[current]}`} data-testid="language-dropdown">
        <LanguageFlag language={current} />
        <span style={{ marginInlineStart: 6, textTransform: 'uppercase', fontSize: 12 }}>{current}</span>
      </Button>
    </Dropdown>
  );
}
