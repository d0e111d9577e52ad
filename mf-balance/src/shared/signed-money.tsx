import { Typography } from 'antd';
import { formatVnd } from '@pagemate/shared-contracts';

/** `+100.000 VNĐ` in green for money in, `−2.500 VNĐ` in red for money out. */
export function SignedMoney({ amount }: { amount: number }) {
  if (amount === 0) return <Typography.Text>{formatVnd(0)}</Typography.Text>;
  const credit = amount > 0;
  return (
    <Typography.Text type={credit ? 'success' : 'danger'} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {`${credit ? '+' : '−'}${formatVnd(Math.abs(amount))}`}
    </Typography.Text>
  );
}
