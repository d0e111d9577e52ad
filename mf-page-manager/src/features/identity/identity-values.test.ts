import { endpoints } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { identityBody, identityFormValues } from './identity-values';

const USER_ID = '00000000-0000-4000-8000-000000000007';
const IDENTITY_ID = '00000000-0000-4000-8000-0000000000a1';

describe('identity request bodies', () => {
  it('identity: trimmed, every info and story part present, accepted by the contract', () => {
    const body = identityBody(USER_ID, { name: '  Mai ', info: { gender: ' nữ ' }, story: undefined, style_conversation: ' vui vẻ ' });
    expect(body).toEqual({
      user_id: USER_ID,
      name: 'Mai',
      info: { name: '', gender: 'nữ', birth_year: '', hometown: '', current_address: '' },
      story: { childhood: '', schools: '', university: '', current_job: '' },
      style_conversation: 'vui vẻ',
      example_conversation: '',
    });
    expect(endpoints.createIdentity.body.safeParse(body).success).toBe(true);
    expect(endpoints.updateIdentity.body.parse(identityBody(USER_ID, { ...identityFormValues(null), name: 'Mai' }, IDENTITY_ID))).toMatchObject({ identity_id: IDENTITY_ID });
  });

  it('identity without a name is what the server rejects too', () => {
    expect(endpoints.createIdentity.body.safeParse(identityBody(USER_ID, { name: '   ' })).success).toBe(false);
  });
});
