/**
 * `npm run test:e2e`: builds the web apps if needed, then runs the browser journeys with Node's test
 * runner (one suite at a time: they start servers). Fails when a journey fails or none ran.
 */
import { spawnSync } from 'node:child_process';
import { ensureWebBuild } from '@marketplace/tools';

ensureWebBuild();
const suites = [
  // First: the contact-leak scanner every journey runs under must bite (a few seconds).
  'e2e/contact-leaks.e2e.ts',
  'e2e/embedded.e2e.ts',
  'e2e/jobs.e2e.ts',
  'e2e/catalogue.e2e.ts',
  'e2e/catalogue-seo.e2e.ts',
  'e2e/payments.e2e.ts',
  'e2e/receipts.e2e.ts',
  'e2e/transfer.e2e.ts',
  'e2e/job-alerts.e2e.ts',
  'e2e/disputes.e2e.ts',
  'e2e/offers.e2e.ts',
  'e2e/verification.e2e.ts',
  'e2e/reviews.e2e.ts',
  'e2e/offer-chat.e2e.ts',
  'e2e/chat.e2e.ts',
  'e2e/identity.e2e.ts',
  'e2e/accessibility.e2e.ts',
  'e2e/layout-shift.e2e.ts',
  'e2e/distributed.e2e.ts',
  'e2e/money-faults.e2e.ts',
];
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...suites], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
