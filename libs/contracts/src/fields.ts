// Field rules: one TypeBox schema per kind of input, with the text a person reads when it fails. The
// browser's forms (react-hook-form resolver in @marketplace/ui) and the services' validation both call
// `fieldError`, so the same input gets the same message on both sides.
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { addCalendarDays, isCalendarDay, lagosToday } from './calendar-days';
import { canonicalCategoryName, canonicalSubcategoryName, subcategoriesOf } from './catalogue';
import { JOB_LIMITS, JOB_MESSAGES } from './job-rules';
import type { JobFields } from './jobs';
import { isNigerianState } from './states';
import { LIMITS, MESSAGES } from './messages';

/** Keyword of a failed check -> the message shown for it. Listed in priority order: first failing wins. */
export type FieldMessages = Partial<
  Record<'type' | 'minLength' | 'maxLength' | 'pattern' | 'minimum' | 'maximum' | 'enum' | 'refine', string>
>;

const MESSAGES_KEY = 'errorMessages';

/** Attaches the messages to a schema (a plain annotation: JSON Schema validators ignore it). */
export function withMessages<T extends TSchema>(schema: T, messages: FieldMessages): T {
  return Object.assign(schema, { [MESSAGES_KEY]: messages });
}

/**
 * The message for the first rule `value` breaks, or undefined when it is valid. Strings are checked as
 * they are: callers trim first where the rule says so (see `trimmed`).
 */
export function fieldError(rule: TSchema, value: unknown): string | undefined {
  if (Value.Check(rule, value)) return undefined;
  const messages = ((rule as Record<string, unknown>)[MESSAGES_KEY] ?? {}) as FieldMessages;
  const errors = Value.Errors(rule, value);
  const failed = new Set<string>(errors.map((error) => error.keyword));
  for (const [keyword, message] of Object.entries(messages)) {
    if (failed.has(keyword) && message) return message;
  }
  // A refinement carries its own text; anything else falls back to the first listed message.
  // (typebox 1.x reports a refinement under the keyword '~refine'.)
  const refine = errors.find((error) => (error.keyword as string).endsWith('refine'));
  if (refine?.message) return refine.message;
  return Object.values(messages)[0] ?? errors[0]?.message ?? 'Invalid value';
}

/** Leading and trailing white space never counts (forms and services trim before checking). */
export const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);

// ---- Shared patterns -------------------------------------------------------------------------------

/** {local}@{domain}.{tld}: no spaces, one @, a dot in the domain and a top-level part of 2+ characters. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]{2,}$';
/** Letters and spaces only (spec section 5, names). */
export const NAME_PATTERN = '^[A-Za-z ]+$';
/** Exactly six digits (Nigerian postal codes). */
export const POSTAL_CODE_PATTERN = '^\\d{6}$';

export const FIELD_LIMITS = Object.freeze({
  emailMax: 254,
  nameMax: 120,
  passwordMax: 256,
  addressMax: 300,
  descriptionMax: 2000,
});

export const FIELD_MESSAGES = Object.freeze({
  emailTooLong: `Email is too long (at most ${FIELD_LIMITS.emailMax} characters)`,
  nameTooLong: `Name is too long (at most ${FIELD_LIMITS.nameMax} characters)`,
  signUpNameTooShort: `Name must be at least ${LIMITS.signUpNameLongerThan + 1} characters long`,
  passwordTooLong: `Password is too long (at most ${FIELD_LIMITS.passwordMax} characters)`,
  addressTooLong: `Address is too long (at most ${FIELD_LIMITS.addressMax} characters)`,
  descriptionTooLong: `Description is too long (at most ${FIELD_LIMITS.descriptionMax} characters)`,
  invalidCac: 'Please enter a valid CAC number, e.g. RC123456, BN1234567 or IT123456',
  passwordRequired: 'Please enter your password',
  /** Company registration: the fields the spec's form asks of a company (no spec text for these four). */
  cacRequired: 'Please enter your CAC number',
  addressRequired: 'Please enter your address',
  stateRequired: 'Please choose a state',
  categoryRequired: 'Please choose at least one category',
});

// ---- Phone and CAC numbers (shared by the forms and the services) -----------------------------------

/**
 * Nigerian mobile numbers in the forms people write them, normalised to E.164 (+234 and ten digits):
 * - local: 0 + 10 digits, e.g. 0803 123 4567, 0701-234-5678, 0912.345.6789
 * - international: +234 / 234 / 00234 + 10 digits, also with the trunk 0 kept: +234 (0) 803 ...
 * The ten digits start with 70, 71, 80, 81, 90 or 91 (the mobile ranges: 070x, 080x, 081x, 090x, 091x...).
 * Spaces, dashes, dots and parentheses are ignored. Anything else gives null.
 */
export function normaliseNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  const international = compact.startsWith('+') || digits.startsWith('234') || digits.startsWith('00234');
  if (compact.startsWith('+') && !digits.startsWith('234')) return null; // another country
  if (international) {
    digits = digits.replace(/^(00)?234/, '');
    if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1); // +234 (0)803...
  } else {
    if (digits.length !== 11 || !digits.startsWith('0')) return null;
    digits = digits.slice(1);
  }
  if (!/^[789][01]\d{8}$/.test(digits)) return null;
  return `+234${digits}`;
}

/** The local form people read in Nigeria, e.g. +2348031234567 -> 08031234567. */
export function localNigerianPhone(normalised: string): string {
  return normalised.startsWith('+234') ? `0${normalised.slice(4)}` : normalised;
}

export type CacClass = 'RC' | 'BN' | 'IT';

export interface CacNumber {
  /** Canonical form: class and digits without a separator (RC123456), or the digits alone. */
  number: string;
  /** RC: registered company, BN: business name, IT: incorporated trustees; null when not given. */
  cacClass: CacClass | null;
}

/**
 * A Corporate Affairs Commission registration number as people write it: 'RC123456', 'RC 123456',
 * 'rc-123456', 'BN-1234567', 'IT/12345' or just '1234567' (class unknown). 1 to 8 digits (old RC
 * numbers are short). Anything else gives null.
 */
export function parseCacNumber(input: string): CacNumber | null {
  const match = /^(?:(RC|BN|IT)[\s\-./:#]*)?(\d{1,8})$/i.exec(input.trim());
  if (!match) return null;
  const cacClass = (match[1]?.toUpperCase() as CacClass | undefined) ?? null;
  const digits = match[2] as string;
  return { number: `${cacClass ?? ''}${digits}`, cacClass };
}

// ---- The rules -------------------------------------------------------------------------------------

/** Login e-mail (spec section 5): 'Email is not valid'. */
export const LoginEmailRule = withMessages(
  Type.String({ pattern: EMAIL_PATTERN, maxLength: FIELD_LIMITS.emailMax }),
  {
    type: MESSAGES.emailIsNotValid,
    pattern: MESSAGES.emailIsNotValid,
    maxLength: FIELD_MESSAGES.emailTooLong,
  },
);

/** Login password: anything non-empty (the spec has no length rule for login). */
export const LoginPasswordRule = withMessages(
  Type.String({ minLength: 1, maxLength: FIELD_LIMITS.passwordMax }),
  {
    type: FIELD_MESSAGES.passwordRequired,
    minLength: FIELD_MESSAGES.passwordRequired,
    maxLength: FIELD_MESSAGES.passwordTooLong,
  },
);

/** E-mail in registration, sign-up, job posting and the contact form: 'Invalid email address'. */
export const EmailRule = withMessages(
  Type.String({ pattern: EMAIL_PATTERN, maxLength: FIELD_LIMITS.emailMax }),
  {
    type: MESSAGES.invalidEmailAddress,
    pattern: MESSAGES.invalidEmailAddress,
    maxLength: FIELD_MESSAGES.emailTooLong,
  },
);

/** Registration and job poster names: letters and spaces, not empty. */
export const PersonNameRule = withMessages(
  Type.String({ minLength: 1, maxLength: FIELD_LIMITS.nameMax, pattern: NAME_PATTERN }),
  {
    type: MESSAGES.pleaseEnterYourFullName,
    minLength: MESSAGES.pleaseEnterYourFullName,
    pattern: MESSAGES.nameOnlyAlphabetsAndSpaces,
    maxLength: FIELD_MESSAGES.nameTooLong,
  },
);

/** Poster sign-up name: as PersonNameRule and longer than 2 characters (spec: the SignUp button rule). */
export const SignUpNameRule = withMessages(
  Type.String({
    minLength: LIMITS.signUpNameLongerThan + 1,
    maxLength: FIELD_LIMITS.nameMax,
    pattern: NAME_PATTERN,
  }),
  {
    type: MESSAGES.pleaseEnterYourFullName,
    pattern: MESSAGES.nameOnlyAlphabetsAndSpaces,
    minLength: FIELD_MESSAGES.signUpNameTooShort,
    maxLength: FIELD_MESSAGES.nameTooLong,
  },
);

/** A changed profile name: at least 2 letters or spaces. */
export const ProfileNameRule = withMessages(
  Type.String({
    minLength: LIMITS.profileNameMinLength,
    maxLength: FIELD_LIMITS.nameMax,
    pattern: NAME_PATTERN,
  }),
  {
    type: MESSAGES.pleaseEnterAValidName,
    minLength: MESSAGES.pleaseEnterAValidName,
    pattern: MESSAGES.nameOnlyAlphabetsAndSpaces,
    maxLength: FIELD_MESSAGES.nameTooLong,
  },
);

/** New passwords (sign-up, registration): at least 6 characters. */
export const NewPasswordRule = withMessages(
  Type.String({ minLength: LIMITS.passwordMinLength, maxLength: FIELD_LIMITS.passwordMax }),
  {
    type: MESSAGES.passwordTooShort,
    minLength: MESSAGES.passwordTooShort,
    maxLength: FIELD_MESSAGES.passwordTooLong,
  },
);

/** A Nigerian mobile number in any usual writing (stored as +234...). */
export const NigerianPhoneRule = withMessages(
  Type.Refine(
    Type.String({ maxLength: 32 }),
    (value) => normaliseNigerianPhone(value) !== null,
    () => MESSAGES.pleaseEnterAValidPhoneNumber,
  ),
  { type: MESSAGES.pleaseEnterAValidPhoneNumber, maxLength: MESSAGES.pleaseEnterAValidPhoneNumber },
);

/** Postal code: exactly 6 digits. */
export const PostalCodeRule = withMessages(Type.String({ pattern: POSTAL_CODE_PATTERN }), {
  type: MESSAGES.postalCodeShouldBe6Digits,
  pattern: MESSAGES.postalCodeShouldBe6Digits,
});

/** CAC registration number: RC/BN/IT and up to 8 digits, or the digits alone. */
export const CacNumberRule = withMessages(
  Type.Refine(
    Type.String({ maxLength: 40 }),
    (value) => parseCacNumber(value) !== null,
    () => FIELD_MESSAGES.invalidCac,
  ),
  { type: FIELD_MESSAGES.invalidCac, maxLength: FIELD_MESSAGES.invalidCac },
);

export const AddressRule = withMessages(Type.String({ maxLength: FIELD_LIMITS.addressMax }), {
  maxLength: FIELD_MESSAGES.addressTooLong,
});

export const DescriptionRule = withMessages(Type.String({ maxLength: FIELD_LIMITS.descriptionMax }), {
  maxLength: FIELD_MESSAGES.descriptionTooLong,
});

/** Required free text (contact form name, e-mail and message): 'Please fill name, email and message'. */
export const ContactRequiredRule = withMessages(Type.String({ minLength: 1 }), {
  type: MESSAGES.pleaseFillNameEmailAndMessage,
  minLength: MESSAGES.pleaseFillNameEmailAndMessage,
});

/** Sign-up: the confirmation must equal the password. Cross-field, so a function rather than a schema. */
export function passwordConfirmationError(password: string, confirmation: string): string | undefined {
  return password === confirmation ? undefined : MESSAGES.passwordsDoNotMatch;
}

// ---- Jobs (post and edit form, review) -------------------------------------------------------------

export const JobHeadingRule = withMessages(Type.String({ minLength: 1, maxLength: JOB_LIMITS.headingMax }), {
  type: JOB_MESSAGES.headingRequired,
  minLength: JOB_MESSAGES.headingRequired,
  maxLength: JOB_MESSAGES.headingTooLong,
});

export const JobDescriptionRule = withMessages(
  Type.String({ minLength: 1, maxLength: JOB_LIMITS.descriptionMax }),
  {
    type: JOB_MESSAGES.descriptionRequired,
    minLength: JOB_MESSAGES.descriptionRequired,
    maxLength: JOB_MESSAGES.descriptionTooLong,
  },
);

export const ReviewTextRule = withMessages(Type.String({ minLength: 1, maxLength: JOB_LIMITS.reviewMax }), {
  type: JOB_MESSAGES.reviewTextRequired,
  minLength: JOB_MESSAGES.reviewTextRequired,
  maxLength: JOB_MESSAGES.reviewTooLong,
});

export const RatingRule = withMessages(Type.Integer({ minimum: 1, maximum: 5 }), {
  type: JOB_MESSAGES.ratingOutOfRange,
  minimum: JOB_MESSAGES.ratingOutOfRange,
  maximum: JOB_MESSAGES.ratingOutOfRange,
});

/** A job's start date: a real day, not before today in Lagos, at most a year ahead. */
export function jobStartDateError(value: unknown, now: Date = new Date()): string | undefined {
  if (typeof value !== 'string' || !isCalendarDay(value)) return JOB_MESSAGES.startDateInvalid;
  const today = lagosToday(now);
  if (value < today) return JOB_MESSAGES.startDateInPast;
  if (value > addCalendarDays(today, JOB_LIMITS.startDateMaxDaysAhead)) return JOB_MESSAGES.startDateTooFar;
  return undefined;
}

export type JobFieldName = keyof JobFields;

/**
 * Every field of a job post (or, with `partial`, of an edit: only the fields given) checked at once:
 * field -> message. Text is trimmed first; the category and states come from the catalogue. The /jobpost
 * form and the jobs service both call this, so the same input gets the same message.
 */
export function jobFieldErrors(
  input: Partial<Record<JobFieldName, unknown>>,
  options: { partial?: boolean; now?: Date } = {},
): Partial<Record<JobFieldName, string>> {
  const errors: Partial<Record<JobFieldName, string>> = {};
  const has = (field: JobFieldName) => !options.partial || input[field] !== undefined;
  const text = (field: JobFieldName) => trimmed(input[field]);
  const check = (field: JobFieldName, rule: TSchema) => {
    if (!has(field)) return;
    const message = fieldError(rule, text(field));
    if (message) errors[field] = message;
  };
  check('name', PersonNameRule);
  check('email', EmailRule);
  check('phoneNumber', NigerianPhoneRule);
  check('jobHeading', JobHeadingRule);
  check('description', JobDescriptionRule);
  const optionalText = (field: JobFieldName, rule: TSchema) => {
    const value = text(field);
    if (value === undefined || value === '' || value === null) return;
    const message = fieldError(rule, value);
    if (message) errors[field] = message;
  };
  optionalText('address', AddressRule);
  optionalText('pincode', PostalCodeRule);
  optionalText('title', JobHeadingRule);
  if (has('state') && !isNigerianState(text('state'))) errors.state = JOB_MESSAGES.unknownState;
  if (has('jobStartDate')) {
    const message = jobStartDateError(text('jobStartDate'), options.now);
    if (message) errors.jobStartDate = message;
  }
  const category =
    typeof text('category') === 'string' ? canonicalCategoryName(text('category') as string) : undefined;
  if (has('category') && !category) errors.category = JOB_MESSAGES.unknownCategory;
  if (has('subcategory') && input.subcategory !== undefined) {
    const names = Array.isArray(input.subcategory) ? input.subcategory : [input.subcategory];
    const allowed = category ? new Set<string>(subcategoriesOf([category])) : undefined;
    const bad = names.some(
      (name) =>
        typeof name !== 'string' || (allowed ? !allowed.has(canonicalSubcategoryName(name) ?? '') : false),
    );
    if (bad) errors.subcategory = JOB_MESSAGES.subcategoryNotInCategory;
  }
  return errors;
}
