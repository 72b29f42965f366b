import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from './api';
import { errorText, type ErrorTexts } from './error-text';

const answer = (status: number, serverMessage?: string) =>
  new ApiError(status, `HTTP ${status}`, serverMessage, [], undefined);

describe('errorText', () => {
  const texts: ErrorTexts = {
    status: { 403: 'Only administrators can see this.' },
    server: (status) => status < 500,
    answered: (status) => `Could not load (status ${status}).`,
    fallback: 'Could not load.',
  };

  it('says the network sentence when no answer came, whatever the page asks', () => {
    expect(errorText(new NetworkError(), texts)).toBe(NETWORK_ERROR_MESSAGE);
    expect(errorText(new NetworkError(), { fallback: 'x' })).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("puts the page's own text for a status before the server's words", () => {
    expect(errorText(answer(403, 'Forbidden'), texts)).toBe('Only administrators can see this.');
  });

  it("gives the server's words only where the page trusts them, and only when there are some", () => {
    expect(errorText(answer(409, 'Already refunded'), texts)).toBe('Already refunded');
    expect(errorText(answer(502, 'Bad gateway'), texts)).toBe('Could not load (status 502).');
    expect(errorText(answer(409), texts)).toBe('Could not load (status 409).');
    expect(errorText(answer(409, 'Already refunded'), { server: true, fallback: 'F' })).toBe(
      'Already refunded',
    );
    expect(errorText(answer(409, 'Already refunded'), { fallback: 'F' })).toBe('F');
  });

  it('uses a fixed text for any other answer, and the fallback for what is no answer', () => {
    expect(errorText(answer(500), { answered: 'Failed to fetch', fallback: 'Error fetching' })).toBe(
      'Failed to fetch',
    );
    expect(errorText(new Error('boom'), texts)).toBe('Could not load.');
    expect(errorText(undefined, texts)).toBe('Could not load.');
    expect(errorText(answer(500), { fallback: 'Error fetching' })).toBe('Error fetching');
  });
});
