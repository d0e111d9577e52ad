import { describe, expect, it } from 'vitest';
import { FakeApiError, fakeApi } from '../testing/fake-api.js';
import { createApiClient } from './client.js';
import { uploadWithProgress } from './upload.js';

function clientWith(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  const client = createApiClient({ baseURL: 'http://api/', adapter: api.adapter, getAccessToken: () => 'token' });
  return { api, client };
}

describe('uploadWithProgress', () => {
  it('sends the fields then the file as multipart to the endpoint, reports progress and returns the envelope data', async () => {
    const { api, client } = clientWith({
      'api/v1/facebook/post/image': (call) => {
        call.progress(50, 200);
        call.progress(200, 200);
        return { image_id: 'i1' };
      },
    });
    const seen: number[] = [];
    const file = new File(['abc'], 'shop.png', { type: 'image/png' });
    const result = await uploadWithProgress('uploadPostImage', { user_id: 'u1' }, file, { onProgress: (fraction) => seen.push(fraction) }, client);

    expect(result).toEqual({ image_id: 'i1' });
    expect(seen).toEqual([0.25, 1]);
    const [call] = api.calls;
    expect(call?.method).toBe('POST');
    const form = call?.body as FormData;
    expect([...form.keys()]).toEqual(['user_id', 'file']);
    expect(form.get('user_id')).toBe('u1');
    expect((form.get('file') as File).name).toBe('shop.png');
  });

  it('throws a refusal as the code, message and field issues an RTK Query hook would report', async () => {
    const { client } = clientWith({
      'api/v1/facebook/post/image': () => {
        throw new FakeApiError(400, 'VALIDATION_FAILED', 'too large', [{ path: 'file', message: 'too large' }]);
      },
    });
    const file = new File(['abc'], 'shop.png');
    await expect(uploadWithProgress('uploadPostImage', { user_id: 'u1' }, file, { onProgress: () => undefined }, client)).rejects.toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'too large',
      issues: [{ path: 'file', message: 'too large' }],
    });
  });
});
