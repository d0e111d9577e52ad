import { Outlet } from 'react-router-dom';
import { ScrollToTop } from '../header/scroll-to-top';

/** The landing layout: full width; the landing remote draws its own header and footer. */
export function LandingLayout() {
  return (
    <div style={{ minHeight: '100vh' }}>
      <Outlet />
      <ScrollToTop />
    </div>
  );
}
