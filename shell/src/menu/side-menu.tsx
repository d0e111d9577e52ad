import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { normalisePath, selectSessionUser, useAppSelector, type MenuName } from '@pagemate/shared-contracts';
import { buildMenuItems, groupOf } from './menu-items';

interface SideMenuProps {
  menu: MenuName;
  theme: 'light' | 'dark';
  /** inline (accordion, the default), vertical (fly-outs) or horizontal (in the header bar). */
  mode?: MenuProps['mode'];
  /** How fly-out groups open: the nav style's click or hover. */
  trigger?: MenuProps['triggerSubMenuAction'];
  /** The sider starts collapsed (phones, tablets): no group is opened, as it would fly out over the page. */
  collapsed?: boolean;
  testId?: string;
}

/** A menu of a layout: derived from the route table, current path highlighted, its group open. */
export function SideMenu({ menu, theme, mode = 'inline', trigger = 'hover', collapsed = false, testId = `side-menu-${menu}` }: SideMenuProps) {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectSessionUser);
  const { pathname } = useLocation();
  const items = useMemo(() => buildMenuItems(menu, user, t), [menu, user, t]);
  const current = normalisePath(pathname);
  const openGroup = groupOf(items, current)?.key;

  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={[current]}
      triggerSubMenuAction={trigger}
      defaultOpenKeys={mode === 'inline' && openGroup && !collapsed ? [String(openGroup)] : []}
      aria-label={t('menu.sections.main')}
      data-testid={testId}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
    />
  );
}
