import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export interface Poster {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
}

/** The anti-CSRF cookie's value, for state-changing calls made with page.request. */
export async function csrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'mp_csrf')?.value ?? '';
}

/** Forgets the session in this page's context (cookies and the cached user). */
export async function signOut(page: Page): Promise<void> {
  await page.context().clearCookies();
  if (page.url().startsWith('http')) await page.evaluate(() => localStorage.clear());
}

/** The signed-in member's id. */
export async function myId(page: Page, baseUrl: string): Promise<string> {
  const response = await page.request.get(`${baseUrl}/api/user/me`);
  assert.equal(response.status(), 200, await response.text());
  return ((await response.json()) as { user: { _id: string } }).user._id;
}

/** Posts a Craftsman / Plumber job in Lagos as the signed-in poster; returns its id. */
export async function postJobThroughApi(
  page: Page,
  baseUrl: string,
  poster: Poster,
  job: { heading: string; description: string },
): Promise<string> {
  const posted = await page.request.post(`${baseUrl}/api/jobs/postjob`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: {
      name: poster.name,
      email: poster.email,
      phoneNumber: poster.phone,
      state: 'Lagos',
      address: poster.address,
      pincode: '101283',
      jobStartDate: new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Lagos' }),
      category: 'Craftsman',
      subcategory: ['Plumber'],
      jobHeading: job.heading,
      description: job.description,
    },
  });
  assert.equal(posted.status(), 201, await posted.text());
  return ((await posted.json()) as { job: { _id: string } }).job._id;
}

/**
 * The signed-in company pays for `jobId` on the sandbox checkout, as on Paystack: initialize, the
 * provider's page, the redirect back, verify. Returns the payment reference.
 */
export async function unlockThroughSandbox(
  page: Page,
  baseUrl: string,
  jobId: string,
  onCheckout?: (page: Page) => Promise<void>,
): Promise<string> {
  const started = await page.request.post(`${baseUrl}/api/jobs/initializePayment`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { jobId, amount: 1 },
  });
  assert.equal(started.status(), 200, await started.text());
  const {
    authorization_url: checkout,
    reference,
    amount,
  } = (await started.json()) as { authorization_url: string; reference: string; amount: number };
  assert.ok(amount > 1, 'the price comes from the server, not the client');
  await page.goto(checkout.startsWith('http') ? checkout : `${baseUrl}${checkout}`);
  await page
    .getByText(/test payment/i)
    .first()
    .waitFor();
  await onCheckout?.(page);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/payment\/callback/, { timeout: 15_000 });
  const verified = await page.request.post(`${baseUrl}/api/jobs/verifyPayment`, {
    headers: { 'x-csrf-token': await csrfToken(page) },
    data: { reference },
  });
  assert.equal(((await verified.json()) as { status: string }).status, 'paid', 'one paid reference');
  return reference;
}
