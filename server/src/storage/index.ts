import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type FileStorage, LocalFileStorage } from './file-storage.js';

export { FileNotFoundError, type FileStorage, LocalFileStorage, newStoredName } from './file-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded bytes live (FILES_DIR on local disk); never served over HTTP. */
    files: FileStorage;
  }
}

function storagePlugin(app: FastifyInstance) {
  app.decorate('files', new LocalFileStorage(app.config.filesDir));
}

export default fp(storagePlugin, { name: 'files', fastify: '5.x', dependencies: ['config'] });
