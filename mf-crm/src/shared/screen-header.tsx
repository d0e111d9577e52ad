import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A CRM screen's top row: its h1 and, on the right (below it on a phone), its tools — page picker, filters, add. */
export function ScreenHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" gap={12} wrap>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      {children ? (
        <Flex gap={8} wrap>
          {children}
        </Flex>
      ) : null}
    </Flex>
  );
}
