import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = FastifySerializerCompiler<z.ZodType>;
type RouteOf = Parameters<SerializerCompiler>[0];

/** A route's response schema as the zod serializer sees it: the schema itself, or `{ properties: schema }`. */
function zodSchemaOf(schema: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  const properties = typeof schema === 'object' && schema !== null ? (schema as { properties?: unknown }).properties : undefined;
  return properties instanceof z.ZodType ? properties : undefined;
}

/**
 * A response schema compiled once into a JSON writer: the zod contract as JSON Schema (its output side) fed to
 * fast-json-stringify, which writes only the declared properties, in the declared shape, with no validation pass
 * per reply. Undefined when the schema has no JSON Schema form (the route then keeps zod's serializer).
 */
export function compiledWriter(schema: z.ZodType): ((data: unknown) => string) | undefined {
  let json: object;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
  } catch {
    return undefined;
  }
  return fastJson(json as Parameters<typeof fastJson>[0]);
}

/**
 * The serializer of every contract route's replies.
 * - `check: false` (production): the compiled writer alone; the shapes were proven where `check` is on.
 * - `check: true` (tests, development): each reply is first validated against the contract by zod (a reply that
 *   breaks it fails, as before), then written by the compiled writer, and the two must say the same JSON: every
 *   test reply proves both the handler's shape and the writer production uses.
 */
export function responseSerializerCompiler({ check }: { check: boolean }): SerializerCompiler {
  return (route: RouteOf) => {
    const schema = zodSchemaOf(route.schema);
    const zodWriter = zodSerializerCompiler(route);
    const writer = schema ? compiledWriter(schema) : undefined;
    if (!writer) return zodWriter;
    if (!check) return writer;
    return (data: unknown) => {
      const validated = zodWriter(data);
      const written = writer(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(validated))) {
        throw new Error(`the compiled writer of ${route.method} ${route.url} (${String(route.httpStatus)}) wrote ${written}, the contract says ${validated}`);
      }
      return written;
    };
  };
}
