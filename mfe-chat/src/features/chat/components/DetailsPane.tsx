import { useId, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@marketplace/contracts';
import { CHAT_PAGE_COPY } from '@marketplace/page-head';
import { type SessionUser, retryUnlessClientError } from '@marketplace/ui';
import { jobDisplayName, JobImage } from '@marketplace/ui/job';
import { Avatar } from '../../../shared/Avatar';
import { calendarDay, formatDay } from '../../../shared/dates';
import { CalendarIcon, CloseIcon, JobIllustration, PhoneIcon, PinIcon, TagIcon } from '../../../shared/icons';
import { chatCompanyKey, chatJobKey, fetchChatJob, fetchCompany } from '../api/chat-api';
import type { OpenChat } from './open-chat';

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="chat-facts__row">
      <dt>
        {icon}
        {label}
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

function JobCard({ chat, memberId }: { chat: OpenChat; memberId: string }) {
  const job = useQuery({
    queryKey: chatJobKey(chat.job._id, memberId),
    queryFn: ({ signal }) => fetchChatJob(chat.job._id, signal),
    retry: retryUnlessClientError,
  });
  const detail = job.data;
  const heading = detail ? jobDisplayName(detail) : chat.job.title;
  const category = detail?.category ?? ('category' in chat.job ? chat.job.category : null);
  const start = detail?.jobStartDate ?? ('jobStartDate' in chat.job ? chat.job.jobStartDate : null);
  return (
    <section className="chat-job" aria-label="Job">
      <JobImage job={detail} className="chat-job__media" fallback={<JobIllustration />} />
      <h3 className="chat-job__heading">{heading}</h3>
      <dl className="chat-facts">
        <Row icon={<TagIcon size={16} />} label="Category">
          {category || MESSAGES.missingValue}
        </Row>
        <Row icon={<CalendarIcon size={16} />} label="Start date">
          {start ? <time dateTime={calendarDay(start)}>{formatDay(start)}</time> : MESSAGES.missingValue}
        </Row>
      </dl>
    </section>
  );
}

/** The other party's phone and address: for a company, the poster's (from the job, when the server
 *  sends them); for a poster, the company's (from the directory). */
function ContactCard({ chat, user }: { chat: OpenChat; user: SessionUser }) {
  const viewerIsCompany = user.type === 'company';
  const job = useQuery({
    queryKey: chatJobKey(chat.job._id, user._id),
    queryFn: ({ signal }) => fetchChatJob(chat.job._id, signal),
    retry: retryUnlessClientError,
    enabled: viewerIsCompany,
  });
  const company = useQuery({
    queryKey: chatCompanyKey(chat.applicantId._id),
    queryFn: ({ signal }) => fetchCompany(chat.applicantId._id, signal),
    retry: retryUnlessClientError,
    enabled: !viewerIsCompany,
  });
  const source = viewerIsCompany ? job : company;
  const phone = viewerIsCompany ? job.data?.phoneNumber : company.data?.phoneNumber;
  const address = viewerIsCompany ? job.data?.address : company.data?.address;
  const loading = source.isPending && source.fetchStatus === 'fetching';
  return (
    <section className="chat-contact" aria-label={viewerIsCompany ? 'Poster' : 'Company'}>
      <div className="chat-contact__who">
        <Avatar name={chat.counterpart.name} size={40} />
        <div>
          <p className="chat-contact__name">{chat.counterpart.name}</p>
          <p className="chat-contact__role">{viewerIsCompany ? 'Job poster' : 'Company'}</p>
        </div>
      </div>
      {loading ? (
        <div className="chat-contact__loading" role="status" aria-label="Loading contact details">
          <span className="ui-skeleton__line" style={{ width: '70%' }} />
          <span className="ui-skeleton__line" style={{ width: '85%' }} />
        </div>
      ) : (
        <dl className="chat-facts">
          <Row icon={<PhoneIcon size={16} />} label="Phone">
            {phone ? <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a> : MESSAGES.missingValue}
          </Row>
          <Row icon={<PinIcon size={16} />} label="Address">
            {address || MESSAGES.missingValue}
          </Row>
        </dl>
      )}
    </section>
  );
}

/** Right pane (spec): the job and the other party's contact details, or 'Select a conversation'. */
export function DetailsPane({
  id,
  ref,
  user,
  chat,
  panel,
  open,
  onClose,
}: {
  id: string;
  ref: Ref<HTMLElement>;
  user: SessionUser;
  chat: OpenChat | null;
  panel: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <aside
      id={id}
      ref={ref}
      className={['chat-details', 'chat-pane', panel && 'chat-pane--panel', open && 'is-open']
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      inert={panel && !open}
    >
      <div className="chat-pane__head">
        <h2 className="chat-pane__title" id={titleId}>
          {MESSAGES.details}
        </h2>
        {panel && (
          <button type="button" className="chat-pane__close" onClick={onClose}>
            <CloseIcon />
            <span className="ui-visually-hidden">Close {MESSAGES.details}</span>
          </button>
        )}
      </div>
      {chat ? (
        <div className="chat-details__body">
          <JobCard chat={chat} memberId={user._id} />
          <ContactCard chat={chat} user={user} />
        </div>
      ) : (
        <div className="chat-empty">
          <p className="chat-empty__title">{CHAT_PAGE_COPY.selectConversation}</p>
          <p className="chat-empty__text">{CHAT_PAGE_COPY.detailsAppearHere}</p>
        </div>
      )}
    </aside>
  );
}
