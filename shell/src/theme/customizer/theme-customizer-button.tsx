import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ThemeCustomizerDrawer } from './theme-customizer-drawer';

/** The header's gear: opens the theme customizer. */
export function ThemeCustomizerButton() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('header.customizer')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('header.customizer')} data-testid="theme-customizer-button" onClick={() => setOpen(true)} />
      </Tooltip>
      <ThemeCustomizerDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
