import { z } from 'zod';

/**
 * The contract read through zod's public `z.toJSONSchema` (input side: defaults make a field optional), never
 * through zod's internals: a zod release that changes its private shapes cannot quietly empty the sweep.
 * `schemaOf` refuses a part it cannot read as an object with properties, and `sample` refuses a keyword
 * combination it does not know, so a change in the JSON Schema zod emits fails loudly too.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

const cache = new WeakMap<z.ZodType, JsonSchema>();

/** The JSON Schema of what a client may send for `schema` (refinements are not in it; `safeParse` judges them). */
export function schemaOf(schema: z.ZodType): JsonSchema {
  let json = cache.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    cache.set(schema, json);
  }
  return json;
}

/** A request part (params, query, body, multipart) as an object schema, or an error naming what zod gave. */
export function objectSchemaOf(schema: z.ZodType): JsonSchema & { properties: Record<string, JsonSchema> } {
  const json = schemaOf(schema);
  if (json.type !== 'object' || !json.properties) throw new Error(`contract sweep: a request part is not an object schema: ${JSON.stringify(json).slice(0, 200)}`);
  return json as JsonSchema & { properties: Record<string, JsonSchema> };
}

/** What a field is once `null` is set aside: its own schema, and whether `null` is allowed. */
export function unwrap(node: JsonSchema): { inner: JsonSchema; nullable: boolean } {
  const options = node.anyOf ?? node.oneOf;
  if (options) {
    const rest = options.filter((option) => option.type !== 'null');
    if (rest.length === 1 && rest[0]) return { inner: { ...rest[0], ...(node.default === undefined ? {} : { default: node.default }) }, nullable: rest.length < options.length };
  }
  return { inner: node, nullable: node.type === 'null' };
}

/** The kind a mutation works on: string, number, boolean, object, array, enum, literal, union, or unknown. */
export function kindOf(node: JsonSchema): string {
  const { inner } = unwrap(node);
  if (inner.enum) return 'enum';
  if (inner.const !== undefined) return 'literal';
  if (inner.anyOf || inner.oneOf) return 'union';
  if (inner.type === 'integer' || inner.type === 'number') return 'number';
  if (typeof inner.type === 'string') return inner.type;
  if (Object.keys(inner).filter((key) => key !== 'default' && key !== '$schema').length === 0) return 'unknown';
  throw new Error(`contract sweep: cannot read the JSON Schema ${JSON.stringify(inner).slice(0, 200)}; teach kindOf() about it`);
}

/** Every field of a part, dotted (`items.0.name` inside arrays of objects), with whether it holds a list. */
export function fieldsOf(schema: z.ZodType): { path: string; name: string; list: boolean }[] {
  const walk = (node: JsonSchema, prefix: string): { path: string; name: string; list: boolean }[] => {
    const { inner } = unwrap(node);
    if (inner.type === 'array' && inner.items) return walk(inner.items, prefix ? `${prefix}.0` : '0');
    if (inner.type !== 'object' || !inner.properties) return [];
    return Object.entries(inner.properties).flatMap(([name, field]) => {
      const path = prefix ? `${prefix}.${name}` : name;
      return [{ path, name, list: unwrap(field).inner.type === 'array' }, ...walk(field, path)];
    });
  };
  return walk(objectSchemaOf(schema), '');
}

/** Strings tried, in order, for a string field: the first its JSON Schema accepts wins. */
const STRING_CANDIDATES = [
  'sweep-value',
  '7f3a9c21-0b4e-4d7a-9a11-222233334444',
  'sweep_user',
  '123456',
  '2030-01-15',
  '2030-01-15T10:00:00+07:00',
  'sweep@example.vn',
  'ABCD2345',
  'https://example.vn/',
  '0912 345 678',
  'a',
  '',
];

/** Whether a string meets a string schema's length and pattern (formats come with a pattern, or the list below). */
function stringFits(node: JsonSchema, value: string): boolean {
  if (node.minLength !== undefined && value.length < node.minLength) return false;
  if (node.maxLength !== undefined && value.length > node.maxLength) return false;
  if (node.pattern !== undefined && !new RegExp(node.pattern, 'u').test(value)) return false;
  if (node.format === 'uuid') return /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(value);
  if (node.format === 'email') return value.includes('@');
  if (node.format === 'date-time') return !Number.isNaN(Date.parse(value)) && value.includes('T');
  if (node.format === 'uri') return URL.canParse(value);
  return true;
}

function numberFits(node: JsonSchema, value: number): boolean {
  if (node.type === 'integer' && !Number.isSafeInteger(value)) return false;
  if (node.minimum !== undefined && value < node.minimum) return false;
  if (node.maximum !== undefined && value > node.maximum) return false;
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) return false;
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) return false;
  return true;
}

/** A value the node accepts; `overrides` fixes fields by name (the caller's own `user_id`). */
export function sampleNode(node: JsonSchema, overrides: Record<string, unknown>): unknown {
  const { inner } = unwrap(node);
  switch (kindOf(inner)) {
    case 'object':
      return Object.fromEntries(Object.entries(inner.properties ?? {}).map(([key, field]) => [key, key in overrides ? overrides[key] : sampleNode(field, overrides)]));
    case 'array':
      return Array.from({ length: Math.max(inner.minItems ?? 0, 1) }, () => sampleNode(inner.items ?? {}, overrides));
    case 'string': {
      const value = [...STRING_CANDIDATES, 'x'.repeat(Math.max(inner.minLength ?? 1, 1))].find((candidate) => stringFits(inner, candidate));
      if (value === undefined) throw new Error(`contract sweep: no sample string fits ${JSON.stringify(inner).slice(0, 200)}`);
      return value;
    }
    case 'number': {
      const low = inner.minimum ?? (inner.exclusiveMinimum === undefined ? 1 : inner.exclusiveMinimum + 1);
      const value = [low, 0.5, 1, 0, inner.maximum ?? low].find((candidate) => numberFits(inner, candidate));
      if (value === undefined) throw new Error(`contract sweep: no sample number fits ${JSON.stringify(inner)}`);
      return value;
    }
    case 'boolean':
      return true;
    case 'enum':
      return inner.enum?.[0];
    case 'literal':
      return inner.const;
    case 'union':
      return sampleNode((inner.oneOf ?? inner.anyOf ?? [])[0] ?? {}, overrides);
    case 'null':
    case 'unknown':
      return null;
    default:
      throw new Error(`contract sweep: cannot sample ${JSON.stringify(inner).slice(0, 200)}; teach sample() about it`);
  }
}

/** The node of the field at `path` (object keys and array indexes), if the schema has one there. */
function nodeAt(node: JsonSchema, path: PropertyKey[]): JsonSchema | undefined {
  let current: JsonSchema | undefined = node;
  for (const key of path) {
    const inner: JsonSchema | undefined = current ? unwrap(current).inner : undefined;
    current = typeof key === 'number' ? inner?.items : inner?.properties?.[String(key)];
  }
  return current;
}

function setAt(target: unknown, path: PropertyKey[], value: unknown): void {
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown>)[key as string], target);
  (parent as Record<PropertyKey, unknown>)[path[path.length - 1] as string] = value;
}

/**
 * A value `schema` accepts, checked with zod itself (`safeParse`): what the JSON Schema cannot say (a transform
 * before a pattern, a refinement) is judged by the contract. A string field it refuses gets the next candidate
 * that fits; a sample still refused stops the sweep.
 */
export function sample(schema: z.ZodType, overrides: Record<string, unknown> = {}): unknown {
  const root = schemaOf(schema);
  const value = sampleNode(root, overrides);
  const tried = new Map<string, number>();
  for (let round = 0; round < 50; round += 1) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return value;
    let changed = false;
    for (const issue of parsed.error.issues) {
      const node = nodeAt(root, issue.path);
      if (!node || kindOf(node) !== 'string' || issue.path.length === 0) continue;
      const key = issue.path.join('.');
      const inner = unwrap(node).inner;
      const candidates = [...STRING_CANDIDATES, 'x'.repeat(Math.max(inner.minLength ?? 1, 1))].filter((candidate) => stringFits(inner, candidate));
      const next = (tried.get(key) ?? 0) + 1;
      if (next >= candidates.length) continue;
      tried.set(key, next);
      setAt(value, issue.path, candidates[next]);
      changed = true;
    }
    if (!changed) throw new Error(`contract sweep: sample rejected by the contract: ${JSON.stringify(parsed.error.issues)}`);
  }
  throw new Error('contract sweep: no sample found');
}
