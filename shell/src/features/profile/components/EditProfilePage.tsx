import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { apiBodyText, notify, updateSessionUser, useSession, type SessionUser } from '@marketplace/ui';
import {
  AddressRule,
  DescriptionRule,
  MESSAGES,
  NigerianPhoneRule,
  PostalCodeRule,
  ProfileNameRule,
  UI_TIMINGS,
  updateFailed,
} from '@marketplace/contracts';
import {
  FormError,
  SubmitButton,
  TextAreaField,
  TextField,
  applyServerErrors,
  type FieldChecks,
} from '@marketplace/ui/form';
import { fieldRulesResolver } from '@marketplace/ui/form-rules';
import { APP_PAGES } from '@marketplace/page-head';
import { accountOf } from '../../../lib/account-api';
import { isImageFile } from '../utils/validation';
import { uploadProfile } from '../api/upload';
import { GetVerified } from './GetVerified';
import { YourData } from './YourData';

/** The editable fields, in form order; only the changed ones are sent. */
export const PROFILE_FIELDS = ['name', 'phoneNumber', 'address', 'pincode', 'description'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
type ProfileForm = Record<ProfileField, string>;

function formValues(user: SessionUser): ProfileForm {
  return {
    name: user.name ?? '',
    phoneNumber: user.phoneNumber ?? '',
    address: user.address ?? '',
    pincode: user.pincode ?? '',
    description: user.description ?? '',
  };
}

/** Trimmed values that differ from the account. */
export function changedFields(values: ProfileForm, original: ProfileForm): Partial<ProfileForm> {
  const changed: Partial<ProfileForm> = {};
  for (const field of PROFILE_FIELDS) {
    const value = values[field].trim();
    if (value !== original[field].trim()) changed[field] = value;
  }
  return changed;
}

/** Spec section 5: the contracts rules, on changed fields only (the API checks the same ones). */
export function profileChecks(original: ProfileForm): FieldChecks<ProfileForm> {
  const unchanged = (field: ProfileField) => (values: ProfileForm) =>
    values[field].trim() === original[field].trim();
  return {
    name: { rule: ProfileNameRule, skip: unchanged('name') },
    phoneNumber: { rule: NigerianPhoneRule, skip: unchanged('phoneNumber') },
    address: { rule: AddressRule, skip: unchanged('address') },
    pincode: { rule: PostalCodeRule, skip: unchanged('pincode') },
    description: { rule: DescriptionRule, skip: unchanged('description') },
  };
}

const validationToast = (message: string) => notify('error', message, UI_TIMINGS.profileValidationToastMs);

export default function EditProfilePage() {
  const { user } = useSession();
  if (!user) return null; // the signed-in layout redirects
  return <ProfileEditor user={user} />;
}

function ProfileEditor({ user }: { user: SessionUser }) {
  const original = formValues(user);
  const checks = profileChecks(original);
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, reset, setError, clearErrors, trigger, formState } = useForm<ProfileForm>({
    mode: 'onTouched',
    // Names are checked while typing: a character the rule does not accept is explained, not dropped.
    reValidateMode: 'onChange',
    resolver: fieldRulesResolver(checks),
    defaultValues: original,
  });
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = progress !== null;

  useEffect(() => () => (photo ? URL.revokeObjectURL(photo.url) : undefined), [photo]);

  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!isImageFile(file)) {
      validationToast(MESSAGES.pleaseUploadAValidImageFile);
      event.target.value = '';
      return;
    }
    setPhoto({ file, url: URL.createObjectURL(file) });
  };

  const onSubmit = async (values: ProfileForm) => {
    clearErrors();
    const changed = changedFields(values, original);
    if (Object.keys(changed).length === 0 && !photo) {
      // Typed something that trims back to the saved value: "Nothing to update"; untouched: make a change.
      const touched = PROFILE_FIELDS.some((field) => values[field] !== original[field]);
      validationToast(touched ? MESSAGES.nothingToUpdate : MESSAGES.makeAtLeastOneChange);
      return;
    }
    setFormError(undefined);

    const form = new FormData();
    for (const [field, value] of Object.entries(changed)) form.append(field, value);
    if (photo) form.append('images', photo.file, photo.file.name);

    setProgress(0);
    try {
      const { status, body } = await uploadProfile(form, setProgress);
      if (status === 200 || status === 201) {
        const updated = accountOf(body) ?? { ...user, ...changed };
        updateSessionUser(updated);
        reset(formValues({ ...user, ...updated }));
        setPhoto(null);
        if (fileInput.current) fileInput.current.value = '';
        notify('success', apiBodyText(body).message ?? MESSAGES.companyProfileUpdatedSuccessfully);
      } else if (status === 400) {
        setFormError(applyServerErrors(apiBodyText(body), setError, checks, updateFailed(status)));
      } else {
        setFormError(updateFailed(status));
      }
    } catch {
      setFormError(MESSAGES.somethingWentWrongWhileUpdatingProfile);
    } finally {
      setProgress(null);
    }
  };

  const shownPhoto = photo?.url ?? user.photoUrl;

  return (
    <section className="profile-page">
      <header className="profile-page__head">
        <p className="ui-eyebrow">{APP_PAGES.editProfile.eyebrow}</p>
        <h1 className="profile-page__title">{APP_PAGES.editProfile.heading}</h1>
        <p className="profile-page__lead">{APP_PAGES.editProfile.lead}</p>
      </header>

      <form className="profile-page__grid" onSubmit={handleSubmit(onSubmit)} noValidate>
        <FormError message={formError} />
        <div className="profile-card profile-photo">
          <div className="profile-photo__preview">
            {shownPhoto ? (
              <img src={shownPhoto} alt={photo ? 'New profile photo preview' : 'Current profile photo'} />
            ) : (
              <span className="profile-photo__placeholder" aria-hidden="true">
                {user.name.slice(0, 1).toUpperCase() || '?'}
              </span>
            )}
          </div>
          <label className="ui-btn ui-btn--secondary profile-photo__pick">
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              className="ui-visually-hidden"
              onChange={onPhoto}
              disabled={busy}
            />
            {MESSAGES.chooseImage}
          </label>
          {photo && (
            <p className="profile-photo__name">
              {photo.file.name}{' '}
              <button
                type="button"
                className="form-link"
                onClick={() => {
                  setPhoto(null);
                  if (fileInput.current) fileInput.current.value = '';
                }}
                disabled={busy}
              >
                Remove
              </button>
            </p>
          )}
          <p className="profile-photo__hint">JPEG, PNG or WebP.</p>
          {progress !== null && (
            <div className="profile-progress">
              <progress max={100} value={progress} aria-label="Upload progress" />
              <span>{progress}%</span>
            </div>
          )}
        </div>

        <div className="profile-card profile-fields">
          <div className="form-grid">
            <TextField
              label="Name"
              autoComplete="name"
              error={formState.errors.name?.message}
              hint="Letters and spaces only."
              {...register('name', { onChange: () => void trigger('name') })}
            />
            <TextField
              label="Email"
              type="email"
              value={user.email}
              readOnly
              hint="Email cannot be changed."
            />
            <TextField
              label="Contact Number"
              type="tel"
              autoComplete="tel"
              error={formState.errors.phoneNumber?.message}
              {...register('phoneNumber')}
            />
            {user.type === 'company' && (
              <TextField
                label="CAC Number"
                value={user.cacnumber ?? ''}
                readOnly
                hint="Registered CAC number."
              />
            )}
            <TextField
              label="Address"
              autoComplete="street-address"
              fieldClassName="form-grid__full"
              error={formState.errors.address?.message}
              {...register('address')}
            />
            <TextField
              label="Pincode"
              inputMode="numeric"
              autoComplete="postal-code"
              error={formState.errors.pincode?.message}
              {...register('pincode')}
            />
            <TextAreaField
              label="Description"
              rows={5}
              fieldClassName="form-grid__full"
              error={formState.errors.description?.message}
              {...register('description')}
            />
          </div>
          <div className="profile-fields__actions">
            <SubmitButton busy={busy} busyLabel="Updating…">
              {MESSAGES.updateProfile}
            </SubmitButton>
          </div>
        </div>
      </form>

      {user.type === 'company' && <GetVerified registeredCac={user.cacnumber} />}

      <YourData />
    </section>
  );
}
