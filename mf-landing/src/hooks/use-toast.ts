import { TOAST } from '@pagemate/shared-contracts/plain';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Toast {
  kind: 'success' | 'error';
  text: string;
  /** Tells two toasts with the same text apart, so the second one is announced too. */
  id: number;
}

/** One short message at a time, gone after the toast duration of docs/product.md §9. */
export function useToast(): [Toast | null, (kind: Toast['kind'], text: string) => void] {
  const [toast, setToast] = useState<Toast | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((kind: Toast['kind'], text: string) => {
    window.clearTimeout(timer.current);
    setToast({ kind, text, id: Date.now() });
    timer.current = window.setTimeout(() => setToast(null), TOAST.durationSeconds * 1000);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return [toast, show];
}
