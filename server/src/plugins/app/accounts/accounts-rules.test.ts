import { FEATURES } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.js';
import { emailCodeMessage } from './email-code-message.js';
import { FEATURES_BY_SIDE, featuresFor } from './features.js';

describe('features', () => {
  it('splits every feature of the product between the two sides, none twice', () => {
    const both = [...FEATURES_BY_SIDE.user, ...FEATURES_BY_SIDE.partner];
    expect([...both].sort()).toEqual([...FEATURES].sort());
    expect(new Set(both).size).toBe(both.length);
  });

  it('gives role user the user side and every other role the partner side (docs/product.md §6)', () => {
    expect(featuresFor('user')).toEqual({ user_features: [...FEATURES_BY_SIDE.user], list_features: [...FEATURES] });
    expect(featuresFor('partner').user_features).toEqual([...FEATURES_BY_SIDE.partner]);
    expect(featuresFor('admin').user_features).toEqual([...FEATURES_BY_SIDE.partner]);
  });
});

describe('isCommonPassword', () => {
  it.each(['12345678', 'password', 'Password1', 'QWERTYUIOP', 'matkhau', 'iloveyou'])('knows %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['Lúa-chín-vàng-2024!', 'correct horse battery staple 7', 'k8#Qe!vz0Lp'])('lets %s through', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('emailCodeMessage', () => {
  it.each(['register', 'reset'] as const)('writes the %s code in Vietnamese, then English, with its 10-minute validity', (purpose) => {
    const message = emailCodeMessage('an@example.vn', purpose, '042917');
    expect(message.to).toBe('an@example.vn');
    expect(message.subject).toMatch(/PageMate/);
    const [vietnamese = '', english = ''] = message.text.split('—');
    expect(vietnamese).toContain('042917');
    expect(vietnamese).toContain('10 phút');
    expect(english).toContain('042917');
    expect(english).toContain('10 minutes');
  });
});
