// Who a page request comes from, as far as the first paint needs it: the role and name in the session's
// access token (mp_access), read without checking its signature. The edge has no key to check it with
// (in the distributed topology the services hold it), and it needs none: the role only chooses which of
// the site's own public texts the frame shows (a dashboard's lead, whether an admin list is drawn), and
// the name is sent back to the browser that sent it. Nothing is allowed or read on its strength: the page's
// scripts ask the server for the session, and the services check every call.
import { ACCOUNT_TYPE_LABELS, FIELD_LIMITS, SESSION_COOKIES } from '@marketplace/contracts';
import type { PageViewer } from '@marketplace/page-head';
import type { FastifyRequest } from 'fastify';

const ACCESS_COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIES.access}=([A-Za-z0-9_.-]{1,8192})(?:;|$)`);
const ROLES: ReadonlySet<string> = new Set(Object.keys(ACCOUNT_TYPE_LABELS));
/** A name longer than accounts accepts is not in a token accounts wrote. */
const MAX_NAME = FIELD_LIMITS.nameMax;

/** The signed-in member the page is for, or undefined (no session cookie, or not one accounts wrote). */
export function pageViewer(request: FastifyRequest): PageViewer | undefined {
  const token = ACCESS_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { type, name } = claims as { type?: unknown; name?: unknown };
  if (typeof type !== 'string' || !ROLES.has(type)) return undefined;
  if (typeof name !== 'string' || name.length > MAX_NAME || name.includes('\0')) return undefined;
  return { type: type as PageViewer['type'], name };
}
