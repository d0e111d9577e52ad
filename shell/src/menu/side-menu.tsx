import { Menu } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { normalisePath, selectSessionUser, useAppSelector, type MenuName } from '@pagemate/shared-contracts';
import { buildMenuItems } from './menu-items';

/** The side menu of a layout: derived from the route table, current path highlighted, its group open. */
export function SideMenu({ menu, theme }: { menu: MenuName; theme: 'light' | 'dark' }) {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectSessionUser);
  const { pathname } = useLocation();
  const items = useMemo(() => buildMenuItems(menu, user, t), [menu, user, t]);
  const current = normalisePath(pathname);
  const openGroup = items.find(
    (item) => item && 'children' in item && item.children?.some((child) => child?.key === current),
  )?.key;

  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[current]}
      defaultOpenKeys={openGroup ? [String(openGroup)] : []}
      aria-label={t('menu.sections.main')}
      data-testid={`side-menu-${menu}`}
    />
  );
}
