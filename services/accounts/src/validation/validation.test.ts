import { AppError } from '@marketplace/service-kit';
import { localNigerianPhone, normaliseNigerianPhone, parseCacNumber } from '@marketplace/contracts';
import { canonicalStateName, validateRegistration } from './registration';

describe('normaliseNigerianPhone', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['(0803) 123.4567', '+2348031234567'],
    ['07012345678', '+2347012345678'],
    ['08112345678', '+2348112345678'],
    ['09012345678', '+2349012345678'],
    ['09112345678', '+2349112345678'],
    ['07112345678', '+2347112345678'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['2348031234567', '+2348031234567'],
    ['002348031234567', '+2348031234567'],
    ['+234 (0) 803 123 4567', '+2348031234567'],
    ['  08031234567  ', '+2348031234567'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normaliseNigerianPhone(input)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['0803123456', 'one digit short'],
    ['080312345678', 'one digit long'],
    ['8031234567', 'no trunk 0 and no country code'],
    ['06031234567', 'not a mobile range'],
    ['08231234567', 'second digit not 0 or 1'],
    ['+4478031234567', 'another country'],
    ['+23480312345', 'too short after +234'],
    ['0803123456a', 'letters'],
    ['0803+1234567', 'plus in the middle'],
    ['phone', 'words'],
  ])('rejects %j (%s)', (input) => {
    expect(normaliseNigerianPhone(input)).toBeNull();
  });

  it('formats the local form back', () => {
    expect(localNigerianPhone('+2348031234567')).toBe('08031234567');
  });
});

describe('parseCacNumber', () => {
  it.each([
    ['RC123456', 'RC123456', 'RC'],
    ['RC 123456', 'RC123456', 'RC'],
    ['rc-123456', 'RC123456', 'RC'],
    ['BN-1234567', 'BN1234567', 'BN'],
    ['BN 1234567', 'BN1234567', 'BN'],
    ['IT/12345', 'IT12345', 'IT'],
    ['It 12345', 'IT12345', 'IT'],
    ['1234567', '1234567', null],
    [' RC 6 ', 'RC6', 'RC'],
  ])('reads %j as %s (class %s)', (input, number, cacClass) => {
    expect(parseCacNumber(input)).toEqual({ number, cacClass });
  });

  it.each(['', 'RC', 'XY123456', 'RC12345678901', '12-34', 'RC 12a456', 'LTD 1234'])(
    'rejects %j',
    (input) => {
      expect(parseCacNumber(input)).toBeNull();
    },
  );
});

describe('canonicalStateName', () => {
  it('matches any casing and knows the FCT by its short names', () => {
    expect(canonicalStateName('lagos')).toBe('Lagos');
    expect(canonicalStateName('AKWA IBOM')).toBe('Akwa Ibom');
    expect(canonicalStateName('FCT')).toBe('Federal Capital Territory (FCT)');
    expect(canonicalStateName('Abuja')).toBe('Federal Capital Territory (FCT)');
    expect(canonicalStateName('Federal Capital Territory (FCT)')).toBe('Federal Capital Territory (FCT)');
    expect(canonicalStateName('Atlantis')).toBeUndefined();
  });
});

describe('validateRegistration', () => {
  const base = { email: 'a@example.com', name: 'Ada Obi', password: 'secret1' };
  const error = (body: Record<string, unknown>) => {
    try {
      validateRegistration({ ...base, ...body } as Parameters<typeof validateRegistration>[0]);
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      return (err as AppError).message;
    }
    throw new Error('expected a validation error');
  };
  /** A complete company registration: the rows below change one field of it. */
  const company = {
    type: 'company' as const,
    phoneNumber: '0803 123 4567',
    cacnumber: 'RC123456',
    address: '4 Broad Street',
    state: 'Lagos',
    pincode: '100001',
    category: ['Craftsman'],
  };

  it('ignores the company fields of a poster, including the fixed CAC number', () => {
    const valid = validateRegistration({
      ...base,
      cacnumber: 'whatever the client sends',
      category: ['Nope'],
      subcategory: ['Nope'],
    });
    expect(valid).toMatchObject({
      type: 'user',
      cacnumber: null,
      cacClass: null,
      categories: [],
      subcategories: [],
    });
  });

  it('canonicalises a company', () => {
    const valid = validateRegistration({
      ...base,
      name: '  Ace Plumbing ',
      type: 'company',
      cacnumber: 'bn 1234567',
      phoneNumber: '0803 123 4567',
      address: '1 Aso Drive',
      state: 'fct',
      pincode: ' 900001 ',
      category: ['craftsman', 'Services', 'Craftsman'],
      subcategory: ['plumber', 'Waste management'],
    });
    expect(valid).toMatchObject({
      name: 'Ace Plumbing',
      cacnumber: 'BN1234567',
      cacClass: 'BN',
      phoneNumber: '+2348031234567',
      state: 'Federal Capital Territory (FCT)',
      pincode: '900001',
      categories: ['Craftsman', 'Services'],
      subcategories: ['Plumber', 'Waste management'],
    });
  });

  it.each([
    [{ name: '' }, 'Please Enter your full Name'],
    [{ name: 'Ada 2' }, 'Name should only contain alphabets and spaces.'],
    [{ email: 'ada@example' }, 'Invalid email address'],
    [{ password: '12345' }, 'Password must be at least 6 characters long'],
    [{ phoneNumber: '12345' }, 'Please enter a valid phone number'],
    [{ pincode: '12345' }, 'Postal code should be 6 digits'],
    [{ pincode: '12345a' }, 'Postal code should be 6 digits'],
    [{ state: 'Atlantis' }, "Unknown state 'Atlantis'. Choose one of the 36 states or the FCT."],
    [
      { ...company, cacnumber: 'XY-1' },
      'Please enter a valid CAC number, e.g. RC123456, BN1234567 or IT123456',
    ],
    [{ ...company, category: ['Gardening'] }, "Unknown category 'Gardening'"],
    [{ ...company, subcategory: ['Juggler'] }, "Unknown sub-category 'Juggler'"],
    [
      { ...company, subcategory: ['Cleaning'] },
      "Sub-category 'Cleaning' does not belong to the chosen categories",
    ],
    [{ ...company, phoneNumber: ' ' }, 'Please enter a valid phone number'],
    [{ ...company, cacnumber: '' }, 'Please enter your CAC number'],
    [{ ...company, address: undefined }, 'Please enter your address'],
    [{ ...company, state: '' }, 'Please choose a state'],
    [{ ...company, pincode: '' }, 'Postal code should be 6 digits'],
    [{ ...company, category: [] }, 'Please choose at least one category'],
    [{ ...company, category: [' '] }, 'Please choose at least one category'],
  ])('%j -> %s', (body, message) => {
    expect(error(body)).toBe(message);
  });

  it('a company with only a name, an e-mail and a password hears of every missing field at once', () => {
    let thrown: unknown;
    try {
      validateRegistration({ ...base, type: 'company' });
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).statusCode).toBe(400);
    expect((thrown as AppError).details).toEqual([
      { path: 'phoneNumber', message: 'Please enter a valid phone number' },
      { path: 'cacnumber', message: 'Please enter your CAC number' },
      { path: 'address', message: 'Please enter your address' },
      { path: 'state', message: 'Please choose a state' },
      { path: 'pincode', message: 'Postal code should be 6 digits' },
      { path: 'category', message: 'Please choose at least one category' },
    ]);
  });

  it('a poster still signs up with a name, an e-mail and a password only', () => {
    expect(validateRegistration(base)).toMatchObject({ type: 'user', phoneNumber: null, state: null });
  });
});
