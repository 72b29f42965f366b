import type { EventEnvelope } from '@marketplace/contracts';
import { createTestService, eventually, type TestService } from '@marketplace/service-kit/testing';
import accountsService from './app';

describe('accounts service', () => {
  let service: TestService;
  const published: EventEnvelope[] = [];
  beforeAll(async () => {
    service = await createTestService([accountsService]);
    await service.bus.subscribe({
      durable: 'accounts-test-observer',
      filterSubject: 'accounts.>',
      handle: async (event) => void published.push(event),
    });
  });
  afterAll(async () => {
    await service.close();
  });

  const register = (body: Record<string, unknown>) =>
    service.app.inject({ method: 'POST', url: '/api/user', payload: body });

  it('registers a poster and announces accounts.user.registered through the outbox', async () => {
    const response = await register({
      email: 'Ada@Example.com',
      name: 'Ada Obi',
      password: 'secret1',
      platform: 'Android',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.resultMessage.en).toBe('Registered successfully');
    expect(body.user).toMatchObject({ email: 'Ada@Example.com', name: 'Ada Obi', type: 'user' });
    expect(body.user).not.toHaveProperty('password_hash');

    const event = await eventually(async () => {
      const found = published.find((e) => (e.payload as { userId?: string }).userId === body.user._id);
      expect(found).toBeDefined();
      return found as EventEnvelope;
    });
    expect(event).toMatchObject({
      type: 'accounts.user.registered',
      version: 1,
      payload: { userId: body.user._id, name: 'Ada Obi', type: 'user' },
    });
    expect(event.correlationId).toEqual(expect.any(String));
  });

  it('creates no second account with the same email in another case, announcing nothing', async () => {
    const before = published.length;
    const response = await register({ email: 'ada@example.COM', name: 'Ada Two', password: 'secret1' });
    // The spec's answer for a taken address (see routes/registration.test.ts).
    expect(response.statusCode).toBe(409);
    expect(response.json().resultMessage.en).toBe('User with email already exist');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(published.length).toBe(before);
  });

  it.each([
    [{ email: 'x@example.com', name: '  ', password: 'secret1' }, 'Please Enter your full Name'],
    [
      { email: 'x@example.com', name: 'R2D2', password: 'secret1' },
      'Name should only contain alphabets and spaces.',
    ],
    [{ email: 'not-an-email', name: 'Bola', password: 'secret1' }, 'Invalid email address'],
    [
      { email: 'x@example.com', name: 'Bola', password: '123' },
      'Password must be at least 6 characters long',
    ],
  ])('validates %j', async (payload, message) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorMessage: message, resultMessage: { en: message } });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await service.app.inject({
      method: 'POST',
      url: '/api/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().resultMessage.en).toBe('The request body is not valid JSON.');
  });

  it('logs in with a verifiable EdDSA token and refuses a wrong password the same way as an unknown email', async () => {
    const ok = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'ADA@example.com', password: 'secret1' },
    });
    expect(ok.statusCode).toBe(200);
    const { accessToken, user } = ok.json();
    const header = JSON.parse(Buffer.from(accessToken.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('EdDSA');
    expect(service.verifyToken(accessToken)).toMatchObject({ sub: user._id, type: 'user', name: 'Ada Obi' });

    const wrong = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'ada@example.com', password: 'nope!!' },
    });
    const unknown = await service.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'who@example.com', password: 'nope!!' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('serves its public key as a JWKS', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/api/user/jwks.json' });
    expect(response.json().keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
  });
});
