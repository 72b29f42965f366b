// The contracts rules of the sign-in, sign-up, company registration and password pages: the API checks
// the same ones with the same messages. Loaded on a form's first check (deferredRules), not with its page:
// these schemas need TypeBox, which a page does not need to draw itself.
import type { FieldChecks } from '@marketplace/ui/form';
import {
  AddressRule,
  CacNumberRule,
  EmailRule,
  FIELD_MESSAGES,
  LoginEmailRule,
  LoginPasswordRule,
  MESSAGES,
  NewPasswordRule,
  NigerianPhoneRule,
  PersonNameRule,
  PostalCodeRule,
  SignUpNameRule,
  passwordConfirmationError,
} from '@marketplace/contracts';
import type { ForgotForm, LoginForm, RegisterForm, ResetForm, SignupForm } from './forms';

export const LOGIN_CHECKS: FieldChecks<LoginForm> = {
  email: { rule: LoginEmailRule, quietWhileEmpty: true },
  password: { rule: LoginPasswordRule, trim: false },
};

export const SIGN_UP_CHECKS: FieldChecks<SignupForm> = {
  name: { rule: SignUpNameRule, required: MESSAGES.pleaseEnterYourFullName },
  email: { rule: EmailRule },
  password: { rule: NewPasswordRule, trim: false },
  confirmPassword: {
    trim: false,
    check: (value, values) => passwordConfirmationError(values.password, String(value)),
  },
};

/** Every field the spec's form asks of a company is required, as the API requires it. */
export const REGISTER_CHECKS: FieldChecks<RegisterForm> = {
  name: { rule: PersonNameRule, required: MESSAGES.pleaseEnterYourFullName },
  email: { rule: EmailRule },
  phoneNumber: { rule: NigerianPhoneRule },
  cacnumber: { rule: CacNumberRule, required: FIELD_MESSAGES.cacRequired },
  address: { rule: AddressRule, required: FIELD_MESSAGES.addressRequired },
  state: { required: FIELD_MESSAGES.stateRequired },
  pincode: { rule: PostalCodeRule },
  password: { rule: NewPasswordRule, trim: false },
  category: {
    trim: false,
    check: (value) =>
      Array.isArray(value) && value.length > 0 ? undefined : FIELD_MESSAGES.categoryRequired,
  },
};

export const FORGOT_CHECKS: FieldChecks<ForgotForm> = { email: { rule: EmailRule } };

export const RESET_CHECKS: FieldChecks<ResetForm> = {
  password: { rule: NewPasswordRule, trim: false },
  confirmPassword: {
    trim: false,
    check: (value, values) => passwordConfirmationError(values.password, String(value)),
  },
};
