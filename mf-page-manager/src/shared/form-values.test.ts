import { endpoints } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { configBody } from '../features/config/config-values';
import { identityBody, identityFormValues } from '../features/identity/identity-values';
import { procedureBody } from '../features/procedure/procedure-values';
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

describe('request bodies', () => {
  it('identity: trimmed, every info and story part present, accepted by the contract', () => {
    const body = identityBody('7', { name: '  Mai ', info: { gender: ' nữ ' }, story: undefined, style_conversation: ' vui vẻ ' });
    expect(body).toEqual({
      user_id: '7',
      name: 'Mai',
      info: { name: '', gender: 'nữ', birth_year: '', hometown: '', current_address: '' },
      story: { childhood: '', schools: '', university: '', current_job: '' },
      style_conversation: 'vui vẻ',
      example_conversation: '',
    });
    expect(endpoints.createIdentity.body.safeParse(body).success).toBe(true);
    expect(endpoints.updateIdentity.body.parse(identityBody('7', { ...identityFormValues(null), name: 'Mai' }, 'i1'))).toMatchObject({ identity_id: 'i1' });
  });

  it('identity without a name is what the server rejects too', () => {
    expect(endpoints.createIdentity.body.safeParse(identityBody('7', { name: '   ' })).success).toBe(false);
  });

  it('procedure: name and description trimmed; update carries procedure_id', () => {
    expect(procedureBody('7', { name: ' Đặt hàng ', procedure: ' 1. Chào ' }, 'p1')).toEqual({
      user_id: '7',
      name: 'Đặt hàng',
      procedure: '1. Chào',
      procedure_id: 'p1',
    });
    expect(endpoints.createProcedure.body.safeParse(procedureBody('7', { name: 'x', procedure: ' ' })).success).toBe(false);
  });

  it('config: every field of the contract, update carries total_id', () => {
    const body = configBody('7', { name: 'Bot', procedure_id: 'p1', identity_id: 'i1', role: ' tư vấn ' }, 't1');
    expect(body).toEqual({ user_id: '7', name: 'Bot', procedure_id: 'p1', identity_id: 'i1', role: 'tư vấn', target: '', mission: '', note: '', total_id: 't1' });
    expect(endpoints.updateConfig.body.safeParse(body).success).toBe(true);
  });
});
