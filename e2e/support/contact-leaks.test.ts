import {
  ContactLedger,
  accessTokenIn,
  bodyFields,
  phoneKey,
  readerOfToken,
  type Exchange,
  type Reader,
} from './contact-leaks';

const SITE = 'http://127.0.0.1:4000';
const POSTER: Reader = { sub: 'poster-1', type: 'user' };
const OTHER_POSTER: Reader = { sub: 'poster-2', type: 'user' };
const COMPANY: Reader = { sub: 'company-1', type: 'company' };
const RIVAL: Reader = { sub: 'company-2', type: 'company' };
const ADMIN: Reader = { sub: 'admin-1', type: 'admin' };
const JOB = 'job-1';
const SECOND_JOB = 'job-2';
const CONTACT = { email: 'ada@example.com', phoneNumber: '08035550177', address: '7 Allen Avenue, Ikeja' };

const token = (reader: Reader) =>
  `e30.${Buffer.from(JSON.stringify({ ...reader, name: 'x' })).toString('base64url')}.sig`;

function exchange(
  reader: Reader | undefined,
  path: string,
  body: unknown,
  more: Partial<Exchange> = {},
): Exchange {
  return {
    method: 'GET',
    url: `${SITE}${path}`,
    reader,
    status: 200,
    responseBody: typeof body === 'string' ? body : JSON.stringify(body),
    ...more,
  };
}

const jobDetail = (id: string, locked: boolean, contact: Partial<typeof CONTACT> = CONTACT) => ({
  statusCode: 200,
  job: {
    _id: id,
    title: 'Leaking tap',
    postedBy: { _id: POSTER.sub, name: 'Ada' },
    contactLocked: locked,
    ...(locked ? {} : contact),
  },
});

const paid = (company: Reader, jobId: string, status = 'paid') =>
  exchange(
    company,
    '/api/jobs/verifyPayment',
    {
      status,
      result: { jobId, payment: { _id: `pay-${jobId}`, reference: `ref-${jobId}`, jobId, status } },
    },
    { method: 'POST', requestBody: JSON.stringify({ reference: `ref-${jobId}` }) },
  );

/** A ledger that saw the poster post JOB (and SECOND_JOB) with CONTACT. */
function ledgerWithPostedJobs(): ContactLedger {
  const ledger = new ContactLedger();
  for (const id of [JOB, SECOND_JOB]) {
    ledger.observe(
      exchange(
        POSTER,
        '/api/jobs/postjob',
        { statusCode: 201, job: { _id: id, postedBy: { _id: POSTER.sub } } },
        {
          method: 'POST',
          status: 201,
          requestBody: JSON.stringify({ name: 'Ada', ...CONTACT, jobHeading: 'Leaking tap' }),
        },
      ),
    );
  }
  return ledger;
}

describe('contact-leak scanner', () => {
  it("learns a poster's contact details from the job they post (JSON and multipart bodies)", () => {
    const ledger = ledgerWithPostedJobs();
    expect(ledger.knows('email', 'ADA@example.com')).toBe(true);
    expect(ledger.knows('phone', '+234 803 555 0177')).toBe(true);
    expect(ledger.knows('address', '7  allen avenue, ikeja')).toBe(true);

    const boundary = '----form';
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="phoneNumber"',
      '',
      '0812 000 1111',
      `--${boundary}`,
      'Content-Disposition: form-data; name="images"; filename="a.png"',
      'Content-Type: image/png',
      '',
      'PNG',
      `--${boundary}--`,
    ].join('\r\n');
    expect(bodyFields(multipart)).toEqual({ phoneNumber: '0812 000 1111', images: 'PNG' });
  });

  it("reports the poster's details reaching a visitor, another customer and a company that has not paid", () => {
    for (const reader of [undefined, OTHER_POSTER, COMPANY]) {
      const ledger = ledgerWithPostedJobs();
      const leaks = ledger.observe(exchange(reader, `/api/jobs/viewjob/${JOB}`, jobDetail(JOB, false)));
      expect(leaks.map((leak) => leak.kind).sort()).toEqual(['address', 'email', 'phone']);
      expect(leaks[0]).toMatchObject({ poster: POSTER.sub, job: JOB });
    }
  });

  it('finds every spelling of a phone number and encoded e-mail addresses, in HTML too', () => {
    const ledger = ledgerWithPostedJobs();
    for (const text of [
      '<a href="tel:+2348035550177">Call</a>',
      '<p>Call 0803 555 0177</p>',
      '<p>(0803) 555-0177</p>',
      '<p>234-803-555-0177</p>',
      '<a href="mailto:ada%40example.com">mail</a>',
      '<p>ADA&#64;EXAMPLE.COM</p>',
      '{"note":"ada\\u0040example.com"}',
      '<p>7 Allen   Avenue, IKEJA</p>',
    ]) {
      expect(ledger.observe(exchange(RIVAL, '/jobs', text)).length).toBe(1);
    }
  });

  it('lets the poster, an admin and a company that paid for the job see them', () => {
    const ledger = ledgerWithPostedJobs();
    ledger.observe(paid(COMPANY, JOB));
    for (const reader of [POSTER, ADMIN, COMPANY]) {
      expect(ledger.observe(exchange(reader, `/api/jobs/viewjob/${JOB}`, jobDetail(JOB, false)))).toEqual([]);
    }
  });

  it('does not let a payment for one job open another job of the same poster', () => {
    const ledger = ledgerWithPostedJobs();
    ledger.observe(paid(COMPANY, JOB));
    const leaks = ledger.observe(
      exchange(COMPANY, `/api/jobs/viewjob/${SECOND_JOB}`, jobDetail(SECOND_JOB, false)),
    );
    expect(leaks).toHaveLength(3);
    expect(leaks[0]?.job).toBe(SECOND_JOB);
  });

  it("does not count a pending, failed or refunded payment, nor another company's", () => {
    for (const status of ['pending', 'failed', 'refunded']) {
      const ledger = ledgerWithPostedJobs();
      ledger.observe(paid(COMPANY, JOB, status));
      expect(
        ledger.observe(exchange(COMPANY, `/api/jobs/viewjob/${JOB}`, jobDetail(JOB, false))),
      ).toHaveLength(3);
    }
    const ledger = ledgerWithPostedJobs();
    ledger.observe(paid(COMPANY, JOB));
    expect(ledger.observe(exchange(RIVAL, `/api/jobs/viewjob/${JOB}`, jobDetail(JOB, false)))).toHaveLength(
      3,
    );
    // A refund later takes the right away again.
    ledger.observe(paid(COMPANY, JOB, 'refunded'));
    expect(ledger.observe(exchange(COMPANY, `/api/jobs/viewjob/${JOB}`, jobDetail(JOB, false)))).toHaveLength(
      3,
    );
  });

  it('passes locked jobs and lists that carry no contact details', () => {
    const ledger = ledgerWithPostedJobs();
    expect(ledger.observe(exchange(COMPANY, `/api/jobs/viewjob/${JOB}`, jobDetail(JOB, true)))).toEqual([]);
    expect(
      ledger.observe(
        exchange(undefined, '/api/jobs/viewalljobs', { jobs: [jobDetail(JOB, true).job], hasMore: false }),
      ),
    ).toEqual([]);
  });

  it('learns details it was never sent from a job detail the poster reads, and a customer account', () => {
    const ledger = new ContactLedger();
    ledger.observe(exchange(POSTER, `/api/jobs/viewjob/${JOB}`, jobDetail(JOB, false)));
    expect(ledger.observe(exchange(COMPANY, '/feed', `<p>${CONTACT.email}</p>`))).toHaveLength(1);

    ledger.observe(
      exchange(OTHER_POSTER, '/api/user/me', {
        user: {
          _id: OTHER_POSTER.sub,
          type: 'user',
          email: 'bola@example.com',
          phoneNumber: null,
          address: null,
        },
      }),
    );
    expect(ledger.observe(exchange(COMPANY, '/x', { text: 'write to bola@example.com' }))).toHaveLength(1);
    expect(ledger.observe(exchange(OTHER_POSTER, '/x', { text: 'write to bola@example.com' }))).toEqual([]);
  });

  it("never reports a company's own contact details, even when a poster uses the same ones", () => {
    const ledger = ledgerWithPostedJobs();
    ledger.observe(
      exchange(
        undefined,
        '/api/user',
        { user: { _id: COMPANY.sub, type: 'company' } },
        {
          method: 'POST',
          requestBody: JSON.stringify({
            type: 'company',
            email: 'co@example.com',
            phoneNumber: CONTACT.phoneNumber,
          }),
        },
      ),
    );
    ledger.observe(
      exchange(RIVAL, '/api/user/me', {
        user: {
          _id: RIVAL.sub,
          type: 'company',
          email: 'rival@example.com',
          phoneNumber: '+2348031234567',
          address: '12 Allen Avenue, Ikeja',
        },
      }),
    );
    const profile = '<p>co@example.com, +2348035550177, +2348031234567, 12 Allen Avenue, Ikeja</p>';
    expect(ledger.observe(exchange(undefined, '/company-profile', profile))).toEqual([]);
    // The poster's e-mail and address are still theirs.
    expect(ledger.observe(exchange(undefined, '/x', `${CONTACT.email} ${CONTACT.address}`))).toHaveLength(2);
  });

  it('judges a sign-in answer as the account it signs in, and reads the reader from cookies and headers', () => {
    const ledger = ledgerWithPostedJobs();
    const signIn = exchange(
      undefined,
      '/api/user/login',
      { user: { _id: POSTER.sub, type: 'user', email: CONTACT.email } },
      {
        method: 'POST',
        readerAfter: POSTER,
      },
    );
    expect(ledger.observe(signIn)).toEqual([]);
    // A sign-up answer sets no cookie: it is the account of the e-mail the request gave, even while the
    // browser still holds another member's session; an answer with another account's e-mail is not.
    const signUp = {
      ...signIn,
      url: `${SITE}/api/user`,
      reader: OTHER_POSTER,
      readerAfter: undefined,
      requestBody: JSON.stringify({ email: CONTACT.email.toUpperCase(), password: 'x' }),
    };
    expect(ledger.observe(signUp)).toEqual([]);
    expect(
      ledger.observe({ ...signUp, requestBody: JSON.stringify({ email: 'bola@example.com' }) }),
    ).toHaveLength(1);

    expect(readerOfToken(accessTokenIn(`mp_csrf=abc; mp_access=${token(COMPANY)}; other=1`))).toEqual(
      COMPANY,
    );
    expect(readerOfToken(accessTokenIn(`Bearer ${token(ADMIN)}`))).toEqual(ADMIN);
    expect(
      readerOfToken(
        accessTokenIn(`mp_refresh=r; Path=/api/user\nmp_access=${token(POSTER)}; Path=/; HttpOnly`),
      ),
    ).toEqual(POSTER);
    expect(readerOfToken(accessTokenIn('mp_access=; Max-Age=0'))).toBeUndefined();
    expect(readerOfToken('not-a-token')).toBeUndefined();
    expect(phoneKey('+234 (803) 555-0177')).toBe('8035550177');
  });

  it('reads mail as its recipient: the account with that address, the support inbox as an operator, an unknown address as a visitor', () => {
    const ledger = ledgerWithPostedJobs();
    const account = (reader: Reader, email: string) =>
      ledger.observe(
        exchange(reader, '/api/user/me', { user: { _id: reader.sub, type: reader.type, email } }),
      );
    account(COMPANY, 'pipes@example.com');
    account(RIVAL, 'rival@example.com');
    account(POSTER, CONTACT.email);
    ledger.addOperatorAddress('support@marketplace.local');
    ledger.observe(paid(COMPANY, JOB));
    const text = `Call Ada on 0803 555 0177 at 7 Allen Avenue, Ikeja (${CONTACT.email}).`;
    const mail = (to: string) => ({ file: 'mail.eml', to: [to], text });

    for (const to of ['PIPES@example.com', CONTACT.email, 'support@marketplace.local']) {
      expect(ledger.observeMail(mail(to))).toEqual([]);
    }
    const toRival = ledger.observeMail(mail('rival@example.com'));
    expect(toRival.map((leak) => [leak.kind, leak.reader])).toEqual([
      ['email', `company ${RIVAL.sub}`],
      ['phone', `company ${RIVAL.sub}`],
      ['address', `company ${RIVAL.sub}`],
    ]);
    expect(toRival[0]?.url).toBe('mail mail.eml to rival@example.com');
    expect(ledger.observeMail(mail('stranger@example.com')).map((leak) => leak.reader)).toEqual([
      'visitor',
      'visitor',
      'visitor',
    ]);
    expect(ledger.mailsScanned).toBe(5);
  });
});
