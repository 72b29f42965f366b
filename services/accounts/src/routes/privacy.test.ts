import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eventually } from '@marketplace/service-kit/testing';
import { sql } from 'kysely';
import sharp from 'sharp';
import { companyPayload, createAccountsHarness, posterPayload, type AccountsHarness } from '../testing';

describe('privacy: GET /api/user/me/export and DELETE /api/user/me', () => {
  let h: AccountsHarness;
  let company: { id: string; headers: { authorization: string } };
  let photoUrl: string;
  let sessionsTable: boolean;
  beforeAll(async () => {
    h = await createAccountsHarness();
    company = await h.signUp(companyPayload({ email: 'Owner@Firm.ng' }));
    const photo = new FormData();
    const bytes = await sharp({ create: { width: 40, height: 40, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    photo.append('description', 'We fix pipes.');
    photo.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
    const edited = await h.service.app.inject({
      method: 'PUT',
      url: '/api/user/editcompany',
      headers: company.headers,
      payload: photo,
    });
    photoUrl = edited.json().user.photoUrl;
    for (const headers of [company.headers, {}]) {
      await h.service.app.inject({
        method: 'POST',
        url: '/api/user/send-mail',
        headers,
        payload: { name: 'Owner', email: 'owner@firm.ng', msg: `Hello ${Object.keys(headers).length}` },
      });
    }
    await h.service.app.inject({
      method: 'POST',
      url: '/api/user/send-mail',
      payload: { name: 'Stranger', email: 'stranger@example.com', msg: 'Not about the owner' },
    });
    // Two sign-in sessions, straight in the sessions table (another part of accounts owns it).
    const found = await sql<{
      t: string | null;
    }>`select to_regclass('accounts.refresh_tokens')::text as t`.execute(h.service.db.raw);
    sessionsTable = Boolean(found.rows[0]?.t);
    for (const n of sessionsTable ? [1, 2] : []) {
      await sql`insert into accounts.refresh_tokens
          (user_id, family_id, token_hash, expires_at, family_expires_at, user_agent)
        values (${company.id}, gen_random_uuid(), ${`secret-hash-${n}`}, now() + interval '1 day',
          now() + interval '30 days', ${`Browser ${n}`})`.execute(h.service.db.raw);
    }
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  it('exports everything accounts holds about the signed-in person as a download', async () => {
    const response = await h.service.app.inject({
      method: 'GET',
      url: '/api/user/me/export',
      headers: company.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="marketplace-my-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json();
    expect(data.account).toMatchObject({
      _id: company.id,
      name: 'Ace Plumbing',
      email: 'Owner@Firm.ng',
      type: 'company',
      phoneNumber: '+2348031234567',
      cacnumber: 'RC123456',
      cacClass: 'RC',
      state: 'Lagos',
      pincode: '100001',
      description: 'We fix pipes.',
      photoUrl,
      category: ['Craftsman'],
      subcategory: ['Plumber'],
    });
    // Only what the account itself sent: 'Hello 0' was sent signed out with the same address, by anyone.
    expect(data.contactMessages.map((m: { msg: string }) => m.msg)).toEqual(['Hello 1']);
    expect(sessionsTable).toBe(true); // migration 0002_sessions
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions[0]).toMatchObject({
      user_id: company.id,
      user_agent: expect.stringMatching(/^Browser/),
    });
    expect(response.body).not.toMatch(/secret-hash|token_hash|password/);
  });

  it('never hands over contact messages sent with the address before the account existed', async () => {
    await h.service.app.inject({
      method: 'POST',
      url: '/api/user/send-mail',
      payload: {
        name: 'Ngozi Eze',
        email: 'later@example.com',
        phoneNumber: '08031234567',
        hourseaddress: '3 Secret Close, Enugu',
        msg: 'My private question',
      },
    });
    const newcomer = await h.signUp(posterPayload({ email: 'Later@example.com', name: 'New Comer' }));
    const response = await h.service.app.inject({
      method: 'GET',
      url: '/api/user/me/export',
      headers: newcomer.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().contactMessages).toEqual([]);
    expect(response.body).not.toMatch(/Ngozi|Secret Close|private question/);
  });

  it('needs a session', async () => {
    expect((await h.service.app.inject({ method: 'GET', url: '/api/user/me/export' })).statusCode).toBe(401);
    const del = await h.service.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      payload: { password: 'x' },
    });
    expect(del.statusCode).toBe(401);
  });

  it('refuses to delete without the right password', async () => {
    const response = await h.service.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: company.headers,
      payload: { password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().resultMessage.en).toBe('The password is not correct.');
    const missing = await h.service.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: company.headers,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
  });

  it('erases the personal data, keeps an anonymous row and announces accounts.user.deleted', async () => {
    // A chat reminder waiting to be mailed (its next attempt later): it says who wrote about which job.
    await h.db
      .insertInto('notice_mails')
      .values({
        user_id: company.id,
        kind: 'chat-reminder',
        dedupe_key: 'privacy-test',
        data: JSON.stringify({ counterpartName: 'Ada Obi', jobTitle: 'Fix a tap' }),
        next_attempt_at: new Date(Date.now() + 60 * 60_000),
      })
      .execute();
    const response = await h.service.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: company.headers,
      payload: { password: 'secret12' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      statusCode: 200,
      resultMessage: { en: 'Your account and personal data have been deleted.' },
    });

    const row = await h.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', company.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Deleted user',
      email: `deleted-${company.id}@deleted.invalid`,
      phone_number: null,
      cacnumber: null,
      cac_class: null,
      address: null,
      state: null,
      pincode: null,
      description: null,
      photo_url: null,
      categories: [],
      subcategories: [],
    });
    expect(row.deleted_at).not.toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    expect(await readdir(join(h.dataDir, 'uploads', 'profile'))).toEqual([]);
    // The account's own message is erased; messages that only carry its address are someone else's.
    const messages = await h.db.selectFrom('contact_messages').select('message').orderBy('message').execute();
    expect(messages).not.toContainEqual({ message: 'Hello 1' });
    expect(messages).toContainEqual({ message: 'Hello 0' });
    expect(messages).toContainEqual({ message: 'Not about the owner' });
    const left = await sql<{ n: string }>`select count(*)::text as n from accounts.refresh_tokens`.execute(
      h.service.db.raw,
    );
    expect(left.rows[0]?.n).toBe('0');
    expect(
      await h.db.selectFrom('notice_mails').select('id').where('user_id', '=', company.id).execute(),
    ).toEqual([]);
    await eventually(async () =>
      expect(h.events).toContainEqual(
        expect.objectContaining({ type: 'accounts.user.deleted', payload: { userId: company.id } }),
      ),
    );

    // The account is gone for every route, the directory and sign-up alike.
    expect(
      (await h.service.app.inject({ method: 'GET', url: '/api/user/me/export', headers: company.headers }))
        .statusCode,
    ).toBe(401);
    expect(
      (await h.service.app.inject({ method: 'GET', url: `/api/accounts/companies/${company.id}` }))
        .statusCode,
    ).toBe(404);
    const again = await h.register(posterPayload({ email: 'owner@firm.ng', name: 'New Owner' }));
    expect(again.statusCode).toBe(200);
    const fresh = await h.db
      .selectFrom('users')
      .select('id')
      .where('email_normalized', '=', 'owner@firm.ng')
      .executeTakeFirstOrThrow();
    expect(fresh.id).toBe(again.json().user._id);
  });
});
