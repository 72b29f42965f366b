// Bad inputs per form field and the message both sides must give for them. The service suites send
// each case to the API and the form suites type it into the form: one table, so the two cannot drift.
import { FIELD_MESSAGES } from './fields';
import { JOB_MESSAGES } from './job-rules';
import { MESSAGES } from './messages';

export interface FieldRuleCase {
  /** The API field (registration payload, profile update, contact payload). */
  field: string;
  input: string;
  message: string;
}

/** Poster sign-up (POST /api/user without type): the sign-up page's fields. */
export const SIGN_UP_CASES: readonly FieldRuleCase[] = [
  { field: 'name', input: '   ', message: MESSAGES.pleaseEnterYourFullName },
  { field: 'name', input: 'Ada 0bi', message: MESSAGES.nameOnlyAlphabetsAndSpaces },
  { field: 'name', input: 'Al', message: FIELD_MESSAGES.signUpNameTooShort },
  { field: 'email', input: 'ada@example', message: MESSAGES.invalidEmailAddress },
  { field: 'email', input: 'ada example.com', message: MESSAGES.invalidEmailAddress },
  { field: 'password', input: 'abc12', message: MESSAGES.passwordTooShort },
];

/**
 * Company registration (POST /api/user with type company): the register page's fields. Every field the
 * spec's form asks of a company is required (an empty one gets its message; the category list is tested
 * apart, it is not a text field).
 */
export const COMPANY_REGISTRATION_CASES: readonly FieldRuleCase[] = [
  { field: 'name', input: ' ', message: MESSAGES.pleaseEnterYourFullName },
  { field: 'phoneNumber', input: '', message: MESSAGES.pleaseEnterAValidPhoneNumber },
  { field: 'cacnumber', input: '  ', message: FIELD_MESSAGES.cacRequired },
  { field: 'address', input: '', message: FIELD_MESSAGES.addressRequired },
  { field: 'state', input: '', message: FIELD_MESSAGES.stateRequired },
  { field: 'pincode', input: '', message: MESSAGES.postalCodeShouldBe6Digits },
  { field: 'name', input: 'Ace & Sons', message: MESSAGES.nameOnlyAlphabetsAndSpaces },
  { field: 'email', input: 'info@ace', message: MESSAGES.invalidEmailAddress },
  { field: 'phoneNumber', input: '12345', message: MESSAGES.pleaseEnterAValidPhoneNumber },
  { field: 'cacnumber', input: 'XY-12', message: FIELD_MESSAGES.invalidCac },
  { field: 'pincode', input: '1000', message: MESSAGES.postalCodeShouldBe6Digits },
  { field: 'password', input: 'abc', message: MESSAGES.passwordTooShort },
];

/** Profile update (PUT /api/user/editcompany, changed fields only). */
export const PROFILE_CASES: readonly FieldRuleCase[] = [
  { field: 'name', input: 'A', message: MESSAGES.pleaseEnterAValidName },
  { field: 'phoneNumber', input: '0803', message: MESSAGES.pleaseEnterAValidPhoneNumber },
  { field: 'pincode', input: '12345', message: MESSAGES.postalCodeShouldBe6Digits },
];

/** Contact form (POST /api/user/send-mail). */
export const CONTACT_CASES: readonly FieldRuleCase[] = [
  { field: 'name', input: '  ', message: MESSAGES.pleaseFillNameEmailAndMessage },
  { field: 'email', input: 'someone@nowhere', message: MESSAGES.invalidEmailAddress },
];

/** Post a job (POST /api/jobs/postjob) and the /jobpost form. */
export const JOB_POST_CASES: readonly FieldRuleCase[] = [
  { field: 'name', input: 'Ada 0bi', message: MESSAGES.nameOnlyAlphabetsAndSpaces },
  { field: 'email', input: 'ada@example', message: MESSAGES.invalidEmailAddress },
  { field: 'phoneNumber', input: '12345', message: MESSAGES.pleaseEnterAValidPhoneNumber },
  { field: 'pincode', input: '1000', message: MESSAGES.postalCodeShouldBe6Digits },
  { field: 'jobHeading', input: '   ', message: JOB_MESSAGES.headingRequired },
  { field: 'description', input: '  ', message: JOB_MESSAGES.descriptionRequired },
  { field: 'jobStartDate', input: '2020-01-01', message: JOB_MESSAGES.startDateInPast },
  { field: 'state', input: 'Atlantis', message: JOB_MESSAGES.unknownState },
  { field: 'category', input: 'Astrology', message: JOB_MESSAGES.unknownCategory },
];
