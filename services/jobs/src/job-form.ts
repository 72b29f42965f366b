// Reading the job form (POST /api/jobs/postjob, PUT /api/jobs/editjob/:jobId) from multipart (web,
// Android; with images) or JSON (no images), checking it with the contracts' field rules (the same as
// the /jobpost form's), and turning it into the stored values.
import {
  canonicalCategoryName,
  canonicalSubcategoryName,
  errorEnvelope,
  JOB_IMAGE_LIMIT,
  JOB_MESSAGES,
  jobFieldErrors,
  normaliseNigerianPhone,
  type JobFieldName,
} from '@marketplace/contracts';
import { AppError, badRequest, containsNul, nulCharacter } from '@marketplace/service-kit';
import type { ImageStore } from '@marketplace/service-kit/uploads';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { JobChanges, NewJob, StoredJob } from './repositories/jobs-repository';
import { canonicalState } from './views';

export const FORM_MESSAGES = Object.freeze({
  malformedForm: 'The form could not be read. Please try again.',
  tooManyFields: 'The form has too many fields.',
  fieldTooLong: (field: string) => `The field ${field} is too long.`,
  notAnObject: 'The request body must be a JSON object or a multipart form.',
  nothingToUpdate: 'Nothing to update',
});

const FIELDS: readonly JobFieldName[] = [
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
  'title',
  'description',
];
const FIELD_SET = new Set<string>(FIELDS);
const IMAGE_FIELDS = new Set(['images', 'image', 'images[]', 'photo']);
const SUBCATEGORY_FIELDS = new Set(['subcategory', 'subcategory[]']);

/** Multipart limits: a description of 5,000 characters is at most 20,000 bytes of UTF-8. */
export const MULTIPART_LIMITS = Object.freeze({ fields: 40, fieldSize: 20_000, parts: 60 });

export type RawJobFields = Partial<Record<JobFieldName, unknown>>;

export interface JobForm {
  fields: RawJobFields;
  /** Uploaded image bytes; undefined when the form sent no image part. */
  images: Buffer[] | undefined;
  /** JSON `images: []` on an edit: remove every image. */
  clearImages: boolean;
}

/** The form of the request, whichever way it came. Throws 400/413 AppErrors for unreadable forms. */
export async function readJobForm(request: FastifyRequest, store: ImageStore): Promise<JobForm> {
  if (request.isMultipart()) return readMultipart(request, store);
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest(FORM_MESSAGES.notAnObject);
  const fields: RawJobFields = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (!FIELD_SET.has(key)) continue;
    fields[key as JobFieldName] = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  }
  if (typeof fields.subcategory === 'string') fields.subcategory = subcategoryList([fields.subcategory]);
  // As JSON, only `images: []` (remove them all) is understood; photos come as files in a multipart
  // form. Anything else is refused whole rather than ignored while the other fields are applied.
  const images = (body as Record<string, unknown>).images;
  if (images !== undefined && !(Array.isArray(images) && images.length === 0)) {
    throw badRequest(JOB_MESSAGES.imagesAsFiles, 'VALIDATION_FAILED');
  }
  return { fields, images: undefined, clearImages: Array.isArray(images) };
}

async function readMultipart(request: FastifyRequest, store: ImageStore): Promise<JobForm> {
  const fields: RawJobFields = {};
  const subcategories: string[] = [];
  let images: Buffer[] | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!IMAGE_FIELDS.has(part.fieldname)) {
          part.file.resume();
          continue;
        }
        const buffer = await part.toBuffer();
        images ??= [];
        // An empty file input (nothing chosen) is no image.
        if (buffer.length > 0) images.push(buffer);
        if (images.length > JOB_IMAGE_LIMIT) throw badRequest(JOB_MESSAGES.tooManyImages, 'TOO_MANY_IMAGES');
        continue;
      }
      if (!FIELD_SET.has(part.fieldname) && !SUBCATEGORY_FIELDS.has(part.fieldname)) continue;
      if (part.valueTruncated) throw badRequest(FORM_MESSAGES.fieldTooLong(part.fieldname));
      const value = String(part.value);
      if (containsNul(value)) throw nulCharacter();
      if (SUBCATEGORY_FIELDS.has(part.fieldname)) subcategories.push(value);
      else fields[part.fieldname as JobFieldName] = value;
    }
  } catch (err) {
    throw multipartError(err, store);
  }
  if (subcategories.length > 0) fields.subcategory = subcategoryList(subcategories);
  return { fields, images, clearImages: false };
}

/**
 * The text fields of a multipart form whose files are not wanted (PUT complete): files are skipped; a form
 * that cannot be read (truncated, no boundary, a malformed part) is a 400, never an empty form.
 */
export async function readFormFields(
  request: FastifyRequest,
  store: ImageStore,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        continue;
      }
      if (part.valueTruncated) throw badRequest(FORM_MESSAGES.fieldTooLong(part.fieldname));
      const value = String(part.value);
      if (containsNul(value)) throw nulCharacter();
      fields[part.fieldname] = value;
    }
  } catch (err) {
    throw multipartError(err, store);
  }
  return fields;
}

/**
 * The sub-categories a form sent: repeated parts, one JSON array, one name, or names separated by
 * commas (only when the whole is not itself a name).
 */
function subcategoryList(values: string[]): unknown {
  if (values.length === 1) {
    const only = (values[0] as string).trim();
    if (only.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(only);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // not JSON: a name like any other (the rules will say it is unknown)
      }
    }
    if (only === '') return [];
    if (!canonicalSubcategoryName(only) && only.includes(',')) {
      return only
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
    }
    return [only];
  }
  return values;
}

function multipartError(err: unknown, store: ImageStore): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return store.tooManyBytes();
    case 'FST_FILES_LIMIT':
      return badRequest(JOB_MESSAGES.tooManyImages, 'TOO_MANY_IMAGES');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(FORM_MESSAGES.tooManyFields);
    default:
      if (err instanceof AppError) return err;
      if (isClientError(err)) return err;
      // Anything else the multipart reader throws (a truncated body, no boundary, a malformed part) is
      // the client's doing: a 400, never a 500.
      return badRequest(FORM_MESSAGES.malformedForm, 'MALFORMED_MULTIPART');
  }
}

function isClientError(err: unknown): boolean {
  const status = (err as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The field rules failed: 400 with the first message and every field's in `details`. */
export class JobFieldsInvalid extends Error {
  constructor(readonly errors: Partial<Record<JobFieldName, string>>) {
    super(Object.values(errors)[0] ?? 'Invalid job');
    this.name = 'JobFieldsInvalid';
  }

  send(reply: FastifyReply) {
    const details = Object.entries(this.errors).map(([path, message]) => ({ path, message: message ?? '' }));
    return reply.status(400).send(errorEnvelope(400, 'VALIDATION_FAILED', this.message, undefined, details));
  }
}

/**
 * State names and category keys are accepted in any casing (and 'FCT', 'Abuja'), as the catalogue
 * pages write them; the rules then see the canonical spelling.
 */
function withCanonicalNames(fields: RawJobFields): RawJobFields {
  const out = { ...fields };
  if (typeof out.state === 'string') out.state = canonicalState(out.state) ?? out.state;
  if (typeof out.category === 'string') out.category = canonicalCategoryName(out.category) ?? out.category;
  return out;
}

const text = (value: unknown) => (value as string).trim();
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const personName = (value: unknown) => text(value).replace(/\s+/g, ' ');

function subcategoryNames(value: unknown): string[] {
  const names = (Array.isArray(value) ? value : [value]) as string[];
  return [...new Set(names.map((name) => canonicalSubcategoryName(name) as string))];
}

/** A new job's values from a complete form; throws JobFieldsInvalid. */
export function newJobValues(raw: RawJobFields, postedBy: string, now: Date): Omit<NewJob, 'images'> {
  const fields = withCanonicalNames(raw);
  if (fields.subcategory === undefined) fields.subcategory = [];
  const errors = jobFieldErrors(fields, { now });
  if (Object.keys(errors).length > 0) throw new JobFieldsInvalid(errors);
  const jobHeading = text(fields.jobHeading);
  return {
    postedBy,
    name: personName(fields.name),
    email: text(fields.email),
    phoneNumber: normaliseNigerianPhone(text(fields.phoneNumber)) as string,
    state: fields.state as string,
    address: optionalText(fields.address),
    pincode: optionalText(fields.pincode),
    jobStartDate: text(fields.jobStartDate),
    category: fields.category as string,
    subcategory: subcategoryNames(fields.subcategory),
    jobHeading,
    title: optionalText(fields.title) ?? jobHeading,
    description: text(fields.description),
  };
}

/**
 * The changes an edit asks for: only the fields sent, checked with the rules. The sub-categories are
 * checked against the category the job will have (sent or stored), and an unchanged start date is
 * not checked again (a job posted last week keeps its date).
 */
export function jobChanges(raw: RawJobFields, job: StoredJob, now: Date): JobChanges {
  const fields = withCanonicalNames(raw);
  if (fields.jobStartDate !== undefined && typeof fields.jobStartDate === 'string') {
    if (fields.jobStartDate.trim() === job.job_start_date) delete fields.jobStartDate;
  }
  const check: RawJobFields = { ...fields };
  if (check.category !== undefined || check.subcategory !== undefined) {
    check.category ??= job.category;
    check.subcategory ??= job.subcategory;
  }
  const errors = jobFieldErrors(check, { partial: true, now });
  if (Object.keys(errors).length > 0) throw new JobFieldsInvalid(errors);
  const changes: JobChanges = {};
  if (fields.name !== undefined) changes.name = personName(fields.name);
  if (fields.email !== undefined) changes.email = text(fields.email);
  if (fields.phoneNumber !== undefined) {
    changes.phoneNumber = normaliseNigerianPhone(text(fields.phoneNumber)) as string;
  }
  if (fields.state !== undefined) changes.state = fields.state as string;
  if (fields.address !== undefined) changes.address = optionalText(fields.address);
  if (fields.pincode !== undefined) changes.pincode = optionalText(fields.pincode);
  if (fields.jobStartDate !== undefined) changes.jobStartDate = text(fields.jobStartDate);
  if (check.category !== undefined) changes.category = check.category as string;
  if (check.subcategory !== undefined) changes.subcategory = subcategoryNames(check.subcategory);
  if (fields.jobHeading !== undefined) changes.jobHeading = text(fields.jobHeading);
  if (fields.title !== undefined)
    changes.title = optionalText(fields.title) ?? changes.jobHeading ?? job.job_heading;
  if (fields.description !== undefined) changes.description = text(fields.description);
  return changes;
}
