/**
 * Faults in the money path with every service its own process (the distributed topology) and every
 * database connection going through a link this journey breaks at the worst moment: after the provider
 * took a company's money, when the payments service sends the statement that marks the payment paid.
 *
 * - The payments process is SIGKILLed there (its transaction dies with it), then started again.
 * - PostgreSQL "restarts" there: every service's connections drop and new ones are refused for a while.
 *
 * The company sees a clear error on /payment/callback and checks again once the service is back. After
 * recovery every paid reference has exactly one paid payment, one paid unlock on the jobs side, one
 * unlock event and one conversation, and the company (not anyone else) sees the contact details.
 * (NATS going down while payments are confirmed is services/edge/src/money-path.infra.test.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '@marketplace/contracts';
import type { Distributed } from '@marketplace/infra';
import { CuttableLink } from '@marketplace/service-kit/testing';
import { registerThroughApi, signInThroughApi, uniqueEmail } from './support/accounts';
import { launchBrowser, shoot, watchErrors } from './support/browser';
import { startDistributedSite, type DistributedSite } from './support/distributed';
import { csrfToken, myId, postJobThroughApi, signOut } from './support/marketplace';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The settlement's write: the payment marked paid, inside the transaction that also stores its event. */
const MARK_PAID = /update "payments"\."unlock_payments"/;

/** Waits (polling, no timing assertion) until `check` holds; fails with `what` otherwise. */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) assert.fail(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('faults in the money path, each service a process (distributed topology)', () => {
  let link: CuttableLink;
  let distributed: DistributedSite;
  let site: Distributed;
  let browser: BrowserContext;
  let page: Page;
  let direct: pg.Client;
  const poster = {
    name: 'Chiamaka Eze',
    email: uniqueEmail('chiamaka'),
    password: 'poster-pass-1',
    phone: '08035550177',
    address: '21 Admiralty Way, Lekki',
  };
  let posterId = '';
  let jobId = '';

  before(async () => {
    // Every service reaches PostgreSQL through the link; the journey reads the ledger directly.
    const server = new URL(SERVER_URL);
    link = await CuttableLink.start(server.hostname, Number(server.port || 5432));
    distributed = await startDistributedSite('money', {
      reachDatabase: (url) => link.proxiedUrl(url),
      // The reconciliation would settle the payment on its own after a minute; the company's
      // "Check again" is the path under test.
      env: { PAYMENTS_RECONCILE_SECONDS: '0' },
    });
    site = distributed.site;
    direct = new pg.Client({ connectionString: distributed.databaseUrl.toString() });
    await direct.connect();
    browser = await launchBrowser();
    page = await browser.newPage();

    await registerThroughApi(page, site.url, poster);
    await signInThroughApi(page, site.url, poster.email, poster.password);
    posterId = await myId(page, site.url);
    jobId = await postJobThroughApi(page, site.url, poster, {
      heading: `Replace the water heater ${Date.now().toString(36)}`,
      description: 'The water heater in the bathroom stopped working last night.',
    });
    await signOut(page);
    // The payments service learns of the job from jobs.job.posted.
    await eventually('payments knows the job', async () => {
      const known = await direct.query('select 1 from payments.jobs where id = $1', [jobId]);
      return known.rowCount === 1;
    });
  });

  after(async () => {
    link?.restore();
    await browser?.close();
    await direct?.end();
    await distributed?.close();
    await link?.close();
  });

  /** A new company, signed in in the journey's browser (the previous member signed out). */
  async function signedInCompany(label: string): Promise<string> {
    await signOut(page);
    const company = { name: `${label} Heating Ltd`, email: uniqueEmail(label), password: 'company-pass-1' };
    await registerThroughApi(page, site.url, { ...company, type: 'company' });
    await signInThroughApi(page, site.url, company.email, company.password);
    return myId(page, site.url);
  }

  /** Starts the company's payment and opens the sandbox checkout page; returns the reference. */
  async function toCheckout(): Promise<string> {
    const started = await page.request.post(`${site.url}/api/jobs/initializePayment`, {
      headers: { 'x-csrf-token': await csrfToken(page) },
      data: { jobId },
    });
    assert.equal(started.status(), 200, await started.text());
    const { authorization_url: checkout, reference } = (await started.json()) as {
      authorization_url: string;
      reference: string;
    };
    await page.goto(checkout.startsWith('http') ? checkout : `${site.url}${checkout}`);
    await page
      .getByText(/test payment/i)
      .first()
      .waitFor();
    return reference;
  }

  /** What every service holds of one company's unlock of the job. */
  async function ledger(companyId: string, reference: string) {
    const rows = async (text: string, values: unknown[]) => (await direct.query(text, values)).rows;
    return {
      payments: await rows('select status from payments.unlock_payments where reference = $1', [reference]),
      events: await rows(
        `select type from payments.outbox
         where type = 'payments.unlock.paid' and envelope->'payload'->>'reference' = $1`,
        [reference],
      ),
      jobs: await rows('select status from jobs.unlocks where job_id = $1 and company_id = $2', [
        jobId,
        companyId,
      ]),
      chats: await rows('select 1 as one from chat.chats where job_id = $1 and applicant_id = $2', [
        jobId,
        companyId,
      ]),
    };
  }

  const unlockedOnce = {
    payments: [{ status: 'paid' }],
    events: [{ type: 'payments.unlock.paid' }],
    jobs: [{ status: 'paid' }],
    chats: [{ one: 1 }],
  };

  /** Every service holds the unlock once, and still does a moment later (no late duplicate). */
  async function expectUnlockedOnce(companyId: string, reference: string): Promise<void> {
    await eventually('jobs and chat learn of the unlock', async () => {
      const now = await ledger(companyId, reference);
      return now.jobs.length > 0 && now.chats.length > 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual(await ledger(companyId, reference), unlockedOnce);
    const view = await page.request.get(`${site.url}/api/jobs/viewjob/${jobId}`);
    const { job } = (await view.json()) as { job: { contactLocked: boolean; email?: string } };
    assert.equal(job.contactLocked, false);
    assert.equal(job.email, poster.email);
  }

  /**
   * A new company pays on the sandbox checkout and the fault strikes as the settlement writes the payment
   * paid (`trip` arms the link, `struck` runs once it tripped). The callback page shows the error and a way
   * to check again; `recover` brings the service back; the company checks again: paid, unlocked once.
   */
  async function payThroughFault(fault: {
    company: string;
    shot: string;
    trip: () => Promise<boolean>;
    struck?: () => Promise<void>;
    recover: (companyId: string, reference: string) => Promise<void>;
  }): Promise<void> {
    const companyId = await signedInCompany(fault.company);
    const errors = watchErrors(page);
    const reference = await toCheckout();

    const tripped = fault.trip();
    await page.getByRole('button', { name: /^Pay/ }).click();
    assert.equal(await tripped, true, 'the settlement reached its write');
    await fault.struck?.();
    await page.waitForURL(/\/payment\/callback/, { timeout: 15_000 });
    await page.getByRole('heading', { name: MESSAGES.errorVerifyingPayment }).waitFor({ timeout: 30_000 });
    await shoot(page, fault.shot);
    await fault.recover(companyId, reference);

    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByRole('heading', { name: MESSAGES.paymentSuccessful }).waitFor({ timeout: 30_000 });
    await expectUnlockedOnce(companyId, reference);
    assert.deepEqual(errors, []);
  }

  it('payments SIGKILLed as it marks the payment paid: the company checks again after the restart; one unlock, one conversation', async () => {
    await payThroughFault({
      company: 'kill',
      shot: 'money-faults-killed',
      trip: () => link.holdWhen(MARK_PAID),
      struck: async () => {
        const payments = site.processes.payments!;
        const gone = new Promise((resolve) => payments.once('exit', resolve));
        payments.kill('SIGKILL');
        await gone;
      },
      recover: async (companyId, reference) => {
        // The provider has the money; nothing was settled: the payment is pending and nothing is unlocked
        // (the jobs service may know of the checkout, as pending).
        const stranded = await ledger(companyId, reference);
        assert.deepEqual(stranded.payments, [{ status: 'pending' }]);
        assert.deepEqual([stranded.events, stranded.chats], [[], []]);
        assert.ok(!stranded.jobs.some((row) => row.status === 'paid'), JSON.stringify(stranded.jobs));
        await site.restart('payments');
      },
    });
  });

  it('PostgreSQL lost as the payment is marked paid (every connection dropped, then back): one unlock, one conversation', async () => {
    await payThroughFault({
      company: 'restart',
      shot: 'money-faults-database-lost',
      trip: () => link.cutWhen(MARK_PAID),
      recover: async (companyId, reference) => {
        // Down as long as a restart takes; every service's pool has lost its connections.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        link.restore();
        assert.deepEqual((await ledger(companyId, reference)).payments, [{ status: 'pending' }]);
      },
    });
  });

  it('after both faults the poster has one conversation per paying company, and the job counts two unlocks', async () => {
    await signOut(page);
    await signInThroughApi(page, site.url, poster.email, poster.password);
    const inbox = await page.request.get(`${site.url}/api/jobs/user/chat/${posterId}`);
    assert.equal(inbox.status(), 200, await inbox.text());
    const chats = (await inbox.json()) as Array<{ jobId: { _id: string } }>;
    assert.equal(chats.filter((chat) => chat.jobId._id === jobId).length, 2);
    const view = await page.request.get(`${site.url}/api/jobs/viewjob/${jobId}`);
    assert.equal(((await view.json()) as { job: { unlockCount: number } }).job.unlockCount, 2);
  });
});
