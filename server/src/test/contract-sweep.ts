import type { EndpointContract } from '@pagemate/shared-contracts/contracts';
import type { z } from 'zod';

/**
 * Bad-input cases generated from the zod contract: a valid baseline for each part of a request
 * (`params`, `query`, `body`, `multipart`), then one mutation per case. Every field mutation is checked
 * against the contract's own schema, so a case is kept only when the contract says the request is invalid:
 * the server, which validates with the same schema, must refuse it with a 4xx.
 */

export type Part = 'params' | 'query' | 'body' | 'multipart';

export interface SweepCase {
  /** What the case does, for the failure message: `body.name: missing`. */
  label: string;
  part: Part;
  /** The field the case breaks (dotted), or undefined when it breaks the whole part. */
  field?: string;
  /** The request's parts; `rawBody` replaces the JSON body when set (malformed JSON, other content types). */
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
  rawBody?: { payload: string; contentType: string };
  /** The contract accepts the value (odd but valid path params): any 4xx is right, no field is named. */
  contractValid?: boolean;
  /** Path params go into the URL as they are, not percent-encoded (malformed encodings). */
  rawParams?: boolean;
  /**
   * A value the contract may well accept but that storage or code chokes on (a NUL byte, a lone surrogate, a
   * full field of multi-byte characters): any answer but a 5xx is right, a 2xx included.
   */
  mayPass?: boolean;
  /** Extra request headers (a bad access token). */
  headers?: Record<string, string>;
}

interface ZodDef {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
}

const defOf = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
const checksOf = (schema: z.ZodType): CheckDef[] =>
  ((defOf(schema).checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

/** Wrappers that only make a value optional or give it a default. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema under optional/nullable/default, and whether the field may be left out. */
export function unwrap(schema: z.ZodType): { inner: z.ZodType; required: boolean; nullable: boolean } {
  let inner = schema;
  let required = true;
  let nullable = false;
  for (let def = defOf(inner); WRAPPERS.has(def.type); def = defOf(inner)) {
    if (def.type === 'optional' || def.type === 'default' || def.type === 'prefault') required = false;
    if (def.type === 'nullable') nullable = true;
    inner = def.innerType as z.ZodType;
  }
  return { inner, required, nullable };
}

const lengthBounds = (schema: z.ZodType) => {
  let min = 0;
  let max: number | undefined;
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length' && check.minimum !== undefined) min = Math.max(min, check.minimum);
    if (check.check === 'max_length' && check.maximum !== undefined) max = Math.min(max ?? Infinity, check.maximum);
    if (check.check === 'length_equals' && check.value !== undefined) [min, max] = [check.value, check.value];
  }
  return { min, max };
};

const numberBounds = (schema: z.ZodType) => {
  let min: number | undefined;
  let max: number | undefined;
  let int = false;
  for (const check of checksOf(schema)) {
    if (check.check === 'greater_than' && check.value !== undefined) min = check.inclusive ? check.value : check.value + 1;
    if (check.check === 'less_than' && check.value !== undefined) max = check.inclusive ? check.value : check.value - 1;
    if (check.check === 'number_format' && (check.format === 'safeint' || check.format === 'int32')) int = true;
  }
  return { min, max, int };
};

/** Strings tried, in order, for a string-like schema (regexes, formats, transforms): the first it accepts wins. */
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

function firstAccepted(schema: z.ZodType, candidates: unknown[]): unknown {
  for (const candidate of candidates) if (schema.safeParse(candidate).success) return candidate;
  throw new Error(`contract sweep: no sample value accepted by a ${defOf(schema).type} schema`);
}

/** A value the schema accepts; `overrides` fixes fields by name (the caller's own `user_id`). */
export function sample(schema: z.ZodType, overrides: Record<string, unknown> = {}): unknown {
  const { inner } = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const value = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, key in overrides ? overrides[key] : sample(field, overrides)]));
      // Object-level refinements (a repeating post needs an end): the sample already satisfies the ones met so far.
      if (!inner.safeParse(value).success) throw new Error(`contract sweep: sample of an object rejected: ${JSON.stringify(inner.safeParse(value).error?.issues)}`);
      return value;
    }
    case 'array': {
      const { min } = lengthBounds(inner);
      const element = def.element as z.ZodType;
      return Array.from({ length: Math.max(min, 1) }, () => sample(element, overrides));
    }
    case 'string':
    case 'pipe':
    case 'transform': {
      const { min } = lengthBounds(inner);
      return firstAccepted(inner, [...STRING_CANDIDATES, 'x'.repeat(Math.max(min, 1))]);
    }
    case 'number': {
      const { min, max, int } = numberBounds(inner);
      const low = min ?? 1;
      return firstAccepted(inner, [low, 0.5, 1, 0, max ?? low, int ? Math.ceil(low) : low]);
    }
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, string>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'union': {
      for (const option of def.options as z.ZodType[]) {
        try {
          return sample(option, overrides);
        } catch {
          // next option
        }
      }
      throw new Error('contract sweep: no union option could be sampled');
    }
    case 'unknown':
    case 'any':
      return null;
    default:
      throw new Error(`contract sweep: cannot sample a zod "${def.type}" schema; teach sample() about it`);
  }
}

/** 1 MB: over every field limit, under Fastify's 1 MiB body limit, so validation (not the limit) refuses it. */
export const ONE_MB = 1_000_000;
/** What an HTTP server takes in a URL before refusing it (Node's header limit is 16 KiB). */
const LONG_URL_VALUE = 8_000;

/** Values of another type than the field's, in a JSON body. */
function wrongTypes(type: string): unknown[] {
  const all: Record<string, unknown> = { string: 'sweep', number: 12345, object: { sweep: true }, array: ['sweep'], boolean: true, null: null };
  const own = type === 'enum' || type === 'literal' || type === 'pipe' || type === 'transform' ? 'string' : type;
  return Object.entries(all)
    .filter(([kind]) => kind !== own)
    .map(([, value]) => value);
}

interface FieldMutation {
  field: string;
  label: string;
  value: unknown;
  remove?: true;
  /** Kept even when the contract accepts it (see `SweepCase.mayPass`). */
  nasty?: true;
}

/** Mutations of one field (and of the fields inside it), each a replacement value or its removal. */
function fieldMutations(schema: z.ZodType, field: string, inUrl: boolean): FieldMutation[] {
  const { inner, required } = unwrap(schema);
  const def = defOf(inner);
  const out: FieldMutation[] = [];
  const put = (label: string, value: unknown) => out.push({ field, label: `${field}: ${label}`, value });
  if (required) out.push({ field, label: `${field}: missing`, value: undefined, remove: true });
  if (inUrl) {
    // Query strings and path params are text: the wrong types are text that is not a number, a list, nothing.
    put('empty', '');
    if (def.type === 'number') for (const value of ['abc', '1.5', '-1', '1e400', '99999999999999999999', 'NaN']) put(`"${value}"`, value);
    put('repeated (array)', ['a', 'b']);
  } else {
    for (const value of wrongTypes(def.type)) put(`wrong type ${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}`, value);
  }
  switch (def.type) {
    case 'string':
    case 'pipe':
    case 'transform': {
      const { max } = lengthBounds(inner);
      if (max !== undefined) put(`max+1 (${max + 1} chars)`, 'x'.repeat(max + 1));
      put(inUrl ? `${LONG_URL_VALUE} chars` : '1 MB', 'x'.repeat(inUrl ? LONG_URL_VALUE : ONE_MB));
      put('control characters', 'a\u0007b\u001b');
      // Valid for the contract, hard for storage: PostgreSQL refuses NUL in text; UTF-16 halves; 3-byte characters.
      const nasty = (label: string, value: string) => out.push({ field, label: `${field}: ${label}`, value, nasty: true });
      nasty('NUL byte', 'sweep\u0000value');
      if (!inUrl) nasty('lone surrogate', 'sweep\ud800value'); // a URL cannot carry one (MALFORMED_PATH_VALUES has its bytes)
      nasty('RTL override and emoji', 'sweep\u202e🙂ữ');
      if (max !== undefined && max <= 10_000) nasty(`${max} three-byte characters`, 'ữ'.repeat(max));
      break;
    }
    case 'number': {
      if (inUrl) break;
      const { min, max, int } = numberBounds(inner);
      if (min !== undefined) put(`below min (${min - 1})`, min - 1);
      if (max !== undefined) put(`above max (${max + 1})`, max + 1);
      if (int) put('not an integer', (min ?? 0) + 0.5);
      put('huge', 1e308);
      put('negative huge', -1e308);
      break;
    }
    case 'enum':
      put('unknown enum value', 'not-a-valid-value');
      break;
    case 'literal':
      put('other literal', 'not-the-literal');
      break;
    case 'array': {
      const { max } = lengthBounds(inner);
      const element = def.element as z.ZodType;
      if (!inUrl) {
        if (max !== undefined) put(`${max + 1} items`, Array.from({ length: max + 1 }, () => sample(element)));
        put('items of another type', wrongTypes(defOf(unwrap(element).inner).type).slice(0, 1));
        if (defOf(unwrap(element).inner).type === 'object') {
          for (const mutation of objectMutations(unwrap(element).inner, `${field}.0`, false)) out.push(mutation);
        }
      }
      break;
    }
    case 'object':
      if (!inUrl) out.push(...objectMutations(inner, field, false));
      break;
    case 'union':
      // Discriminated unions (a post's repeat): a first option with its discriminator unknown.
      put('no option matches', { kind: 'not-a-valid-value' });
      break;
    default:
      break;
  }
  return out;
}

function objectMutations(schema: z.ZodType, prefix: string, inUrl: boolean): FieldMutation[] {
  const shape = defOf(schema).shape as Record<string, z.ZodType>;
  return Object.entries(shape).flatMap(([key, field]) => fieldMutations(field, prefix ? `${prefix}.${key}` : key, inUrl));
}

function withField(base: unknown, path: string[], mutation: FieldMutation): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return mutation.value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(base) ? [...(base as unknown[])] : { ...(base as Record<string, unknown>) };
  const index = Array.isArray(copy) ? Number(head) : head;
  const current = (copy as Record<string | number, unknown>)[index];
  if (rest.length === 0 && mutation.remove) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else return Object.fromEntries(Object.entries(copy).filter(([key]) => key !== head));
  } else {
    (copy as Record<string | number, unknown>)[index] = withField(current, rest, mutation);
  }
  return copy;
}

/** Query and path values as a client sends them: text. */
function asText(value: Record<string, unknown>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, item]) => item !== undefined && item !== null)
      .map(([key, item]) => [key, Array.isArray(item) ? item.map(String) : String(item)]),
  );
}

/** Path parameter values a router or a database may choke on; the contract accepts most of them. */
export const ODD_PATH_VALUES = ['../../etc/passwd', '..', 'Ñandú-日本語-🙂', '\u0000', ' ', "1' or '1'='1", '00000000-0000-0000-0000-000000000000', '-1', '1e9999', 'x'.repeat(128), 'x'.repeat(2_000)];

/** Path segments sent as they are: malformed percent-encoding, an encoded slash and dot-dot. */
const MALFORMED_PATH_VALUES = ['%E0%A4%A', '%', '%ED%A0%80', '%C0%AF', '..%2F..%2Fhealth', '%2e%2e', 'a%00b'];

export interface Baseline {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  body: unknown;
}

export function baselineOf(contract: EndpointContract, overrides: Record<string, unknown>): Baseline {
  const part = (schema: z.ZodObject | undefined) => (schema ? (sample(schema, overrides) as Record<string, unknown>) : undefined);
  const body = part(contract.body) ?? part(contract.multipart);
  return { params: asText(part(contract.params) ?? {}) as Record<string, string>, query: asText(part(contract.query) ?? {}), body };
}

/**
 * Every case of one endpoint: field mutations the contract rejects, the whole body of another shape, odd path
 * values. `limit` caps them, keeping an even spread so every field keeps some cases.
 */
export function sweepCases(contract: EndpointContract, overrides: Record<string, unknown>, limit: number): SweepCase[] {
  const base = baselineOf(contract, overrides);
  const cases: SweepCase[] = [];
  const add = (sweepCase: Omit<SweepCase, 'params' | 'query' | 'body'> & Partial<Pick<SweepCase, 'params' | 'query' | 'body'>>) =>
    cases.push({ params: base.params, query: base.query, body: base.body, ...sweepCase });

  const parts: [Part, z.ZodObject | undefined][] = [
    ['params', contract.params],
    ['query', contract.query],
    ['body', contract.body],
    ['multipart', contract.multipart],
  ];
  for (const [part, schema] of parts) {
    if (!schema) continue;
    const inUrl = part === 'params' || part === 'query';
    const baseValue = (part === 'params' ? base.params : part === 'query' ? base.query : base.body) as Record<string, unknown>;
    for (const mutation of objectMutations(schema, '', inUrl)) {
      if (part === 'params' && (mutation.remove || Array.isArray(mutation.value))) continue; // a path has every segment
      if (part === 'multipart' && typeof mutation.value !== 'string' && !mutation.remove) continue; // form fields are text
      const value = withField(baseValue, mutation.field.split('.'), mutation) as Record<string, unknown>;
      // The oracle: only what the contract itself refuses (unknown keys are stripped, unions may accept), and
      // the nasty values, which must simply never break the server.
      const valid = schema.safeParse(value).success;
      if (valid && !mutation.nasty) continue;
      const label = `${part}.${mutation.label}`;
      const flags = valid ? { contractValid: true, mayPass: true } : {};
      if (part === 'params') add({ label, part, field: mutation.field, params: asText(value) as Record<string, string>, ...flags });
      else if (part === 'query') add({ label, part, field: mutation.field, query: asText(value), ...flags });
      else add({ label, part, field: mutation.field, body: value, ...flags });
    }
    if (part === 'params') {
      for (const key of Object.keys(schema.shape)) {
        for (const odd of ODD_PATH_VALUES) {
          add({ label: `params.${key}: odd value ${JSON.stringify(odd.slice(0, 30))}`, part, field: key, params: { ...base.params, [key]: odd }, contractValid: schema.safeParse({ ...base.params, [key]: odd }).success });
        }
        for (const raw of MALFORMED_PATH_VALUES) {
          add({ label: `params.${key}: raw ${JSON.stringify(raw)}`, part, field: key, params: { ...base.params, [key]: raw }, rawParams: true, contractValid: true });
        }
      }
    }
    if (part === 'body') {
      for (const [label, value] of [['an array', [base.body]], ['a string', 'sweep'], ['null', null], ['a number', 42], ['an empty object', {}]] as const) {
        if (!schema.safeParse(value).success) add({ label: `body: ${label}`, part, body: value });
      }
      add({ label: 'body: malformed JSON', part, rawBody: { payload: '{"user_id": ', contentType: 'application/json' } });
      add({ label: 'body: __proto__ key', part, rawBody: { payload: JSON.stringify(base.body).replace(/^\{/, '{"__proto__":{"polluted":true},'), contentType: 'application/json' } });
      add({ label: 'body: constructor.prototype key', part, rawBody: { payload: JSON.stringify(base.body).replace(/^\{/, '{"constructor":{"prototype":{"polluted":true}},'), contentType: 'application/json' } });
      add({ label: 'body: nested 100 000 deep', part, rawBody: { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' } });
      add({ label: 'body: url-encoded form', part, rawBody: { payload: 'user_id=1&name=x', contentType: 'application/x-www-form-urlencoded' } });
      // Fastify reads JSON as UTF-8 whatever the charset says: the valid body may pass.
      add({ label: 'body: JSON declared as UTF-16', part, rawBody: { payload: JSON.stringify(base.body), contentType: 'application/json; charset=utf-16' }, mayPass: true });
      add({ label: 'body: text/plain', part, rawBody: { payload: 'sweep', contentType: 'text/plain' } });
      add({ label: 'body: over the 1 MiB body limit', part, rawBody: { payload: JSON.stringify({ ...(base.body as object), pad: 'x'.repeat(1_100_000) }), contentType: 'application/json' } });
    }
    if (part === 'multipart') {
      add({ label: 'multipart: sent as JSON', part, rawBody: { payload: JSON.stringify(base.body), contentType: 'application/json' } });
      add({ label: 'multipart: fields but no file', part, body: base.body });
    }
  }
  if (contract.auth === 'user' || contract.auth === 'partner') {
    add({ label: 'a forged access token', part: 'body', headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJ1c2VySWQiOiIxIn0.' } });
  }
  // Unknown keys are dropped by validation, so the call may pass; it must not break (prototype pollution).
  if (contract.query) add({ label: 'query: __proto__ and constructor keys', part: 'query', query: { ...base.query, ['__proto__']: 'x', constructor: 'x', hasOwnProperty: 'x' }, mayPass: true });
  return spread(cases, limit);
}


/** At most `limit` cases, taken evenly from the whole list (so no field loses all of its cases). */
function spread<T>(items: T[], limit: number): T[] {
  if (items.length <= limit) return items;
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, index) => items[Math.floor(index * step)] as T);
}

/** A `multipart/form-data` body of text fields and, optionally, one file part. */
export function multipartBody(fields: Record<string, unknown>, file?: { field: string; name: string; content: string }) {
  const boundary = `----pagemate-sweep-${Math.random().toString(16).slice(2)}`;
  const lines: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    lines.push(`--${boundary}`, `Content-Disposition: form-data; name="${name}"`, '', String(value));
  }
  if (file) lines.push(`--${boundary}`, `Content-Disposition: form-data; name="${file.field}"; filename="${file.name}"`, 'Content-Type: text/plain', '', file.content);
  lines.push(`--${boundary}--`, '');
  return { payload: lines.join('\r\n'), contentType: `multipart/form-data; boundary=${boundary}` };
}
