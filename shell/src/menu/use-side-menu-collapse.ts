import { useEffect, useState } from 'react';
import { SIDE_MENU_BREAKPOINT_PX, STICKY_MENU_SCROLL_PX } from '@pagemate/shared-contracts';

const NARROW_QUERY = `(max-width: ${SIDE_MENU_BREAKPOINT_PX}px)`;

/** Collapsed at 992 px or narrower, reopened above it (spec §2); the user can still toggle in between. */
export function useSideMenuCollapse(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setCollapsed] = useState(() => window.matchMedia(NARROW_QUERY).matches);
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
