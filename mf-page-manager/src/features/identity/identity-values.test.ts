import { endpoints } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { identityBody, identityFormValues } from './identity-values';

describe('identity request bodies', () => {
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
});
