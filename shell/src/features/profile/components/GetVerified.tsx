import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CERTIFICATE_ACCEPT,
  CERTIFICATE_CONTENT_TYPES,
  CERTIFICATE_MAX_BYTES,
  FIELD_MESSAGES,
  GET_VERIFIED_COPY,
  parseCacNumber,
  VERIFICATION_MESSAGES,
  type MyVerificationResponse,
} from '@marketplace/contracts';
import { ApiError, Button, notify } from '@marketplace/ui';
import { VerifiedBadge, verifiedSinceText } from '@marketplace/ui/verified-badge';
import { FormError, SubmitButton, TextField } from '@marketplace/ui/form';
import { askVerification, fetchMyVerification } from '../api/verification';

type Loaded =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; state: MyVerificationResponse };

/** The comfort check of the file (the server reads its bytes): a type we take and at most 5 MB. */
export function certificateProblem(file: File | undefined): string | undefined {
  if (!file || file.size === 0) return VERIFICATION_MESSAGES.certificateRequired;
  if (file.size > CERTIFICATE_MAX_BYTES) return VERIFICATION_MESSAGES.certificateTooLarge;
  if (file.type && !(CERTIFICATE_CONTENT_TYPES as readonly string[]).includes(file.type)) {
    return VERIFICATION_MESSAGES.invalidCertificate;
  }
  return undefined;
}

/**
 * "Get verified" on the company's own profile page: its state (verified since, waiting, refused or
 * revoked with the admin's reason) and, when it may ask, the CAC number and certificate form.
 */
export function GetVerified({ registeredCac }: { registeredCac: string | null | undefined }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [cacNumber, setCacNumber] = useState(registeredCac ?? '');
  const [file, setFile] = useState<File | undefined>();
  const [errors, setErrors] = useState<{ cac?: string; file?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const headingId = useId();

  const load = (signal?: AbortSignal) => {
    setLoaded({ status: 'loading' });
    fetchMyVerification(signal)
      .then((state) => setLoaded({ status: 'ready', state }))
      .catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) setLoaded({ status: 'error' });
      });
  };
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const cac = cacNumber.trim();
    const fileProblem = certificateProblem(file);
    const cacProblem =
      cac === ''
        ? VERIFICATION_MESSAGES.cacRequired
        : parseCacNumber(cac)
          ? undefined
          : FIELD_MESSAGES.invalidCac;
    const next: { cac?: string; file?: string } = {
      ...(cacProblem ? { cac: cacProblem } : {}),
      ...(fileProblem ? { file: fileProblem } : {}),
    };
    setErrors(next);
    if (next.cac || next.file || !file) return;
    setSending(true);
    try {
      const answer = await askVerification(cac, file);
      notify('success', answer.message);
      setFile(undefined);
      if (fileInput.current) fileInput.current.value = '';
      setLoaded((current) =>
        current.status === 'ready'
          ? { status: 'ready', state: { ...current.state, request: answer.request } }
          : current,
      );
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors({ form: error.serverMessage ?? error.message });
        if (error.status === 409) load();
      } else {
        setErrors({ form: 'The request could not be sent. Please check your connection.' });
      }
    } finally {
      setSending(false);
    }
  };

  let body;
  if (loaded.status === 'loading') {
    body = (
      <p className="get-verified__state" aria-busy="true">
        Loading…
      </p>
    );
  } else if (loaded.status === 'error') {
    body = (
      <div className="get-verified__state" role="alert">
        <p>{GET_VERIFIED_COPY.loadFailed}</p>
        <Button variant="secondary" size="sm" onClick={() => load()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const { verifiedAt, request } = loaded.state;
    if (verifiedAt) {
      body = (
        <p className="get-verified__state get-verified__state--ok">
          <VerifiedBadge verifiedAt={verifiedAt} /> <span>{verifiedSinceText(verifiedAt)}.</span>
        </p>
      );
    } else if (request?.status === 'requested') {
      body = (
        <p className="get-verified__state" role="status">
          <strong>Pending.</strong> {GET_VERIFIED_COPY.pending} (CAC number {request.cacNumber})
        </p>
      );
    } else {
      const last =
        request && (request.status === 'refused' || request.status === 'revoked') ? request : undefined;
      body = (
        <>
          {last && (
            <div className="get-verified__state get-verified__state--refused">
              <p>
                <strong>
                  {last.status === 'refused' ? GET_VERIFIED_COPY.refused : GET_VERIFIED_COPY.revoked}
                </strong>
              </p>
              {last.reason && <p>The reason: {last.reason}</p>}
              <p>{GET_VERIFIED_COPY.tryAgain}</p>
            </div>
          )}
          <form className="get-verified__form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
            <FormError message={errors.form} />
            <TextField
              label={GET_VERIFIED_COPY.cacLabel}
              name="cacNumber"
              value={cacNumber}
              onChange={(event) => setCacNumber(event.target.value)}
              error={errors.cac}
              hint={GET_VERIFIED_COPY.cacHint}
              maxLength={40}
              disabled={sending}
            />
            <div className={errors.file ? 'form-field has-error' : 'form-field'}>
              <label className="form-field__label" htmlFor={fileId}>
                {GET_VERIFIED_COPY.fileLabel}
              </label>
              <input
                ref={fileInput}
                id={fileId}
                name="certificate"
                type="file"
                accept={CERTIFICATE_ACCEPT}
                className="form-input get-verified__file"
                aria-describedby={errors.file ? `${fileId}-error` : `${fileId}-hint`}
                aria-invalid={errors.file ? true : undefined}
                onChange={(event) => setFile(event.target.files?.[0])}
                disabled={sending}
              />
              {!errors.file && (
                <p className="form-field__hint" id={`${fileId}-hint`}>
                  {GET_VERIFIED_COPY.fileHint}
                </p>
              )}
              <p className="form-field__error" id={`${fileId}-error`} aria-live="polite">
                {errors.file}
              </p>
            </div>
            <div>
              <SubmitButton busy={sending} busyLabel={GET_VERIFIED_COPY.sending}>
                {GET_VERIFIED_COPY.submit}
              </SubmitButton>
            </div>
          </form>
        </>
      );
    }
  }

  return (
    <section className="profile-card get-verified" aria-labelledby={headingId}>
      <h2 id={headingId} className="get-verified__title">
        {GET_VERIFIED_COPY.heading}
      </h2>
      <p className="get-verified__lead">{GET_VERIFIED_COPY.lead}</p>
      {body}
    </section>
  );
}
