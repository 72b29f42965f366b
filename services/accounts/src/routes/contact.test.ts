import type { AddressInfo } from 'node:net';
import { eventually } from '@marketplace/service-kit/testing';
import { SMTPServer } from 'smtp-server';
import { createAccountsHarness, nextLocalAddress, posterPayload, type AccountsHarness } from '../testing';

const valid = {
  email: 'tunde@example.com',
  name: 'Tunde Bello',
  phoneNumber: '08031234567',
  hourseaddress: '5 Broad Street, Lagos',
  msg: 'I cannot log in since yesterday.',
};

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server; `failNext` makes it refuse the next n messages with a temporary error. */
async function startSmtp() {
  const received: Received[] = [];
  const state = { failNext: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.failNext > 0) {
          state.failNext--;
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('POST /api/user/send-mail', () => {
  describe('without SMTP (mail-outbox folder)', () => {
    let h: AccountsHarness;
    beforeAll(async () => {
      h = await createAccountsHarness();
    }, 60_000);
    afterAll(async () => {
      await h.close();
    }, 60_000);

    // Each message from its own address (the per-address limit has its own test below).
    const send = (payload: unknown, headers: Record<string, string> = {}) =>
      h.service.app.inject({
        method: 'POST',
        url: '/api/user/send-mail',
        payload: payload as object,
        headers,
        remoteAddress: nextLocalAddress(),
      });
    let sender = 0;

    it('stores the message, trimmed, and delivers it to the outbox folder', async () => {
      const response = await send({
        ...valid,
        name: '  Tunde Bello ',
        msg: '  I cannot log in since yesterday.\n',
        subject: 'personal-data',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        statusCode: 200,
        resultMessage: { en: "Message sent. We'll get back to you shortly." },
      });
      const row = await h.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Tunde Bello',
        email: 'tunde@example.com',
        phone_number: '08031234567',
        house_address: '5 Broad Street, Lagos',
        subject: 'personal-data',
        message: 'I cannot log in since yesterday.',
        user_id: null,
      });
      const delivered = await eventually(async () => {
        const current = await h.db
          .selectFrom('contact_messages')
          .selectAll()
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow();
        expect(current.delivered_at).not.toBeNull();
        return current;
      });
      expect(delivered).toMatchObject({
        delivery_transport: 'folder',
        delivery_attempts: 1,
        last_error: null,
      });
      const [mail] = await h.outboxMails();
      expect(mail).toContain('To: support@marketplace.local');
      expect(mail).toContain('Reply-To: tunde@example.com');
      expect(mail).toContain('Subject: Contact form: On personal data - Tunde Bello');
      expect(mail).toContain('I cannot log in since yesterday.');
      expect(mail).toContain(`Reference: ${row.id}`);
    });

    it('links the message to the sender when signed in', async () => {
      const poster = await h.signUp(posterPayload({ email: 'linked@example.com' }));
      const response = await send({ ...valid, email: 'other@example.com' }, poster.headers);
      expect(response.statusCode).toBe(200);
      const row = await h.db
        .selectFrom('contact_messages')
        .select('user_id')
        .where('email', '=', 'other@example.com')
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(poster.id);
    });

    it.each([
      ['no name', { ...valid, name: '   ' }, 'Please fill name, email and message'],
      ['no email', { ...valid, email: undefined }, 'Please fill name, email and message'],
      ['a blank message', { ...valid, msg: ' \n ' }, 'Please fill name, email and message'],
      ['a bad email', { ...valid, email: 'tunde@' }, 'Invalid email address'],
      ['a long name', { ...valid, name: 'n'.repeat(121) }, 'Name is too long (at most 120 characters)'],
      [
        'a long message',
        { ...valid, msg: 'm'.repeat(5001) },
        'Message is too long (at most 5000 characters)',
      ],
      [
        'a long address',
        { ...valid, hourseaddress: 'a'.repeat(301) },
        'House address is too long (at most 300 characters)',
      ],
      [
        'a long phone',
        { ...valid, phoneNumber: '0'.repeat(33) },
        'Phone number is too long (at most 32 characters)',
      ],
      ['an unknown subject', { ...valid, subject: 'spam' }, 'Please choose one of the subjects offered.'],
    ])('refuses %s', async (_label, payload, message) => {
      const before = await h.db.selectFrom('contact_messages').select('id').execute();
      // A sender of their own, so the per-email limit is not what answers.
      const own =
        payload.email === valid.email ? { ...payload, email: `sender${++sender}@example.com` } : payload;
      const response = await send(own);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorMessage: message, resultMessage: { en: message } });
      expect(await h.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(before.length);
    });

    it('answers malformed JSON with a 400 envelope', async () => {
      const response = await h.service.app.inject({
        method: 'POST',
        url: '/api/user/send-mail',
        headers: { 'content-type': 'application/json' },
        payload: '{"name": "x", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().resultMessage.en).toBe('The request body is not valid JSON.');
    });
  });

  describe('rate limits', () => {
    let h: AccountsHarness;
    beforeAll(async () => {
      h = await createAccountsHarness({
        rateLimits: {
          contactPerIp: { max: 2, windowMs: 60_000 },
          contactPerEmail: { max: 3, windowMs: 60_000 },
        },
      });
    }, 60_000);
    afterAll(async () => {
      await h.close();
    }, 60_000);

    const send = (email: string, remoteAddress: string) =>
      h.service.app.inject({
        method: 'POST',
        url: '/api/user/send-mail',
        payload: { ...valid, email },
        remoteAddress,
      });

    it('limits messages per address, with the honest ones under it accepted', async () => {
      const address = nextLocalAddress();
      expect((await send('a1@example.com', address)).statusCode).toBe(200);
      expect((await send('a2@example.com', address)).statusCode).toBe(200);
      const limited = await send('a3@example.com', address);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().resultMessage.en).toBe(
        'Too many attempts. Please wait a few minutes and try again.',
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await send('a3@example.com', nextLocalAddress())).statusCode).toBe(200);
    });

    it('limits messages per sender email, whatever the address and spelling', async () => {
      for (const email of ['b@example.com', 'B@Example.com', ' b@example.com']) {
        expect((await send(email, nextLocalAddress())).statusCode).toBe(200);
      }
      expect((await send('b@EXAMPLE.com', nextLocalAddress())).statusCode).toBe(429);
    });
  });

  describe('with SMTP', () => {
    let h: AccountsHarness;
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      h = await createAccountsHarness({
        mail: {
          smtpUrl: smtp.url,
          supportEmail: 'help@marketplace.test',
          from: 'Marketplace <no-reply@marketplace.test>',
          retryIntervalMs: 200,
        },
      });
    }, 60_000);
    afterAll(async () => {
      await h.close();
      await smtp.close();
    }, 60_000);

    it('delivers to support through the SMTP server', async () => {
      const response = await h.service.app.inject({
        method: 'POST',
        url: '/api/user/send-mail',
        payload: valid,
      });
      expect(response.statusCode).toBe(200);
      const mail = await eventually(async () => {
        expect(smtp.received).toHaveLength(1);
        return smtp.received[0] as Received;
      });
      expect(mail.to).toEqual(['help@marketplace.test']);
      expect(mail.raw).toContain('From: Marketplace <no-reply@marketplace.test>');
      expect(mail.raw).toContain('Reply-To: tunde@example.com');
      expect(mail.raw).toContain('I cannot log in since yesterday.');
      await eventually(async () => {
        const row = await h.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ delivery_transport: 'smtp', delivery_attempts: 1 });
        expect(row.delivered_at).not.toBeNull();
      });
      expect(await h.outboxMails()).toEqual([]);
    });

    it('keeps a message the server refused and delivers it on a later sweep', async () => {
      smtp.state.failNext = 1;
      const response = await h.service.app.inject({
        method: 'POST',
        url: '/api/user/send-mail',
        payload: { ...valid, email: 'retry@example.com', msg: 'Second try please.' },
      });
      expect(response.statusCode).toBe(200);
      const failed = await eventually(async () => {
        const row = await h.db
          .selectFrom('contact_messages')
          .selectAll()
          .where('email', '=', 'retry@example.com')
          .executeTakeFirstOrThrow();
        expect(row.delivery_attempts).toBe(1);
        return row;
      });
      expect(failed.delivered_at).toBeNull();
      expect(failed.last_error).toMatch(/Mailbox busy/);
      expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now());

      // Make it due now; the periodic sweep (every 200 ms here) delivers it.
      await h.db
        .updateTable('contact_messages')
        .set({ next_attempt_at: new Date(Date.now() - 1000) })
        .where('id', '=', failed.id)
        .execute();
      await eventually(async () => {
        const row = await h.db
          .selectFrom('contact_messages')
          .selectAll()
          .where('id', '=', failed.id)
          .executeTakeFirstOrThrow();
        expect(row.delivered_at).not.toBeNull();
        expect(row).toMatchObject({ delivery_attempts: 2, last_error: null, delivery_transport: 'smtp' });
      });
      expect(smtp.received.filter((m) => m.raw.includes('Second try please.'))).toHaveLength(1);
    });
  });
});
