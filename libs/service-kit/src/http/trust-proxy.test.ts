import { trustProxyFrom } from './trust-proxy';

describe('TRUST_PROXY', () => {
  it('believes nobody when unset or empty', () => {
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('')).toBe(false);
    expect(trustProxyFrom(' ')).toBe(false);
  });

  it('takes a number as that many hops', () => {
    expect(trustProxyFrom('1')).toBe(1);
    expect(trustProxyFrom(' 2 ')).toBe(2);
  });

  it('takes a comma list of addresses and ranges', () => {
    expect(trustProxyFrom('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
    expect(trustProxyFrom('127.0.0.1,,')).toEqual(['127.0.0.1']);
  });
});
