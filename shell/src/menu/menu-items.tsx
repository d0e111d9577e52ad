import { Tag } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { hrefOf, menuEntries, type AccessSession, type MenuName } from '@pagemate/shared-contracts';
import { menuIcon } from './menu-icons';

/** Menu items derived from the route table: entries of `menu` the session may visit, grouped as declared. */
export function buildMenuItems(menu: MenuName, session: AccessSession | null, t: TFunction): ItemType[] {
  const items: ItemType[] = [];
  const groups = new Map<string, ItemType[]>();
  for (const route of menuEntries(menu, session)) {
    const placement = route.menus?.find((m) => m.menu === menu);
    if (!placement) continue;
    const label = (
      <Link to={hrefOf(route.path)}>
        {t(placement.labelKey ?? route.labelKey)}
        {route.badge ? (
          <Tag color={route.badge.color} style={{ marginInlineStart: 8 }}>
            {route.badge.text}
          </Tag>
        ) : null}
      </Link>
    );
    const item: ItemType = { key: route.path, icon: menuIcon(placement.icon), label };
    if (placement.groupKey) {
      const existing = groups.get(placement.groupKey);
      if (existing) existing.push(item);
      else {
        const children = [item];
        groups.set(placement.groupKey, children);
        items.push({ key: placement.groupKey, label: t(placement.groupKey), icon: menuIcon(placement.icon), children });
      }
    } else items.push(item);
  }
  return items;
}

type MenuGroup = Extract<ItemType, { children: ItemType[] }>;

/** The top-level group holding `key`, if any. */
export function groupOf(items: ItemType[], key: string): MenuGroup | undefined {
  return items.find((item): item is MenuGroup => !!item && 'children' in item && !!item.children?.some((child) => child?.key === key));
}

/** The top-level groups of a menu. */
export function groupsOf(items: ItemType[]): MenuGroup[] {
  return items.filter((item): item is MenuGroup => !!item && 'children' in item && Array.isArray(item.children));
}
