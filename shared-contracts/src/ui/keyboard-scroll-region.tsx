import { useEffect, useRef, type ReactNode } from 'react';

/** The elements antd's Table scrolls: sideways (`scroll.x`) and, with a fixed header, down (`scroll.y`). */
const SCROLL_CONTAINERS = '.ant-table-content, .ant-table-body';

/**
 * Wraps a table that may scroll sideways so a keyboard reaches what lies off screen: its scroll container is
 * focusable (arrow keys then scroll it) and a named region. antd gives no props for that element, so they are
 * set on it, and again whenever the table redraws it.
 */
export function KeyboardScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const mark = () => {
      for (const element of root.querySelectorAll<HTMLElement>(SCROLL_CONTAINERS)) {
        if (element.tabIndex !== 0) element.tabIndex = 0;
        if (element.getAttribute('role') !== 'region') element.setAttribute('role', 'region');
        if (element.getAttribute('aria-label') !== label) element.setAttribute('aria-label', label);
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
  return <div ref={ref}>{children}</div>;
}
