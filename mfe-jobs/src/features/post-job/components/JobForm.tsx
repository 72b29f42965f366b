import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from '@marketplace/ui/router';
import { useQueryClient } from '@tanstack/react-query';
import {
  CATEGORY_NAMES,
  JOB_LIMITS,
  JOB_MESSAGES,
  MESSAGES,
  NIGERIAN_STATES,
  UI_TIMINGS,
} from '@marketplace/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError, notify } from '@marketplace/ui';
import {
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  applyServerErrors,
} from '@marketplace/ui/form';
import { MY_JOBS_KEY } from '../../../shared/my-jobs';
import { saveJob, type SaveTarget } from '../api/save-job';
import {
  changedJobFields,
  JOB_FORM_CHECKS,
  jobFormData,
  jobFormResolver,
  toJobFields,
  type JobFormValues,
} from '../utils/job-form';
import { acceptPhotos, PhotoPicker, type PickedPhoto } from './PhotoPicker';
import { StartDateField } from './StartDateField';
import { SubcategoryField } from './SubcategoryField';

export const NETWORK_KEPT_TEXT = `${NETWORK_ERROR_MESSAGE}. Your job was not sent; everything you typed is still here.`;
export const NOTHING_CHANGED_TEXT = 'Nothing has changed yet: edit a field or add a photo, then save.';

export interface JobFormProps {
  target: SaveTarget;
  /** The form's starting values (profile and category page for a new job, the saved job for an edit). */
  initial: JobFormValues;
  /** Photos the job already has (edit). */
  savedImages?: ReadonlyArray<{ url: string }>;
}

/** The /jobpost form, for a new job or an edit of one (spec "Post Job", section 4 "Job creation"). */
/** What a long text field shows under it: how much of its limit is used (nothing is cut silently). */
const counter = (value: string, max: number) => `${value.length} / ${max} characters`;

export function JobForm({ target, initial, savedImages = [] }: JobFormProps) {
  const editing = target.kind === 'edit';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | undefined>();
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const [saved, setSaved] = useState(false);
  const [subLoading, setSubLoading] = useState(false);
  const subTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const photoUrls = useRef<string[]>([]);

  const { register, control, handleSubmit, reset, setError, setValue, watch, formState } =
    useForm<JobFormValues>({
      mode: 'onTouched',
      reValidateMode: 'onChange',
      resolver: jobFormResolver(editing ? initial : undefined),
      defaultValues: initial,
    });
  const { errors } = formState;
  const category = watch('category');
  const heading = watch('jobHeading') ?? '';
  const description = watch('description') ?? '';
  const busy = progress !== null;
  const locked = busy || saved;

  // Preview addresses and timers do not outlive the form.
  useEffect(
    () => () => {
      for (const url of photoUrls.current) URL.revokeObjectURL(url);
      clearTimeout(subTimer.current);
      clearTimeout(leaveTimer.current);
    },
    [],
  );

  const onPick = async (files: File[]) => {
    // New photos replace the saved ones, so only the new ones count towards the limit.
    const { accepted, error } = await acceptPhotos(files, photos.length);
    setPhotoError(error);
    const picked = accepted.map((file) => ({ file, url: URL.createObjectURL(file) }));
    photoUrls.current.push(...picked.map((photo) => photo.url));
    setPhotos((current) => [...current, ...picked]);
  };
  const onRemove = (index: number) => {
    setPhotoError(undefined);
    setPhotos((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((_, i) => i !== index);
    });
  };

  const onCategory = (next: string) => {
    setValue('subcategory', [], { shouldDirty: true });
    clearTimeout(subTimer.current);
    if (!next) return setSubLoading(false);
    setSubLoading(true);
    subTimer.current = setTimeout(() => setSubLoading(false), UI_TIMINGS.subcategoryLoadingMs);
  };

  const onSubmit = async (values: JobFormValues) => {
    if (locked) return;
    setFormError(undefined);
    const fields = editing ? changedJobFields(values, initial) : toJobFields(values);
    const images = photos.map((photo) => photo.file);
    if (editing && Object.keys(fields).length === 0 && images.length === 0) {
      setFormError(NOTHING_CHANGED_TEXT);
      return;
    }
    setProgress(0);
    try {
      const response = await saveJob(target, jobFormData(fields, images), setProgress);
      setSaved(true);
      notify('success', editing ? JOB_MESSAGES.jobUpdated : MESSAGES.jobCreatedSuccessfully);
      void queryClient.invalidateQueries({ queryKey: MY_JOBS_KEY });
      if (editing) void queryClient.invalidateQueries({ queryKey: ['jobs', 'edit', response.job?._id] });
      // Spec section 4: the form clears and the dashboard opens 1.5 s later.
      reset(editing ? values : { ...initial, jobHeading: '', description: '' });
      for (const photo of photos) URL.revokeObjectURL(photo.url);
      setPhotos([]);
      leaveTimer.current = setTimeout(() => navigate('/dashboard'), UI_TIMINGS.redirectAfterSuccessMs);
    } catch (error) {
      if (error instanceof NetworkError) setFormError(NETWORK_KEPT_TEXT);
      // A photo the server could not read as an image: said at the photos, not atop the form.
      else if (error instanceof ApiError && error.status === 415)
        setPhotoError(error.serverMessage ?? MESSAGES.pleaseUploadAValidImageFile);
      else if (error instanceof ApiError)
        setFormError(
          applyServerErrors(
            { message: error.serverMessage, details: error.details },
            setError,
            JOB_FORM_CHECKS,
            `The job could not be saved (status ${error.status}).`,
          ),
        );
      else setFormError('The job could not be saved.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className="post-job__form"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-busy={busy || undefined}
    >
      <FormError message={formError} />

      <section className="post-job__section" aria-labelledby="post-job-photos">
        <h2 className="post-job__section-title" id="post-job-photos">
          <span className="post-job__step" aria-hidden="true">
            1
          </span>
          Show the job
        </h2>
        <PhotoPicker
          photos={photos}
          saved={savedImages}
          error={photoError}
          disabled={locked}
          onPick={(files) => void onPick(files)}
          onRemove={onRemove}
        />
      </section>

      <section className="post-job__section" aria-labelledby="post-job-contact">
        <h2 className="post-job__section-title" id="post-job-contact">
          <span className="post-job__step" aria-hidden="true">
            2
          </span>
          Your contact details
        </h2>
        <p className="post-job__section-lead">
          Only companies that unlock your job see your email, phone number and address.
        </p>
        <div className="form-grid">
          <TextField
            label="Name"
            autoComplete="name"
            error={errors.name?.message}
            readOnly={locked}
            {...register('name')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            readOnly={locked}
            {...register('email')}
          />
          <TextField
            label="Phone Number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="e.g. 0803 123 4567"
            error={errors.phoneNumber?.message}
            readOnly={locked}
            {...register('phoneNumber')}
          />
          <SelectField label="State" error={errors.state?.message} disabled={locked} {...register('state')}>
            <option value="">Choose a state</option>
            {NIGERIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Address"
            autoComplete="street-address"
            error={errors.address?.message}
            readOnly={locked}
            {...register('address')}
          />
          <TextField
            label="Postal code"
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={6}
            placeholder="6 digits"
            error={errors.pincode?.message}
            readOnly={locked}
            {...register('pincode')}
          />
        </div>
      </section>

      <section className="post-job__section" aria-labelledby="post-job-details">
        <h2 className="post-job__section-title" id="post-job-details">
          <span className="post-job__step" aria-hidden="true">
            3
          </span>
          About the job
        </h2>
        <div className="form-grid">
          <Controller
            control={control}
            name="jobStartDate"
            render={({ field }) => (
              <StartDateField
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                buttonRef={field.ref}
                error={errors.jobStartDate?.message}
                disabled={locked}
              />
            )}
          />
          <SelectField
            label="Category"
            error={errors.category?.message}
            disabled={locked}
            {...register('category', { onChange: (event) => onCategory(event.target.value) })}
          >
            <option value="">Choose a category</option>
            {CATEGORY_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Job heading"
            fieldClassName="form-grid__full"
            placeholder="e.g. Fix a leaking kitchen sink"
            hint={counter(heading, JOB_LIMITS.headingMax)}
            error={
              errors.jobHeading?.message ??
              (heading.trim().length > JOB_LIMITS.headingMax ? JOB_MESSAGES.headingTooLong : undefined)
            }
            readOnly={locked}
            {...register('jobHeading')}
          />
          <Controller
            control={control}
            name="subcategory"
            render={({ field }) => (
              <SubcategoryField
                category={category}
                value={field.value}
                onChange={field.onChange}
                loading={subLoading}
                firstRef={field.ref}
                error={errors.subcategory?.message}
                disabled={locked}
              />
            )}
          />
          <TextAreaField
            label="Job description"
            rows={6}
            fieldClassName="form-grid__full"
            placeholder="What needs doing, how big it is, anything companies should know before they quote."
            hint={counter(description, JOB_LIMITS.descriptionMax)}
            error={
              errors.description?.message ??
              (description.trim().length > JOB_LIMITS.descriptionMax
                ? JOB_MESSAGES.descriptionTooLong
                : undefined)
            }
            readOnly={locked}
            {...register('description')}
          />
        </div>
      </section>

      <div className="post-job__actions">
        {progress !== null && (
          <div className="post-job__progress">
            <progress max={100} value={progress} aria-label="Upload progress" />
            <span aria-hidden="true">{progress}%</span>
          </div>
        )}
        <SubmitButton
          busy={busy || saved}
          busyLabel={saved ? 'Opening your dashboard…' : editing ? 'Saving…' : 'Posting…'}
        >
          {editing ? 'Save changes' : MESSAGES.post}
        </SubmitButton>
        <p className="post-job__legal">
          Posting is free and offers are not binding: you choose the company you want.
        </p>
      </div>
    </form>
  );
}
