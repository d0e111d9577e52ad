import { RobotFilled } from '@ant-design/icons';
import { Spin } from 'antd';
import type { CSSProperties } from 'react';
import { THEME_DEFAULTS } from '@pagemate/shared-contracts';

const STYLE: CSSProperties = {
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  alignContent: 'center',
  gap: 16,
  background: '#fff',
  zIndex: 1000,
};

/**
 * Full-page loader (docs/product.md §2): logo, spinner, "from" brand line. It renders before i18n is ready, so its
 * text comes in as props.
 */
export function FullPageLoader({ label, fromLine }: { label: string; fromLine: string }) {
  return (
    <div style={STYLE} role="status" aria-label={label} data-testid="full-page-loader">
      <RobotFilled style={{ fontSize: 56, color: THEME_DEFAULTS.primaryColour }} aria-hidden />
      <Spin size="large" />
      {/* 65 % black, the theme's description text: 7.0:1 on white (45 %, #8c8c8c, was 3.4:1). */}
      <span style={{ color: '#595959', fontSize: 13 }}>{fromLine}</span>
    </div>
  );
}
