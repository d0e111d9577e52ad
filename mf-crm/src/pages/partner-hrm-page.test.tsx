// @vitest-environment happy-dom
import { apiClient, type PartnerShop, type PartnerStaff } from '@pagemate/shared-contracts';
import { button, byTestId, click, mountSignedIn, typeInto, type MountedPage } from '@pagemate/shared-contracts/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { aShop, aStaffMember, FakeApiError, fakeCrmApi, type Call } from '../test/fake-crm-api';
import { field, fieldErrors, inLanguage, openSelect, option, options, text } from '../test/page-helpers';
import { PartnerHrmPage } from './partner-hrm-page';

const API = 'http://api.test';
const partner = { username: 'agency', userId: 'pa-1', userEmail: 'agency@example.test', partnerId: null, role: 'partner' };
const SHOPS = 'api/v1/partner/shops';
const ASSIGN = 'api/v1/partner/shops/assign';
const STAFF = 'api/v1/partner/staff';
const SAVE = 'api/v1/partner/staff/save';
const DELETE = 'api/v1/partner/staff/delete';
const URL_ = '/partner-dashboard/hrm';

let mounted: MountedPage | undefined;
afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
});

const staffRows = () => byTestId('staff-row').map((r) => ({ id: r.getAttribute('data-staff-id'), text: r.textContent ?? '' }));
const shopRow = (shopId: string) => byTestId('shop-assignment-row').find((r) => r.getAttribute('data-shop-id') === shopId);
const errorOf = (testId: string) => field(testId).closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent;

function team(): PartnerStaff[] {
  return [
    aStaffMember({ id: 'st-1', name: 'Phạm Minh Anh', role: 'account_manager', shop_count: 1 }),
    aStaffMember({ id: 'st-2', name: 'Đỗ Thu Hà', email: '', phone: '', role: 'support', shop_count: 0 }),
    aStaffMember({ id: 'st-3', name: 'Vũ Quang Huy', email: 'huy@agency.test', role: 'technician', active: false, shop_count: 0, note: 'Nghỉ phép đến tháng 3' }),
  ];
}

function hrmApi(overrides: Record<string, (call: Call) => unknown> = {}) {
  let staff = team();
  let shops: PartnerShop[] = [
    aShop({ shop_id: 'shop-1', username: 'thoitrang_lan', staff_id: 'st-1', staff_name: 'Phạm Minh Anh', pages: 2 }),
    aShop({ shop_id: 'shop-2', username: 'giaydep_an', email: 'an@example.test', joined_at: '2026-02-10T03:00:00.000Z', pages: 1, pages_need_attention: 1, low_balance: true }),
  ];
  const counted = () => staff.map((member) => ({ ...member, shop_count: shops.filter((shop) => shop.staff_id === member.id).length }));
  const api = fakeCrmApi({
    [STAFF]: () => counted(),
    [SHOPS]: () => shops,
    [SAVE]: (call) => {
      const body = call.body as Omit<PartnerStaff, 'id' | 'shop_count' | 'created_at'> & { id?: string };
      const saved = aStaffMember({ ...body, id: body.id ?? 'st-new' });
      staff = body.id ? staff.map((member) => (member.id === body.id ? saved : member)) : [...staff, saved];
      return saved;
    },
    [DELETE]: (call) => {
      const { id } = call.body as { id: string };
      staff = staff.filter((member) => member.id !== id);
      shops = shops.map((shop) => (shop.staff_id === id ? { ...shop, staff_id: null, staff_name: null } : shop));
      return { ok: true };
    },
    [ASSIGN]: (call) => {
      const { shop_id, staff_id } = call.body as { shop_id: string; staff_id: string | null };
      const name = staff.find((member) => member.id === staff_id)?.name ?? null;
      shops = shops.map((shop) => (shop.shop_id === shop_id ? { ...shop, staff_id, staff_name: name } : shop));
      return shops.find((shop) => shop.shop_id === shop_id);
    },
    ...overrides,
  });
  apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
  return api;
}

describe('partner HRM', () => {
  it('lists the team with translated roles and status, and each shop with its manager (vi)', async () => {
    await inLanguage('vi');
    const api = hrmApi();
    mounted = await mountSignedIn(PartnerHrmPage, partner, URL_);

    expect(document.querySelector('h1')?.textContent).toBe('Quản lý nhân sự (HRM) đối tác');
    expect(api.callsTo(STAFF)).toHaveLength(1);
    expect(api.callsTo(SHOPS).map((c) => c.params)).toEqual([{ days: 30 }]);
    expect(staffRows().map((r) => r.id)).toEqual(['st-1', 'st-2', 'st-3']);
    const [anh, ha, huy] = staffRows();
    expect(anh?.text).toContain('Phụ trách khách hàng');
    expect(anh?.text).toContain('anh@agency.test');
    expect(anh?.text).toContain('0903 111 222');
    expect(anh?.text).toContain('Đang làm việc');
    expect(ha?.text).toContain('Hỗ trợ');
    expect(huy?.text).toContain('Kỹ thuật');
    expect(huy?.text).toContain('Tạm nghỉ');
    expect(huy?.text).toContain('Nghỉ phép đến tháng 3');

    expect(text()).toContain('Phân công cửa hàng');
    expect(shopRow('shop-1')?.textContent).toContain('thoitrang_lan');
    expect(shopRow('shop-1')?.textContent).toContain('02/01/2026');
    expect(shopRow('shop-1')?.querySelector('[data-testid="shop-manager-select"]')?.textContent).toContain('Phạm Minh Anh');
    expect(shopRow('shop-2')?.textContent).toContain('an@example.test');
    expect(shopRow('shop-2')?.textContent).toContain('10/02/2026');
    expect(shopRow('shop-2')?.querySelector('[data-testid="shop-low-balance"]')?.textContent).toBe('Sắp hết số dư');
    expect(shopRow('shop-1')?.querySelector('[data-testid="shop-low-balance"]')).toBeNull();
    expect(shopRow('shop-2')?.querySelector('[data-testid="shop-manager-select"]')?.textContent).toContain('Chưa có người phụ trách');
  });

  it('adds a team member: sends every field, then both lists refresh (vi)', async () => {
    await inLanguage('vi');
    const api = hrmApi();
    mounted = await mountSignedIn(PartnerHrmPage, partner, URL_);

    await click(button('Thêm nhân viên'));
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Thêm nhân viên');
    await click(byTestId('staff-save')[0]);
    expect(fieldErrors()).toEqual(['Vui lòng nhập họ tên nhân viên.']);
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await typeInto(field('staff-name'), '  Ngô Bảo Châu ');
    await typeInto(field('staff-email'), 'chau@agency.test');
    await typeInto(field('staff-phone'), '+84 (98) 765.4321');
    await openSelect(byTestId('staff-role')[0]);
    expect(options()).toEqual(['Phụ trách khách hàng', 'Hỗ trợ', 'Kinh doanh', 'Kỹ thuật']);
    await click(option('Kinh doanh'));
    await typeInto(field('staff-note'), 'Phụ trách khu vực phía Nam');
    await click(byTestId('staff-save')[0]);

    expect(api.callsTo(SAVE).map((c) => c.body)).toEqual([
      { name: 'Ngô Bảo Châu', email: 'chau@agency.test', phone: '+84 (98) 765.4321', role: 'sales', active: true, note: 'Phụ trách khu vực phía Nam' },
    ]);
    expect(text()).toContain('Đã thêm Ngô Bảo Châu vào đội ngũ.');
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(api.callsTo(STAFF)).toHaveLength(2);
    expect(api.callsTo(SHOPS)).toHaveLength(2);
    expect(staffRows().map((r) => r.id)).toEqual(['st-1', 'st-2', 'st-3', 'st-new']);
  });

  it('refuses an invalid email or phone before sending (vi)', async () => {
    await inLanguage('vi');
    const api = hrmApi();
    mounted = await mountSignedIn(PartnerHrmPage, partner, URL_);
    await click(button('Thêm nhân viên'));
    await typeInto(field('staff-name'), 'Ngô Bảo Châu');
    await typeInto(field('staff-email'), 'chau@agency');
    await typeInto(field('staff-phone'), '0912-abc');
    await click(byTestId('staff-save')[0]);
    expect(errorOf('staff-email')).toBe('Email không hợp lệ.');
    expect(errorOf('staff-phone')).toBe('Số điện thoại chỉ gồm chữ số, khoảng trắng và các ký tự + ( ) . -');
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('edits a member, sending the id, and shows the server’s field issue on its field (en)', async () => {
    await inLanguage('en');
    let refuse = true;
    const api = hrmApi({
      [SAVE]: (call) => {
        if (refuse) {
          refuse = false;
          throw new FakeApiError(400, 'VALIDATION_FAILED', 'Invalid body', [{ path: 'email', message: 'Another team member already uses this email.' }]);
        }
        return aStaffMember(call.body as Partial<PartnerStaff>);
      },
    });
    mounted = await mountSignedIn(PartnerHrmPage, partner, URL_);
    await click(byTestId('staff-row')[1]?.querySelector('[data-testid="staff-edit"]'));
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Edit team member');
    expect(field('staff-name').value).toBe('Đỗ Thu Hà');
    await typeInto(field('staff-email'), 'anh@agency.test');
    await click(byTestId('staff-save')[0]);

    expect(errorOf('staff-email')).toBe('Another team member already uses this email.');
    expect(byTestId('staff-form-error')).toHaveLength(0);
    expect(document.querySelector('.ant-modal')).not.toBeNull();

    await typeInto(field('staff-email'), 'ha@agency.test');
    await click(byTestId('staff-save')[0]);
    expect(api.callsTo(SAVE).at(-1)?.body).toEqual({ id: 'st-2', name: 'Đỗ Thu Hà', email: 'ha@agency.test', phone: '', role: 'support', active: true, note: '' });
    expect(text()).toContain('Đỗ Thu Hà saved.');
  });

  it('asks before removing a member, saying their shops will be left without a manager (vi)', async () => {
    await inLanguage('vi');
    const api = hrmApi();
    mounted = await mountSignedIn(PartnerHrmPage, partner, URL_);
    await click(byTestId('staff-row')[0]?.querySelector('[data-testid="staff-delete"]'));
    expect(text()).toContain('Xoá Phạm Minh Anh khỏi đội ngũ?');
    expect(text()).toContain('1 cửa hàng người này đang phụ trách sẽ không còn người quản lý.');
    expect(api.callsTo(DELETE)).toHaveLength(0);

    await click(button('Có, xoá'));
    expect(api.callsTo(DELETE).map((c) => c.body)).toEqual([{ id: 'st-1' }]);
    expect(text()).toContain('Đã xoá Phạm Minh Anh khỏi đội ngũ.');
    expect(staffRows().map((r) => r.id)).toEqual(['st-2', 'st-3']);
    // The shop they managed shows no manager once the shops refresh.
    expect(shopRow('shop-1')?.querySelector('[data-testid="shop-manager-select"]')?.textContent).toContain('Chưa có người phụ trách');
  });

  it('assigns a shop to an active member, and clears it (en)', async () => {
    await inLanguage('en');
    const api = hrmApi();
    mounted = await mountSignedIn(PartnerHrmPage, partner, URL_);

    const select = () => shopRow('shop-2')?.querySelector('[data-testid="shop-manager-select"]');
    await openSelect(select());
    // The inactive member is not offered.
    expect(options()).toEqual(['No manager', 'Phạm Minh Anh', 'Đỗ Thu Hà']);
    await click(option('Đỗ Thu Hà'));
    expect(api.callsTo(ASSIGN).map((c) => c.body)).toEqual([{ shop_id: 'shop-2', staff_id: 'st-2' }]);
    expect(text()).toContain('giaydep_an is now managed by Đỗ Thu Hà.');
    expect(select()?.textContent).toContain('Đỗ Thu Hà');
    // The team's shop counts refresh too.
    const shopCountOf = (staffId: string) => byTestId('staff-row').find((r) => r.getAttribute('data-staff-id') === staffId)?.querySelector('td:nth-child(6)')?.textContent;
    expect(api.callsTo(STAFF)).toHaveLength(2);
    expect(shopCountOf('st-2')).toBe('1');

    await openSelect(select());
    await click(option('No manager'));
    expect(api.callsTo(ASSIGN).at(-1)?.body).toEqual({ shop_id: 'shop-2', staff_id: null });
    expect(text()).toContain('giaydep_an has no manager now.');
    expect(shopCountOf('st-2')).toBe('0');
  });

  it('shows a failed team list with a retry (en)', async () => {
    await inLanguage('en');
    let fail = true;
    const api = hrmApi({
      [STAFF]: () => {
        if (fail) throw new FakeApiError(403, 'PARTNER_ONLY');
        return team();
      },
    });
    mounted = await mountSignedIn(PartnerHrmPage, partner, URL_);
    expect(byTestId('staff-error')[0]?.textContent).toContain('Could not load your team.');
    expect(byTestId('staff-error')[0]?.textContent).toContain('This page is for partner accounts only.');
    fail = false;
    await click(button('Retry'));
    expect(api.callsTo(STAFF)).toHaveLength(2);
    expect(staffRows()).toHaveLength(3);
  });
});
