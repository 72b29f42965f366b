import {
  COMPANY_REGISTRATION_CASES,
  CONTACT_CASES,
  PROFILE_CASES,
  SIGN_UP_CASES,
  type FieldRuleCase,
} from '@marketplace/contracts';
import { companyPayload, createAccountsHarness, posterPayload, type AccountsHarness } from '../testing';

// The table of bad inputs that the forms are tested with (libs/contracts/src/fields.cases.ts), sent to
// the real routes with every other field valid: the API must answer with the form's message.

const label = (c: FieldRuleCase) => `${c.field} = ${JSON.stringify(c.input)} -> ${c.message}`;

describe('field rules: the API gives the form message for each bad input', () => {
  let h: AccountsHarness;
  let company: { id: string; headers: { authorization: string } };
  let client = 0;
  /** A distinct local client address per request, so no per-address limit is reached. */
  const remoteAddress = () => `127.0.9.${(++client % 250) + 1}`;

  beforeAll(async () => {
    h = await createAccountsHarness();
    company = await h.signUp(companyPayload());
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const expectMessage = (response: { statusCode: number; json(): unknown }, message: string) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ resultMessage: { en: message } });
  };

  it.each(SIGN_UP_CASES.map((c) => [label(c), c] as const))('sign-up: %s', async (_label, c) => {
    const payload = posterPayload({ email: `signup-${client}@example.com`, [c.field]: c.input });
    const response = await h.service.app.inject({
      method: 'POST',
      url: '/api/user',
      payload,
      remoteAddress: remoteAddress(),
    });
    expectMessage(response, c.message);
  });

  it.each(COMPANY_REGISTRATION_CASES.map((c) => [label(c), c] as const))(
    'company registration: %s',
    async (_label, c) => {
      const payload = companyPayload({ email: `company-${client}@example.com`, [c.field]: c.input });
      const response = await h.service.app.inject({
        method: 'POST',
        url: '/api/user',
        payload,
        remoteAddress: remoteAddress(),
      });
      expectMessage(response, c.message);
    },
  );

  it.each(PROFILE_CASES.map((c) => [label(c), c] as const))('profile: %s', async (_label, c) => {
    const response = await h.service.app.inject({
      method: 'PUT',
      url: '/api/user/editcompany',
      headers: company.headers,
      payload: { [c.field]: c.input },
      remoteAddress: remoteAddress(),
    });
    expectMessage(response, c.message);
  });

  it.each(CONTACT_CASES.map((c) => [label(c), c] as const))('contact: %s', async (_label, c) => {
    const payload = {
      name: 'Tunde Bello',
      email: 'tunde@example.com',
      msg: 'I cannot log in since yesterday.',
      [c.field]: c.input,
    };
    const response = await h.service.app.inject({
      method: 'POST',
      url: '/api/user/send-mail',
      payload,
      remoteAddress: remoteAddress(),
    });
    expectMessage(response, c.message);
  });
});
