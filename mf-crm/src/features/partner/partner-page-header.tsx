import { Flex, Typography } from 'antd';

/** A partner page's h1 and the one line that says what the page is for. */
export function PartnerPageHeader({ title, description }: { title: string; description: string }) {
  return (
    <Flex vertical gap={4}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }} data-testid="partner-page-description">
        {description}
      </Typography.Paragraph>
    </Flex>
  );
}
