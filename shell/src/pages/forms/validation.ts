// Client-side rules of spec section 5, with the spec's exact messages (MESSAGES in @marketplace/contracts).
import { LIMITS, MESSAGES } from '@marketplace/contracts';

/** Login e-mail: no spaces, one @, a domain with a dot and at least 2 characters after the last dot. */
const LOGIN_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** Registration, sign-up and job-posting e-mail: local@domain with a top-level domain of 2+ letters. */
const REGISTRATION_EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
/** Names: letters and spaces only. */
const NAME = /^[A-Za-z ]+$/;

export function isLoginEmail(value: string): boolean {
  return LOGIN_EMAIL.test(value);
}

/** Login e-mail message while typing: nothing while empty. */
export function loginEmailError(value: string): string | undefined {
  return value === '' || isLoginEmail(value) ? undefined : MESSAGES.emailIsNotValid;
}

export function registrationEmailError(value: string): string | undefined {
  return REGISTRATION_EMAIL.test(value.trim()) ? undefined : MESSAGES.invalidEmailAddress;
}

/** Registration, sign-up and job poster name. */
export function nameError(value: string): string | undefined {
  if (value.trim() === '') return MESSAGES.pleaseEnterYourFullName;
  return NAME.test(value) ? undefined : MESSAGES.nameOnlyAlphabetsAndSpaces;
}

/** Sign-up password against its confirmation; nothing until there is something to judge. */
export function signUpPasswordError(password: string, confirm: string): string | undefined {
  if (password !== '' && password.length < LIMITS.passwordMinLength) return MESSAGES.passwordTooShort;
  if (password !== '' && confirm !== '' && password !== confirm) return MESSAGES.passwordsDoNotMatch;
  return undefined;
}

/** Profile name field: keeps only letters and spaces (spec: "Profile name accepts only letters and spaces"). */
export function lettersAndSpaces(value: string): string {
  return value.replace(/[^A-Za-z ]/g, '');
}

export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}
