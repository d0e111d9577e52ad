import { describe, expect, it } from 'vitest';
import { requiredChoiceRule, textRules } from './text-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (rules: ReturnType<typeof textRules>): Validator => (rules[0] as { validator: Validator }).validator;

describe('text rules', () => {
  const name = validatorOf(textRules(5, { required: 'Vui lòng nhập tên.', tooLong: 'Tối đa 5 ký tự.' }));
  const optional = validatorOf(textRules(5, { tooLong: 'Tối đa 5 ký tự.' }));

  it('a required text rejects empty and whitespace-only values with its message', async () => {
    await expect(name({}, undefined)).rejects.toThrow('Vui lòng nhập tên.');
    await expect(name({}, '   ')).rejects.toThrow('Vui lòng nhập tên.');
    await expect(name({}, ' Lan ')).resolves.toBeUndefined();
  });

  it('any text rejects more than its bound (after trimming); optional texts may stay empty', async () => {
    await expect(optional({}, '123456')).rejects.toThrow('Tối đa 5 ký tự.');
    await expect(optional({}, ' 12345 ')).resolves.toBeUndefined();
    await expect(optional({}, undefined)).resolves.toBeUndefined();
  });

  it('a required choice rejects nothing chosen', async () => {
    const choice = (requiredChoiceRule('Vui lòng chọn quy trình.')[0] as { validator: Validator }).validator;
    await expect(choice({}, undefined)).rejects.toThrow('Vui lòng chọn quy trình.');
    await expect(choice({}, 'p1')).resolves.toBeUndefined();
  });
});
