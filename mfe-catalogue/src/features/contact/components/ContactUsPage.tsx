import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiFetch, BRAND, notify, NetworkError, readApiBody } from '@marketplace/ui';
import {
  FormError,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  applyServerErrors,
  type FieldChecks,
} from '@marketplace/ui/form';
import { fieldRulesResolver } from '@marketplace/ui/form-rules';
import {
  API_PATHS,
  AddressRule,
  CONTACT_SUBJECTS,
  ContactRequiredRule,
  EmailRule,
  MESSAGES,
  UI_TIMINGS,
  failedToSendMessage,
  type ContactBody,
} from '@marketplace/contracts';
import { STATIC_PAGES } from '@marketplace/page-head';
import './contact.css';

export const SEND_MAIL_URL = API_PATHS.sendMail;

const PAGE = STATIC_PAGES.contactUs;

interface ContactForm {
  name: string;
  email: string;
  phoneNumber: string;
  houseAddress: string;
  subject: string;
  message: string;
}

const EMPTY: ContactForm = {
  name: '',
  email: '',
  phoneNumber: '',
  houseAddress: '',
  subject: CONTACT_SUBJECTS[0].value,
  message: '',
};

/** The contracts rules of the contact form (the API checks the same ones with the same messages). */
export const CONTACT_CHECKS: FieldChecks<ContactForm> = {
  name: { rule: ContactRequiredRule },
  email: { rule: EmailRule, required: MESSAGES.pleaseFillNameEmailAndMessage },
  houseAddress: { rule: AddressRule, optional: true },
  message: { rule: ContactRequiredRule },
};
const resolver = fieldRulesResolver(CONTACT_CHECKS);

/** API field names of the contact payload -> the form's. */
const FORM_FIELD: Record<string, keyof ContactForm> = {
  name: 'name',
  email: 'email',
  phoneNumber: 'phoneNumber',
  hourseaddress: 'houseAddress',
  msg: 'message',
};

/** Spec "Contact": the form, sections 4, 5 and 8 for its states, rules and messages. */
export function ContactUsPage() {
  const [sending, setSending] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const { register, handleSubmit, reset, setError, formState } = useForm<ContactForm>({
    mode: 'onTouched',
    resolver,
    defaultValues: EMPTY,
  });
  const { errors } = formState;

  const onSubmit = async (form: ContactForm) => {
    setFormError(undefined);
    setSending(true);
    try {
      const json: ContactBody = {
        email: form.email.trim(),
        name: form.name.trim(),
        phoneNumber: form.phoneNumber.trim(),
        hourseaddress: form.houseAddress.trim(),
        msg: form.message.trim(),
        subject: form.subject,
      };
      const response = await apiFetch(SEND_MAIL_URL, { method: 'POST', networkToast: false, json });
      if (response.ok) {
        notify('success', MESSAGES.messageSentWellGetBackToYou, UI_TIMINGS.contactSuccessToastMs);
        reset(EMPTY);
        return;
      }
      const body = await readApiBody(response);
      // Errors for a field land on it; anything else is said in words at the top of the form.
      setFormError(
        response.status === 400
          ? applyServerErrors(
              body,
              setError,
              CONTACT_CHECKS,
              failedToSendMessage(400),
              (name) => FORM_FIELD[name],
            )
          : (body.message ?? failedToSendMessage(response.status)),
      );
    } catch (error) {
      if (error instanceof NetworkError) setFormError(MESSAGES.networkErrorTryAgainLater);
      else throw error;
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="contact-page" data-remote="catalogue">
      <header className="ui-page__band">
        <div className="ui-container ui-page__head">
          <p className="ui-eyebrow">{PAGE.eyebrow}</p>
          <h1 className="ui-page__title">{PAGE.heading}</h1>
          <p className="ui-page__lead">{PAGE.lead}</p>
        </div>
      </header>
      <div className="ui-container contact-page__grid">
        <aside className="contact-info">
          <h2 className="contact-info__title">Customer service</h2>
          <p>Write to us directly:</p>
          <a className="contact-info__email" href={`mailto:${BRAND.supportEmail}`}>
            {BRAND.supportEmail}
          </a>
          <dl className="contact-info__hours">
            <dt>Weekdays</dt>
            <dd>{BRAND.hours}</dd>
            <dt>Weekends</dt>
            <dd>Closed</dd>
          </dl>
        </aside>
        <form className="contact-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Contact form">
          <FormError message={formError} />
          <div className="form-grid">
            <TextField
              label="Name"
              autoComplete="name"
              aria-required="true"
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              inputMode="email"
              aria-required="true"
              error={errors.email?.message}
              {...register('email')}
            />
            <TextField label="Phone Number" type="tel" autoComplete="tel" {...register('phoneNumber')} />
            <TextField
              label="House Address"
              autoComplete="street-address"
              error={errors.houseAddress?.message}
              {...register('houseAddress')}
            />
            <SelectField label="Subject" fieldClassName="form-grid__full" {...register('subject')}>
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject.value} value={subject.value}>
                  {subject.label}
                </option>
              ))}
            </SelectField>
            <TextAreaField
              label="Message"
              rows={6}
              fieldClassName="form-grid__full"
              aria-required="true"
              error={errors.message?.message}
              {...register('message')}
            />
          </div>
          <SubmitButton busy={sending} busyLabel={MESSAGES.sending}>
            Send message
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
