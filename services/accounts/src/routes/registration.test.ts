import { eventually } from '@marketplace/service-kit/testing';
import { companyPayload, createAccountsHarness, posterPayload, type AccountsHarness } from '../testing';

describe('POST /api/user (sign-up and company registration)', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness();
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const row = (email: string) =>
    h.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', email.toLowerCase())
      .executeTakeFirst();

  it('signs up a poster, ignoring the fixed CAC number, and announces it', async () => {
    const response = await h.register(posterPayload());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      statusCode: 200,
      resultMessage: { en: 'Registered successfully' },
      user: expect.objectContaining({
        email: 'ada@example.com',
        name: 'Ada Obi',
        type: 'user',
        cacnumber: null,
      }),
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
    const stored = await row('ada@example.com');
    expect(stored).toMatchObject({ cacnumber: null, cac_class: null, categories: [], deleted_at: null });
    await eventually(async () =>
      expect(h.events).toContainEqual(
        expect.objectContaining({
          type: 'accounts.user.registered',
          payload: { userId: body.user._id, name: 'Ada Obi', type: 'user' },
        }),
      ),
    );
  });

  it('registers a company with every field canonicalised', async () => {
    const response = await h.register(
      companyPayload({ category: ['craftsman', 'Services'], subcategory: ['plumber', 'waste management'] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      name: 'Ace Plumbing',
      type: 'company',
      phoneNumber: '+2348031234567',
      cacnumber: 'RC123456',
      address: '12 Allen Avenue, Ikeja',
      pincode: '100001',
      state: 'Lagos',
      category: ['Craftsman', 'Services'],
      subcategory: ['Plumber', 'Waste management'],
      totalPostedJobs: 0,
      totalAppliedJobs: 0,
    });
    expect(await row('info@ace-plumbing.ng')).toMatchObject({
      phone_number: '+2348031234567',
      cacnumber: 'RC123456',
      cac_class: 'RC',
      state: 'Lagos',
      categories: ['Craftsman', 'Services'],
      subcategories: ['Plumber', 'Waste management'],
    });
    // Payments prints the CAC number on the company's receipts: the registration announces it.
    const id = response.json().user._id;
    await eventually(async () =>
      expect(h.events).toContainEqual(
        expect.objectContaining({
          type: 'accounts.user.registered',
          payload: { userId: id, name: 'Ace Plumbing', type: 'company', cacNumber: 'RC123456' },
        }),
      ),
    );
  });

  it.each([
    ['RC 654321', 'RC654321', 'RC'],
    ['BN-1234567', 'BN1234567', 'BN'],
    ['IT 7654', 'IT7654', 'IT'],
    ['7654321', '7654321', null],
  ])('stores CAC %j as %s with class %s', async (cacnumber, stored, cacClass) => {
    const email = `cac-${stored}@example.com`;
    const response = await h.register(companyPayload({ email, cacnumber }));
    expect(response.statusCode).toBe(200);
    expect(await row(email)).toMatchObject({ cacnumber: stored, cac_class: cacClass });
  });

  it.each([
    ['08031234567', '+2348031234567'],
    ['+234 701 234 5678', '+2347012345678'],
    ['2349012345678', '+2349012345678'],
    ['0911-234-5678', '+2349112345678'],
  ])('normalises phone %j to %s', async (phoneNumber, stored) => {
    const email = `phone-${stored.slice(1)}@example.com`;
    const response = await h.register(companyPayload({ email, phoneNumber }));
    expect(response.statusCode).toBe(200);
    expect(response.json().user.phoneNumber).toBe(stored);
    expect((await row(email))?.phone_number).toBe(stored);
  });

  it.each([
    [{ name: '   ' }, 'Please Enter your full Name'],
    [{ name: 'R2D2' }, 'Name should only contain alphabets and spaces.'],
    [{ email: 'not-an-email' }, 'Invalid email address'],
    [{ email: 'x@example.c' }, 'Invalid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters long'],
    [{ phoneNumber: '555-1234' }, 'Please enter a valid phone number'],
    [{ phoneNumber: '+14155550100' }, 'Please enter a valid phone number'],
    [{ pincode: '1000' }, 'Postal code should be 6 digits'],
    [{ state: 'Texas' }, "Unknown state 'Texas'. Choose one of the 36 states or the FCT."],
    [{ cacnumber: 'LTD-99' }, 'Please enter a valid CAC number, e.g. RC123456, BN1234567 or IT123456'],
    [{ category: ['Craftsman', 'Magic'] }, "Unknown category 'Magic'"],
    [{ subcategory: ['Plumber', 'Wizard'] }, "Unknown sub-category 'Wizard'"],
    [{ subcategory: ['Cleaning'] }, "Sub-category 'Cleaning' does not belong to the chosen categories"],
  ])('refuses %j with its message and stores nothing', async (override, message) => {
    const email = `refused-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await h.register(companyPayload({ email, ...override }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      errorMessage: message,
      resultMessage: { en: message },
    });
    expect(await row(email)).toBeUndefined();
  });

  it('answers a taken email (any casing) with 409 "User with email already exist", storing and announcing nothing', async () => {
    const first = await h.register(posterPayload({ email: 'taken@example.com', name: 'First Owner' }));
    expect(first.statusCode).toBe(200);
    const a = first.json();
    // The first sign-up's verification link is mailed after the answer; wait for it before counting.
    const mailsBefore = await eventually(async () => {
      const mails = await h.outboxMails();
      expect(mails.some((m) => m.includes('To: taken@example.com'))).toBe(true);
      return mails.length;
    });

    const again = await h.register(posterPayload({ email: 'TAKEN@example.com', name: 'Someone Else' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      statusCode: 409,
      errorMessage: 'User with email already exist',
      resultMessage: { en: 'User with email already exist' },
    });
    expect(again.json().user).toBeUndefined();

    const rows = await h.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email_normalized', '=', 'taken@example.com')
      .execute();
    expect(rows).toEqual([{ id: a.user._id, name: 'First Owner' }]);

    // The first registration is announced; the second one never is, and no mail is sent for it.
    await eventually(async () =>
      expect(h.events.some((e) => (e.payload as { userId?: string }).userId === a.user._id)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(h.events.filter((e) => (e.payload as { name?: string }).name === 'Someone Else')).toEqual([]);
    expect((await h.outboxMails()).length).toBe(mailsBefore);
  });

  it('keeps the per-address sign-up limit for taken emails too', async () => {
    const ip = '127.0.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await h.register(posterPayload({ email: 'taken@example.com' }), ip)).statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 409)).toBe(true);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await h.service.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().resultMessage.en).toBe('The request body is not valid JSON.');
  });

  it('refuses an unknown account type', async () => {
    const response = await h.register(posterPayload({ email: 'admin-try@example.com', type: 'admin' }));
    expect(response.statusCode).toBe(400);
    expect(await row('admin-try@example.com')).toBeUndefined();
  });
});
