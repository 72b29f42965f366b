import { formatKobo, formatNaira } from './money';

describe('money', () => {
  it('writes whole naira with the sign and grouping', () => {
    expect(formatNaira(2500)).toBe('₦2,500');
    expect(formatNaira(1_250_000)).toBe('₦1,250,000');
    expect(formatNaira(0)).toBe('₦0');
  });

  it('writes kobo as naira, with kobo only when there are any', () => {
    expect(formatKobo(100_000)).toBe('₦1,000');
    expect(formatKobo(100_050)).toBe('₦1,000.50');
    expect(formatKobo(100_005)).toBe('₦1,000.05');
    expect(formatKobo(250_000, 'NGN')).toBe('₦2,500');
  });

  it('names another currency instead of passing it off as naira', () => {
    expect(formatKobo(1200, 'USD')).toBe('12.00 USD');
  });
});
