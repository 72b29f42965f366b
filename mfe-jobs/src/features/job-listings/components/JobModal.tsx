import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@marketplace/ui/router';
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  JOB_MESSAGES,
  MESSAGES,
  type JobDetail,
  type JobSummary,
} from '@marketplace/contracts';
import {
  ApiError,
  BRAND,
  Button,
  buttonClass,
  errorText,
  NetworkError,
  notify,
  useSession,
  retryUnlessClientError,
} from '@marketplace/ui';
import { newClientId } from '@marketplace/ui/client-id';
import { jobDisplayName } from '@marketplace/ui/job';
import { Modal } from '@marketplace/ui/form';
import { calendarDay, formatDay } from '../../../shared/dates';
import { findChat, sendChatMessage } from '../api/first-message';
import { fetchJob, jobKey } from '../api/get-jobs';
import { UnlockPanel } from './UnlockPanel';
import {
  CalendarIcon,
  HomeIcon,
  LockIcon,
  MailIcon,
  PaperclipIcon,
  PhoneIcon,
  PinIcon,
  SendIcon,
  ShieldIcon,
  TagIcon,
} from './icons';

/** Spec section 1: the transaction is a contract between poster and company only. */
export const LIABILITY_NOTE = `Any agreement for this job is purely a contract between the poster and your company. ${BRAND.name} is not a party to it and bears no liability for the work, its price or its payment.`;

/** Said (and shown) instead of the poster's email, phone number and address until the job is unlocked. */
export const CONTACT_LOCKED_TEXT = 'Contact details are shown after unlocking';

/** Stand-ins drawn blurred where the locked details would be: never the poster's data (the server sends none). */
const LOCKED_PLACEHOLDERS = {
  email: 'poster.name@mail.ng',
  phoneNumber: '+234 800 000 0000',
  address: '00 Sample Street, Ikeja',
} as const;

export type JobModalVariant = 'card' | 'apply';

function detailError(error: unknown): string {
  return errorText(error, {
    status: { 404: JOB_MESSAGES.jobNotFound },
    server: true,
    fallback: 'The job details could not be loaded.',
  });
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="job-contact__row">
      <dt>
        {icon}
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function Blurred({ text }: { text: string }) {
  return (
    <span className="job-contact__blurred" aria-hidden="true">
      {text}
    </span>
  );
}

/** The poster's contact panel: blurred stand-ins while locked, the real details once the server sends them. */
function ContactPanel({
  job,
  detail,
  loading,
  error,
  onRetry,
}: {
  job: JobSummary;
  detail: JobDetail | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const headingId = useId();
  const pincode = (detail ?? job).pincode || MESSAGES.missingValue;
  const state = (detail ?? job).state || MESSAGES.missingValue;
  // Only an explicit "not locked" answer shows details; anything the server sent beside a lock is ignored.
  const unlocked = detail !== undefined && detail.contactLocked === false;

  // Loading, failure and the lock notice sit above the list; the list holds only label/value rows.
  let notice: ReactNode = null;
  let rows: ReactNode = null;
  if (loading) {
    notice = (
      <div className="job-contact__loading" role="status" aria-label="Loading the poster's contact details">
        {[70, 55, 80].map((width) => (
          <span key={width} className="ui-skeleton__line" style={{ width: `${width}%` }} />
        ))}
      </div>
    );
  } else if (!detail) {
    notice = (
      <div className="job-contact__error" role="alert">
        <p>{detailError(error)}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  } else if (unlocked) {
    rows = (
      <>
        <ContactRow icon={<MailIcon />} label="Email">
          {detail.email ? <a href={`mailto:${detail.email}`}>{detail.email}</a> : MESSAGES.missingValue}
        </ContactRow>
        <ContactRow icon={<PhoneIcon />} label="Phone Number">
          {detail.phoneNumber ? (
            <a href={`tel:${detail.phoneNumber}`}>{detail.phoneNumber}</a>
          ) : (
            MESSAGES.missingValue
          )}
        </ContactRow>
        <ContactRow icon={<HomeIcon />} label="Address">
          {detail.address || MESSAGES.missingValue}
        </ContactRow>
      </>
    );
  } else {
    notice = (
      <p className="job-contact__locked">
        <LockIcon size={18} />
        {CONTACT_LOCKED_TEXT}
      </p>
    );
    rows = (
      <>
        <ContactRow icon={<MailIcon />} label="Email">
          <Blurred text={LOCKED_PLACEHOLDERS.email} />
        </ContactRow>
        <ContactRow icon={<PhoneIcon />} label="Phone Number">
          <Blurred text={LOCKED_PLACEHOLDERS.phoneNumber} />
        </ContactRow>
        <ContactRow icon={<HomeIcon />} label="Address">
          <Blurred text={LOCKED_PLACEHOLDERS.address} />
        </ContactRow>
      </>
    );
  }

  return (
    <aside
      className={['job-contact', unlocked ? 'job-contact--open' : 'job-contact--locked'].join(' ')}
      aria-labelledby={headingId}
    >
      <h3 className="job-contact__title" id={headingId}>
        Poster&apos;s contact
      </h3>
      {notice}
      <dl className="job-contact__list">
        {rows}
        <ContactRow icon={<TagIcon />} label="Postal code">
          {pincode}
        </ContactRow>
        <ContactRow icon={<PinIcon />} label="State">
          {state}
        </ContactRow>
      </dl>
    </aside>
  );
}

/** Why a first message could not be sent, in the chat's own words where there are some. */
function firstMessageError(error: unknown, step: 'find' | 'send'): string | null {
  if (error instanceof NetworkError) return null; // the network toast has said it
  if (error instanceof ApiError) {
    if (step === 'find' && (error.status === 403 || error.status === 404)) return CHAT_MESSAGES.notUnlocked;
    if (error.status === 409 || error.status === 423) return CHAT_MESSAGES.readOnly;
    if (error.status === 429) return CHAT_MESSAGES.rateLimited;
    if (error.serverMessage) return error.serverMessage;
  }
  return 'The message could not be sent. Try again.';
}

/**
 * /jobapply's message box (spec): disabled and 'Locked' until the company's unlock is paid; then a real
 * first message to the poster, in the conversation the unlock opened, with the way to continue in Chat.
 */
function MessageBox({
  job,
  canMessage,
  posterName,
}: {
  job: JobSummary;
  canMessage: boolean;
  posterName: string;
}) {
  const { user } = useSession();
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [chatId, setChatId] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  // One id per message: sending the same text again after a failure cannot store it twice.
  const clientId = useRef<string | null>(null);
  const inputId = useId();
  const locked = !canMessage;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (locked || sending || !user) return;
    const message = draft.trim();
    if (!message) {
      notify('warning', MESSAGES.messageCannotBeEmpty);
      return;
    }
    if (message.length > CHAT_LIMITS.messageMaxChars) {
      notify('warning', CHAT_MESSAGES.tooLong);
      return;
    }
    clientId.current ??= newClientId();
    setSending(true);
    let step: 'find' | 'send' = 'find';
    try {
      const id =
        chatId ?? (await findChat({ jobId: job._id, applicantId: user._id, posterId: job.postedBy._id }));
      setChatId(id);
      step = 'send';
      await sendChatMessage({ chatId: id, message, clientId: clientId.current });
      clientId.current = null;
      setDraft('');
      setSent(true);
    } catch (error) {
      const text = firstMessageError(error, step);
      if (text) notify('error', text);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="job-message-box">
      <form className="job-message" onSubmit={send} aria-busy={sending}>
        <label className="ui-visually-hidden" htmlFor={inputId}>
          Message to the poster
        </label>
        <textarea
          id={inputId}
          className="form-input job-message__input"
          rows={2}
          placeholder={locked ? MESSAGES.locked : MESSAGES.typeYourMessage}
          disabled={locked}
          value={locked ? '' : draft}
          onChange={(event) => {
            setDraft(event.target.value);
            clientId.current = null; // another text is another message
          }}
        />
        <button
          type="button"
          className="job-message__icon"
          aria-label="Attach a file"
          disabled={locked}
          onClick={() => notify('info', MESSAGES.fileSharingNotImplemented)}
        >
          <PaperclipIcon />
        </button>
        <button
          type="submit"
          className="job-message__icon job-message__icon--send"
          aria-label={sending ? MESSAGES.sending : 'Send message'}
          disabled={locked || sending}
        >
          <SendIcon />
        </button>
      </form>
      <p className="job-message__status" role="status">
        {sent && chatId && (
          <>
            Message sent to {posterName}.{' '}
            <Link to={`/chat?chat=${encodeURIComponent(chatId)}`}>Continue the conversation in Chat</Link>
          </>
        )}
      </p>
    </div>
  );
}

/**
 * The job modal (spec section 2): the poster's name as title; description, job title, start date, the
 * unlock button and the liability note; the poster's contact panel, blurred until unlocked.
 */
export function JobModal({
  job,
  variant = 'card',
  onClose,
}: {
  job: JobSummary;
  variant?: JobModalVariant;
  onClose: () => void;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: jobKey(job._id, user?._id ?? ''),
    queryFn: ({ signal }) => fetchJob(job._id, signal),
    staleTime: 0,
    retry: retryUnlessClientError,
  });
  const detail = query.data;
  const shown = detail ?? job;
  const day = calendarDay(shown.jobStartDate);
  const locked = detail ? detail.contactLocked : true;
  const isCompany = user?.type === 'company';
  const paid = (detail ?? job).paymentInfo?.status === 'paid';
  const pending = !paid && (detail ?? job).paymentInfo !== undefined;
  const title = detail?.name?.trim() || job.postedBy.name || 'Job details';

  return (
    <Modal title={title} onClose={onClose}>
      <div className="job-modal">
        <div className="job-modal__main">
          <p className="job-modal__trade">
            {[shown.category, ...shown.subcategory].filter(Boolean).join(' · ')}
          </p>
          <h3 className="job-modal__heading">{jobDisplayName(shown)}</h3>
          <p className="job-modal__date">
            <CalendarIcon />
            <span>
              Start date: <time dateTime={day}>{formatDay(day)}</time>
            </span>
          </p>
          <h4 className="job-modal__label">Job description</h4>
          <p className="job-modal__description">{shown.description || MESSAGES.missingValue}</p>

          {isCompany && locked && !query.isPending && detail && (
            <UnlockPanel
              jobId={job._id}
              pending={pending}
              icon={<LockIcon size={18} />}
              onUnlocked={() => {
                void query.refetch();
                void queryClient.invalidateQueries({ queryKey: ['jobs'] });
              }}
            />
          )}
          {isCompany && !locked && (
            <Link className={buttonClass('primary', 'md', 'job-modal__chat')} to="/chat">
              {MESSAGES.startConversation}
            </Link>
          )}

          <p className="job-modal__note">
            <ShieldIcon />
            <span>{LIABILITY_NOTE}</span>
          </p>
        </div>
        <ContactPanel
          job={job}
          detail={detail}
          loading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      </div>
      {variant === 'apply' && <MessageBox job={job} canMessage={isCompany && !locked} posterName={title} />}
    </Modal>
  );
}
