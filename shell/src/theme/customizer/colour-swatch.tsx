import { CheckOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { CSSProperties } from 'react';

const isImage = (background: string) => background === 'none' || background.includes('gradient(') || background.startsWith('url(');

interface ColourSwatchProps {
  /** CSS background of the swatch (a colour or an image). */
  background: string;
  label: string;
  selected: boolean;
  onSelect: () => void;
  shape?: 'round' | 'tile';
}

/** A pressable sample of a colour or background image; the chosen one carries a check and a ring. */
export function ColourSwatch({ background, label, selected, onSelect, shape = 'round' }: ColourSwatchProps) {
  const { token } = theme.useToken();
  const style: CSSProperties = {
    width: shape === 'round' ? 28 : 48,
    height: shape === 'round' ? 28 : 34,
    borderRadius: shape === 'round' ? '50%' : token.borderRadius,
    // Longhands only: React clearing an undefined longhand would wipe a shorthand's colour.
    ...(isImage(background) ? { backgroundColor: token.colorBgContainer, backgroundImage: background } : { backgroundColor: background }),
    border: `1px solid ${token.colorBorder}`,
    outline: selected ? `2px solid ${token.colorPrimary}` : 'none',
    outlineOffset: 2,
    cursor: 'pointer',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: shape === 'round' ? '#fff' : token.colorPrimary,
    padding: 0,
  };
  return (
    <button type="button" aria-label={label} aria-pressed={selected} title={label} onClick={onSelect} style={style}>
      {selected ? <CheckOutlined aria-hidden /> : null}
    </button>
  );
}
