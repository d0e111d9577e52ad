import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FileStorage, LocalFileStorage } from './file-storage.js';
import { S3FileStorage } from './s3-file-storage.js';

export { FileNotFoundError, type FileStorage, LocalFileStorage, newStoredName } from './file-storage.js';
export { S3FileStorage, S3StorageError } from './s3-file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded bytes live: the S3 bucket when S3_BUCKET is set, else FILES_DIR on local disk; never served as is. */
    files: FileStorage;
  }
}

function storagePlugin(app: FastifyInstance) {
  const { s3, filesDir } = app.config;
  if (s3) {
    const storage = new S3FileStorage(s3);
    app.log.info({ storage: 's3' }, `files: S3 ${storage.describe()}`);
    app.decorate('files', storage);
  } else {
    app.decorate('files', new LocalFileStorage(filesDir));
  }
}

export default fp(storagePlugin, { name: 'files', fastify: '5.x', dependencies: ['config'] });
