import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocument } from '../../../test/chat.js';
import { type SignedIn, signedInUser } from '../../../test/facebook.js';
import { buildTestApp, type TestApp, testDatabases } from '../../../test/helper.js';

const ENV = { RATE_LIMIT_IP_MULTIPLIER: '100' };

describe.each(testDatabases)('passage retrieval (%s)', (kind) => {
  let t: TestApp;
  let lan: SignedIn;
  let minh: SignedIn;
  let priceList: string;
  let shipping: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, { env: ENV });
    lan = await signedInUser(t);
    minh = await signedInUser(t);
    priceList = (
      await insertDocument(t, lan.userId, 'bang-gia.txt', [
        'Giới thiệu cửa hàng cà phê Hương Quê, mở cửa từ 7 giờ sáng.',
        'Giá bán cà phê sữa đá là 25.000 đồng một ly.',
      ])
    ).fileId;
    shipping = (await insertDocument(t, lan.userId, 'giao-hang.txt', ['Phí giao hàng nội thành là 15.000 đồng, miễn phí cho đơn từ 200.000 đồng.'])).fileId;
    await insertDocument(t, minh.userId, 'bi-mat.txt', ['Giá bán nội bộ của Minh: 10.000 đồng.']);
    await insertDocument(t, lan.userId, 'dang-xu-ly.txt', ['Giá bán sỉ đang được cập nhật.'], { status: 'indexing' });
  });
  afterAll(() => t?.close());

  const search = (...args: Parameters<TestApp['app']['retrieval']['search']>) => t.app.retrieval.search(...args);

  it('"gia ban" without diacritics finds the passage with "giá bán", best match first', async () => {
    const found = await search(lan.userId, 'gia ban ca phe sua bao nhieu');
    expect(found[0]).toMatchObject({ fileName: 'bang-gia.txt', collectionName: 'Tài liệu', locator: 'paragraph 2', text: 'Giá bán cà phê sữa đá là 25.000 đồng một ly.' });
    // Another user's passages and files still indexing are never returned.
    expect(found.map((passage) => passage.fileName)).not.toContain('bi-mat.txt');
    expect(found.map((passage) => passage.fileName)).not.toContain('dang-xu-ly.txt');
    expect((await search(minh.userId, 'gia ban')).map((passage) => passage.fileName)).toEqual(['bi-mat.txt']);
  });

  it('passages matching more distinct words rank first; the file filter is respected', async () => {
    const both = await search(lan.userId, 'phí giao hàng');
    expect(both[0]?.fileName).toBe('giao-hang.txt');
    expect(await search(lan.userId, 'phí giao', { fileIds: [priceList] })).toEqual([]);
    expect((await search(lan.userId, 'phí giao hàng', { fileIds: [priceList] })).map((passage) => passage.fileName)).toEqual(['bang-gia.txt']);
    expect((await search(lan.userId, 'đồng', { fileIds: [shipping] })).map((passage) => passage.fileName)).toEqual(['giao-hang.txt']);
    // Files that are not ids of anything are simply nothing to search.
    expect(await search(lan.userId, 'đồng', { fileIds: ['not-a-uuid'] })).toEqual([]);
  });

  it('SQL and tsquery syntax in a question is just text', async () => {
    for (const query of ["giá'; drop table document_chunks; --", 'gia & | ! ( ) : * <-> \\', "' or 1=1 --", '   ', '!!!']) {
      await expect(search(lan.userId, query)).resolves.toBeInstanceOf(Array);
    }
    expect((await search(lan.userId, "giá'; drop table document_chunks; --"))[0]?.fileName).toBe('bang-gia.txt');
    expect((await search(lan.userId, 'gia ban')).length).toBeGreaterThan(0);
  });
});
