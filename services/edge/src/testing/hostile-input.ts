import type { Call } from './route-access';

/**
 * Hostile variants of one well-formed request, generated from the route's own schemas: every declared
 * body, query and path field spoiled one at a time (wrong types, NUL, over-long text, huge and
 * non-finite numbers, bad ids), then the body as a whole (not an object, nested too deep, cut short,
 * not UTF-8, empty with a JSON type, multipart without a boundary or cut short, prototype keys) and the
 * query string (repeated, bracketed, over-long). A new route gets them without anyone listing it.
 */

export interface HostileVariant {
  /** What was spoiled, for the failure message. */
  label: string;
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
  /**
   * The route must refuse it (4xx) and change nothing: a declared field of the body or a path parameter
   * spoiled, or a body the route reads that is no readable object. Other variants (unknown query keys,
   * an empty body, keys it does not know) may be served; they must only never cause a 5xx.
   */
  mustRefuse: boolean;
  /** It carries its own (broken) credentials instead of the caller's. */
  replacesCredentials?: boolean;
}

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  maxLength?: number;
  format?: string;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

const NUL = 'a\u0000b';
const JSON_TYPE = { 'content-type': 'application/json' };

function typesOf(node: SchemaNode | undefined): string[] {
  if (!node) return [];
  const own = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  return [...own, ...[...(node.anyOf ?? []), ...(node.allOf ?? [])].flatMap(typesOf)];
}

function maxLengthOf(node: SchemaNode | undefined): number | undefined {
  if (!node) return undefined;
  if (node.maxLength !== undefined) return node.maxLength;
  for (const part of [...(node.anyOf ?? []), ...(node.allOf ?? [])]) {
    const found = maxLengthOf(part);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Raw JSON text for values JSON.stringify cannot write (1e309 parses to Infinity). */
const RAW_NUMBERS = ['1e309', '-1e309', '18446744073709551616', '-1', '0.5'];

/**
 * Spoiled values of one field, by what the schema says it is. `refused`: the route must answer 4xx.
 * A number or true for a text field is read as its text (Fastify's type coercion, which the legacy
 * Android client relies on for phone numbers and postal codes), so those are only sent, not refused.
 */
function spoiledValues(
  node: SchemaNode | undefined,
): Array<{ label: string; json: string; refused: boolean }> {
  const types = typesOf(node);
  // A field declared without a type (a legacy field the route ignores) takes anything.
  if (types.length === 0) return [];
  const values: Array<{ label: string; json: string; refused: boolean }> = [];
  if (!types.includes('object')) values.push({ label: 'an object', json: '{"$gt":""}', refused: true });
  if (!types.includes('array')) values.push({ label: 'an array of objects', json: '[{}]', refused: true });
  if (types.includes('string')) {
    const max = maxLengthOf(node);
    values.push(
      { label: 'a number', json: '12345', refused: false },
      { label: 'true', json: 'true', refused: false },
      { label: 'a NUL character', json: JSON.stringify(NUL), refused: true },
      {
        label: 'text over its length',
        json: JSON.stringify('x'.repeat((max ?? 100_000) + 1)),
        refused: true,
      },
    );
    if (node?.format === 'uuid') values.push({ label: 'a bad id', json: '"not-a-uuid"', refused: true });
  }
  if (types.includes('integer') || types.includes('number')) {
    values.push({ label: 'text', json: '"abc"', refused: !types.includes('string') });
    // Where text is allowed too, a number is read as its text.
    for (const raw of RAW_NUMBERS) values.push({ label: raw, json: raw, refused: !types.includes('string') });
  }
  if (types.includes('array')) {
    values.push({ label: 'a list of objects', json: '[{"$gt":""}]', refused: true });
  }
  if (types.includes('boolean'))
    values.push({ label: 'a string for a yes/no', json: '"maybe"', refused: true });
  return values;
}

/** A JSON body: the base object with one field's value replaced by raw JSON text. */
function withRawField(base: Record<string, unknown>, field: string, json: string): string {
  const others = Object.entries(base)
    .filter(([name]) => name !== field)
    .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{${[...others, `${JSON.stringify(field)}:${json}`].join(',')}}`;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const BOUNDARY = 'hostileboundary';
const TRUNCATED_MULTIPART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="status"\r\n\r\ncomp`;

export interface RouteShape {
  method: string;
  /** The registered pattern, e.g. `/api/jobs/viewjob/:jobId`. */
  url: string;
  /** Visitors may call it: a forged or broken token may be served as a visitor instead of refused. */
  open: boolean;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
}

export function hostileVariants(route: RouteShape, call: Call): HostileVariant[] {
  const variants: HostileVariant[] = [];
  const [path = '', query = ''] = call.url.split('?');
  const hasBody = route.method !== 'GET';
  /** The well-formed request's own body and headers, kept where only the URL is spoiled. */
  const base = {
    ...(call.payload === undefined ? {} : { payload: call.payload }),
    ...(call.headers ? { headers: call.headers } : {}),
  };
  const baseBody =
    call.payload && typeof call.payload === 'object' && !Buffer.isBuffer(call.payload)
      ? (call.payload as Record<string, unknown>)
      : {};

  // Body: each declared field spoiled, then the body as a whole.
  const bodySchema = route.body as SchemaNode | undefined;
  if (hasBody) {
    for (const [field, node] of Object.entries(bodySchema?.properties ?? {})) {
      for (const value of spoiledValues(node)) {
        variants.push({
          label: `body.${field} = ${value.label}`,
          url: call.url,
          payload: withRawField(baseBody, field, value.json),
          headers: JSON_TYPE,
          mustRefuse: value.refused,
        });
      }
    }
    // [label, payload, headers, refused when the route reads a body]
    const whole: Array<[string, string | Buffer, Record<string, string>, boolean]> = [
      ['a JSON array', '[]', JSON_TYPE, true],
      ['a JSON string', '"hello"', JSON_TYPE, true],
      // null is no body, as an empty one is (the legacy client's way of saying 'completed').
      ['JSON null', 'null', JSON_TYPE, false],
      ['a JSON number', '1e309', JSON_TYPE, true],
      ['JSON nested 5,000 deep', deepJson(5000), JSON_TYPE, true],
      ['JSON cut short', '{"a":', JSON_TYPE, true],
      [
        'bytes that are not UTF-8',
        Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        JSON_TYPE,
        true,
      ],
      ['an empty body with a JSON type', '', JSON_TYPE, false],
      [
        'prototype keys',
        '{"__proto__":{"type":"admin"},"constructor":{"prototype":{"type":"admin"}}}',
        JSON_TYPE,
        false,
      ],
      ['multipart without a boundary', 'status=completed', { 'content-type': 'multipart/form-data' }, true],
      [
        'multipart cut short',
        TRUNCATED_MULTIPART,
        { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        true,
      ],
      ['an unknown content type', '<x/>', { 'content-type': 'application/xml' }, true],
      [
        'a form with a NUL',
        `a=${encodeURIComponent(NUL)}`,
        { 'content-type': 'application/x-www-form-urlencoded' },
        false,
      ],
    ];
    for (const [label, payload, headers, refused] of whole) {
      variants.push({
        label: `body: ${label}`,
        url: call.url,
        payload,
        headers,
        mustRefuse: refused && route.body !== undefined,
      });
    }
  }

  // Query: each declared field spoiled, then the query string as a whole.
  const querySchema = route.querystring as SchemaNode | undefined;
  const addQuery = (extra: string) => `${path}?${[query, extra].filter(Boolean).join('&')}`;
  for (const [field, node] of Object.entries(querySchema?.properties ?? {})) {
    const types = typesOf(node);
    const values = [NUL, 'x'.repeat((maxLengthOf(node) ?? 10_000) + 1), '[object Object]'];
    if (types.includes('integer') || types.includes('number'))
      values.push('Infinity', '1e309', '-1e309', 'NaN');
    for (const value of values) {
      variants.push({
        label: `query.${field} = ${value.slice(0, 20)}`,
        url: addQuery(`${field}=${encodeURIComponent(value)}`),
        ...base,
        mustRefuse: false,
      });
    }
    variants.push({
      label: `query.${field} repeated`,
      url: addQuery(`${field}=1&${field}=2`),
      ...base,
      mustRefuse: false,
    });
  }
  for (const [label, extra] of [
    ['a bracketed key', 'a[b][c]=1'],
    ['a prototype key', '__proto__[type]=admin'],
    ['a NUL in an unknown key', `q=${encodeURIComponent(NUL)}`],
    ['a very long query', `z=${'y'.repeat(8000)}`],
    ['a malformed escape', '%zz=1'],
    ['bytes that are not UTF-8', 'q=%ff%fe'],
    ['a thousand keys', Array.from({ length: 1000 }, (_, i) => `k${i}=1`).join('&')],
    ['paging out of range', 'page=0&limit=-1'],
    ['a script', `callback=${encodeURIComponent('<script>alert(1)</script>')}`],
  ] as const) {
    variants.push({ label: `query: ${label}`, url: addQuery(extra), ...base, mustRefuse: false });
  }

  // Headers: forged and broken credentials (refused where visitors may not call), and other junk.
  const claims = base64url({ sub: 'x', type: 'admin', exp: 4_102_444_800 });
  const forged = `${base64url({ alg: 'none', typ: 'JWT' })}.${claims}.`;
  // HS256 "signed" with a guessable secret: a verifier that trusted the header's algorithm would accept it.
  const confused = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${claims}.${base64url('signature')}`;
  for (const [label, extra, credential] of [
    ['a token that is no token', { authorization: 'Bearer garbage' }, true],
    ['an over-long token', { authorization: `Bearer ${'a'.repeat(10_000)}` }, true],
    ['an unsigned admin token', { authorization: `Bearer ${forged}` }, true],
    ['basic credentials', { authorization: 'Basic YWRtaW46YWRtaW4=' }, true],
    ['a token of another algorithm', { authorization: `Bearer ${confused}` }, true],
    ['two tokens', { authorization: 'Bearer a.b.c, Bearer d.e.f' }, true],
    ['an over-long cookie', { cookie: `${'c'.repeat(8000)}=1` }, false],
    ['forwarding headers', { 'x-forwarded-for': '<script>', 'x-forwarded-proto': 'gopher' }, false],
    ['an over-long request id', { 'x-request-id': 'r'.repeat(5000) }, false],
    ['another origin', { origin: 'https://evil.example' }, false],
    ['an odd accept', { accept: 'application/xml;q=0.9, */*;q=-1' }, false],
  ] as const) {
    variants.push({
      label: `headers: ${label}`,
      url: call.url,
      ...(call.payload === undefined ? {} : { payload: call.payload }),
      headers: { ...call.headers, ...extra },
      mustRefuse: credential && !route.open,
      replacesCredentials: credential,
    });
  }

  // Path: each parameter spoiled (its segment in the registered pattern). A NUL is always refused;
  // the rest where the parameter is an id or has a length.
  const segments = path.split('/');
  const paramSchemas = (route.params as SchemaNode | undefined)?.properties ?? {};
  route.url.split('/').forEach((segment, index) => {
    if (!segment.startsWith(':')) return;
    const node = paramSchemas[segment.slice(1).replace(/\?$/, '')];
    const isId = node?.format === 'uuid';
    const max = maxLengthOf(node);
    for (const [label, value, refused] of [
      ['a NUL', '%00', true],
      ['a bad id', 'not-a-uuid', isId],
      ['an over-long id', 'f'.repeat(5000), isId || max !== undefined],
      ['a path climb', '..%2F..%2Fetc%2Fpasswd', isId],
      ['a number', '1e309', isId],
    ] as const) {
      const spoiled = [...segments];
      spoiled[index] = value;
      variants.push({
        label: `path ${segment} = ${label}`,
        url: `${spoiled.join('/')}${query ? `?${query}` : ''}`,
        ...base,
        mustRefuse: refused,
      });
    }
  });
  return variants;
}
