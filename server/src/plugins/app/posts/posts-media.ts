import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { isUuid, POST_LIMITS, type PostImage } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance } from 'fastify';
import type { UploadQuota } from '../../../config.js';
import { AppError } from '../../../errors/app-error.js';
import { newStoredName } from '../../../storage/index.js';
import { assertWithinQuota, megabytes, type Usage } from '../upload-quotas.js';
import type { MediaFileRow } from './posts-repository.js';
import { excerpt } from './posts-rules.js';

/** The image type of a file by its first bytes (never by its name or the browser's word). */
export function imageTypeOf(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | undefined {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42 && bytes[11] === 0x50) return 'image/webp';
  return undefined;
}

const DAY_MS = 24 * 3600 * 1000;

export const imageQuotaRefusal = ({ maxFiles, maxBytes }: UploadQuota) =>
  `You have uploaded the most images allowed in ${POST_LIMITS.imageQuotaDays} days (${maxFiles} images, ${megabytes(maxBytes)} MB). Please try again later.`;

export type PostMedia = ReturnType<typeof createPostMedia>;

/** The images posts use: uploaded by the user, served at `GET /media/{id}` (Facebook fetches them from there). */
export function createPostMedia(app: FastifyInstance) {
  const repo = app.postsRepository;
  const now = () => app.clock.now();
  const mediaUrl = (mediaId: string) => `${app.config.publicApiUrl}/media/${mediaId}`;

  const toImage = (row: MediaFileRow): PostImage => ({ media_id: row.id, url: mediaUrl(row.id), file_name: row.fileName, size_bytes: row.sizeBytes });

  async function uploadImage(userId: string, fileName: string, bytes: Buffer): Promise<PostImage> {
    const quota = app.config.uploads.postImages;
    const since = new Date(now().getTime() - POST_LIMITS.imageQuotaDays * DAY_MS);
    const admit = (usage: Usage) => assertWithinQuota(usage, quota, bytes.length, imageQuotaRefusal(quota));
    // Checked again when the row is inserted (under the user's lock); here to refuse before storing anything.
    admit(await repo.mediaUsage(userId, since));
    if (bytes.length === 0) throw new AppError(400, 'BAD_REQUEST', 'The image is empty.');
    if (bytes.length > POST_LIMITS.imageMaxBytes) {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The image is larger than ${POST_LIMITS.imageMaxBytes / (1024 * 1024)} MB.`);
    }
    const contentType = imageTypeOf(bytes);
    if (!contentType) throw new AppError(400, 'FILE_FORMAT_NOT_ALLOWED', 'Only JPEG, PNG, WebP or GIF images can be posted.');
    const storedName = newStoredName();
    await app.files.put(storedName, bytes);
    const row: MediaFileRow = {
      id: randomUUID(),
      userId,
      fileName: excerpt(path.basename(fileName.replaceAll('\\', '/')), 200) || 'image',
      storedName,
      contentType,
      sizeBytes: bytes.length,
      createdAt: now(),
    };
    try {
      await repo.insertMedia(row, since, admit);
    } catch (error) {
      await app.files.delete(storedName).catch(() => undefined);
      throw error;
    }
    return toImage(row);
  }

  async function media(mediaId: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
    if (!isUuid(mediaId)) return undefined;
    const row = await repo.findMedia(mediaId);
    if (!row) return undefined;
    try {
      return { contentType: row.contentType, bytes: await app.files.get(row.storedName) };
    } catch (error) {
      app.log.warn({ err: error, mediaId }, 'posts: an image row has no bytes');
      return undefined;
    }
  }

  return { mediaUrl, toImage, uploadImage, media };
}
