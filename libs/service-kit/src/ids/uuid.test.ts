import { isUuid } from './uuid';

describe('isUuid', () => {
  it('takes uuids in either case', () => {
    expect(isUuid('0b7e9c1a-8f2d-4c3b-9a61-5d4e3f2a1b0c')).toBe(true);
    expect(isUuid('0B7E9C1A-8F2D-4C3B-9A61-5D4E3F2A1B0C')).toBe(true);
  });

  it('refuses anything else, without throwing', () => {
    for (const value of [
      '',
      'abc',
      '0b7e9c1a8f2d4c3b9a615d4e3f2a1b0c',
      '0b7e9c1a-8f2d-4c3b-9a61-5d4e3f2a1b0c ',
      ' 0b7e9c1a-8f2d-4c3b-9a61-5d4e3f2a1b0c',
      '0b7e9c1a-8f2d-4c3b-9a61-5d4e3f2a1b0g',
      "0b7e9c1a-8f2d-4c3b-9a61-5d4e3f2a1b0c' or 1=1",
      undefined,
      null,
      42,
      { id: '0b7e9c1a-8f2d-4c3b-9a61-5d4e3f2a1b0c' },
    ]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
