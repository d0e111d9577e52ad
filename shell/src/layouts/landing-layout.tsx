import { Outlet } from 'react-router-dom';

/** The landing layout: full width; the landing remote draws its own header, footer and scroll-to-top. */
export function LandingLayout() {
  return (
    <div style={{ minHeight: '100vh' }}>
      <Outlet />
    </div>
  );
}
