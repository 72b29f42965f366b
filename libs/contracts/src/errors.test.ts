import { Value } from 'typebox/value';
import { ErrorEnvelopeSchema, errorEnvelope } from './errors';

describe('errorEnvelope', () => {
  it('carries the same text in message, errorMessage and resultMessage.en', () => {
    const envelope = errorEnvelope(401, 'INVALID_CREDENTIALS', 'Invalid User Name / Password!');
    expect(envelope).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid User Name / Password!',
      errorMessage: 'Invalid User Name / Password!',
      resultMessage: { en: 'Invalid User Name / Password!' },
    });
    expect(Value.Check(ErrorEnvelopeSchema, envelope)).toBe(true);
  });

  it('falls back to a generic reason and keeps details when given', () => {
    const details = [{ path: '/email', message: 'Invalid email address' }];
    const envelope = errorEnvelope(418, 'TEAPOT', 'nope', undefined, details);
    expect(envelope.error).toBe('Error');
    expect(envelope.details).toEqual(details);
    expect(errorEnvelope(400, 'X', 'y', 'Custom').error).toBe('Custom');
    expect('details' in errorEnvelope(500, 'X', 'y')).toBe(false);
    expect(Value.Check(ErrorEnvelopeSchema, envelope)).toBe(true);
  });
});
