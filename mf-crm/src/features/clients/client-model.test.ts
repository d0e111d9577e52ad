import { describe, expect, it } from 'vitest';
import { aClient } from '../../test/fake-crm-api';
import { filterClients } from './client-model';

describe('client model', () => {
  it('searches names without accents and phones without separators', () => {
    const clients = [aClient({ id: 'a', name: 'Đặng Hoà', phone: '090.111.2222' }), aClient({ id: 'b', name: 'Lan', phone: '' })];
    expect(filterClients(clients, 'dang hoa').map((c) => c.id)).toEqual(['a']);
    expect(filterClients(clients, '0901112').map((c) => c.id)).toEqual(['a']);
    expect(filterClients(clients, '  ').map((c) => c.id)).toEqual(['a', 'b']);
  });
});
