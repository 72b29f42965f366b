import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** The first admin, created from configuration when a site starts (see startEmbedded). */
export const E2E_ADMIN = { email: 'admin@e2e.example.com', password: 'e2e-admin-password-42' };

let counter = 0;
/** A fresh, unique e-mail address per call. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The rest of a company's registration form, for companies the journeys create through the API. */
export const COMPANY_DETAILS = Object.freeze({
  phoneNumber: '0803 123 4567',
  cacnumber: 'RC 123456',
  address: '12 Allen Avenue, Ikeja',
  state: 'Lagos',
  pincode: '100001',
  category: ['Craftsman'],
  subcategory: ['Plumber'],
});

/** Creates an account through the API (the UI journeys create theirs through the forms). */
export async function registerThroughApi(
  page: Page,
  baseUrl: string,
  account: { email: string; name: string; password: string; type?: 'user' | 'company' },
): Promise<void> {
  // A company gives what the registration form asks of it (the API refuses it otherwise).
  const data = account.type === 'company' ? { ...COMPANY_DETAILS, ...account } : account;
  const response = await page.request.post(`${baseUrl}/api/user`, { data });
  assert.equal(response.status(), 200, await response.text());
}

/** Signs the browser in: the session cookies land in the page's context as after a form login. */
export async function signInThroughApi(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/user/login`, { data: { email, password } });
  assert.equal(response.status(), 200, await response.text());
}
