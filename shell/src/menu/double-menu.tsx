import { Menu, Typography } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { hrefOf, normalisePath, selectSessionUser, useAppSelector, type MenuName } from '@pagemate/shared-contracts';
import { buildMenuItems, groupOf, groupsOf } from './menu-items';

const RAIL_WIDTH = 72;
const PANEL_WIDTH = 200;

/** The double menu: an icon rail of the top-level entries, and a panel listing the chosen group's items. */
export function DoubleMenu({ menu, dark, panelOpen }: { menu: MenuName; dark: boolean; panelOpen: boolean }) {
  const { t } = useTranslation('common');
  const user = useAppSelector(selectSessionUser);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = normalisePath(pathname);
  const items = useMemo(() => buildMenuItems(menu, user, t), [menu, user, t]);
  const groups = groupsOf(items);
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const group = groups.find((g) => g.key === chosenGroup) ?? groupOf(items, current) ?? groups[0];
  const rail = items.map((item): ItemType =>
    item && 'children' in item ? { key: String(item.key), icon: 'icon' in item ? item.icon : undefined, label: item.label } : item,
  );
  const menuTheme = dark ? 'dark' : 'light';

  return (
    <div style={{ display: 'flex', height: '100%' }} data-testid="double-menu">
      <Menu
        mode="inline"
        inlineCollapsed
        theme={menuTheme}
        items={rail}
        selectedKeys={[groupOf(items, current) ? String(group?.key) : current]}
        style={{ width: RAIL_WIDTH, flex: 'none', borderInlineEnd: 'none' }}
        aria-label={t('menu.sections.main')}
        data-testid={`side-menu-${menu}`}
        onClick={({ key }) => {
          if (groups.some((g) => g.key === key)) setChosenGroup(key);
          else void navigate(hrefOf(key));
        }}
      />
      {panelOpen && group ? (
        <div style={{ width: PANEL_WIDTH, flex: 'none', borderInlineStart: '1px solid rgba(128,128,128,0.18)' }} data-testid="double-menu-panel">
          <Typography.Text strong style={{ display: 'block', padding: '16px 20px 8px' }}>
            {group.label}
          </Typography.Text>
          <Menu mode="inline" theme={menuTheme} items={group.children} selectedKeys={[current]} style={{ borderInlineEnd: 'none' }} />
        </div>
      ) : null}
    </div>
  );
}
