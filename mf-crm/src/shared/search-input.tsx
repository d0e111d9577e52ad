import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

interface SearchInputProps {
  /** The placeholder, also the field's accessible name. */
  label: string;
  value: string;
  onChange(value: string): void;
  /** Its width in a toolbar (px); full width by default. */
  width?: number;
  testId?: string;
}

/** The search field of a CRM list: a magnifier, a clear button, and its label as the placeholder. */
export function SearchInput({ label, value, onChange, width, testId }: SearchInputProps) {
  return (
    <Input
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      style={width === undefined ? undefined : { width, maxWidth: '100%' }}
      data-testid={testId}
    />
  );
}
