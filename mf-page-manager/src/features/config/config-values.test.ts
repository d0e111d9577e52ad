import { endpoints } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { configBody } from './config-values';

describe('config request bodies', () => {
  it('config: every field of the contract, update carries total_id', () => {
    const body = configBody('7', { name: 'Bot', procedure_id: 'p1', identity_id: 'i1', role: ' tư vấn ' }, 't1');
    expect(body).toEqual({ user_id: '7', name: 'Bot', procedure_id: 'p1', identity_id: 'i1', role: 'tư vấn', target: '', mission: '', note: '', total_id: 't1' });
    expect(endpoints.updateConfig.body.safeParse(body).success).toBe(true);
  });
});
