import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A dashboard page's h1 and the sentence under it that says what the page shows. */
export function PageIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header>
      <Typography.Title level={1} style={{ fontSize: 24, marginBottom: 4 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {children}
      </Typography.Paragraph>
    </header>
  );
}
