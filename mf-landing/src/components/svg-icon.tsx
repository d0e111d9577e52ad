import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement, type ReactNode } from 'react';

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...node.attrs }, node.children?.map(render));
}

/**
 * An Ant Design icon drawn from its bare SVG definition (`@ant-design/icons-svg`), without the icon
 * components' runtime: the landing loads only the shapes it shows. Decorative: hidden from assistive tech.
 */
export function SvgIcon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const node = typeof icon.icon === 'function' ? icon.icon('currentColor', 'currentColor') : icon.icon;
  return (
    <span className={className} aria-hidden="true" style={{ display: 'inline-flex', lineHeight: 0 }}>
      {createElement('svg', { ...node.attrs, width: '1em', height: '1em', fill: 'currentColor', focusable: 'false' }, node.children?.map(render))}
    </span>
  );
}
