/**
 * The contact-leak scanner's logic (no browser here: `leak-watch.ts` feeds it every exchange a browser
 * context has). It learns, from the traffic itself, which e-mail addresses, phone numbers and addresses
 * are a poster's (the bodies a customer posts or edits a job with, job details that carry contact
 * details, customers' own accounts) and which companies paid to unlock which job (payment objects in the
 * payments API's answers), then reads every answer for those values. A value found in an answer to a
 * reader who may not see it is a leak. The rule is the jobs service's `maySeeContact`
 * (services/jobs/src/access-policy.ts): the poster, an admin, a company whose unlock of that job is paid.
 *
 * Contact values a company gave for itself (registration, profile edits, company accounts in answers)
 * are public (shown on its profile) and never reported, also when a poster happens to use the same one.
 *
 * Mail the site sends is read too (`observeMail`): each recipient is judged as the account with that
 * address (learned from sign-ups, sign-ins and accounts in answers); the site's support address as an
 * operator (an admin); an address the scanner does not know as a visitor.
 */

export type AccountType = 'user' | 'company' | 'admin';

/** The signed-in reader of an answer, from its access token; undefined for a visitor. */
export interface Reader {
  sub: string;
  type: AccountType;
}

/** One request and its answer, as a browser context saw it. */
export interface Exchange {
  method: string;
  url: string;
  /** From the request's access token (cookie or Authorization header). */
  reader: Reader | undefined;
  /** From an access token the answer sets (sign-in, refresh): the answer is that account's. */
  readerAfter?: Reader | undefined;
  requestBody?: string | undefined;
  status: number;
  responseBody: string;
}

export interface Leak {
  url: string;
  reader: string;
  kind: ContactKind;
  value: string;
  poster: string;
  /** The job the value was found in (innermost job object around it), when there is one. */
  job?: string;
}

type ContactKind = 'email' | 'phone' | 'address';

/** One mail the site wrote (an .eml file of DATA_DIR/mail-outbox), decoded. */
export interface SentMail {
  /** Where it was read from (named in a leak report). */
  file: string;
  /** Recipient addresses. */
  to: string[];
  text: string;
}

interface ContactValue {
  kind: ContactKind;
  display: string;
  /** poster id -> the jobs this value is a contact detail of (none: that poster's account only). */
  posters: Map<string, Set<string>>;
}

const PAID = 'paid';
const MIN_ADDRESS_LENGTH = 8;

/** A phone number's national significant number: its last ten digits (0803…, +234 803…, 234803…). */
export function phoneKey(text: string): string | undefined {
  const digits = text.replace(/\D/g, '');
  return digits.length >= 10 ? digits.slice(-10) : undefined;
}

const normalizeText = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

function keyOf(kind: ContactKind, value: string): string | undefined {
  if (kind === 'phone') {
    const phone = phoneKey(value);
    return phone ? `phone:${phone}` : undefined;
  }
  const text = normalizeText(value);
  if (kind === 'email') return text.includes('@') ? `email:${text}` : undefined;
  return text.length >= MIN_ADDRESS_LENGTH ? `address:${text}` : undefined;
}

/** The claims of an access token (not verified: the server did that; this only names the reader). */
export function readerOfToken(token: string | undefined): Reader | undefined {
  if (!token) return undefined;
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Reader>;
    if (typeof claims.sub !== 'string') return undefined;
    if (claims.type !== 'user' && claims.type !== 'company' && claims.type !== 'admin') return undefined;
    return { sub: claims.sub, type: claims.type };
  } catch {
    return undefined;
  }
}

/** The access token in a Cookie header, a Set-Cookie header (several lines) or an Authorization header. */
export function accessTokenIn(header: string | undefined, cookieName = 'mp_access'): string | undefined {
  if (!header) return undefined;
  const bearer = /^\s*bearer\s+(\S+)/i.exec(header);
  if (bearer) return bearer[1];
  const match = new RegExp(`(?:^|[;,\\n]\\s*)${cookieName}=([^;,\\s]*)`).exec(header);
  return match?.[1] || undefined;
}

const EMAIL_PATTERN = /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/g;
// Digits with the separators people write phone numbers with; at least 10 digits are needed to match.
const PHONE_PATTERN = /\+?\d[\d\s().\-/]{8,}\d/g;

/** The encodings an answer may carry a contact value in (JSON escapes, URL encoding, HTML entities). */
function decoded(text: string): string {
  return normalizeText(
    text
      .replace(/\\u0040|%40|&#64;|&#x40;/gi, '@')
      .replace(/\\u002b|%2b|&#43;|&#x2b;/gi, '+')
      .replace(/%20/g, ' ')
      .replace(/&amp;/g, '&')
      .replace(/\\n|\\t/g, ' '),
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Fields of a request body: JSON, multipart (the job form) or URL-encoded. */
export function bodyFields(body: string | undefined): Record<string, string> {
  if (!body) return {};
  const json = parseJson(body);
  if (isObject(json)) {
    return Object.fromEntries(
      Object.entries(json).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  const fields: Record<string, string> = {};
  const part =
    /content-disposition:\s*form-data;\s*name="([^"]+)"(?:;[^\r\n]*)?\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r]*?)\r?\n--/gi;
  for (let match = part.exec(body); match; match = part.exec(body)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined && !(name in fields)) fields[name] = value;
  }
  if (Object.keys(fields).length === 0 && /^[^\s{[]*=/.test(body)) {
    for (const [name, value] of new URLSearchParams(body)) fields[name] = value;
  }
  return fields;
}

const CONTACT_FIELDS: Array<[field: string, kind: ContactKind]> = [
  ['email', 'email'],
  ['phoneNumber', 'phone'],
  ['address', 'address'],
];

/**
 * What the scanner knows so far, shared by every browser context of a test process (the poster's
 * context teaches it what the company's context must not see).
 */
export class ContactLedger {
  readonly #values = new Map<string, ContactValue>();
  /** Contact values companies gave for themselves: public, never reported. */
  readonly #public = new Set<string>();
  readonly #jobPoster = new Map<string, string>();
  /** company id -> job id -> the company's payment status for that job. */
  readonly #unlocks = new Map<string, Map<string, string>>();
  /** e-mail address (normalized) -> the account it signs in to. */
  readonly #accounts = new Map<string, Reader>();
  /** Addresses that read mail for the site's operators (support). */
  readonly #operators = new Set<string>();
  readonly leaks: Leak[] = [];
  /** Exchanges read, for the report of a suite. */
  scanned = 0;
  /** Mails read. */
  mailsScanned = 0;

  /** An address whose mail the site's operators read (the support inbox): judged as an admin. */
  addOperatorAddress(email: string): void {
    this.#operators.add(normalizeText(email));
  }

  /** Reads a mail the site sent: each recipient as the reader. */
  observeMail(mail: SentMail): Leak[] {
    const found: Leak[] = [];
    for (const to of mail.to) {
      const address = normalizeText(to);
      const reader: Reader | undefined = this.#operators.has(address)
        ? { sub: `operator ${address}`, type: 'admin' }
        : this.#accounts.get(address);
      const exchange = { method: 'MAIL', url: `mail ${mail.file} to ${address}`, reader, status: 0 };
      found.push(...this.#scan({ ...exchange, responseBody: mail.text }, undefined, reader));
    }
    this.mailsScanned += 1;
    this.leaks.push(...found);
    return found;
  }

  /** Learns from the exchange, then reports any contact value the reader may not see. */
  observe(exchange: Exchange): Leak[] {
    const reader = exchange.readerAfter ?? exchange.reader;
    const json = parseJson(exchange.responseBody);
    this.#learnFromRequest(exchange, json);
    const selfAccount = this.#learnFromResponse(exchange, json, reader);
    // A sign-up or sign-in answer is the account whose e-mail the request gave (also when the browser
    // still held another session): judged as that account.
    const found = this.#scan(exchange, json, exchange.readerAfter ?? selfAccount ?? exchange.reader);
    this.scanned += 1;
    this.leaks.push(...found);
    return found;
  }

  /** What the scanner read and learned, for the report at the end of a suite. */
  summary(): string {
    let paid = 0;
    for (const unlocks of this.#unlocks.values())
      for (const status of unlocks.values()) paid += Number(status === PAID);
    const secret = [...this.#values.keys()].filter((key) => !this.#public.has(key)).length;
    return `${this.scanned} answers and ${this.mailsScanned} mails read, ${secret} poster contact values known, ${paid} paid unlocks seen, ${this.leaks.length} leaks`;
  }

  /** Whether `value` is known as a poster's contact detail (for tests and reports). */
  knows(kind: ContactKind, value: string): boolean {
    const key = keyOf(kind, value);
    return key !== undefined && this.#values.has(key) && !this.#public.has(key);
  }

  #learnValue(kind: ContactKind, value: unknown, poster: string, job?: string): void {
    if (typeof value !== 'string') return;
    const key = keyOf(kind, value);
    if (!key) return;
    let known = this.#values.get(key);
    if (!known) {
      known = { kind, display: value, posters: new Map() };
      this.#values.set(key, known);
    }
    const jobs = known.posters.get(poster) ?? new Set<string>();
    if (job) jobs.add(job);
    known.posters.set(poster, jobs);
  }

  #learnPublic(fields: Record<string, unknown>): void {
    for (const [field, kind] of CONTACT_FIELDS) {
      const value = fields[field];
      const key = typeof value === 'string' ? keyOf(kind, value) : undefined;
      if (key) this.#public.add(key);
    }
  }

  #learnFromRequest(exchange: Exchange, json: unknown): void {
    const path = new URL(exchange.url).pathname;
    const method = exchange.method.toUpperCase();
    if (method === 'GET' || method === 'HEAD' || !exchange.requestBody) return;
    const fields = bodyFields(exchange.requestBody);
    const { reader } = exchange;
    if (path === '/api/user' && method === 'POST') {
      // A registration: a company's details are its public profile; a customer's are theirs alone.
      if (fields.type === 'company') this.#learnPublic(fields);
      return;
    }
    if (path === '/api/user/editcompany' && reader?.type === 'company') {
      this.#learnPublic(fields);
      return;
    }
    if (!reader || reader.type !== 'user') return;
    const editing = /^\/api\/jobs\/editjob\/([^/]+)$/.exec(path);
    const posting = path === '/api/jobs/postjob';
    if (!editing && !posting) return;
    const job = editing
      ? decodeURIComponent(editing[1] ?? '')
      : isObject(json) && isObject(json.job) && typeof json.job._id === 'string'
        ? json.job._id
        : undefined;
    if (job) this.#jobPoster.set(job, reader.sub);
    for (const [field, kind] of CONTACT_FIELDS) this.#learnValue(kind, fields[field], reader.sub, job);
  }

  /** Learns jobs, contact details, accounts and unlocks from an answer; returns the account it hands to a new session. */
  #learnFromResponse(exchange: Exchange, json: unknown, reader: Reader | undefined): Reader | undefined {
    if (json === undefined) return undefined;
    let selfAccount: Reader | undefined;
    const path = new URL(exchange.url).pathname;
    if (isObject(json) && isObject(json.user) && (path === '/api/user' || path === '/api/user/login')) {
      const { _id, type, email } = json.user;
      const asked = bodyFields(exchange.requestBody).email;
      const same =
        typeof email === 'string' &&
        typeof asked === 'string' &&
        normalizeText(email) === normalizeText(asked);
      if (same && typeof _id === 'string' && (type === 'user' || type === 'company' || type === 'admin')) {
        selfAccount = { sub: _id, type };
        this.#accounts.set(normalizeText(email), selfAccount);
      }
    }
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) {
        for (const item of node) visit(item);
        return;
      }
      if (!isObject(node)) return;
      const postedBy = isObject(node.postedBy) ? node.postedBy._id : undefined;
      if (typeof node._id === 'string' && typeof postedBy === 'string') {
        this.#jobPoster.set(node._id, postedBy);
        if (node.contactLocked === false) {
          for (const [field, kind] of CONTACT_FIELDS) this.#learnValue(kind, node[field], postedBy, node._id);
        }
      } else if (
        typeof node._id === 'string' &&
        typeof node.email === 'string' &&
        typeof node.type === 'string'
      ) {
        // An account (AccountSchema): a company's contact details are public, a customer's are not.
        if (node.type === 'company') this.#learnPublic(node);
        else if (node.type === 'user') {
          for (const [field, kind] of CONTACT_FIELDS) this.#learnValue(kind, node[field], node._id);
        }
        if (node.type === 'user' || node.type === 'company' || node.type === 'admin') {
          this.#accounts.set(normalizeText(node.email), { sub: node._id, type: node.type });
        }
      }
      if (
        typeof node.reference === 'string' &&
        typeof node.jobId === 'string' &&
        typeof node.status === 'string'
      ) {
        // A payment (UnlockPayment, or AdminPayment with its company).
        const company =
          typeof node.companyId === 'string'
            ? node.companyId
            : reader?.type === 'company'
              ? reader.sub
              : undefined;
        if (company) {
          const unlocks = this.#unlocks.get(company) ?? new Map<string, string>();
          unlocks.set(node.jobId, node.status);
          this.#unlocks.set(company, unlocks);
        }
      }
      for (const value of Object.values(node)) visit(value);
    };
    visit(json);
    return selfAccount;
  }

  #paid(company: string, job: string): boolean {
    return this.#unlocks.get(company)?.get(job) === PAID;
  }

  /** maySeeContact, for a value found inside `job` (or in no job: any job it is a contact detail of). */
  #entitled(reader: Reader | undefined, value: ContactValue, job: string | undefined): boolean {
    if (!reader) return false;
    if (reader.type === 'admin' || value.posters.has(reader.sub)) return true;
    if (reader.type !== 'company') return false;
    const poster = job ? this.#jobPoster.get(job) : undefined;
    if (job && poster && value.posters.has(poster)) return this.#paid(reader.sub, job);
    return [...value.posters].some(([owner, jobs]) => {
      const ids =
        jobs.size > 0 ? [...jobs] : [...this.#jobPoster].filter(([, by]) => by === owner).map(([id]) => id);
      return ids.some((id) => this.#paid(reader.sub, id));
    });
  }

  /** The poster contact values in `text` (decoded), by key. */
  #valuesIn(text: string): string[] {
    if (this.#values.size === 0) return [];
    const plain = decoded(text);
    const keys = new Set<string>();
    for (const email of plain.match(EMAIL_PATTERN) ?? []) keys.add(`email:${email}`);
    for (const phone of plain.match(PHONE_PATTERN) ?? []) {
      const key = phoneKey(phone);
      if (key) keys.add(`phone:${key}`);
    }
    for (const [key, value] of this.#values) {
      if (value.kind === 'address' && plain.includes(key.slice('address:'.length))) keys.add(key);
    }
    return [...keys].filter((key) => this.#values.has(key) && !this.#public.has(key));
  }

  #scan(exchange: Exchange, json: unknown, reader: Reader | undefined): Leak[] {
    if (this.#values.size === 0) return [];
    const leaks = new Map<string, Leak>();
    const report = (key: string, job: string | undefined) => {
      const value = this.#values.get(key)!;
      if (this.#entitled(reader, value, job)) return;
      leaks.set(`${key}|${job ?? ''}`, {
        url: exchange.url,
        reader: reader ? `${reader.type} ${reader.sub}` : 'visitor',
        kind: value.kind,
        value: value.display,
        poster: [...value.posters.keys()].join(' or '),
        ...(job ? { job } : {}),
      });
    };
    if (json === undefined) {
      for (const key of this.#valuesIn(exchange.responseBody)) report(key, undefined);
      return [...leaks.values()];
    }
    // JSON: each string judged in the innermost job around it, so a value shown in a job the company did
    // not pay for is a leak even when it paid for another job of the same poster.
    const visit = (node: unknown, job: string | undefined): void => {
      if (typeof node === 'string') {
        for (const key of this.#valuesIn(node)) report(key, job);
        return;
      }
      if (Array.isArray(node)) {
        for (const item of node) visit(item, job);
        return;
      }
      if (!isObject(node)) return;
      const here = typeof node._id === 'string' && this.#jobPoster.has(node._id) ? node._id : job;
      for (const [key, value] of Object.entries(node)) {
        // A key can carry a value too (a map by e-mail address).
        for (const found of this.#valuesIn(key)) report(found, here);
        visit(value, here);
      }
    };
    visit(json, undefined);
    return [...leaks.values()];
  }
}

export function describeLeaks(leaks: readonly Leak[]): string {
  return leaks
    .map(
      (leak) =>
        `${leak.kind} ${JSON.stringify(leak.value)} of poster ${leak.poster}${leak.job ? ` (job ${leak.job})` : ''} ` +
        `reached ${leak.reader} in ${leak.url}`,
    )
    .join('\n');
}
