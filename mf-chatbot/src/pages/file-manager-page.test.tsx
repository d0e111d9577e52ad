// @vitest-environment happy-dom
import { apiClient, initI18n, UPLOAD_LIMITS, type CollectionFile } from '@pagemate/shared-contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../locales/en.json';
import vi_ from '../locales/vi.json';
import { aFile, FakeApiError, fakeChatbotApi } from '../test/fake-chatbot-api';
import { advance, byTestId, chooseFiles, mountSignedIn, type MountedPage } from '@pagemate/shared-contracts/testing';
import { FileManagerPage } from './file-manager-page';

const API = 'http://api.test';
const user = { username: 'lan', userId: 'u-7', userEmail: 'lan@example.test', partnerId: null, role: 'user' };
const COLLECTION = 'api/v1/facebook/get-collection/u-7';
const UPLOAD = 'api/v1/documents/upload';

async function inLanguage(language: 'vi' | 'en') {
  const i18n = await initI18n(language, { chatbot: { vi: vi_, en } });
  await i18n.changeLanguage(language);
}

let mounted: MountedPage | undefined;
const text = () => document.body.textContent ?? '';
const input = () => byTestId('file-upload-input')[0] as HTMLInputElement;
const rows = () => byTestId('file-row').map((row) => ({ status: row.getAttribute('data-status'), text: row.textContent }));

afterEach(() => {
  mounted?.unmount();
  mounted = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('file manager', () => {
  it('refuses a format outside the allow-list and a file over the size limit without calling the API', async () => {
    await inLanguage('en');
    const api = fakeChatbotApi({ [COLLECTION]: () => [aFile()] });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(FileManagerPage, user);

    await chooseFiles(input(), [new File(['MZ'], 'setup.exe')]);
    expect(text()).toContain('Please upload files in allowed formats.');

    const big = new File(['x'], 'notes.txt');
    Object.defineProperty(big, 'size', { value: UPLOAD_LIMITS.maxFileBytes + 1 });
    await chooseFiles(input(), [big]);
    expect(text()).toContain('The file is larger than 20 MB.');

    await chooseFiles(input(), [new File(['x'], 'bang-gia.xlsx')]);
    expect(text()).toContain('The file already exists, please select another file!');
    expect(api.callsTo(UPLOAD)).toHaveLength(0);
  });

  it('uploads into the chosen collection and language, says "Tải tệp lên thành công!", and polls until the file is ready', async () => {
    await inLanguage('vi');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let files: CollectionFile[] = [aFile()];
    const statuses: CollectionFile['index_status'][] = ['queued', 'indexing', 'ready'];
    const api = fakeChatbotApi({
      [COLLECTION]: () => {
        const next = files.map((f) => (f.file_id === 'f2' ? { ...f, index_status: statuses.shift() ?? 'ready' } : f));
        files = next;
        return next;
      },
      [UPLOAD]: (call) => {
        const form = call.body as FormData;
        const saved = aFile({ file_id: 'f2', file_name: (form.get('file') as File).name, collection_name: String(form.get('collection_name')), language: String(form.get('language')), index_status: 'queued' });
        files = [...files, saved];
        return saved;
      },
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(FileManagerPage, user, '/user-dashboard/file-manager');
    expect(document.querySelector('h1')?.textContent).toBe('Quản lý tệp');
    expect(rows()).toEqual([{ status: 'ready', text: expect.stringContaining('12,1 KB') }]);

    await chooseFiles(input(), [new File(['Giá bán áo thun'], 'chinh-sach.md')]);
    expect(text()).toContain('Tải tệp lên thành công!');
    const form = api.callsTo(UPLOAD)[0]?.body as FormData;
    expect(form.get('user_id')).toBe('u-7');
    expect(form.get('collection_name')).toBe('Cửa hàng');
    expect(form.get('language')).toBe('auto');
    expect(rows().map((r) => r.status)).toEqual(['ready', 'queued']);
    expect(text()).toContain('Đang chờ');

    await advance(2_000);
    expect(rows().map((r) => r.status)).toEqual(['ready', 'indexing']);
    expect(text()).toContain('Đang lập chỉ mục');
    await advance(2_000);
    expect(rows().map((r) => r.status)).toEqual(['ready', 'ready']);

    // Everything is ready: no more polling.
    const loads = api.callsTo(COLLECTION).length;
    await advance(10_000);
    expect(api.callsTo(COLLECTION)).toHaveLength(loads);
  });

  it('shows the product duplicate message when the server says FILE_EXISTS, and the generic failure otherwise', async () => {
    await inLanguage('en');
    let code = 'FILE_EXISTS';
    const api = fakeChatbotApi({
      [COLLECTION]: () => [],
      [UPLOAD]: () => {
        throw new FakeApiError(code === 'FILE_EXISTS' ? 409 : 500, code);
      },
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(FileManagerPage, user);
    expect(text()).toContain('No files yet.');

    await chooseFiles(input(), [new File(['x'], 'a.docx')]);
    expect(text()).toContain('The file already exists, please select another file!');
    code = 'INTERNAL';
    await chooseFiles(input(), [new File(['x'], 'b.docx')]);
    expect(text()).toContain('Cannot upload file at the moment!');
    expect(api.callsTo(UPLOAD).map((c) => (c.body as FormData).get('collection_name'))).toEqual(['My documents', 'My documents']);
  });

  it('says in the user\'s language when the storage quota is full or uploads come too fast', async () => {
    await inLanguage('vi');
    let code = 'QUOTA_EXCEEDED';
    const api = fakeChatbotApi({
      [COLLECTION]: () => [],
      [UPLOAD]: () => {
        throw new FakeApiError(code === 'QUOTA_EXCEEDED' ? 403 : 429, code);
      },
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(FileManagerPage, user);

    await chooseFiles(input(), [new File(['x'], 'a.docx')]);
    expect(text()).toContain('Tài liệu của bạn đã đạt giới hạn lưu trữ.');
    code = 'RATE_LIMITED';
    await chooseFiles(input(), [new File(['x'], 'b.docx')]);
    expect(text()).toContain('Bạn tải lên quá nhiều tệp trong thời gian ngắn. Hãy đợi 60 giây');
  });

  it('shows a failed file with its reason, and logs (only) a file-list failure', async () => {
    await inLanguage('vi');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let up = false;
    const api = fakeChatbotApi({
      [COLLECTION]: () => {
        if (!up) throw new FakeApiError(500, 'INTERNAL');
        return [aFile({ index_status: 'failed', index_error: 'Không đọc được tệp' })];
      },
    });
    apiClient.configure({ baseURL: `${API}/`, adapter: api.adapter });
    mounted = await mountSignedIn(FileManagerPage, user);
    expect(error).toHaveBeenCalledWith('Loading the file list failed', expect.anything());
    expect(byTestId('file-row')).toHaveLength(0);
    expect(document.querySelector('[role="alert"]')).toBeNull();
    mounted.unmount();
    up = true;
    mounted = await mountSignedIn(FileManagerPage, user);
    expect(rows()[0]?.status).toBe('failed');
    expect(text()).toContain('Lỗi');
    expect(document.querySelector('[aria-label="Lỗi: Không đọc được tệp"]')).not.toBeNull();
    expect(api.callsTo(COLLECTION).length).toBeGreaterThan(1);
  });
});
