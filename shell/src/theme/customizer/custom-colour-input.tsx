import { Button, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHexColour } from '@pagemate/shared-contracts';

/** A custom colour typed as a six-digit hex (docs/product.md §5); anything else is refused with a message, not applied. */
export function CustomColourInput({ label, onApply, testId }: { label: string; onApply: (hex: string) => void; testId: string }) {
  const { t } = useTranslation('common');
  const [text, setText] = useState('');
  const [refused, setRefused] = useState(false);
  const apply = () => {
    const value = text.trim();
    if (!isHexColour(value)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onApply(value.toLowerCase());
  };
  return (
    <div data-testid={testId}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRefused(false);
          }}
          onPressEnter={apply}
          placeholder="#1a2b3c"
          maxLength={7}
          aria-label={label}
          aria-invalid={refused}
          status={refused ? 'error' : undefined}
          prefix={<span aria-hidden style={{ width: 14, height: 14, borderRadius: 3, border: '1px solid rgba(128,128,128,0.4)', background: isHexColour(text.trim()) ? text.trim() : 'transparent' }} />}
        />
        <Button onClick={apply}>{t('customizer.colour.apply')}</Button>
      </Space.Compact>
      {refused ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {t('customizer.colour.invalid')}
        </Typography.Text>
      ) : null}
    </div>
  );
}
