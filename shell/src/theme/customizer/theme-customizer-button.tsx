import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer's code loads at the first click, not with the first page: nobody customises before seeing the app.
const ThemeCustomizerDrawer = lazy(async () => ({ default: (await import('./theme-customizer-drawer')).ThemeCustomizerDrawer }));

/** The header's gear: opens the theme customizer. */
export function ThemeCustomizerButton() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it plays the drawer's closing motion.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip title={t('header.customizer')}>
        <Button
          type="text"
          icon={<SettingOutlined />}
          aria-label={t('header.customizer')}
          data-testid="theme-customizer-button"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <ThemeCustomizerDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
