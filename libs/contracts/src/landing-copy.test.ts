import { resolveLanding } from './landing-copy';

describe('landing copy', () => {
  it('echoes an unknown key only when it is plain words (no numbers, links or long messages)', () => {
    expect(resolveLanding('category', 'snail_farming').copy.title).toBe(
      'snail farming: get rid of pests for good',
    );
    for (const key of [
      'call 08012345678 now',
      'www.example.com',
      'pay to acct 0123',
      'a'.repeat(41),
      '<b>bold</b>',
      '',
    ]) {
      const landing = resolveLanding('category', key);
      expect(landing.name).toBe('Pest control');
      expect(landing.copy.title).toBe('Pest control: get rid of pests for good');
      expect(landing.known).toBe(false);
    }
  });
});
