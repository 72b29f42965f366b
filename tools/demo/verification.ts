// Demo data: one verified demo company. It asks through the accounts route like any company (its CAC
// number and demo-certificate.png, an image that says it is not a real certificate, content-checked like
// every upload), and the request is approved through the accounts service's import writer (no admin
// decides demo data, so the decision names none, and no mail goes out).
import { readFileSync } from 'node:fs';
import { approveImportedVerification } from '@marketplace/accounts-service';
import type { EmbeddedHost } from '@marketplace/edge';
import { COMPANIES } from './set';

/** The demo company that shows the "Verified" badge. */
export const VERIFIED_DEMO_COMPANY = 'ikeja-plumbing';
const CERTIFICATE = new URL('./demo-certificate.png', import.meta.url);

/** Sends the verified demo company's request (signed in as it) and approves it. */
export async function seedDemoVerification(
  host: Pick<EmbeddedHost, 'app' | 'db'>,
  signedIn: ReadonlyMap<string, { token: string }>,
): Promise<void> {
  const company = COMPANIES.find((c) => c.key === VERIFIED_DEMO_COMPANY);
  const session = signedIn.get(VERIFIED_DEMO_COMPANY);
  if (!company || !session) throw new Error(`demo data: no demo company ${VERIFIED_DEMO_COMPANY}`);
  const form = new FormData();
  form.append('cacNumber', company.cac);
  form.append(
    'certificate',
    new Blob([new Uint8Array(readFileSync(CERTIFICATE))], { type: 'image/png' }),
    'demo-certificate.png',
  );
  const response = await host.app.inject({
    method: 'POST',
    url: '/api/user/verification',
    headers: { authorization: `Bearer ${session.token}` },
    payload: form,
  });
  if (response.statusCode !== 201) {
    throw new Error(`demo data: the verification request answered ${response.statusCode}: ${response.body}`);
  }
  await approveImportedVerification(host.db, (response.json() as { request: { _id: string } }).request._id);
}
