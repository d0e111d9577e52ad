import { useEffect, useState } from 'react';

/** Seconds left before another email code may be asked for (the server rate-limits too). */
export function useCodeCooldown(seconds = 60): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, () => setLeft(seconds)];
}
