import { randomUUID } from 'node:crypto';
import type { EventPayload } from '@marketplace/contracts';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import type { FastifyBaseLogger } from 'fastify';
import { resolveMailSettings } from '../config';
import { createMailer } from '../mail/mailer';
import { NoticeMails } from '../mail/notice-mails';
import { createAccount, createAccountsHarness, mailHeader, mailText, type AccountsHarness } from '../testing';
import { JobAlertDigests, lagosDigestTime, lagosMidnight } from './job-alerts';

const PUBLIC_URL = 'https://market.example';
const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
type Match = EventPayload<'jobs.alert.matched'>;
const SIGNATURE = 'a'.repeat(43);

describe('jobs.alert.matched: job alert e-mails', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness({
      publicUrl: PUBLIC_URL,
      jobAlertMailsPerDay: 3,
      jobAlertDigestSweepMs: 0,
    });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  let seq = 0;
  const company = (type: 'company' | 'user' = 'company') =>
    createAccount(h.service, {
      email: `alerts-${++seq}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'secret12',
      name: 'Ace Plumbing',
      type,
    });
  const match = (recipients: Match['recipients'], overrides: Partial<Match> = {}): Match => ({
    jobId: randomUUID(),
    jobHeading: 'Fix a leaking sink',
    category: 'Craftsman',
    subcategory: ['Plumber'],
    state: 'Lagos',
    postedAt: new Date().toISOString(),
    recipients,
    ...overrides,
  });
  const publish = (payload: Match) =>
    h.service.bus.publish(newEvent('jobs.alert.matched', payload, { correlationId: `t-${randomUUID()}` }));
  const mailsTo = async (address: string) =>
    (await h.outboxMails()).filter((m) => mailHeader(m, 'To')?.toLowerCase() === address.toLowerCase());
  const noticesOf = (userId: string) =>
    h.db.selectFrom('notice_mails').selectAll().where('user_id', '=', userId).execute();

  it('mails an instant alert at once: the job, its link and a signed unsubscribe link, no contact details', async () => {
    const ace = await company();
    const payload = match([{ companyId: ace.id, email: 'instant', unsubscribeSignature: SIGNATURE }]);
    await publish(payload);
    const [mail] = await eventually(async () => {
      const mails = await mailsTo(ace.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mailHeader(mail!, 'Subject')).toBe('New job: Fix a leaking sink');
    const text = mailText(mail!);
    expect(text).toContain('- Fix a leaking sink (Craftsman, Lagos)');
    expect(text).toContain(`${PUBLIC_URL}/jobs?job=${payload.jobId}`);
    expect(text).toContain(
      `${PUBLIC_URL}/api/jobs/alerts/unsubscribe?company=${ace.id}&signature=${SIGNATURE}`,
    );
    // Mail programs' own unsubscribe button: one POST to the same signed link (RFC 8058).
    expect(mailHeader(mail!, 'List-Unsubscribe')).toBe(
      `<${PUBLIC_URL}/api/jobs/alerts/unsubscribe?company=${ace.id}&signature=${SIGNATURE}>`,
    );
    expect(mailHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('a redelivered event mails once', async () => {
    const ace = await company();
    const event = newEvent(
      'jobs.alert.matched',
      match([{ companyId: ace.id, email: 'instant', unsubscribeSignature: SIGNATURE }]),
      { correlationId: 'again' },
    );
    await h.service.bus.publish(event);
    await h.service.bus.publish(event);
    // The same job in a new event (a repeated fan-out) is kept out by the notice's key.
    await h.service.bus.publish({ ...event, id: randomUUID() });
    await eventually(async () => expect(await noticesOf(ace.id)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await noticesOf(ace.id)).toHaveLength(1);
  });

  it('caps instant mails per Lagos day (3 here); the rest stay in the app', async () => {
    const ace = await company();
    for (let i = 0; i < 5; i++) {
      await publish(match([{ companyId: ace.id, email: 'instant', unsubscribeSignature: SIGNATURE }]));
    }
    const witness = await company();
    await publish(match([{ companyId: witness.id, email: 'instant', unsubscribeSignature: SIGNATURE }]));
    await eventually(async () => expect(await noticesOf(witness.id)).toHaveLength(1));
    expect(await noticesOf(ace.id)).toHaveLength(3);
  });

  it('mails no customer, no unknown id and no deleted company', async () => {
    const customer = await company('user');
    const gone = await company();
    await h.db.updateTable('users').set({ deleted_at: new Date() }).where('id', '=', gone.id).execute();
    const witness = await company();
    await publish(
      match([
        { companyId: customer.id, email: 'instant', unsubscribeSignature: SIGNATURE },
        { companyId: gone.id, email: 'instant', unsubscribeSignature: SIGNATURE },
        { companyId: randomUUID(), email: 'instant', unsubscribeSignature: SIGNATURE },
        { companyId: witness.id, email: 'instant', unsubscribeSignature: SIGNATURE },
      ]),
    );
    await eventually(async () => expect(await noticesOf(witness.id)).toHaveLength(1));
    expect(await noticesOf(customer.id)).toHaveLength(0);
    expect(await noticesOf(gone.id)).toHaveLength(0);
  });

  it('the daily digest goes out from 07:00 Lagos, once a day, with at most 30 jobs, newest first', async () => {
    const ace = await company();
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 32; i++) {
      await publish(
        match([{ companyId: ace.id, email: 'daily', unsubscribeSignature: SIGNATURE }], {
          jobHeading: `Job number ${i}`,
          postedAt: new Date(base + i * 60_000).toISOString(),
        }),
      );
    }
    await eventually(async () => {
      const items = await h.db
        .selectFrom('job_alert_digest_items')
        .select('job_id')
        .where('user_id', '=', ace.id)
        .execute();
      expect(items).toHaveLength(32);
    });
    expect(await noticesOf(ace.id)).toHaveLength(0);
    const notices = new NoticeMails({
      db: h.db,
      mailer: createMailer(resolveMailSettings({}, h.dataDir)),
      logger: silent,
      retryIntervalMs: 60_000,
      publicUrl: PUBLIC_URL,
    });
    const digests = new JobAlertDigests({
      db: h.db,
      notices,
      logger: silent,
      now: () => new Date(),
      intervalMs: 0,
    });
    // Before 07:00 tomorrow nothing goes; at 07:00 one digest; a second sweep that day sends nothing.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const before = new Date(lagosDigestTime(tomorrow).getTime() - 60_000);
    const at = lagosDigestTime(tomorrow);
    expect(await digests.sweep(before)).toBe(0);
    expect(await digests.sweep(at)).toBe(1);
    expect(await digests.sweep(new Date(at.getTime() + 3_600_000))).toBe(0);
    const [mail] = await eventually(async () => {
      const mails = await mailsTo(ace.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mailHeader(mail!, 'Subject')).toBe('32 new jobs match your job alerts');
    const text = mailText(mail!);
    expect(text.indexOf('Job number 31')).toBeLessThan(text.indexOf('Job number 30'));
    expect(text).not.toContain('Job number 1 ');
    expect(text).not.toContain('Job number 0 ');
    expect((text.match(/^- Job number/gm) ?? []).length).toBe(30);
    expect(text).toContain('and 2 more on the site.');
    expect(text).toContain('/api/jobs/alerts/unsubscribe?company=');
    expect(mailHeader(mail!, 'List-Unsubscribe')).toMatch(
      /^<.*\/api\/jobs\/alerts\/unsubscribe\?company=.*>$/,
    );
    expect(mailHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('knows when a Lagos day and its digest hour begin (UTC+1, no daylight saving)', () => {
    const now = new Date('2026-06-10T23:30:00Z'); // 00:30 on 11 June in Lagos
    expect(lagosMidnight(now).toISOString()).toBe('2026-06-10T23:00:00.000Z');
    expect(lagosDigestTime(now).toISOString()).toBe('2026-06-11T06:00:00.000Z');
  });
});
