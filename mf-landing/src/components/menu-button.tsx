import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './landing.module.css';

export interface MenuButtonItem {
  key: string;
  /** The item's content: a link, or a button (role `menuitem` / `menuitemradio` is set here). */
  render: (props: { role: 'menuitem' | 'menuitemradio'; tabIndex: number; onDone: () => void }) => ReactNode;
  radio?: boolean;
}

interface MenuButtonProps {
  label: ReactNode;
  ariaLabel?: string;
  items: MenuButtonItem[];
  testId?: string;
}

const focusables = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

/**
 * A button that opens a small menu (WAI-ARIA menu button): arrows move between items, Escape closes and
 * returns focus to the button, a click elsewhere closes it.
 */
export function MenuButton({ label, ariaLabel, items, testId }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    focusables(menu.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const dismiss = () => setOpen(false);

  function onMenuKey(event: KeyboardEvent) {
    const entries = focusables(menu.current);
    const index = entries.indexOf(document.activeElement as HTMLElement);
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) {
      event.preventDefault();
      entries[(index + move + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      entries[event.key === 'Home' ? 0 : entries.length - 1]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      dismiss();
      button.current?.focus();
    } else if (event.key === 'Tab') {
      dismiss();
    }
  }

  return (
    <div className={styles.menuButton} ref={wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.textButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {label}
        <svg className={styles.caret} viewBox="0 0 10 6" width="10" height="6" aria-hidden="true">
          <path d="M1 1l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} ref={menu} role="menu" className={styles.menu} onKeyDown={onMenuKey}>
          {items.map((item) => (
            <li key={item.key} role="none">
              {item.render({ role: item.radio ? 'menuitemradio' : 'menuitem', tabIndex: -1, onDone: dismiss })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
