import { useState, type FormEvent } from 'react';
import { apiFetch, BRAND, notify, NetworkError, readApiBody } from '@marketplace/ui';
import {
  API_PATHS,
  CONTACT_SUBJECTS,
  MESSAGES,
  UI_TIMINGS,
  failedToSendMessage,
  type ContactBody,
} from '@marketplace/contracts';
import './contact.css';

export const SEND_MAIL_URL = API_PATHS.sendMail;

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

/** Spec "Contact": the form, sections 4, 5 and 8 for its states, rules and messages. */
export function ContactUsPage() {
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const [sending, setSending] = useState(false);

  const field =
    (key: keyof ContactForm) =>
    (event: { target: { value: string } }): void =>
      setForm((current) => ({ ...current, [key]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const name = form.name.trim();
    const email = form.email.trim();
    const msg = form.message.trim();
    if (!name || !email || !msg) {
      notify('error', MESSAGES.pleaseFillNameEmailAndMessage, UI_TIMINGS.contactValidationToastMs);
      return;
    }
    setSending(true);
    try {
      const response = await apiFetch(SEND_MAIL_URL, {
        method: 'POST',
        networkToast: false,
        json: {
          email,
          name,
          phoneNumber: form.phoneNumber.trim(),
          hourseaddress: form.houseAddress.trim(),
          msg,
          subject: form.subject,
        },
      });
      if (response.ok) {
        notify('success', MESSAGES.messageSentWellGetBackToYou, UI_TIMINGS.contactSuccessToastMs);
        setForm(EMPTY);
      } else {
        notify(
          'error',
          failedToSendMessage(response.status, (await readApiBody(response)).message),
          UI_TIMINGS.contactFailureToastMs,
        );
      }
    } catch (error) {
      if (error instanceof NetworkError)
        notify('error', MESSAGES.networkErrorTryAgainLater, UI_TIMINGS.contactNetworkErrorToastMs);
      else throw error;
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="contact-page" data-remote="catalogue">
      <header className="ui-page__band">
        <div className="ui-container ui-page__head">
          <p className="ui-eyebrow">Support</p>
          <h1 className="ui-page__title">Contact us</h1>
          <p className="ui-page__lead">
            Questions about a job, a payment or your account? Send us a message and we will get back to you.
          </p>
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
        <form className="contact-form" onSubmit={onSubmit} noValidate aria-label="Contact form">
          <div className="contact-form__grid">
            <label className="contact-field">
              <span>
                Name <abbr title="required">*</abbr>
              </span>
              <input value={form.name} onChange={field('name')} autoComplete="name" />
            </label>
            <label className="contact-field">
              <span>
                Email <abbr title="required">*</abbr>
              </span>
              <input
                type="email"
                value={form.email}
                onChange={field('email')}
                autoComplete="email"
                inputMode="email"
              />
            </label>
            <label className="contact-field">
              <span>Phone Number</span>
              <input type="tel" value={form.phoneNumber} onChange={field('phoneNumber')} autoComplete="tel" />
            </label>
            <label className="contact-field">
              <span>House Address</span>
              <input
                value={form.houseAddress}
                onChange={field('houseAddress')}
                autoComplete="street-address"
              />
            </label>
            <label className="contact-field contact-field--full">
              <span>Subject</span>
              <select value={form.subject} onChange={field('subject')}>
                {CONTACT_SUBJECTS.map((subject) => (
                  <option key={subject.value} value={subject.value}>
                    {subject.label}
                  </option>
                ))}
              </select>
            </label>
            <label className="contact-field contact-field--full">
              <span>
                Message <abbr title="required">*</abbr>
              </span>
              <textarea value={form.message} onChange={field('message')} rows={6} />
            </label>
          </div>
          <button
            type="submit"
            className="ui-btn ui-btn--primary ui-btn--lg contact-form__submit"
            disabled={sending}
          >
            {sending ? MESSAGES.sending : 'Send message'}
          </button>
        </form>
      </div>
    </section>
  );
}
