import { Typography } from 'antd';

/** The h1 (and optional line under it) every authentication page opens with. */
export function AuthTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
    </>
  );
}
