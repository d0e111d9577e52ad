import type { Multipart } from '@fastify/multipart';
import { apiErrorSchema, endpoints } from '@pagemate/shared-contracts/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { assertOwnUserId } from '../plugins/app/auth/auth-guard.js';
import { assertStorableText } from '../plugins/app/text-input-guard.js';
import { BEARER_SECURITY_SCHEME, type RouteExtras, toFastifyPath } from './contract-route.js';

/** The contract's multipart calls (a file plus text fields). */
type MultipartName = { [N in keyof typeof endpoints]: (typeof endpoints)[N] extends { multipart: z.ZodObject } ? N : never }[keyof typeof endpoints];

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

export interface MultipartOptions {
  /** What the user uploads, in messages: "file", "image". */
  noun: string;
  /** The message of a file over the size limit. */
  tooLarge: string;
  /** A file size limit below the one the multipart plugin is registered with. */
  maxFileBytes?: number;
}

/** @fastify/multipart's limit and format errors, as answers the user can act on. */
function multipartError(error: unknown, options: MultipartOptions): AppError | undefined {
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, 'PAYLOAD_TOO_LARGE', options.tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'BAD_REQUEST', `Upload one ${options.noun} at a time.`);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(400, 'BAD_REQUEST', 'The upload form has too many fields.');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the ${options.noun} as multipart/form-data.`);
    default:
      return undefined;
  }
}

/**
 * Reads the form in arrival order. The auth guard cannot see multipart fields (they are not parsed when it
 * runs), so `user_id` is checked here the moment it arrives — before the file when the client sends fields
 * first, as browsers' FormData does in append order.
 */
async function readForm(request: FastifyRequest, options: MultipartOptions): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  const form: { fields: Record<string, string>; file: UploadedFile | undefined } = { fields: {}, file: undefined };
  try {
    const parts = (options.maxFileBytes === undefined ? request.parts() : request.parts({ limits: { fileSize: options.maxFileBytes, files: 1, fields: 10, fieldSize: 1000 } })) as AsyncIterableIterator<Multipart>;
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError(400, 'BAD_REQUEST', 'The file part must be named "file".');
        form.file = { name: part.filename, bytes: await part.toBuffer() };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        if (part.fieldname === 'user_id') assertOwnUserId(request, value, 'body', 'user_id');
        form.fields[part.fieldname] = value;
      }
    }
  } catch (error) {
    throw multipartError(error, options) ?? error;
  }
  return form;
}

/**
 * A multipart call of the contract (outside `registerEndpoint`: the body is parsed here, part by part, not by a
 * JSON schema): its text fields checked against the contract's `multipart` schema, the file required.
 */
export function registerMultipartEndpoint<N extends MultipartName>(
  app: FastifyInstance,
  name: N,
  options: MultipartOptions,
  handler: (request: FastifyRequest, fields: z.infer<(typeof endpoints)[N]['multipart']>, file: UploadedFile) => Promise<unknown>,
  extras: RouteExtras = {},
) {
  const contract = endpoints[name];
  app.post(
    toFastifyPath(contract.path),
    {
      config: { auth: contract.auth },
      schema: {
        operationId: name,
        summary: contract.summary,
        consumes: ['multipart/form-data'],
        security: [{ [BEARER_SECURITY_SCHEME]: [] }],
        response: { 200: contract.response, '4xx': apiErrorSchema, '5xx': apiErrorSchema },
      },
      // Before the body is read: a refused upload costs no parsing.
      ...(extras.preHandler ? { preHandler: extras.preHandler } : {}),
    },
    async (request) => {
      const form = await readForm(request, options);
      // The text guard cannot see multipart fields (parsed here): the same check, fields and file name.
      assertStorableText({ ...form.fields, ...(form.file ? { file: form.file.name } : {}) }, 'body');
      const fields = contract.multipart.safeParse(form.fields);
      if (!fields.success) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Invalid body',
          fields.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        );
      }
      if (!form.file) throw new AppError(400, 'BAD_REQUEST', `Choose a ${options.noun} to upload.`);
      return handler(request, fields.data as z.infer<(typeof endpoints)[N]['multipart']>, form.file);
    },
  );
}
