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
import { badRequest } from '@marketplace/service-kit';
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
 * code and catalogue names only. Throws a 400 with the first problem. The poster sign-up sends a fixed
 * CAC number: for type user it is accepted and ignored, like the company-only fields.
 */
export function validateRegistration(body: RegisterBody): ValidRegistration {
  const type = body.type ?? 'user';
  const name = body.name.trim();
  if (!name) throw badRequest(MESSAGES.pleaseEnterYourFullName);
  // The poster's sign-up name is also held to the sign-up length (spec: the SignUp button rule).
  checkField(type === 'user' ? SignUpNameRule : PersonNameRule, name);
  const email = body.email.trim();
  checkField(EmailRule, email);
  checkField(NewPasswordRule, body.password);

  let phoneNumber: string | null = null;
  const phone = given(body.phoneNumber);
  if (phone) {
    checkField(NigerianPhoneRule, phone);
    phoneNumber = normaliseNigerianPhone(phone);
  }

  const address = given(body.address) ?? null;
  if (address) checkField(AddressRule, address);

  let pincode: string | null = null;
  const postal = given(body.pincode);
  if (postal) {
    checkField(PostalCodeRule, postal);
    pincode = postal;
  }

  let state: string | null = null;
  const stateInput = given(body.state);
  if (stateInput) {
    state = canonicalStateName(stateInput) ?? null;
    if (!state) throw badRequest(REGISTRATION_MESSAGES.unknownState(stateInput));
  }

  const base = { email, name, password: body.password, phoneNumber, address, state, pincode };
  if (type === 'user') {
    return { ...base, type, cacnumber: null, cacClass: null, categories: [], subcategories: [] };
  }

  let cacnumber: string | null = null;
  let cacClass: CacClass | null = null;
  const cacInput = given(body.cacnumber);
  if (cacInput) {
    checkField(CacNumberRule, cacInput);
    const parsed = parseCacNumber(cacInput);
    if (!parsed) throw badRequest(FIELD_MESSAGES.invalidCac);
    cacnumber = parsed.number;
    cacClass = parsed.cacClass;
  }

  const categories: string[] = [];
  for (const raw of body.category ?? []) {
    if (!raw.trim()) continue;
    const canonical = canonicalCategoryName(raw);
    if (!canonical) throw badRequest(REGISTRATION_MESSAGES.unknownCategory(raw.trim()));
    if (!categories.includes(canonical)) categories.push(canonical);
  }
  const subcategories: string[] = [];
  for (const raw of body.subcategory ?? []) {
    if (!raw.trim()) continue;
    const canonical = canonicalSubcategoryName(raw);
    if (!canonical) throw badRequest(REGISTRATION_MESSAGES.unknownSubcategory(raw.trim()));
    const category = categoryOfSubcategory(canonical);
    if (!category || !categories.includes(category)) {
      throw badRequest(REGISTRATION_MESSAGES.subcategoryNotInCategories(canonical));
    }
    if (!subcategories.includes(canonical)) subcategories.push(canonical);
  }

  return { ...base, type, cacnumber, cacClass, categories, subcategories };
}
