import {
  CacNumberRule,
  EmailRule,
  FIELD_MESSAGES,
  LoginEmailRule,
  NewPasswordRule,
  NigerianPhoneRule,
  PersonNameRule,
  PostalCodeRule,
  SignUpNameRule,
  fieldError,
  normaliseNigerianPhone,
  parseCacNumber,
  passwordConfirmationError,
} from './fields';
import { MESSAGES } from './messages';

describe('field rules', () => {
  it.each([
    [PersonNameRule, '', MESSAGES.pleaseEnterYourFullName],
    [PersonNameRule, 'Ada 0bi', MESSAGES.nameOnlyAlphabetsAndSpaces],
    [PersonNameRule, 'a'.repeat(121), FIELD_MESSAGES.nameTooLong],
    [SignUpNameRule, 'Al', FIELD_MESSAGES.signUpNameTooShort],
    [SignUpNameRule, 'A1', MESSAGES.nameOnlyAlphabetsAndSpaces],
    [EmailRule, 'ada@example', MESSAGES.invalidEmailAddress],
    [EmailRule, 42, MESSAGES.invalidEmailAddress],
    [LoginEmailRule, 'ada@example', MESSAGES.emailIsNotValid],
    [NewPasswordRule, 'abc12', MESSAGES.passwordTooShort],
    [NigerianPhoneRule, '12345', MESSAGES.pleaseEnterAValidPhoneNumber],
    [PostalCodeRule, '12345', MESSAGES.postalCodeShouldBe6Digits],
    [CacNumberRule, 'XY-12', FIELD_MESSAGES.invalidCac],
  ] as const)('%#: gives the spec message', (rule, input, message) => {
    expect(fieldError(rule, input)).toBe(message);
  });

  it.each([
    [PersonNameRule, 'Ada Obi'],
    [SignUpNameRule, 'Ada'],
    [EmailRule, 'ada@example.com'],
    [NigerianPhoneRule, '0803 123 4567'],
    [NigerianPhoneRule, '+234 (0) 803-123-4567'],
    [PostalCodeRule, '100001'],
    [CacNumberRule, 'rc 123456'],
  ] as const)('%#: accepts good input', (rule, input) => {
    expect(fieldError(rule, input)).toBeUndefined();
  });

  it('normalises phone and CAC numbers', () => {
    expect(normaliseNigerianPhone('0803 123 4567')).toBe('+2348031234567');
    expect(normaliseNigerianPhone('+44 20 7946 0958')).toBeNull();
    expect(parseCacNumber('bn-1234567')).toEqual({ number: 'BN1234567', cacClass: 'BN' });
  });

  it('checks the password confirmation', () => {
    expect(passwordConfirmationError('secret1', 'secret2')).toBe(MESSAGES.passwordsDoNotMatch);
    expect(passwordConfirmationError('secret1', 'secret1')).toBeUndefined();
  });
});
