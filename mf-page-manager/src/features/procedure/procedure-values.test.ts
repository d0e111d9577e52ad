import { endpoints } from '@pagemate/shared-contracts/contracts';
import { describe, expect, it } from 'vitest';
import { procedureBody } from './procedure-values';

describe('procedure request bodies', () => {
  it('procedure: name and description trimmed; update carries procedure_id', () => {
    expect(procedureBody('7', { name: ' Đặt hàng ', procedure: ' 1. Chào ' }, 'p1')).toEqual({
      user_id: '7',
      name: 'Đặt hàng',
      procedure: '1. Chào',
      procedure_id: 'p1',
    });
    expect(endpoints.createProcedure.body.safeParse(procedureBody('7', { name: 'x', procedure: ' ' })).success).toBe(false);
  });
});
