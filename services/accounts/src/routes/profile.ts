import fastifyMultipart from '@fastify/multipart';
import {
  AddressRule,
  DescriptionRule,
  EVENT_TYPES,
  FIELD_MESSAGES,
  MESSAGES,
  NigerianPhoneRule,
  normaliseNigerianPhone,
  PostalCodeRule,
  ProfileNameRule,
  ProfileUpdateFieldsSchema,
  ProfileUpdateFormSchema,
  ProfileUpdateResponseSchema,
  type ProfileUpdateFields,
} from '@marketplace/contracts';
import {
  AppError,
  badRequest,
  containsNul,
  imageResponse,
  multipartBody,
  nulCharacter,
  publishEvent,
  unauthorized,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Updateable } from 'kysely';
import { Type } from 'typebox';
import type { AccountsDatabase, UsersTable } from '../db-types';
import { PHOTO_LIMITS, PHOTO_MESSAGES, PhotoStore, photoTooLarge } from '../repositories/photo-store';
import { UsersRepository, type UserRow } from '../repositories/users-repository';
import { checkField } from '../validation/registration';
import { toAccount } from './users';

export interface ProfileRoutesOptions {
  db: Kysely<AccountsDatabase>;
  photos: PhotoStore;
}

export const PROFILE_MESSAGES = Object.freeze({
  addressTooLong: FIELD_MESSAGES.addressTooLong,
  descriptionTooLong: FIELD_MESSAGES.descriptionTooLong,
  onePhotoOnly: 'Please upload one photo only.',
  tooManyFields: 'The form has too many fields.',
  malformedForm: 'The form could not be read. Please try again.',
  fieldTooLong: (field: string) => `The field ${field} is too long.`,
});

const TEXT_FIELDS = ['name', 'phoneNumber', 'address', 'pincode', 'description'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const PHOTO_FIELDS = new Set(['images', 'image', 'photo']);
const MAX_FIELD_BYTES = 10_000;

interface ProfileForm {
  fields: ProfileUpdateFields;
  photo: Buffer | undefined;
}

/**
 * The signed-in account's own profile (spec "Profile"): name, contact number, address, postal code,
 * description and one photo. Only fields that differ from the stored values are applied; email and CAC
 * number are read-only and ignored when sent. Photos are served from here under server-made names.
 */
export const profileRoutes: FastifyPluginAsyncTypebox<ProfileRoutesOptions> = async (app, options) => {
  const users = new UsersRepository(options.db);
  const { photos } = options;

  await app.register(fastifyMultipart, {
    limits: {
      fileSize: PHOTO_LIMITS.maxBytes,
      files: 1,
      fields: 20,
      fieldSize: MAX_FIELD_BYTES,
      parts: 25,
    },
  });

  app.put(
    '/api/user/editcompany',
    {
      preHandler: app.authenticate,
      config: { documentedBody: multipartBody(ProfileUpdateFormSchema, ProfileUpdateFieldsSchema) },
      schema: { response: { 200: ProfileUpdateResponseSchema } },
    },
    async (request) => {
      const current = await users.findById(request.user.sub);
      if (!current) throw unauthorized('Please sign in to continue.');
      const form = await readProfileForm(request);
      const changes = changedFields(current, form.fields);
      if (Object.keys(changes).length === 0 && !form.photo) throw badRequest(MESSAGES.nothingToUpdate);

      const newPhoto = form.photo ? await photos.save(form.photo) : undefined;
      if (newPhoto) changes.photo_url = PhotoStore.urlFor(newPhoto);
      let updated: UserRow | undefined;
      try {
        updated = await options.db.transaction().execute(async (trx) => {
          const row = await users.update(trx, current.id, changes);
          if (!row) return undefined;
          await publishEvent(
            trx,
            EVENT_TYPES.accountsUserUpdated,
            { userId: row.id, name: row.name, photoUrl: row.photo_url, type: row.type },
            { correlationId: request.id },
          );
          return row;
        });
      } catch (err) {
        await photos.remove(newPhoto);
        throw err;
      }
      if (!updated) {
        await photos.remove(newPhoto);
        throw unauthorized('Please sign in to continue.');
      }
      if (newPhoto) {
        await photos
          .remove(PhotoStore.nameFromUrl(current.photo_url))
          .catch((err) => request.log.warn({ err }, 'old profile photo could not be removed'));
      }
      return {
        statusCode: 200,
        resultMessage: { en: MESSAGES.companyProfileUpdatedSuccessfully },
        user: toAccount(updated),
      };
    },
  );

  app.get(
    '/api/user/photos/:name',
    // Any other name is a 404 (PhotoStore.read accepts server-made names only).
    {
      schema: {
        params: Type.Object({ name: Type.String() }),
        response: { 200: imageResponse('The profile photo, as stored (names are never reused)') },
      },
    },
    async (request, reply) => {
      const photo = await photos.read(request.params.name);
      if (!photo) throw new AppError(404, 'NOT_FOUND', 'Photo not found');
      return (
        reply
          .header('content-type', photo.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .header('cross-origin-resource-policy', 'same-site')
          // Names are never reused: a new photo gets a new name.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(photo.body)
      );
    },
  );
};

/** The text fields and the photo, from multipart (web, Android) or a JSON body (no photo). */
async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  const fields: ProfileUpdateFields = {};
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const key of TEXT_FIELDS) {
      const value = body[key];
      if (typeof value === 'string') fields[key] = value;
      else if (typeof value === 'number') fields[key] = String(value);
      // Anything else is refused whole: applying the other fields would half-write the change.
      else if (value !== undefined && value !== null) {
        throw badRequest(`body/${key} must be string`, 'VALIDATION_FAILED');
      }
    }
    return { fields, photo: undefined };
  }

  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!PHOTO_FIELDS.has(part.fieldname) || photo) {
          part.file.resume();
          if (photo) throw badRequest(PROFILE_MESSAGES.onePhotoOnly);
          continue;
        }
        const buffer = await part.toBuffer();
        // An empty file input (nothing chosen) is no photo.
        if (buffer.length > 0) photo = buffer;
      } else if ((TEXT_FIELDS as readonly string[]).includes(part.fieldname)) {
        if (part.valueTruncated) throw badRequest(PROFILE_MESSAGES.fieldTooLong(part.fieldname));
        const value = String(part.value);
        if (containsNul(value)) throw nulCharacter();
        fields[part.fieldname as TextField] = value;
      }
    }
  } catch (err) {
    throw multipartError(err);
  }
  return { fields, photo };
}

function multipartError(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return photoTooLarge(PHOTO_MESSAGES.tooManyBytes);
    case 'FST_FILES_LIMIT':
      return badRequest(PROFILE_MESSAGES.onePhotoOnly);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(PROFILE_MESSAGES.tooManyFields);
    default:
      // Our own refusals pass through; anything else the multipart reader throws (a truncated body,
      // no boundary, a malformed part) is the client's doing: a 400, never a 500.
      if (err instanceof AppError) return err;
      if (isClientError(err)) return err;
      return badRequest(PROFILE_MESSAGES.malformedForm, 'MALFORMED_MULTIPART');
  }
}

function isClientError(err: unknown): boolean {
  const status = (err as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The columns to update: each sent field that differs from the stored value, checked by the rules of
 * spec section 5 (profile update). Unchanged fields are not applied, even when sent.
 */
function changedFields(current: UserRow, fields: ProfileUpdateFields): Updateable<UsersTable> {
  const changes: Updateable<UsersTable> = {};

  if (fields.name !== undefined) {
    const name = fields.name.trim().replace(/\s+/g, ' ');
    if (name !== current.name) {
      checkField(ProfileNameRule, name);
      changes.name = name;
    }
  }

  if (fields.phoneNumber !== undefined) {
    const raw = fields.phoneNumber.trim();
    const normalised = normaliseNigerianPhone(raw);
    const unchanged = (normalised ?? (raw || null)) === current.phone_number;
    if (!unchanged) {
      checkField(NigerianPhoneRule, raw);
      changes.phone_number = normalised;
    }
  }

  if (fields.pincode !== undefined) {
    const pincode = fields.pincode.trim();
    if ((pincode || null) !== current.pincode) {
      checkField(PostalCodeRule, pincode);
      changes.pincode = pincode;
    }
  }

  if (fields.address !== undefined) {
    const address = fields.address.trim() || null;
    if (address !== current.address) {
      if (address) checkField(AddressRule, address);
      changes.address = address;
    }
  }

  if (fields.description !== undefined) {
    const description = fields.description.trim() || null;
    if (description !== current.description) {
      if (description) checkField(DescriptionRule, description);
      changes.description = description;
    }
  }

  return changes;
}
