import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../test/accounts.js';
import { api, type SignedIn, signedInUser } from '../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../test/helper.js';
import { expectInvalidField } from '../test/invalid-field.js';

const BASE = '/api/v1/facebook/config';

describe.each(testDatabases)('identity, procedure and bot config (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;

  const identityBody = (user: SignedIn, overrides: Record<string, unknown> = {}) => ({
    user_id: user.userId,
    name: 'Chị Lan',
    info: { name: 'Lan', gender: 'Nữ', birth_year: '1995', hometown: 'Huế', current_address: 'Đà Nẵng' },
    story: { childhood: 'Lớn lên ở Huế', schools: '', university: 'ĐH Kinh tế', current_job: 'Chủ tiệm bánh' },
    style_conversation: 'Thân thiện, xưng em',
    example_conversation: 'Khách: Bánh bao nhiêu? — Em: Dạ 20k ạ',
    ...overrides,
  });
  const create = async (user: SignedIn, path: string, body: object) => {
    const response = await api(t, user, 'POST', `${BASE}/${path}`, body);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Record<string, string> }).data;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signedInUser(t);
    bob = await signedInUser(t);
  });
  afterAll(() => t?.close());

  it('identity: create, list, update, delete — only the owner sees and changes it', async () => {
    const identity = await create(alice, 'create-identity', identityBody(alice));
    expect(identity).toMatchObject({ name: 'Chị Lan', info: { hometown: 'Huế' }, story: { current_job: 'Chủ tiệm bánh' } });
    const list = await api(t, alice, 'GET', `${BASE}/get-identity?user_id=${alice.userId}`);
    expect((list.json() as { data: unknown[] }).data).toEqual([identity]);
    expect((await api(t, bob, 'GET', `${BASE}/get-identity?user_id=${bob.userId}`)).json()).toEqual({ status: 200, data: [] });
    expect((await api(t, bob, 'GET', `${BASE}/get-identity?user_id=${alice.userId}`)).statusCode).toBe(403);

    const updated = await create(alice, 'update-identity', identityBody(alice, { identity_id: identity.identity_id, name: 'Chị Lan 2' }));
    expect(updated.name).toBe('Chị Lan 2');
    const bobUpdate = await api(t, bob, 'POST', `${BASE}/update-identity`, identityBody(bob, { identity_id: identity.identity_id }));
    expect(bobUpdate.statusCode).toBe(404);
    expect((await api(t, bob, 'POST', `${BASE}/delete-identity`, { user_id: bob.userId, identity_id: identity.identity_id })).statusCode).toBe(404);
    expectInvalidField(await api(t, bob, 'POST', `${BASE}/delete-identity`, { user_id: bob.userId, identity_id: 'not-a-uuid' }), 'identity_id');
    expect((await api(t, alice, 'POST', `${BASE}/delete-identity`, { user_id: alice.userId, identity_id: identity.identity_id })).json()).toEqual({ status: 200, data: { ok: true } });
    expect((await api(t, alice, 'GET', `${BASE}/get-identity?user_id=${alice.userId}`)).json()).toEqual({ status: 200, data: [] });
  });

  it('identity: name is required, info fields default to empty', async () => {
    const missing = await api(t, alice, 'POST', `${BASE}/create-identity`, identityBody(alice, { name: '  ' }));
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).issues?.map((issue) => issue.path)).toContain('name');
    const minimal = await create(alice, 'create-identity', { user_id: alice.userId, name: 'Tối giản', info: {}, story: {}, style_conversation: '', example_conversation: '' });
    expect(minimal.info).toEqual({ name: '', gender: '', birth_year: '', hometown: '', current_address: '' });
  });

  it('procedure: name and description required; CRUD scoped to the owner', async () => {
    const invalid = await api(t, alice, 'POST', `${BASE}/create-procedure`, { user_id: alice.userId, name: 'Bán hàng', procedure: '' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).issues?.map((issue) => issue.path)).toContain('procedure');
    const procedure = await create(alice, 'create-procedure', { user_id: alice.userId, name: 'Bán hàng', procedure: 'Chào → tư vấn → chốt đơn' });
    const updated = await create(alice, 'update-procedure', { user_id: alice.userId, procedure_id: procedure.procedure_id, name: 'Bán hàng 2', procedure: 'Mới' });
    expect(updated).toEqual({ procedure_id: procedure.procedure_id, name: 'Bán hàng 2', procedure: 'Mới' });
    expect((await api(t, bob, 'POST', `${BASE}/update-procedure`, { user_id: bob.userId, procedure_id: procedure.procedure_id, name: 'x', procedure: 'y' })).statusCode).toBe(404);
    expect((await api(t, alice, 'POST', `${BASE}/create-procedure`, { user_id: bob.userId, name: 'x', procedure: 'y' })).statusCode).toBe(403);
    expect(((await api(t, alice, 'GET', `${BASE}/get-procedure?user_id=${alice.userId}`)).json() as { data: unknown[] }).data).toHaveLength(1);
  });

  it('config: needs the user\'s own identity and procedure; those cannot be deleted while in use (409)', async () => {
    const identity = await create(alice, 'create-identity', identityBody(alice));
    const procedure = await create(alice, 'create-procedure', { user_id: alice.userId, name: 'Quy trình', procedure: 'Các bước' });
    const bobIdentity = await create(bob, 'create-identity', identityBody(bob));
    const configBody = (overrides: Record<string, unknown> = {}) => ({
      user_id: alice.userId, name: 'Bot tiệm bánh', identity_id: identity.identity_id, procedure_id: procedure.procedure_id,
      role: 'Nhân viên bán hàng', target: 'Khách mua bánh', mission: 'Chốt đơn', note: '', ...overrides,
    });
    expect((await api(t, alice, 'POST', `${BASE}/create`, configBody({ identity_id: bobIdentity.identity_id }))).statusCode).toBe(404);
    expect((await api(t, alice, 'POST', `${BASE}/create`, configBody({ name: '' }))).statusCode).toBe(400);
    const config = await create(alice, 'create', configBody());
    expect(config).toMatchObject({ name: 'Bot tiệm bánh', identity_id: identity.identity_id, procedure_id: procedure.procedure_id });

    const blocked = await api(t, alice, 'POST', `${BASE}/delete-identity`, { user_id: alice.userId, identity_id: identity.identity_id });
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked)).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('bot config') });
    expect((await api(t, alice, 'POST', `${BASE}/delete-procedure`, { user_id: alice.userId, procedure_id: procedure.procedure_id })).statusCode).toBe(409);

    const updated = await create(alice, 'update', configBody({ total_id: config.total_id, mission: 'Tư vấn' }));
    expect(updated.mission).toBe('Tư vấn');
    expect((await api(t, bob, 'POST', `${BASE}/update`, { ...configBody(), user_id: bob.userId, total_id: config.total_id })).statusCode).toBe(404);
    expect((await api(t, bob, 'POST', `${BASE}/delete`, { user_id: bob.userId, total_id: config.total_id })).statusCode).toBe(404);
    expect(((await api(t, bob, 'GET', `${BASE}/get?user_id=${bob.userId}`)).json() as { data: unknown[] }).data).toEqual([]);
    expect(((await api(t, alice, 'GET', `${BASE}/get?user_id=${alice.userId}`)).json() as { data: unknown[] }).data).toEqual([updated]);

    expect((await api(t, alice, 'POST', `${BASE}/delete`, { user_id: alice.userId, total_id: config.total_id })).statusCode).toBe(200);
    expect((await api(t, alice, 'POST', `${BASE}/delete-identity`, { user_id: alice.userId, identity_id: identity.identity_id })).statusCode).toBe(200);
    expect((await api(t, alice, 'POST', `${BASE}/delete-procedure`, { user_id: alice.userId, procedure_id: procedure.procedure_id })).statusCode).toBe(200);
  });
});
