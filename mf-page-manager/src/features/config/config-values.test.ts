import { endpoints } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { configBody } from './config-values';

const USER_ID = '00000000-0000-4000-8000-000000000007';
const PROCEDURE_ID = '00000000-0000-4000-8000-0000000000b1';
const IDENTITY_ID = '00000000-0000-4000-8000-0000000000a1';
const CONFIG_ID = '00000000-0000-4000-8000-0000000000c1';

describe('config request bodies', () => {
  it('config: every field of the contract, update carries total_id', () => {
    const body = configBody(USER_ID, { name: 'Bot', procedure_id: PROCEDURE_ID, identity_id: IDENTITY_ID, role: ' tư vấn ' }, CONFIG_ID);
    expect(body).toEqual({ user_id: USER_ID, name: 'Bot', procedure_id: PROCEDURE_ID, identity_id: IDENTITY_ID, role: 'tư vấn', target: '', mission: '', note: '', total_id: CONFIG_ID });
    expect(endpoints.updateConfig.body.safeParse(body).success).toBe(true);
  });
});
