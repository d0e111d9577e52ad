import { describe, expect, it } from 'vitest';
import { isValidAccountField, type AccountField } from './account-rules.js';
import { emailSchema, passwordSchema, usernameSchema, verificationCodeSchema } from './endpoints.js';

const SCHEMAS = { username: usernameSchema, password: passwordSchema, email: emailSchema, verificationCode: verificationCodeSchema } as const;

const SAMPLES: Record<AccountField, string[]> = {
  username: ['lan', 'la', ' lan ', 'lan.nguyen_01-x', 'lan nguyen', 'lan@shop', 'a'.repeat(32), 'a'.repeat(33), 'Đức', ''],
  password: ['1234567', '12345678', ' pass word ', 'x'.repeat(128), 'x'.repeat(129), ''],
  email: ['lan@shop.vn', ' LAN@Shop.VN ', 'lan@shop', 'lan.@shop.vn', 'lan+tag@shop.co', 'a@b.c', `${'a'.repeat(250)}@x.vn`, 'lan@-shop.vn', 'làn@shop.vn', ''],
  verificationCode: ['123456', '12345', '1234567', '12345a', ' 123456', ''],
};

describe('the account rules without zod', () => {
  for (const field of Object.keys(SAMPLES) as AccountField[]) {
    it(`accept and refuse exactly what the ${field} schema does`, () => {
      for (const value of SAMPLES[field]) expect([value, isValidAccountField(field, value)]).toEqual([value, SCHEMAS[field].safeParse(value).success]);
    });
  }

  it('are not all-accepting: each field refuses something', () => {
    expect(isValidAccountField('username', 'lan nguyen')).toBe(false);
    expect(isValidAccountField('password', 'short')).toBe(false);
    expect(isValidAccountField('email', 'lan@shop')).toBe(false);
    expect(isValidAccountField('verificationCode', '12345')).toBe(false);
  });
});
