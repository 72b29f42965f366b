import { createHash } from 'node:crypto';
import { IDENTITY_MESSAGES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import {
  createAccountsHarness,
  mailHeader,
  mailLink,
  mailText,
  nextLocalAddress,
  posterPayload,
  sessionJar,
  setCookies,
  type AccountsHarness,
  type CookieJar,
} from '../testing';

const RESET_PAGE = '/reset-password';
const VERIFY_PAGE = '/verify-email';
const MINUTE = 60 * 1000;

/** The service's clock runs `offset` ms ahead of the real one (links expire by it). */
let offset = 0;
const now = () => new Date(Date.now() + offset);

describe('password reset and e-mail verification', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness({ now });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);
  afterEach(() => {
    offset = 0;
  });

  const post = (url: string, payload: unknown, extra: { cookies?: CookieJar; headers?: object } = {}) =>
    h.service.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      remoteAddress: nextLocalAddress(),
      ...extra,
    } as never);
  const forgot = (email: unknown) => post('/api/user/forgot-password', { email });
  const reset = (token: unknown, password: unknown) => post('/api/user/reset-password', { token, password });
  const verify = (token: unknown) => post('/api/user/verify-email', { token });
  const login = (email: string, password: string) => post('/api/user/login', { email, password });
  const me = (cookies: CookieJar) => h.service.app.inject({ method: 'GET', url: '/api/user/me', cookies });

  /** The mails to `address` whose subject is `subject`, once there are `count` of them. */
  async function mailsTo(address: string, subject: string, count = 1): Promise<string[]> {
    return eventually(async () => {
      const mails = (await h.outboxMails()).filter(
        (m) =>
          mailHeader(m, 'To')?.toLowerCase() === address.toLowerCase() &&
          mailHeader(m, 'Subject') === subject,
      );
      expect(mails).toHaveLength(count);
      return mails;
    });
  }
  const resetMails = (address: string, count = 1) => mailsTo(address, 'Choose a new password', count);
  const verificationMails = (address: string, count = 1) =>
    mailsTo(address, 'Please verify your e-mail address', count);
  const latest = (mails: string[]) => mails[mails.length - 1] as string;

  const tokenRow = (token: string) =>
    h.db
      .selectFrom('account_tokens')
      .selectAll()
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirst();
  const userRow = (email: string) =>
    h.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();

  describe('asking for a reset link', () => {
    it('answers an address with an account and one without in the same words; only the account gets a link', async () => {
      await h.signUp(posterPayload({ email: 'kemi@example.com', name: 'Kemi Ade' }));
      const known = await forgot('  Kemi@Example.com ');
      const unknown = await forgot('nobody-here@example.com');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual({
        statusCode: 200,
        resultMessage: { en: IDENTITY_MESSAGES.resetLinkSent },
      });
      expect(unknown.body).toBe(known.body);

      const [mail] = await resetMails('kemi@example.com');
      const text = mailText(mail as string);
      expect(text).toContain('Hello Kemi Ade,');
      expect(text).toContain('within 30 minutes');
      const { url, token } = mailLink(mail as string, RESET_PAGE);
      expect(url).toBe(`http://localhost:80/reset-password#token=${token}`);
      // Stored hashed, for this address, expiring 30 minutes after it was made.
      const row = await tokenRow(token);
      expect(row).toMatchObject({ purpose: 'password-reset', email_normalized: 'kemi@example.com' });
      expect(row?.token_hash).not.toContain(token);
      expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(30 * MINUTE);
      const stored = await h.db.selectFrom('account_tokens').select('token_hash').execute();
      expect(JSON.stringify(stored)).not.toContain(token);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await h.outboxMails()).some((m) => mailHeader(m, 'To') === 'nobody-here@example.com')).toBe(
        false,
      );
    });

    it('sets the new password with the link, once: every session ends (and is announced) and a notice is mailed', async () => {
      const account = await h.signUp(posterPayload({ email: 'tobi@example.com', name: 'Tobi Ola' }));
      const first = await login('tobi@example.com', 'secret1');
      const second = await login('tobi@example.com', 'secret1');
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      const sids = [first, second].map(
        (r) => h.service.verifyToken((r.json() as { accessToken: string }).accessToken).sid,
      );

      await forgot('tobi@example.com');
      const { token } = mailLink((await resetMails('tobi@example.com'))[0] as string, RESET_PAGE);
      // Reset from the first session's browser: its cookies are cleared too.
      const done = await post(
        '/api/user/reset-password',
        { token, password: 'brand-new-pass' },
        { cookies: sessionJar(first) },
      );
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({
        statusCode: 200,
        resultMessage: { en: 'Your password has been changed. Please sign in with your new password.' },
      });
      expect(setCookies(done).mp_access?.value).toBe('');
      expect(setCookies(done).mp_refresh?.value).toBe('');

      // The stored row: a new hash, the address now proven, the link used.
      const row = await userRow('tobi@example.com');
      expect(row.password_hash.startsWith('$argon2')).toBe(true);
      expect(row.email_verified_at).not.toBeNull();
      expect((await tokenRow(token))?.used_at).not.toBeNull();

      // Every session ended: refresh tokens refused, the access cookie no longer signs in.
      for (const session of [first, second]) {
        const refreshed = await post('/api/user/refresh', {
          refreshToken: (session.json() as { refreshToken: string }).refreshToken,
        });
        expect(refreshed.statusCode).toBe(401);
        expect((await me(sessionJar(session))).json().user).toBeNull();
      }
      await eventually(async () => {
        const revoked = h.events
          .filter((e) => e.type === 'accounts.session.revoked')
          .map((e) => e.payload as { sid: string; userId: string });
        for (const sid of sids) expect(revoked).toContainEqual({ sid, userId: account.id });
      });
      // Another service refuses the old access token too (the kit's revocations, from those events).
      const bearer = `Bearer ${(second.json() as { accessToken: string }).accessToken}`;
      await eventually(async () => {
        const exported = await h.service.app.inject({
          method: 'GET',
          url: '/api/user/me/export',
          headers: { authorization: bearer },
        });
        expect(exported.statusCode).toBe(401);
      });

      expect((await login('tobi@example.com', 'secret1')).statusCode).toBe(401);
      expect((await login('tobi@example.com', 'brand-new-pass')).statusCode).toBe(200);

      const [notice] = await mailsTo('tobi@example.com', 'Your password was changed');
      expect(mailText(notice as string)).toContain('Every device that was signed in has been signed out.');
      expect(mailText(notice as string)).toContain('http://localhost:80/forgot-password');

      // The link worked once.
      const again = await reset(token, 'another-pass-1');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({
        code: 'INVALID_LINK',
        resultMessage: { en: IDENTITY_MESSAGES.invalidResetLink },
      });
      expect((await login('tobi@example.com', 'brand-new-pass')).statusCode).toBe(200);
    });

    it('refuses a link older than 30 minutes, a replaced one and a forged one with a clear 400', async () => {
      await h.signUp(posterPayload({ email: 'bayo@example.com', name: 'Bayo Ige' }));
      await forgot('bayo@example.com');
      const { token: old } = mailLink(latest(await resetMails('bayo@example.com')), RESET_PAGE);
      await forgot('bayo@example.com');
      const { token } = mailLink(latest(await resetMails('bayo@example.com', 2)), RESET_PAGE);
      expect(token).not.toBe(old);

      const replaced = await reset(old, 'new-password-1');
      expect(replaced.statusCode).toBe(400);
      expect(replaced.json().resultMessage.en).toBe(IDENTITY_MESSAGES.invalidResetLink);

      offset = 31 * MINUTE;
      const expired = await reset(token, 'new-password-1');
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({ statusCode: 400, code: 'INVALID_LINK' });

      for (const forged of ['', 'x', 'A'.repeat(43), `${token.slice(0, -1)}A`, token.toLowerCase()]) {
        const response = await reset(forged === token ? `${forged}x` : forged, 'new-password-1');
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('INVALID_LINK');
      }
      offset = 0;
      expect((await login('bayo@example.com', 'secret1')).statusCode).toBe(200);
    });

    it('checks the new password with the sign-up rule and keeps the link for a second try', async () => {
      await h.signUp(posterPayload({ email: 'chika@example.com', name: 'Chika Eze' }));
      await forgot('chika@example.com');
      const { token } = mailLink(latest(await resetMails('chika@example.com')), RESET_PAGE);
      const short = await reset(token, '12345');
      expect(short.statusCode).toBe(400);
      expect(short.json().resultMessage.en).toBe('Password must be at least 6 characters long');
      const long = await reset(token, 'x'.repeat(257));
      expect(long.statusCode).toBe(400);
      expect(long.json().resultMessage.en).toBe('Password is too long (at most 256 characters)');
      expect((await tokenRow(token))?.used_at).toBeNull();
      expect((await reset(token, '123456')).statusCode).toBe(200);
    });

    it('sends no link for a deleted account', async () => {
      const gone = await h.signUp(posterPayload({ email: 'gone@example.com', name: 'Gone Soon' }));
      const deleted = await h.service.app.inject({
        method: 'DELETE',
        url: '/api/user/me',
        headers: gone.headers,
        payload: { password: 'secret1' },
      });
      expect(deleted.statusCode).toBe(200);
      expect((await forgot('gone@example.com')).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(
        (await h.outboxMails()).filter((m) => mailHeader(m, 'Subject') === 'Choose a new password'),
      ).not.toEqual(expect.arrayContaining([expect.stringContaining('To: gone@example.com')]));
    });

    it.each([
      ['a NUL character', { email: 'ada\u0000@example.com' }],
      ['a huge string', { email: `${'a'.repeat(100_000)}@example.com` }],
      ['a number', { email: 42 }],
      ['an object', { email: { $ne: null } }],
      ['no email', {}],
      ['an address that is not one', { email: 'not-an-address' }],
    ])('answers %s with a 400 envelope', async (_label, body) => {
      const response = await post('/api/user/forgot-password', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, resultMessage: { en: expect.any(String) } });
    });

    it.each([
      ['a NUL character in the token', { token: 'abc\u0000', password: 'secret12' }],
      ['a NUL character in the password', { token: 'A'.repeat(43), password: 'sec\u0000ret12' }],
      ['a huge password', { token: 'A'.repeat(43), password: 'x'.repeat(50_000) }],
      ['a numeric token', { token: 12345, password: 'secret12' }],
      ['a missing password', { token: 'A'.repeat(43) }],
      ['an array', ['token']],
    ])('answers a reset with %s with a 400 envelope', async (_label, body) => {
      const response = await post('/api/user/reset-password', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().statusCode).toBe(400);
    });

    it.each(['/api/user/forgot-password', '/api/user/reset-password', '/api/user/verify-email'])(
      'answers truncated JSON on %s with a 400 envelope',
      async (url) => {
        const response = await h.service.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload: '{"email":"ada@exa',
          remoteAddress: nextLocalAddress(),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().resultMessage.en).toBe('The request body is not valid JSON.');
      },
    );
  });

  describe('rate limits', () => {
    let limited: AccountsHarness;
    beforeAll(async () => {
      limited = await createAccountsHarness({
        rateLimits: {
          passwordResetPerIp: { max: 3, windowMs: 60 * MINUTE },
          passwordResetPerEmail: { max: 2, windowMs: 60 * MINUTE },
          identityLinkPerIp: { max: 3, windowMs: 60 * MINUTE },
          verificationResendPerAccount: { max: 2, windowMs: 60 * MINUTE },
        },
      });
    }, 60_000);
    afterAll(async () => {
      await limited.close();
    }, 60_000);

    const ask = (email: string, remoteAddress = nextLocalAddress()) =>
      limited.service.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password',
        payload: { email },
        remoteAddress,
      });

    it('limits requests per address asked for, alike for known and unknown addresses', async () => {
      await limited.signUp(posterPayload({ email: 'rate@example.com' }));
      for (const email of ['rate@example.com', 'no-account@example.com']) {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await ask(email)).statusCode);
        expect(statuses).toEqual([200, 200, 429, 429]);
      }
      const refused = await ask('RATE@example.com');
      expect(refused.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS' });
      expect(refused.headers['retry-after']).toBeDefined();
    });

    it('limits requests and presented links per client address', async () => {
      const ip = '127.0.33.1';
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await ask(`ip-${i}@example.com`, ip)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);

      const linkStatuses = [];
      for (let i = 0; i < 4; i++) {
        const response = await limited.service.app.inject({
          method: 'POST',
          url: '/api/user/verify-email',
          payload: { token: `guess-${i}` },
          remoteAddress: '127.0.33.2',
        });
        linkStatuses.push(response.statusCode);
      }
      expect(linkStatuses).toEqual([400, 400, 400, 429]);
    });

    it("limits 'Resend verification e-mail' per account", async () => {
      const member = await limited.signUp(posterPayload({ email: 'resend-limit@example.com' }));
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const response = await limited.service.app.inject({
          method: 'POST',
          url: '/api/user/resend-verification',
          headers: member.headers,
          remoteAddress: nextLocalAddress(),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 429]);
    });
  });

  describe('verified e-mail', () => {
    it('mails a link at sign-up; the account signs in unverified, then the link verifies it (twice is fine)', async () => {
      const registered = await h.register(posterPayload({ email: 'Uche@Example.com', name: 'Uche Nna' }));
      expect(registered.statusCode).toBe(200);
      expect(registered.json().user.emailVerified).toBe(false);
      expect((await userRow('uche@example.com')).email_verified_at).toBeNull();

      const signedIn = await login('uche@example.com', 'secret1');
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.emailVerified).toBe(false);

      const [mail] = await verificationMails('Uche@Example.com');
      expect(mailText(mail as string)).toContain('Hello Uche Nna,');
      const { url, token } = mailLink(mail as string, VERIFY_PAGE);
      expect(url).toBe(`http://localhost:80/verify-email#token=${token}`);
      const row = await tokenRow(token);
      expect(row).toMatchObject({ purpose: 'email-verification', email_normalized: 'uche@example.com' });
      expect(row!.expires_at.getTime() - row!.created_at.getTime()).toBe(48 * 60 * MINUTE);

      const verified = await verify(token);
      expect(verified.statusCode).toBe(200);
      expect(verified.json()).toEqual({
        statusCode: 200,
        resultMessage: { en: 'Your e-mail address is verified.' },
      });
      expect((await userRow('uche@example.com')).email_verified_at).not.toBeNull();
      expect((await me(sessionJar(signedIn))).json().user.emailVerified).toBe(true);

      const twice = await verify(token);
      expect(twice.statusCode).toBe(200);
      expect(twice.json().resultMessage.en).toBe(IDENTITY_MESSAGES.alreadyVerified);
    });

    it('refuses an expired, forged or mistyped link with a clear 400', async () => {
      await h.register(posterPayload({ email: 'late@example.com', name: 'Late Reader' }));
      const { token } = mailLink(latest(await verificationMails('late@example.com')), VERIFY_PAGE);
      offset = 49 * 60 * MINUTE;
      const expired = await verify(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toMatchObject({
        code: 'INVALID_LINK',
        resultMessage: { en: IDENTITY_MESSAGES.invalidVerificationLink },
      });
      offset = 0;
      for (const forged of ['', 'nope', 'B'.repeat(43), `${token}x`]) {
        const response = await verify(forged);
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('INVALID_LINK');
      }
      for (const body of [{ token: 7 }, { token: 'a\u0000b' }, {}, { token: 'x'.repeat(100_000) }]) {
        expect((await post('/api/user/verify-email', body)).statusCode).toBe(400);
      }
      // A reset link is not a verification link (nor the other way round).
      await forgot('late@example.com');
      const reset = mailLink(latest(await resetMails('late@example.com')), RESET_PAGE);
      expect((await verify(reset.token)).statusCode).toBe(400);
      expect((await userRow('late@example.com')).email_verified_at).toBeNull();
    });

    it("'Resend verification e-mail': a new link replaces the old; signed in only; nothing when verified", async () => {
      const member = await h.signUp(posterPayload({ email: 'resend@example.com', name: 'Resend Me' }));
      const { token: first } = mailLink(latest(await verificationMails('resend@example.com')), VERIFY_PAGE);
      const resend = (headers: object = member.headers) =>
        h.service.app.inject({
          method: 'POST',
          url: '/api/user/resend-verification',
          headers,
          remoteAddress: nextLocalAddress(),
        } as never);

      const sent = await resend();
      expect(sent.statusCode).toBe(200);
      expect(sent.json().resultMessage.en).toBe(IDENTITY_MESSAGES.verificationSent);
      const { token: second } = mailLink(
        latest(await verificationMails('resend@example.com', 2)),
        VERIFY_PAGE,
      );
      expect(second).not.toBe(first);
      expect((await verify(first)).statusCode).toBe(400);

      const anonymous = await resend({});
      expect(anonymous.statusCode).toBe(401);

      expect((await verify(second)).statusCode).toBe(200);
      const already = await resend();
      expect(already.statusCode).toBe(200);
      expect(already.json().resultMessage.en).toBe(IDENTITY_MESSAGES.alreadyVerified);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await verificationMails('resend@example.com', 2);
    });

    it('needs the CSRF header when the resend is authenticated by cookie', async () => {
      await h.register(posterPayload({ email: 'cookie@example.com', name: 'Cookie Person' }));
      const session = await login('cookie@example.com', 'secret1');
      const jar = sessionJar(session);
      const without = await post('/api/user/resend-verification', undefined, { cookies: jar });
      expect(without.statusCode).toBe(403);
      const withHeader = await post('/api/user/resend-verification', undefined, {
        cookies: jar,
        headers: { 'x-csrf-token': jar.mp_csrf },
      });
      expect(withHeader.statusCode).toBe(200);
    });

    it('a completed password reset proves the address as well', async () => {
      await h.register(posterPayload({ email: 'proof@example.com', name: 'Proof Person' }));
      await forgot('proof@example.com');
      const { token } = mailLink(latest(await resetMails('proof@example.com')), RESET_PAGE);
      expect((await reset(token, 'proven-pass-1')).statusCode).toBe(200);
      const signedIn = await login('proof@example.com', 'proven-pass-1');
      expect(signedIn.json().user.emailVerified).toBe(true);
    });

    it('never hands an unverified account messages sent under its address before it existed (nor after it is verified)', async () => {
      const sent = await post('/api/user/send-mail', {
        name: 'Earlier Sender',
        email: 'squat@example.com',
        phoneNumber: '08031234567',
        hourseaddress: '1 Private Road',
        msg: 'My private message',
      });
      expect(sent.statusCode).toBe(200);
      const member = await h.signUp(posterPayload({ email: 'squat@example.com', name: 'Squatter' }));
      const exportOf = async () =>
        (
          await h.service.app.inject({ method: 'GET', url: '/api/user/me/export', headers: member.headers })
        ).json();
      const before = await exportOf();
      expect(before.account.emailVerifiedAt).toBeNull();
      expect(before.contactMessages).toEqual([]);
      expect(JSON.stringify(before)).not.toContain('Private');

      const { token } = mailLink(latest(await verificationMails('squat@example.com')), VERIFY_PAGE);
      expect((await verify(token)).statusCode).toBe(200);
      const after = await exportOf();
      expect(after.account.emailVerifiedAt).toEqual(expect.any(String));
      expect(after.contactMessages).toEqual([]);
    });
  });

  describe('links for a site without PUBLIC_URL', () => {
    it('makes no link from a Host header that is not a loopback one, and answers the same', async () => {
      await h.signUp(posterPayload({ email: 'host@example.com', name: 'Host Header' }));
      const poisoned = await h.service.app.inject({
        method: 'POST',
        url: '/api/user/forgot-password',
        headers: { host: 'attacker.example' },
        payload: { email: 'host@example.com' },
        remoteAddress: nextLocalAddress(),
      });
      expect(poisoned.statusCode).toBe(200);
      expect(poisoned.json().resultMessage.en).toBe(IDENTITY_MESSAGES.resetLinkSent);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mails = await h.outboxMails();
      expect(mails.filter((m) => mailHeader(m, 'Subject') === 'Choose a new password').join()).not.toContain(
        'host@example.com',
      );
      expect(mails.join()).not.toContain('attacker.example');
    });
  });
});

describe('links with PUBLIC_URL', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness({ publicUrl: 'https://market.example/' });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  it('points every link at the public origin, whatever the Host header says', async () => {
    const registered = await h.service.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { host: 'attacker.example' },
      payload: posterPayload({ email: 'public@example.com' }),
      remoteAddress: nextLocalAddress(),
    });
    expect(registered.statusCode).toBe(200);
    await h.service.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      headers: { host: 'attacker.example' },
      payload: { email: 'public@example.com' },
      remoteAddress: nextLocalAddress(),
    });
    const mails = await eventually(async () => {
      const all = await h.outboxMails();
      expect(all).toHaveLength(2);
      return all;
    });
    const links = mails.map((m) => mailText(m).match(/https?:\/\/\S+#token=\S+/)?.[0] ?? 'no link');
    expect(links.sort()).toEqual([
      expect.stringMatching(/^https:\/\/market\.example\/reset-password#token=[\w-]{43}$/),
      expect.stringMatching(/^https:\/\/market\.example\/verify-email#token=[\w-]{43}$/),
    ]);
  });
});
