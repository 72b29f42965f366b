import { randomUUID } from 'node:crypto';
import { REFUND_REASON_MESSAGES, type EventPayload } from '@marketplace/contracts';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { createAccount, createAccountsHarness, mailHeader, mailText, type AccountsHarness } from '../testing';

// payments.unlock.confirmed / expired / refunded, payments.dispute.decided -> one e-mail to the company, through the notice-mail outbox.
// Runs on the in-memory bus (unit-node) and on PostgreSQL + NATS (infra).

const PUBLIC_URL = 'https://market.example';

describe('payment notices: the company is told when a pending payment is confirmed or expires', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness({ publicUrl: PUBLIC_URL });
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  let seq = 0;
  const company = () =>
    createAccount(h.service, {
      email: `company-${++seq}-${randomUUID().slice(0, 8)}@example.com`,
      password: 'secret12',
      name: 'Ace Plumbing Ltd',
    });
  const mailsTo = async (address: string) =>
    (await h.outboxMails()).filter((m) => mailHeader(m, 'To')?.toLowerCase() === address.toLowerCase());
  const waitForMails = (address: string, count = 1) =>
    eventually(async () => {
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(count);
      return mails;
    });
  const base = (companyId: string) => ({
    paymentId: randomUUID(),
    reference: `MP-${randomUUID()}`,
    jobId: randomUUID(),
    jobTitle: 'Fix the kitchen sink',
    companyId,
    amount: 150_000,
    currency: 'NGN',
  });

  it('confirmed: the amount, how it was paid, the job and a link; a redelivered or repeated event mails once', async () => {
    const ace = await company();
    const payload: EventPayload<'payments.unlock.confirmed'> = {
      ...base(ace.id),
      method: 'transfer',
      channel: 'bank_transfer',
      confirmedAt: new Date().toISOString(),
    };
    const event = newEvent('payments.unlock.confirmed', payload, { correlationId: 'test' });
    await h.service.bus.publish(event);
    await h.service.bus.publish(event);
    await h.service.bus.publish(newEvent('payments.unlock.confirmed', payload, { correlationId: 'again' }));
    const [mail] = await waitForMails(ace.email);
    expect(mailHeader(mail!, 'Subject')).toBe('Payment confirmed: Fix the kitchen sink');
    const text = mailText(mail!);
    expect(text).toContain('Your payment of ₦1,500 by bank transfer for "Fix the kitchen sink" has arrived.');
    expect(text).toContain(payload.reference);
    expect(text).toContain(`${PUBLIC_URL}/dashboard`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(ace.email)).toHaveLength(1);
  });

  it('expired: says the window the event carries (never a fixed one) and that late money is refunded', async () => {
    const ace = await company();
    await h.service.bus.publish(
      newEvent(
        'payments.unlock.expired',
        { ...base(ace.id), windowMinutes: 45, channel: 'bank_transfer', expiredAt: new Date().toISOString() },
        { correlationId: 'test' },
      ),
    );
    const [mail] = await waitForMails(ace.email);
    expect(mailHeader(mail!, 'Subject')).toBe('Payment expired: Fix the kitchen sink');
    const text = mailText(mail!);
    expect(text).toContain('within 45 minutes');
    expect(text).not.toContain('30 minutes');
    expect(text).toContain('it will be refunded to you automatically');
  });

  const decided = (companyId: string, outcome: 'refunded' | 'rejected', rejectionReason: string | null) => {
    const { paymentId, reference, jobId, jobTitle, amount, currency } = base(companyId);
    const payload: EventPayload<'payments.dispute.decided'> = {
      disputeId: randomUUID(),
      paymentId,
      reference,
      jobId,
      companyId,
      posterId: randomUUID(),
      outcome,
      decidedBy: randomUUID(),
      decidedAt: new Date().toISOString(),
      jobTitle,
      amount,
      currency,
      rejectionReason,
    };
    return payload;
  };

  it('a dispute refunded: the company is told the money comes back and the job is locked again, once', async () => {
    const ace = await company();
    const payload = decided(ace.id, 'refunded', null);
    const event = newEvent('payments.dispute.decided', payload, { correlationId: 'test' });
    await h.service.bus.publish(event);
    await h.service.bus.publish(event);
    await h.service.bus.publish(newEvent('payments.dispute.decided', payload, { correlationId: 'again' }));
    const [mail] = await waitForMails(ace.email);
    expect(mailHeader(mail!, 'Subject')).toBe('Dispute accepted: Fix the kitchen sink');
    const text = mailText(mail!);
    expect(text).toContain('accepted it: your payment of ₦1,500 is being refunded.');
    expect(text).toContain('The job is locked again and its chat is closed.');
    expect(text).toContain(payload.reference);
    expect(text).toContain(`${PUBLIC_URL}/dashboard`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(ace.email)).toHaveLength(1);
  });

  it("a dispute rejected: the company reads the admin's reason and keeps its access", async () => {
    const ace = await company();
    await h.service.bus.publish(
      newEvent(
        'payments.dispute.decided',
        decided(ace.id, 'rejected', 'The poster answered you the same day.'),
        {
          correlationId: 'test',
        },
      ),
    );
    const [mail] = await waitForMails(ace.email);
    expect(mailHeader(mail!, 'Subject')).toBe('Dispute not accepted: Fix the kitchen sink');
    const text = mailText(mail!);
    expect(text).toContain('did not accept it. The unlock stays, and so does your access.');
    expect(text).toContain('The reason: The poster answered you the same day.');
  });

  const refunded = (companyId: string, reason: string, jobTitle?: string | null) => {
    const { paymentId, reference, jobId, amount, currency } = base(companyId);
    const payload: EventPayload<'payments.unlock.refunded'> = {
      paymentId,
      reference,
      jobId,
      ...(jobTitle !== undefined ? { jobTitle } : {}),
      companyId,
      posterId: randomUUID(),
      amount,
      currency,
      reason,
      unlocked: true,
      refundedAt: new Date().toISOString(),
    };
    return payload;
  };

  it('refunded: the job, the amount, why (the words of the reason) and a link; a redelivered or repeated event mails once', async () => {
    const ace = await company();
    const payload = refunded(ace.id, 'no-reply', 'Fix the kitchen sink');
    const event = newEvent('payments.unlock.refunded', payload, { correlationId: 'test' });
    await h.service.bus.publish(event);
    await h.service.bus.publish(event);
    await h.service.bus.publish(newEvent('payments.unlock.refunded', payload, { correlationId: 'again' }));
    const [mail] = await waitForMails(ace.email);
    expect(mailHeader(mail!, 'Subject')).toBe('Payment refunded: Fix the kitchen sink');
    const text = mailText(mail!);
    expect(text).toContain('Your payment of ₦1,500 for "Fix the kitchen sink" is being refunded.');
    expect(text).toContain(REFUND_REASON_MESSAGES['no-reply']);
    expect(text).toContain(payload.reference);
    expect(text).toContain(`${PUBLIC_URL}/dashboard`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(ace.email)).toHaveLength(1);
  });

  it('refunded without a title (an older event) or for a reason this version does not know: still told, in general words', async () => {
    const ace = await company();
    await h.service.bus.publish(
      newEvent('payments.unlock.refunded', refunded(ace.id, 'admin'), { correlationId: 'test' }),
    );
    await h.service.bus.publish(
      newEvent('payments.unlock.refunded', refunded(ace.id, 'bank-reversal', null), {
        correlationId: 'test',
      }),
    );
    const mails = await waitForMails(ace.email, 2);
    const texts = mails.map((mail) => mailText(mail));
    expect(mails.map((mail) => mailHeader(mail, 'Subject'))).toEqual([
      'Payment refunded: your unlock',
      'Payment refunded: your unlock',
    ]);
    expect(texts.every((text) => text.includes('Your payment of ₦1,500 for a job is being refunded.'))).toBe(
      true,
    );
    expect(texts.some((text) => text.includes(REFUND_REASON_MESSAGES.admin))).toBe(true);
    expect(texts.some((text) => text.includes('Your payment has been refunded.'))).toBe(true);
  });

  it("a dispute's refund is told once, by the decision's mail, not again by the refund", async () => {
    const ace = await company();
    const decision = decided(ace.id, 'refunded', null);
    await h.service.bus.publish(newEvent('payments.dispute.decided', decision, { correlationId: 'test' }));
    await h.service.bus.publish(
      newEvent(
        'payments.unlock.refunded',
        { ...refunded(ace.id, 'dispute', decision.jobTitle), paymentId: decision.paymentId },
        { correlationId: 'test' },
      ),
    );
    const [mail] = await waitForMails(ace.email);
    expect(mailHeader(mail!, 'Subject')).toBe('Dispute accepted: Fix the kitchen sink');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(ace.email)).toHaveLength(1);
  });

  it('an unknown company gets nothing and nothing breaks', async () => {
    const before = (await h.outboxMails()).length;
    await h.service.bus.publish(
      newEvent(
        'payments.unlock.expired',
        { ...base(randomUUID()), windowMinutes: 30, channel: null, expiredAt: new Date().toISOString() },
        { correlationId: 'test' },
      ),
    );
    const ace = await company();
    await h.service.bus.publish(
      newEvent(
        'payments.unlock.expired',
        { ...base(ace.id), windowMinutes: 30, channel: null, expiredAt: new Date().toISOString() },
        { correlationId: 'test' },
      ),
    );
    await waitForMails(ace.email);
    expect((await h.outboxMails()).length).toBe(before + 1);
  });
});
