import {
  AddressRule,
  FIELD_MESSAGES,
  CacNumberRule,
  EmailRule,
  fieldError,
  MESSAGES,
  NewPasswordRule,
  canonicalStateName,
  NigerianPhoneRule,
  normaliseNigerianPhone,
  parseCacNumber,
  PersonNameRule,
  PostalCodeRule,
  SignUpNameRule,
  type CacClass,
  canonicalCategoryName,
  canonicalSubcategoryName,
  categoryOfSubcategory,
  type RegisterBody,
} from '@marketplace/contracts';
import { badRequest, fieldsInvalid } from '@marketplace/service-kit';
import type { TSchema } from 'typebox';

/** Throws a 400 with the rule's message when `value` breaks it (the forms give the same text). */
export function checkField(rule: TSchema, value: unknown): void {
  const message = fieldError(rule, value);
  if (message) throw badRequest(message);
}

export const REGISTRATION_MESSAGES = Object.freeze({
  registered: 'Registered successfully',
  invalidCac: FIELD_MESSAGES.invalidCac,
  unknownState: (name: string) => `Unknown state '${name}'. Choose one of the 36 states or the FCT.`,
  unknownCategory: (name: string) => `Unknown category '${name}'`,
  unknownSubcategory: (name: string) => `Unknown sub-category '${name}'`,
  subcategoryNotInCategories: (name: string) =>
    `Sub-category '${name}' does not belong to the chosen categories`,
  addressTooLong: FIELD_MESSAGES.addressTooLong,
});

/** The state's name as NIGERIAN_STATES spells it, in any casing (shared with the directory's filter). */
export { canonicalStateName };

export interface ValidRegistration {
  email: string;
  name: string;
  password: string;
  type: 'user' | 'company';
  phoneNumber: string | null;
  cacnumber: string | null;
  cacClass: CacClass | null;
  address: string | null;
  state: string | null;
  pincode: string | null;
  categories: string[];
  subcategories: string[];
}

const given = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * Every rule of spec section 5 for sign-up and company registration, plus the server's own: a Nigerian
 * phone number (stored as +234...), a CAC number with its class, one of the 37 states, a 6-digit postal
 * code and catalogue names only. A company must give everything the spec's registration form asks of it
 * (contact number, CAC number, address, state, postal code and at least one category): without them it
 * would be found under no category. Throws one 400 naming every failing field (`details`; the message is
 * the first one's). The poster sign-up sends a fixed CAC number: for type user it is accepted and ignored,
 * like the company-only fields, which stay optional for a poster.
 */
export function validateRegistration(body: RegisterBody): ValidRegistration {
  const type = body.type ?? 'user';
  const company = type === 'company';
  const problems: Array<{ path: string; message: string }> = [];
  const fail = (path: string, message: string) => {
    if (!problems.some((problem) => problem.path === path)) problems.push({ path, message });
  };
  const check = (path: string, rule: TSchema, value: unknown): boolean => {
    const message = fieldError(rule, value);
    if (message) fail(path, message);
    return !message;
  };

  const name = body.name.trim();
  if (!name) fail('name', MESSAGES.pleaseEnterYourFullName);
  // The poster's sign-up name is also held to the sign-up length (spec: the SignUp button rule).
  else check('name', company ? PersonNameRule : SignUpNameRule, name);
  const email = body.email.trim();
  check('email', EmailRule, email);
  check('password', NewPasswordRule, body.password);

  let phoneNumber: string | null = null;
  const phone = given(body.phoneNumber);
  if (phone) {
    if (check('phoneNumber', NigerianPhoneRule, phone)) phoneNumber = normaliseNigerianPhone(phone);
  } else if (company) fail('phoneNumber', MESSAGES.pleaseEnterAValidPhoneNumber);

  if (company && !given(body.cacnumber)) fail('cacnumber', FIELD_MESSAGES.cacRequired);

  const address = given(body.address) ?? null;
  if (address) check('address', AddressRule, address);
  else if (company) fail('address', FIELD_MESSAGES.addressRequired);

  let state: string | null = null;
  const stateInput = given(body.state);
  if (stateInput) {
    state = canonicalStateName(stateInput) ?? null;
    if (!state) fail('state', REGISTRATION_MESSAGES.unknownState(stateInput));
  } else if (company) fail('state', FIELD_MESSAGES.stateRequired);

  let pincode: string | null = null;
  const postal = given(body.pincode);
  if (postal) {
    if (check('pincode', PostalCodeRule, postal)) pincode = postal;
  } else if (company) fail('pincode', MESSAGES.postalCodeShouldBe6Digits);

  const base = { email, name, password: body.password, phoneNumber, address, state, pincode };
  if (!company) {
    if (problems.length > 0) throw fieldsInvalid(problems);
    return { ...base, type, cacnumber: null, cacClass: null, categories: [], subcategories: [] };
  }

  let cacnumber: string | null = null;
  let cacClass: CacClass | null = null;
  const cacInput = given(body.cacnumber);
  if (cacInput && check('cacnumber', CacNumberRule, cacInput)) {
    const parsed = parseCacNumber(cacInput);
    if (parsed) {
      cacnumber = parsed.number;
      cacClass = parsed.cacClass;
    } else fail('cacnumber', FIELD_MESSAGES.invalidCac);
  }

  const categories: string[] = [];
  for (const raw of body.category ?? []) {
    if (!raw.trim()) continue;
    const canonical = canonicalCategoryName(raw);
    if (!canonical) fail('category', REGISTRATION_MESSAGES.unknownCategory(raw.trim()));
    else if (!categories.includes(canonical)) categories.push(canonical);
  }
  if (categories.length === 0) fail('category', FIELD_MESSAGES.categoryRequired);
  const subcategories: string[] = [];
  for (const raw of body.subcategory ?? []) {
    if (!raw.trim()) continue;
    const canonical = canonicalSubcategoryName(raw);
    if (!canonical) {
      fail('subcategory', REGISTRATION_MESSAGES.unknownSubcategory(raw.trim()));
      continue;
    }
    const category = categoryOfSubcategory(canonical);
    if (!category || !categories.includes(category)) {
      fail('subcategory', REGISTRATION_MESSAGES.subcategoryNotInCategories(canonical));
    } else if (!subcategories.includes(canonical)) subcategories.push(canonical);
  }

  if (problems.length > 0) throw fieldsInvalid(problems);
  return { ...base, type, cacnumber, cacClass, categories, subcategories };
}
