import { FacebookOutlined, FullscreenExitOutlined, FullscreenOutlined, MoonOutlined, ShopOutlined, SunOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@pagemate/shared-contracts';
import { selectThemeMode, themeModeSet } from '../theme/theme-slice';

/** Placeholders for the three social/shop channels of docs/product.md §2. */
export function ChannelButtons() {
  const { t } = useTranslation('common');
  return (
    <>
      <Tooltip title={t('header.channels.facebook')}>
        <Button type="text" icon={<FacebookOutlined />} aria-label={t('header.channels.facebook')} />
      </Tooltip>
      <Tooltip title={t('header.channels.zalo')}>
        <Button type="text" icon={<WechatOutlined />} aria-label={t('header.channels.zalo')} />
      </Tooltip>
      <Tooltip title={t('header.channels.shop')}>
        <Button type="text" icon={<ShopOutlined />} aria-label={t('header.channels.shop')} />
      </Tooltip>
    </>
  );
}

export function FullscreenToggle() {
  const { t } = useTranslation('common');
  const [fullscreen, setFullscreen] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    const action = document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    action.catch((error: unknown) => console.warn('[pagemate] fullscreen refused', error));
  };
  return (
    <Button
      type="text"
      icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={t('header.fullscreen')}
      onClick={toggle}
    />
  );
}

/** Light/dark in one click; the same setting as the customizer's mode (saved by useApplyTheme). */
export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <Button
      type="text"
      icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
      aria-label={t(next === 'light' ? 'header.theme.toLight' : 'header.theme.toDark')}
      data-testid="theme-switch"
      onClick={() => dispatch(themeModeSet(next))}
    />
  );
}
