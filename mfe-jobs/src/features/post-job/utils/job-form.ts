// The /jobpost form's values, how they become the API's JobFields, and its checks: the contracts'
// jobFieldErrors (the rules the jobs service applies), so a field gets the same message on both sides.
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  AddressRule,
  canonicalCategoryName,
  canonicalSubcategoryName,
  categoryOfSubcategory,
  EmailRule,
  JOB_MESSAGES,
  JobDescriptionRule,
  jobFieldErrors,
  JobHeadingRule,
  lagosToday,
  localNigerianPhone,
  NigerianPhoneRule,
  normaliseNigerianPhone,
  PersonNameRule,
  PostalCodeRule,
  isNigerianState,
  type JobDetail,
  type JobFieldName,
  type JobFields,
} from '@marketplace/contracts';
import type { SessionUser } from '@marketplace/ui';
import type { FieldChecks } from '@marketplace/ui/form';

export interface JobFormValues {
  name: string;
  email: string;
  phoneNumber: string;
  state: string;
  address: string;
  pincode: string;
  /** YYYY-MM-DD */
  jobStartDate: string;
  category: string;
  subcategory: string[];
  jobHeading: string;
  description: string;
}

export const JOB_FORM_FIELDS = [
  'name',
  'email',
  'phoneNumber',
  'state',
  'address',
  'pincode',
  'jobStartDate',
  'category',
  'subcategory',
  'jobHeading',
  'description',
] as const satisfies ReadonlyArray<keyof JobFormValues & JobFieldName>;

/** A phone number as people in Nigeria write it (the profile keeps +234...). */
function readablePhone(value: string | null | undefined): string {
  if (!value) return '';
  const normalised = normaliseNigerianPhone(value);
  return normalised ? localNigerianPhone(normalised) : value;
}

/**
 * A new job's form: contact details from the poster's profile, today (Lagos) as the start date, and
 * what the category page's form sent along (?title=&description=, optionally ?category= or ?subcategory=).
 */
export function newJobForm(
  user: SessionUser | null,
  params: URLSearchParams,
  now = new Date(),
): JobFormValues {
  const subcategory = canonicalSubcategoryName(params.get('subcategory') ?? '');
  const category =
    canonicalCategoryName(params.get('category') ?? '') ??
    (subcategory ? categoryOfSubcategory(subcategory) : undefined);
  const state = user?.state ?? '';
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    phoneNumber: readablePhone(user?.phoneNumber),
    state: isNigerianState(state) ? state : '',
    address: user?.address ?? '',
    pincode: user?.pincode ?? '',
    jobStartDate: lagosToday(now),
    category: category ?? '',
    subcategory: subcategory && category ? [subcategory] : [],
    jobHeading: (params.get('title') ?? '').trim(),
    description: (params.get('description') ?? '').trim(),
  };
}

/** The form of a job being edited, as it was saved. */
export function editJobForm(job: JobDetail): JobFormValues {
  return {
    name: job.name,
    email: job.email ?? '',
    phoneNumber: readablePhone(job.phoneNumber),
    state: job.state ?? '',
    address: job.address ?? '',
    pincode: job.pincode ?? '',
    jobStartDate: job.jobStartDate.slice(0, 10),
    category: canonicalCategoryName(job.category) ?? job.category,
    subcategory: [...job.subcategory],
    jobHeading: job.jobHeading,
    description: job.description,
  };
}

/** What the API receives: text trimmed, optional text left out when empty. */
export function toJobFields(values: JobFormValues): JobFields {
  const fields: JobFields = {
    name: values.name.trim(),
    email: values.email.trim(),
    phoneNumber: values.phoneNumber.trim(),
    state: values.state,
    jobStartDate: values.jobStartDate,
    category: values.category,
    subcategory: values.subcategory,
    jobHeading: values.jobHeading.trim(),
    description: values.description.trim(),
  };
  if (values.address.trim()) fields.address = values.address.trim();
  if (values.pincode.trim()) fields.pincode = values.pincode.trim();
  return fields;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/**
 * An edit sends only what changed (the API keeps the rest). The category and its sub-categories travel
 * together, so the service can check one against the other. Emptied optional text is sent as ''.
 */
export function changedJobFields(values: JobFormValues, original: JobFormValues): Partial<JobFields> {
  const changed: Partial<JobFields> = {};
  for (const field of JOB_FORM_FIELDS) {
    if (field === 'subcategory') continue;
    const value = values[field].trim();
    if (value !== original[field].trim()) changed[field] = value;
  }
  if (changed.category !== undefined || !sameList(values.subcategory, original.subcategory)) {
    changed.category = values.category;
    changed.subcategory = values.subcategory;
  }
  return changed;
}

/** Field -> message for the values (an edit checks only the changed fields). */
export function jobFormErrors(
  values: JobFormValues,
  original?: JobFormValues,
): Partial<Record<JobFieldName, string>> {
  return original
    ? jobFieldErrors(changedJobFields(values, original), { partial: true })
    : jobFieldErrors(toJobFields(values));
}

/** react-hook-form resolver over jobFormErrors: every field's message at once. */
export function jobFormResolver(original?: JobFormValues): Resolver<JobFormValues> {
  return async (values) => {
    const messages = jobFormErrors(values, original);
    const entries = Object.entries(messages).filter(([field]) =>
      (JOB_FORM_FIELDS as readonly string[]).includes(field),
    );
    if (entries.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      entries.map(([field, message]) => [field, { type: 'rule', message }]),
    ) as FieldErrors<JobFormValues>;
    return { values: {}, errors };
  };
}

/**
 * The fields' rules as the kit's applyServerErrors reads them: an API message (or a `details` path)
 * that belongs to one field lands on that field.
 */
export const JOB_FORM_CHECKS: FieldChecks<JobFormValues> = {
  name: { rule: PersonNameRule },
  email: { rule: EmailRule },
  phoneNumber: { rule: NigerianPhoneRule },
  state: { required: JOB_MESSAGES.unknownState },
  address: { rule: AddressRule, optional: true },
  pincode: { rule: PostalCodeRule, optional: true },
  jobStartDate: { required: JOB_MESSAGES.startDateInPast },
  category: { required: JOB_MESSAGES.unknownCategory },
  subcategory: { required: JOB_MESSAGES.subcategoryNotInCategory },
  jobHeading: { rule: JobHeadingRule },
  description: { rule: JobDescriptionRule },
};

/** The multipart body: one part per field, one `subcategory` part per name ('[]' for none), the photos. */
export function jobFormData(fields: Partial<JobFields>, images: readonly File[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'subcategory') continue;
    if (typeof value === 'string') form.append(name, value);
  }
  if (fields.subcategory) {
    if (fields.subcategory.length === 0) form.append('subcategory', '[]');
    for (const name of fields.subcategory) form.append('subcategory', name);
  }
  for (const image of images) form.append('images', image, image.name);
  return form;
}
