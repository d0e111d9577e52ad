import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES, type Language } from '@pagemate/shared-contracts';

const FLAGS: Record<Language, string> = { vi: '🇻🇳', en: '🇬🇧' };

/** English / Tiếng Việt, remembered under `appLanguage`; switching re-translates remotes too (one i18n). */
export function LanguageDropdown() {
  const { t, i18n } = useTranslation('common');
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'vi';
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lng) => ({ key: lng, label: `${FLAGS[lng]} ${t(`header.languages.${lng}`)}` })),
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key, localStorage);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')} data-testid="language-dropdown">
        {FLAGS[current]}
      </Button>
    </Dropdown>
  );
}
