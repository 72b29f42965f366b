import { useId, useState } from 'react';
import { OFFER_LIMITS, OFFER_MESSAGES, type OfferBody } from '@marketplace/contracts';
import { ApiError, errorText, notify } from '@marketplace/ui';
import { FormDialog, TextAreaField, TextField } from '@marketplace/ui/form';
import { sendOffer } from '../api/offers-api';
import { lagosToday } from '../utils/offers';

export interface OfferFormValues {
  priceMode: 'amount' | 'inspection';
  /** As typed: digits, maybe with commas or spaces. */
  price: string;
  startDate: string;
  validDays: string;
  note: string;
}

type OfferField = 'price' | 'startDate' | 'validDays' | 'note';
export type OfferFormErrors = Partial<Record<OfferField, string>>;

/** The API's rules for an offer (OfferBodySchema and the jobs service), with its words. */
export function checkOffer(
  values: OfferFormValues,
  today: string,
): { errors: OfferFormErrors; body?: Omit<OfferBody, 'jobId'> } {
  const errors: OfferFormErrors = {};
  let priceNaira: number | null = null;
  if (values.priceMode === 'amount') {
    const digits = values.price.replace(/[\s,₦]/g, '');
    priceNaira = /^\d{1,12}$/.test(digits) ? Number(digits) : NaN;
    if (!(priceNaira >= OFFER_LIMITS.minPriceNaira && priceNaira <= OFFER_LIMITS.maxPriceNaira)) {
      errors.price = OFFER_MESSAGES.price;
    }
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.startDate) || values.startDate < today) {
    errors.startDate = OFFER_MESSAGES.startDate;
  }
  const validDays = /^\d{1,3}$/.test(values.validDays.trim()) ? Number(values.validDays.trim()) : NaN;
  if (!(validDays >= OFFER_LIMITS.minValidDays && validDays <= OFFER_LIMITS.maxValidDays)) {
    errors.validDays = OFFER_MESSAGES.validDays;
  }
  const note = values.note.trim();
  if (note.length > OFFER_LIMITS.noteMaxChars) errors.note = OFFER_MESSAGES.note;
  if (Object.keys(errors).length > 0) return { errors };
  return { errors, body: { priceNaira, startDate: values.startDate, validDays, note } };
}

/** The API's per-field errors (details paths of OfferBodySchema) on this form's fields. */
function fieldErrorsOf(error: unknown): OfferFormErrors {
  if (!(error instanceof ApiError)) return {};
  const fields: Record<string, OfferField> = {
    priceNaira: 'price',
    startDate: 'startDate',
    validDays: 'validDays',
    note: 'note',
  };
  const found: OfferFormErrors = {};
  for (const detail of error.details) {
    const field = fields[detail.path];
    if (field) found[field] ??= detail.message;
  }
  return found;
}

/**
 * The company's offer for the job of this conversation: a price in naira or "by inspection", the
 * earliest start, how many days it stands and a short note. Sent to the jobs service; the card then
 * appears in the conversation from the offer's event. A new offer replaces the company's earlier one.
 */
export function OfferDialog({
  jobId,
  replacing = false,
  onClose,
}: {
  jobId: string;
  /** "Send a new offer" from the company's standing card: the new one replaces it. */
  replacing?: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const today = lagosToday();
  const [values, setValues] = useState<OfferFormValues>({
    priceMode: 'amount',
    price: '',
    startDate: today,
    validDays: String(OFFER_LIMITS.defaultValidDays),
    note: '',
  });
  const [errors, setErrors] = useState<OfferFormErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();

  const set = <K extends keyof OfferFormValues>(key: K, value: OfferFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // Once the person tried to send, the messages follow what they fix.
    if (submitted) setErrors(checkOffer(next, today).errors);
  };

  const submit = async () => {
    setSubmitted(true);
    const checked = checkOffer(values, today);
    setErrors(checked.errors);
    if (!checked.body) {
      const first = (['price', 'startDate', 'validDays', 'note'] as const).find((f) => checked.errors[f]);
      if (first) document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await sendOffer({ jobId, ...checked.body });
      notify(
        'success',
        result.resultMessage?.en || (replacing ? OFFER_MESSAGES.replaced : OFFER_MESSAGES.sent),
      );
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure(errorText(error, { server: true, fallback: 'The offer could not be sent. Try again.' }));
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={replacing ? 'Send a new offer' : 'Send an offer'}
      onClose={onClose}
      submitLabel="Send offer"
      pendingLabel="Sending…"
      pending={busy}
      error={failure}
      onSubmit={() => void submit()}
    >
      {replacing && <p className="chat-offer-form__lead">Your new offer replaces the one that stands now.</p>}
      <fieldset className="chat-offer-form__price">
        <legend className="choice-group__title">Price</legend>
        <div className="choice-list choice-list--grid">
          <label className="choice">
            <input
              type="radio"
              name="priceMode"
              value="amount"
              checked={values.priceMode === 'amount'}
              onChange={() => set('priceMode', 'amount')}
            />
            <span>A price in naira</span>
          </label>
          <label className="choice">
            <input
              type="radio"
              name="priceMode"
              value="inspection"
              checked={values.priceMode === 'inspection'}
              onChange={() => set('priceMode', 'inspection')}
            />
            <span>{OFFER_MESSAGES.byInspection}</span>
          </label>
        </div>
        {values.priceMode === 'amount' && (
          <TextField
            id={`${formId}-price`}
            label="Price (₦)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="45,000"
            value={values.price}
            error={errors.price}
            hint={`Whole naira, from ₦${OFFER_LIMITS.minPriceNaira.toLocaleString('en-NG')}.`}
            onChange={(e) => set('price', e.target.value)}
          />
        )}
      </fieldset>
      <TextField
        id={`${formId}-startDate`}
        label="Earliest start"
        type="date"
        min={today}
        value={values.startDate}
        error={errors.startDate}
        onChange={(e) => set('startDate', e.target.value)}
      />
      <TextField
        id={`${formId}-validDays`}
        label="Offer stands for (days)"
        type="number"
        inputMode="numeric"
        min={OFFER_LIMITS.minValidDays}
        max={OFFER_LIMITS.maxValidDays}
        value={values.validDays}
        error={errors.validDays}
        hint={`The poster can accept it for this many days (${OFFER_LIMITS.minValidDays}–${OFFER_LIMITS.maxValidDays}).`}
        onChange={(e) => set('validDays', e.target.value)}
      />
      <TextAreaField
        id={`${formId}-note`}
        label="Note (optional)"
        rows={3}
        value={values.note}
        error={errors.note}
        hint={`What is included, e.g. materials. At most ${OFFER_LIMITS.noteMaxChars} characters.`}
        onChange={(e) => set('note', e.target.value)}
      />
    </FormDialog>
  );
}
