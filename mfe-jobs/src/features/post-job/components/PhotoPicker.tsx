import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { JOB_IMAGE_LIMIT, JOB_MESSAGES, MESSAGES } from '@marketplace/contracts';

/** A photo chosen on this device, with its preview address (an object URL the form revokes). */
export interface PickedPhoto {
  file: File;
  url: string;
}

interface PhotoPickerProps {
  photos: readonly PickedPhoto[];
  /** Photos the job already has (edit): shown until new ones are chosen, which replace them all. */
  saved: ReadonlyArray<{ url: string }>;
  error?: string | undefined;
  disabled?: boolean;
  onPick: (files: File[]) => void;
  onRemove: (index: number) => void;
}

function CameraIcon() {
  return (
    <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
      <path
        d="M4 8.5A2.5 2.5 0 0 1 6.5 6h1.6l1.3-2h5.2l1.3 2h1.6A2.5 2.5 0 0 1 20 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12.5" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * Spec "Post Job": 'Choose Image' with a round 150 px preview. Up to JOB_IMAGE_LIMIT photos (the first is
 * the job's cover on the cards); each can be removed before sending.
 */
export function PhotoPicker({ photos, saved, error, disabled, onPick, onRemove }: PhotoPickerProps) {
  const hintId = useId();
  const errorId = useId();
  // New photos replace the saved ones (the jobs service stores the photos of an edit instead of the old).
  const current = photos.length > 0 ? [] : saved;
  const cover = photos[0]?.url ?? current[0]?.url;
  const full = photos.length >= JOB_IMAGE_LIMIT;
  const list = useRef<HTMLUListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  /** The place of a photo just removed: focus goes to the next one's Remove (or back to Choose Image). */
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('.photo-picker__remove') ?? [])];
    (buttons[Math.min(index, buttons.length - 1)] ?? fileInput.current)?.focus();
  }, [photos]);
  // A refused photo (here or by the server) is said at the picker and focus goes there.
  useEffect(() => {
    if (error) fileInput.current?.focus();
  }, [error]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file can be chosen again after removing it
    if (files.length > 0) onPick(files);
  };

  return (
    <fieldset className={['photo-picker', error && 'has-error'].filter(Boolean).join(' ')}>
      <legend className="form-field__label">
        Photos <span className="post-job__optional">(optional)</span>
      </legend>
      <div className="photo-picker__body">
        <div className="photo-picker__cover">
          {cover ? (
            <img src={cover} alt={photos[0] ? `Preview of ${photos[0].file.name}` : 'Current job photo'} />
          ) : (
            <span className="photo-picker__placeholder">
              <CameraIcon />
            </span>
          )}
        </div>
        <div className="photo-picker__side">
          <label
            className={[
              'ui-btn',
              'ui-btn--secondary',
              'photo-picker__pick',
              (disabled || full) && 'is-disabled',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              multiple
              className="ui-visually-hidden"
              onChange={onChange}
              disabled={disabled || full}
              aria-describedby={error ? errorId : hintId}
              aria-invalid={error ? true : undefined}
            />
            {MESSAGES.chooseImage}
          </label>
          <p className="form-field__hint" id={hintId}>
            {full
              ? `That is the most a job can have (${JOB_IMAGE_LIMIT}).`
              : `JPEG, PNG or WebP, up to ${JOB_IMAGE_LIMIT} photos. The first one is the cover.`}
            {saved.length > 0 &&
              (photos.length > 0
                ? ' These replace the job’s current photos when you save.'
                : ' New photos replace the current ones.')}
          </p>
          {(photos.length > 0 || current.length > 1) && (
            <ul className="photo-picker__thumbs" aria-label="Chosen photos" ref={list}>
              {current.map((image, index) => (
                <li key={`saved-${image.url}`} className="photo-picker__thumb">
                  <img src={image.url} alt={`Current photo ${index + 1}`} />
                </li>
              ))}
              {photos.map((photo, index) => (
                <li key={photo.url} className="photo-picker__thumb">
                  <img src={photo.url} alt={photo.file.name} />
                  <button
                    type="button"
                    className="photo-picker__remove"
                    onClick={() => {
                      removedAt.current = index;
                      onRemove(index);
                    }}
                    disabled={disabled}
                    aria-label={`Remove ${photo.file.name}`}
                  >
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
                      <path
                        d="M6 6l12 12M18 6 6 18"
                        stroke="currentColor"
                        strokeWidth="2.4"
                        strokeLinecap="round"
                      />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <p className="form-field__error" id={errorId} aria-live="polite">
        {error}
      </p>
    </fieldset>
  );
}

/**
 * True when the file starts as a JPEG, PNG or WebP does: a text file renamed `.jpg` has an image type
 * (the browser reads it from the name) but would be a broken preview and a refusal from the server.
 */
export async function looksLikeImage(file: File): Promise<boolean> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  } catch {
    return true; // unreadable here: the server reads it and says so
  }
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = [0x89, 0x50, 0x4e, 0x47].every((byte, index) => bytes[index] === byte);
  const webp = ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  return jpeg || png || webp;
}

/** Which of `files` may join `current` photos: images only (by their bytes), JOB_IMAGE_LIMIT in all. */
export async function acceptPhotos(
  files: File[],
  current: number,
): Promise<{ accepted: File[]; error?: string }> {
  const checks = await Promise.all(
    files.map(async (file) => file.type.startsWith('image/') && (await looksLikeImage(file))),
  );
  const images = files.filter((_, index) => checks[index]);
  const room = Math.max(0, JOB_IMAGE_LIMIT - current);
  const accepted = images.slice(0, room);
  if (images.length < files.length) return { accepted, error: MESSAGES.pleaseUploadAValidImageFile };
  if (images.length > room) return { accepted, error: JOB_MESSAGES.tooManyImages };
  return { accepted };
}
