// The edge's view of the accounts service's public company directory, for the pages it writes for
// crawlers and for the sitemap. Embedded topology: the accounts routes of this very server (inject);
// distributed: the accounts service over HTTP. Company answers are kept briefly, in a bounded map.
import {
  COMPANY_API,
  type CompanyIndexResponse,
  type CompanyResponse,
  type PublicCompany,
} from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * GET a path of the accounts service: its status and JSON body. `requestId`: the id of the request this
 * read is made for, sent as x-request-id so the accounts service logs it under the same id.
 */
export type AccountsGet = (path: string, requestId?: string) => Promise<{ status: number; body: unknown }>;

const UPSTREAM_TIMEOUT_MS = 2000;

/** The accounts service as the edge reaches it: in this process, or at ACCOUNTS_URL. */
export function accountsGet(app: FastifyInstance, accountsUrl?: string): AccountsGet {
  if (accountsUrl) {
    const base = accountsUrl.replace(/\/+$/, '');
    return async (path, requestId) => {
      const response = await fetch(`${base}${path}`, {
        headers: { accept: 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
        signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    };
  }
  return async (path, requestId) => {
    const response = await app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
    });
    return { status: response.statusCode, body: response.body ? (response.json() as unknown) : null };
  };
}

export interface DirectoryOptions {
  /** How long a company (or its absence) is kept; default one minute. */
  ttlMs?: number;
  /** How many companies are kept at most; default 1000. */
  maxEntries?: number;
  now?: () => number;
}

/** A company, `null` when the directory has none by that id, or `undefined` when it could not answer. */
export type CompanyLookup = PublicCompany | null | undefined;

export class Directory {
  private readonly cache = new Map<string, { value: PublicCompany | null; expires: number }>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly get: AccountsGet,
    options: DirectoryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 1000;
    this.now = options.now ?? Date.now;
  }

  /**
   * A company's public fields (name, description, services, rating, photo, reply time): nothing else leaves this
   * class. `requestId`: the page request that needs it (forwarded when accounts is asked).
   */
  async company(id: string, requestId?: string): Promise<CompanyLookup> {
    const hit = this.cache.get(id);
    if (hit && hit.expires > this.now()) return hit.value;
    let value: PublicCompany | null;
    try {
      const { status, body } = await this.get(COMPANY_API.company(id), requestId);
      if (status === 404) value = null;
      else if (status !== 200) return undefined;
      else {
        const { _id, name, description, subcategory, rating, photoUrl, replyMinutes } = (
          body as CompanyResponse
        ).company;
        value = { _id, name, description, subcategory, rating, photoUrl, replyMinutes };
      }
    } catch {
      return undefined;
    }
    this.cache.delete(id);
    this.cache.set(id, { value, expires: this.now() + this.ttlMs });
    // The oldest entry goes first (a Map keeps insertion order).
    while (this.cache.size > this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    return value;
  }

  /** One page of every live company's id, ordered by id (throws when accounts cannot answer). */
  async companyIndex(page: number, limit: number): Promise<CompanyIndexResponse> {
    const { status, body } = await this.get(COMPANY_API.index(page, limit));
    if (status !== 200) throw new Error(`the accounts directory answered ${status}`);
    return body as CompanyIndexResponse;
  }
}
