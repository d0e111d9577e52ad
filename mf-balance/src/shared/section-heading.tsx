import type { ReactNode } from 'react';

/** A card's title as the h2 under the page's h1, sized like antd's card titles. */
export function SectionHeading({ children }: { children: ReactNode }) {
  return <h2 style={{ margin: 0, fontSize: 16, fontWeight: 600, whiteSpace: 'normal' }}>{children}</h2>;
}
