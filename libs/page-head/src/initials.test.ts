import { nameInitials } from './initials';

describe('nameInitials', () => {
  it('draws one rule of initials for every picture: first letters of the first two words', () => {
    expect(nameInitials('Ada Obi')).toBe('AO');
    expect(nameInitials('  sharp   roofers ltd ')).toBe('SR');
    // A one-word company: one initial, on its profile and in the category grid alike (they differed).
    expect(nameInitials('Dangote')).toBe('D');
    expect(nameInitials('\u{1D4D0}de builders')).toBe('\u{1D4D0}B');
    expect(nameInitials('   ')).toBe('?');
  });
});
