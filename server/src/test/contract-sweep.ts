import { apiErrorSchema, type EndpointContract } from '@pagemate/shared-contracts/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { type JsonSchema, kindOf, objectSchemaOf, sample, sampleNode, unwrap } from './json-schema-sample.js';

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

/** 1 MB: over every field limit, under Fastify's 1 MiB body limit, so validation (not the limit) refuses it. */
export const ONE_MB = 1_000_000;
/** What an HTTP server takes in a URL before refusing it (Node's header limit is 16 KiB). */
const LONG_URL_VALUE = 8_000;

/** Values of another type than the field's, in a JSON body. */
function wrongTypes(kind: string): unknown[] {
  const all: Record<string, unknown> = { string: 'sweep', number: 12345, object: { sweep: true }, array: ['sweep'], boolean: true, null: null };
  const own = kind === 'enum' || kind === 'literal' ? 'string' : kind;
  return Object.entries(all)
    .filter(([type]) => type !== own)
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
function fieldMutations(node: JsonSchema, field: string, required: boolean, inUrl: boolean): FieldMutation[] {
  const { inner } = unwrap(node);
  const kind = kindOf(inner);
  const out: FieldMutation[] = [];
  const put = (label: string, value: unknown) => out.push({ field, label: `${field}: ${label}`, value });
  if (required) out.push({ field, label: `${field}: missing`, value: undefined, remove: true });
  if (inUrl) {
    // Query strings and path params are text: the wrong types are text that is not a number, a list, nothing.
    put('empty', '');
    if (kind === 'number') for (const value of ['abc', '1.5', '-1', '1e400', '99999999999999999999', 'NaN']) put(`"${value}"`, value);
    put('repeated (array)', ['a', 'b']);
  } else {
    for (const value of wrongTypes(kind)) put(`wrong type ${Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value}`, value);
  }
  switch (kind) {
    case 'string': {
      const max = inner.maxLength;
      if (max !== undefined) put(`max+1 (${max + 1} chars)`, 'x'.repeat(max + 1));
      if (inner.format !== undefined || inner.pattern !== undefined) put(`not ${inner.format ?? 'the pattern'}`, 'sweep-not-a-match');
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
      const min = inner.minimum ?? (inner.exclusiveMinimum === undefined ? undefined : inner.exclusiveMinimum + 1);
      const max = inner.maximum ?? (inner.exclusiveMaximum === undefined ? undefined : inner.exclusiveMaximum - 1);
      if (min !== undefined) put(`below min (${min - 1})`, min - 1);
      if (max !== undefined) put(`above max (${max + 1})`, max + 1);
      if (inner.type === 'integer') put('not an integer', (min ?? 0) + 0.5);
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
      const element = inner.items ?? {};
      if (!inUrl) {
        if (inner.maxItems !== undefined) put(`${inner.maxItems + 1} items`, Array.from({ length: inner.maxItems + 1 }, () => sampleNode(element, {})));
        put('items of another type', wrongTypes(kindOf(element)).slice(0, 1));
        if (kindOf(element) === 'object') out.push(...objectMutations(unwrap(element).inner, `${field}.0`, false));
        if (kindOf(element) === 'string' && (unwrap(element).inner.format !== undefined || unwrap(element).inner.pattern !== undefined)) {
          put(`an item not ${unwrap(element).inner.format ?? 'the pattern'}`, ['sweep-not-a-match']);
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

function objectMutations(node: JsonSchema, prefix: string, inUrl: boolean): FieldMutation[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([key, field]) => fieldMutations(field, prefix ? `${prefix}.${key}` : key, required.has(key), inUrl));
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
    for (const mutation of objectMutations(objectSchemaOf(schema), '', inUrl)) {
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
      for (const key of Object.keys(objectSchemaOf(schema).properties)) {
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

interface ErrorBody {
  status: number;
  code: string;
  message: string;
  issues?: { path: string; message: string }[];
}

/** The request a case stands for, as `app.inject` takes it. */
export function requestOf(contract: EndpointContract, sweepCase: Pick<SweepCase, 'params' | 'query' | 'body' | 'rawBody' | 'rawParams'>, headers: Record<string, string>, withFile = true) {
  const raw = 'rawParams' in sweepCase && sweepCase.rawParams;
  const path = contract.path.replace(/\{(\w+)\}/g, (_, key: string) => (raw ? (sweepCase.params[key] ?? '') : encodeURIComponent(sweepCase.params[key] ?? '')));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(sweepCase.query)) for (const item of Array.isArray(value) ? value : [value]) search.append(key, item);
  const url = `/${path}${search.size ? `?${search.toString()}` : ''}`;
  if (contract.method === 'GET') return { method: 'GET' as const, url, headers };
  if (sweepCase.rawBody) return { method: 'POST' as const, url, headers: { ...headers, 'content-type': sweepCase.rawBody.contentType }, payload: sweepCase.rawBody.payload };
  if (contract.multipart) {
    const form = multipartBody(sweepCase.body as Record<string, unknown>, withFile ? { field: 'file', name: 'sweep.txt', content: 'Sweep' } : undefined);
    return { method: 'POST' as const, url, headers: { ...headers, 'content-type': form.contentType }, payload: form.payload };
  }
  // JSON of any shape, `null` included (inject would send nothing for a null payload).
  return { method: 'POST' as const, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(sweepCase.body) ?? '' };
}

/** What is wrong with an error answer, or undefined when it is a proper 4xx. */
export function problemOf(response: LightMyRequestResponse, sweepCase?: SweepCase): string | undefined {
  if (sweepCase?.mayPass && response.statusCode < 400) return undefined;
  if (response.statusCode < 400 || response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 300)}`;
  let json: unknown;
  try {
    json = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 200)}`;
  }
  const parsed = apiErrorSchema.safeParse(json);
  if (!parsed.success) return `not the error body: ${response.body.slice(0, 300)}`;
  const body = parsed.data as ErrorBody;
  if (body.status !== response.statusCode) return `body status ${body.status} ≠ ${response.statusCode}`;
  if (!body.message.trim()) return 'empty message';
  if (body.code === 'VALIDATION_FAILED') {
    if (!body.issues?.length) return 'VALIDATION_FAILED without issues';
    const field = sweepCase?.field;
    if (field && !sweepCase.contractValid) {
      const related = (path: string) => path !== '' && (path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`));
      if (!body.issues.some((issue) => related(issue.path))) return `issues do not name ${field}: ${JSON.stringify(body.issues)}`;
    }
  }
  return undefined;
}
