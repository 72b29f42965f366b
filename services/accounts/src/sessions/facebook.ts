import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FacebookSettings } from '../config';

export const FACEBOOK_STATE_COOKIE = 'mp_fb_state';
export const FACEBOOK_STATE_COOKIE_PATH = '/api/user/facebook';
export const FACEBOOK_STATE_MAX_AGE_SECONDS = 10 * 60;

const DEFAULT_GRAPH_URL = 'https://graph.facebook.com';
const DEFAULT_DIALOG_URL = 'https://www.facebook.com';
const TIMEOUT_MS = 8000;

export interface FacebookProfile {
  id: string;
  name: string;
  email?: string;
}

export class FacebookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FacebookError';
  }
}

/**
 * The OAuth `state` of one login attempt, kept in an httpOnly cookie signed with a server key, so the
 * callback can tell its own redirect from a forged one without server-side storage.
 */
export class FacebookState {
  constructor(private readonly key: string) {}

  create(): { state: string; cookie: string } {
    const state = randomBytes(24).toString('base64url');
    return { state, cookie: `${state}.${this.sign(state)}` };
  }

  /** True when the cookie is one we signed and carries the state Facebook sent back. */
  matches(cookie: string | undefined, state: string | undefined): boolean {
    if (!cookie || !state) return false;
    const dot = cookie.lastIndexOf('.');
    if (dot <= 0) return false;
    const stored = cookie.slice(0, dot);
    return safeEqual(cookie.slice(dot + 1), this.sign(stored)) && safeEqual(stored, state);
  }

  private sign(state: string): string {
    return createHmac('sha256', this.key).update(`facebook-state:${state}`).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The server side of Facebook's OAuth code flow (dialog URL, code exchange, profile). */
export class FacebookClient {
  private readonly graphUrl: string;
  private readonly dialogUrl: string;

  constructor(private readonly settings: FacebookSettings) {
    this.graphUrl = (settings.graphUrl ?? DEFAULT_GRAPH_URL).replace(/\/+$/, '');
    this.dialogUrl = (settings.dialogUrl ?? DEFAULT_DIALOG_URL).replace(/\/+$/, '');
  }

  dialogLocation(redirectUri: string, state: string): string {
    const url = new URL(`${this.dialogUrl}/${this.settings.graphVersion}/dialog/oauth`);
    url.searchParams.set('client_id', this.settings.appId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('scope', 'email');
    url.searchParams.set('response_type', 'code');
    return url.toString();
  }

  async exchangeCode(code: string, redirectUri: string): Promise<string> {
    const url = new URL(`${this.graphUrl}/${this.settings.graphVersion}/oauth/access_token`);
    url.searchParams.set('client_id', this.settings.appId);
    url.searchParams.set('client_secret', this.settings.appSecret);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('code', code);
    const body = await this.getJson(url);
    const token = (body as { access_token?: unknown }).access_token;
    if (typeof token !== 'string' || !token) throw new FacebookError('no access_token in the code exchange');
    return token;
  }

  async profile(accessToken: string): Promise<FacebookProfile> {
    const url = new URL(`${this.graphUrl}/${this.settings.graphVersion}/me`);
    url.searchParams.set('fields', 'id,name,email');
    url.searchParams.set('access_token', accessToken);
    // Proves the call comes from the app's server (Graph API "appsecret_proof").
    url.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', this.settings.appSecret).update(accessToken).digest('hex'),
    );
    const body = (await this.getJson(url)) as { id?: unknown; name?: unknown; email?: unknown };
    if (typeof body.id !== 'string' || !body.id) throw new FacebookError('no id in the profile');
    return {
      id: body.id,
      name:
        typeof body.name === 'string' && body.name.trim() ? body.name.trim().slice(0, 120) : 'Facebook user',
      ...(typeof body.email === 'string' && body.email.includes('@') ? { email: body.email.trim() } : {}),
    };
  }

  private async getJson(url: URL): Promise<unknown> {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new FacebookError(`${url.pathname} answered ${response.status}`);
    return response.json();
  }
}
