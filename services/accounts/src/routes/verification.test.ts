import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { VERIFICATION_MESSAGES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import sharp from 'sharp';
import { companyPayload, createAccountsHarness, posterPayload, type AccountsHarness } from '../testing';

type Headers = Record<string, string>;

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 0, g: 120, b: 60 } } })
    .png()
    .toBuffer();

/** A small PDF from start to end (header, objects, trailer). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const form = (fields: Record<string, string>, file?: { bytes: Buffer; name: string; type: string }) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file)
    data.append('certificate', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
};

describe('verified companies: requests, the admins queue, decisions and the badge', () => {
  let h: AccountsHarness;
  let admin: Headers;
  let customer: { id: string; headers: Headers };
  let seq = 0;
  beforeAll(async () => {
    h = await createAccountsHarness({ directoryCacheSeconds: 600 });
    admin = await h.bearer('00000000-0000-4000-8000-0000000000ad', 'admin');
    customer = await h.signUp(posterPayload({ email: 'ada@example.com' }));
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const newCompany = () =>
    h.signUp(
      companyPayload({
        email: `company-${++seq}@example.com`,
        name: `Eko Works ${'abcdefghijklmnopqrstuvwxyz'[seq % 26]}`,
      }),
    );
  const ask = async (headers: Headers, payload?: FormData) =>
    h.service.app.inject({
      method: 'POST',
      url: '/api/user/verification',
      headers,
      payload:
        payload ??
        form({ cacNumber: 'RC 123456' }, { bytes: await png(), name: 'cac.png', type: 'image/png' }),
    });
  const mine = (headers: Headers) =>
    h.service.app.inject({ method: 'GET', url: '/api/user/verification', headers });
  const queue = (headers: Headers = admin, query = '') =>
    h.service.app.inject({ method: 'GET', url: `/api/user/verifications${query}`, headers });
  const decide = (id: string, body: Record<string, unknown>, headers: Headers = admin) =>
    h.service.app.inject({
      method: 'POST',
      url: `/api/user/verifications/${id}/decision`,
      headers,
      payload: body,
    });
  const certificate = (id: string, headers: Headers = admin) =>
    h.service.app.inject({ method: 'GET', url: `/api/user/verifications/${id}/certificate`, headers });
  const profile = (id: string) =>
    h.service.app.inject({ method: 'GET', url: `/api/accounts/companies/${id}` });
  const certificateFiles = () =>
    readdir(join(h.dataDir, 'uploads', 'certificates')).catch(() => [] as string[]);

  it('takes a company request, shows it to the company and to admins with the registry answer', async () => {
    const company = await newCompany();
    const asked = await ask(company.headers);
    expect(asked.statusCode).toBe(201);
    const body = asked.json();
    expect(body).toMatchObject({
      statusCode: 201,
      message: VERIFICATION_MESSAGES.requested,
      request: { cacNumber: 'RC 123456', status: 'requested', reason: null, certificateType: 'image/webp' },
    });
    expect((await mine(company.headers)).json()).toMatchObject({
      verifiedAt: null,
      request: { _id: body.request._id, status: 'requested' },
    });
    const listed = (await queue())
      .json()
      .verifications.find((v: { _id: string }) => v._id === body.request._id);
    expect(listed).toMatchObject({
      company: {
        _id: company.id,
        name: expect.stringMatching(/^Eko Works/),
        registeredCacNumber: 'RC123456',
      },
      registry: { outcome: 'not-connected', message: VERIFICATION_MESSAGES.registryNotConnected },
    });
    // One open request per company.
    const again = await ask(company.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().resultMessage.en).toBe(VERIFICATION_MESSAGES.alreadyOpen);
  });

  it('refuses requests from anyone but a signed-in company', async () => {
    expect((await ask({})).statusCode).toBe(401);
    const asCustomer = await ask(customer.headers);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().resultMessage.en).toBe(VERIFICATION_MESSAGES.onlyCompanies);
    expect((await ask(admin)).statusCode).toBe(403);
    expect((await mine(customer.headers)).statusCode).toBe(403);
    expect((await mine({})).statusCode).toBe(401);
  });

  it('serves the certificate to admins and the company only, as a private download', async () => {
    const company = await newCompany();
    const other = await newCompany();
    const id = (await ask(company.headers)).json().request._id as string;
    for (const headers of [admin, company.headers]) {
      const file = await certificate(id, headers);
      expect(file.statusCode).toBe(200);
      expect(file.headers).toMatchObject({
        'content-type': 'image/webp',
        'content-disposition': 'inline; filename="cac-certificate.webp"',
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    }
    expect((await certificate(id, other.headers)).statusCode).toBe(404);
    expect((await certificate(id, customer.headers)).statusCode).toBe(404);
    expect((await certificate(id, {})).statusCode).toBe(401);
    expect((await certificate('not-an-id')).statusCode).toBe(404);
  });

  it('keeps the queue and the decisions to admins', async () => {
    const company = await newCompany();
    const id = (await ask(company.headers)).json().request._id as string;
    expect((await queue({})).statusCode).toBe(401);
    expect((await queue(customer.headers)).statusCode).toBe(403);
    expect((await queue(company.headers)).statusCode).toBe(403);
    expect((await decide(id, { decision: 'approve' }, {})).statusCode).toBe(401);
    expect((await decide(id, { decision: 'approve' }, customer.headers)).statusCode).toBe(403);
    expect((await decide(id, { decision: 'approve' }, company.headers)).statusCode).toBe(403);
    expect((await mine(company.headers)).json()).toMatchObject({
      verifiedAt: null,
      request: { status: 'requested' },
    });
  });

  it('approves: the company is verified in the directory at once (cache cleared) and mailed; revoking takes the badge away', async () => {
    const company = await newCompany();
    const id = (await ask(company.headers)).json().request._id as string;
    // The profile is cached unverified first (600 s cache): the decision must clear it.
    expect((await profile(company.id)).json().company.verifiedAt).toBeNull();
    const approved = await decide(id, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      message: VERIFICATION_MESSAGES.approved,
      verification: {
        status: 'approved',
        company: { verifiedAt: expect.any(String) },
        decidedBy: expect.any(String),
      },
    });
    const verifiedAt = (await profile(company.id)).json().company.verifiedAt;
    expect(verifiedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    const listed = await h.service.app.inject({
      method: 'GET',
      url: '/api/jobs/getcompaniesbycategory/Craftsman',
    });
    expect(listed.json().company.find((c: { _id: string }) => c._id === company.id).verifiedAt).toBe(
      verifiedAt,
    );
    expect((await mine(company.headers)).json()).toMatchObject({
      verifiedAt,
      request: { status: 'approved' },
    });
    await eventually(async () => {
      const mails = await h.outboxMails();
      if (!mails.some((m) => m.includes('Your company is verified'))) throw new Error('no mail yet');
    });
    // Verified: no new request, no second decision.
    const again = await ask(company.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().resultMessage.en).toBe(VERIFICATION_MESSAGES.alreadyVerified);
    expect((await decide(id, { decision: 'approve' })).statusCode).toBe(409);
    expect((await decide(id, { decision: 'refuse', reason: 'Too late' })).statusCode).toBe(409);

    // Revoking needs a reason, then clears the badge everywhere.
    expect((await decide(id, { decision: 'revoke' })).statusCode).toBe(400);
    const revoked = await decide(id, { decision: 'revoke', reason: 'The certificate was forged.' });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().verification).toMatchObject({
      status: 'revoked',
      reason: 'The certificate was forged.',
    });
    expect((await profile(company.id)).json().company.verifiedAt).toBeNull();
    expect((await mine(company.headers)).json()).toMatchObject({
      verifiedAt: null,
      request: { status: 'revoked', reason: 'The certificate was forged.' },
    });
    expect((await decide(id, { decision: 'revoke', reason: 'again' })).json().resultMessage.en).toBe(
      VERIFICATION_MESSAGES.notApproved,
    );
    await eventually(async () => {
      const mails = await h.outboxMails();
      if (!mails.some((m) => m.includes('The certificate was forged.'))) throw new Error('no mail yet');
    });
    // A revoked company may ask again.
    expect((await ask(company.headers)).statusCode).toBe(201);
  });

  it('refuses with a reason the company reads, and the company may try again', async () => {
    const company = await newCompany();
    const id = (await ask(company.headers)).json().request._id as string;
    for (const reason of [undefined, '', '   ']) {
      const response = await decide(id, { decision: 'refuse', ...(reason === undefined ? {} : { reason }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().resultMessage.en).toBe(VERIFICATION_MESSAGES.reasonRequired);
    }
    const refused = await decide(id, { decision: 'refuse', reason: 'The certificate is unreadable.' });
    expect(refused.statusCode).toBe(200);
    expect((await mine(company.headers)).json()).toMatchObject({
      verifiedAt: null,
      request: { status: 'refused', reason: 'The certificate is unreadable.', decidedAt: expect.any(String) },
    });
    expect((await profile(company.id)).json().company.verifiedAt).toBeNull();
    // Refused is not verified: revoking it is refused too.
    expect((await decide(id, { decision: 'revoke', reason: 'x' })).statusCode).toBe(409);
    expect((await ask(company.headers)).statusCode).toBe(201);
  });

  it('lists open requests first, oldest first, paged', async () => {
    const body = (await queue(admin, '?limit=50')).json();
    const statuses: string[] = body.verifications.map((v: { status: string }) => v.status);
    const firstDecided = statuses.findIndex((s) => s !== 'requested');
    expect(statuses.slice(firstDecided).every((s) => s !== 'requested')).toBe(true);
    const open = body.verifications.filter((v: { status: string }) => v.status === 'requested');
    const times = open.map((v: { createdAt: string }) => v.createdAt);
    expect([...times].sort()).toEqual(times);
    const page = (await queue(admin, '?limit=1&page=2')).json();
    expect(page).toMatchObject({ page: 2, limit: 1, total: body.total });
    expect(page.verifications[0]._id).toBe(body.verifications[1]._id);
  });

  it('accepts a PDF certificate, kept as sent and served only as a download', async () => {
    const company = await newCompany();
    const asked = await ask(
      company.headers,
      form({ cacNumber: 'BN-1234567' }, { bytes: PDF, name: 'cac.pdf', type: 'application/pdf' }),
    );
    expect(asked.statusCode).toBe(201);
    expect(asked.json().request).toMatchObject({
      cacNumber: 'BN-1234567',
      certificateType: 'application/pdf',
    });
    const file = await certificate(asked.json().request._id);
    expect(file.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="cac-certificate.pdf"',
    });
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it("exports a company's requests with its data, and erases them and the certificate files with its account", async () => {
    const company = await newCompany();
    await ask(company.headers);
    const exported = (
      await h.service.app.inject({ method: 'GET', url: '/api/user/me/export', headers: company.headers })
    ).json();
    expect(exported.account.verifiedAt).toBeNull();
    expect(exported.verificationRequests).toEqual([
      expect.objectContaining({ cacNumber: 'RC 123456', status: 'requested', certificateType: 'image/webp' }),
    ]);
    const before = await certificateFiles();
    const erased = await h.service.app.inject({
      method: 'DELETE',
      url: '/api/user/me',
      headers: company.headers,
      payload: { password: 'secret12' },
    });
    expect(erased.statusCode).toBe(200);
    const rows = await h.db
      .selectFrom('verification_requests')
      .select('id')
      .where('company_id', '=', company.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await certificateFiles()).length).toBe(before.length - 1);
  });

  describe('hostile input: a clear 4xx, nothing stored', () => {
    let company: { id: string; headers: Headers };
    beforeAll(async () => {
      company = await newCompany();
    });

    const expectRefused = async (
      status: number,
      payload: FormData | string,
      message?: string,
      type?: string,
    ) => {
      const before = await certificateFiles();
      const response = await h.service.app.inject({
        method: 'POST',
        url: '/api/user/verification',
        headers: { ...company.headers, ...(type ? { 'content-type': type } : {}) },
        payload,
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({
        statusCode: status,
        resultMessage: { en: expect.any(String) },
      });
      if (message) expect(response.json().resultMessage.en).toBe(message);
      expect(await certificateFiles()).toEqual(before);
      expect((await mine(company.headers)).json().request).toBeNull();
    };

    it('a NUL byte in the CAC number', async () => {
      await expectRefused(
        400,
        form({ cacNumber: 'RC\u0000123' }, { bytes: await png(), name: 'a.png', type: 'image/png' }),
      );
    });
    it('a CAC number that is not one, or none', async () => {
      const file = { bytes: await png(), name: 'a.png', type: 'image/png' };
      await expectRefused(
        400,
        form({ cacNumber: 'DROP TABLE users' }, file),
        'Please enter a valid CAC number, e.g. RC123456, BN1234567 or IT123456',
      );
      await expectRefused(400, form({}, file), VERIFICATION_MESSAGES.cacRequired);
    });
    it('an empty file, or no file', async () => {
      await expectRefused(
        400,
        form({ cacNumber: 'RC123456' }, { bytes: Buffer.alloc(0), name: 'a.png', type: 'image/png' }),
        VERIFICATION_MESSAGES.certificateRequired,
      );
      await expectRefused(400, form({ cacNumber: 'RC123456' }), VERIFICATION_MESSAGES.certificateRequired);
    });
    it('a file over 5 MB', async () => {
      const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 1, 1)]);
      await expectRefused(
        413,
        form({ cacNumber: 'RC123456' }, { bytes: big, name: 'big.png', type: 'image/png' }),
        VERIFICATION_MESSAGES.certificateTooLarge,
      );
    });
    it.each([
      ['text that claims to be a PNG', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png'],
      ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'), 'image/gif'],
      [
        'a PDF that is not a PDF (header only, no trailer)',
        Buffer.from('%PDF-1.7\n<script>alert(1)</script>\n', 'latin1'),
        'application/pdf',
      ],
      ['a truncated PDF', PDF.subarray(0, 60), 'application/pdf'],
      ['a truncated PNG', Buffer.alloc(0), 'image/png'],
    ])('%s', async (_label, bytes, type) => {
      const upload = bytes.length > 0 ? bytes : (await png()).subarray(0, 60);
      await expectRefused(
        415,
        form({ cacNumber: 'RC123456' }, { bytes: upload, name: 'file', type }),
        VERIFICATION_MESSAGES.invalidCertificate,
      );
    });
    it('a truncated multipart body, one without boundary, and JSON', async () => {
      await expectRefused(
        400,
        '--XyZ\r\nContent-Disposition: form-data; name="cacNumber"\r\n\r\nRC12',
        undefined,
        'multipart/form-data; boundary=XyZ',
      );
      await expectRefused(400, '--XyZ\r\n\r\n', undefined, 'multipart/form-data');
      await expectRefused(
        400,
        JSON.stringify({ cacNumber: 'RC123456', certificate: 'AAAA' }),
        VERIFICATION_MESSAGES.certificateRequired,
        'application/json',
      );
    });
    it('two certificates', async () => {
      const data = form({ cacNumber: 'RC123456' }, { bytes: await png(), name: 'a.png', type: 'image/png' });
      data.append('certificate', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'b.png');
      await expectRefused(400, data, VERIFICATION_MESSAGES.oneCertificateOnly);
    });
    it('decisions with bad bodies and ids', async () => {
      const id = (await ask((await newCompany()).headers)).json().request._id as string;
      expect((await decide(id, { decision: 'refuse', reason: 'bad\u0000reason' })).statusCode).toBe(400);
      expect((await decide(id, { decision: 'delete' })).statusCode).toBe(400);
      expect((await decide(id, { decision: 'refuse', reason: 'x'.repeat(501) })).statusCode).toBe(400);
      expect((await decide(id, { decision: 123 })).statusCode).toBe(400);
      expect((await decide('00000000-0000-4000-8000-000000000000', { decision: 'approve' })).statusCode).toBe(
        404,
      );
      expect((await decide('x'.repeat(65), { decision: 'approve' })).statusCode).toBe(400);
      for (const bad of ['not-an-id', '12345', '..%2F..%2Fetc'])
        expect((await decide(bad, { decision: 'approve' })).statusCode).toBe(404);
      expect((await queue(admin, '?page=1e309')).statusCode).toBe(400);
      expect((await queue(admin, '?limit=51')).statusCode).toBe(400);
      const open = (await queue(admin, '?limit=50'))
        .json()
        .verifications.find((v: { _id: string }) => v._id === id);
      expect(open.status).toBe('requested');
    });
  });
});
