import { useEffect, useState } from 'react';
import { PHONE_MAX_WIDTH_PX, SIDE_MENU_BREAKPOINT_PX, STICKY_MENU_SCROLL_PX } from '@pagemate/shared-contracts';

const NARROW_QUERY = `(max-width: ${SIDE_MENU_BREAKPOINT_PX}px)`;

/**
 * Collapsed at 992 px or narrower, reopened above it (docs/product.md §2); the user can still toggle in between.
 * `startCollapsed` (a vertical style that starts closed) collapses it whenever it turns true.
 */
export function useSideMenuCollapse(startCollapsed = false): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => startCollapsed || window.matchMedia(NARROW_QUERY).matches);
  const [startedCollapsed, setStartedCollapsed] = useState(startCollapsed);
  if (startedCollapsed !== startCollapsed) {
    // Adjusting state while rendering (React's pattern for "reset when a prop changes").
    setStartedCollapsed(startCollapsed);
    setCollapsed(startCollapsed || window.matchMedia(NARROW_QUERY).matches);
  }
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const onChange = (event: MediaQueryListEvent) => setCollapsed(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return [collapsed, setCollapsed];
}

/** True once the page has scrolled past `threshold` px. */
export function useScrolledPast(threshold: number = STICKY_MENU_SCROLL_PX): boolean {
  const [past, setPast] = useState(() => window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

/** On a phone the opened side menu lies over the page: choosing a page (a new `pathname`) closes it. */
export function useClosedOnPhoneNavigation(pathname: string, setCollapsed: (collapsed: boolean) => void): void {
  useEffect(() => {
    if (window.matchMedia(`(max-width: ${PHONE_MAX_WIDTH_PX}px)`).matches) setCollapsed(true);
  }, [pathname, setCollapsed]);
}
