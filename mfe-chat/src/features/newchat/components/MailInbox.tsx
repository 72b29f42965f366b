import { useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES } from '@marketplace/contracts';
import { buttonClass, useSession } from '@marketplace/ui';
import { useAutoGrow } from '../../../shared/auto-grow';
import { Avatar } from '../../../shared/Avatar';
import { formatMessageTime } from '../../../shared/dates';
import { MailIcon, PhoneIcon, PinIcon, ReplyIcon, SendIcon, TrashIcon } from '../../../shared/icons';
import { DEMO_MAILS, preview, type DemoMail, type DemoReply } from '../utils/demo-mails';

function ReplyBox({ mail, onReply }: { mail: DemoMail; onReply: (body: string) => void }) {
  const [draft, setDraft] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  useAutoGrow(box, draft);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: a demo reply needs non-empty trimmed text.
    const body = draft.trim();
    if (!body) return;
    onReply(body);
    setDraft('');
  };
  return (
    <form className="mail-reply" onSubmit={submit}>
      <label className="mail-reply__label" htmlFor={inputId}>
        <ReplyIcon size={16} />
        Reply to {mail.sender}
      </label>
      <div className="mail-reply__row">
        <textarea
          id={inputId}
          ref={box}
          className="mail-reply__input"
          rows={2}
          placeholder="Write your reply..."
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button
          type="submit"
          className={buttonClass('primary', 'md', 'mail-reply__send')}
          disabled={!draft.trim()}
        >
          <SendIcon />
          <span>{MESSAGES.send}</span>
        </button>
      </div>
      <p className="mail-reply__hint">Replies in this sample inbox stay on this device; nothing is sent.</p>
    </form>
  );
}

/** The sample inbox itself: list, mail with replies, sender. */
export function MailInbox() {
  const { user } = useSession();
  const [mails, setMails] = useState<DemoMail[]>(() => [...DEMO_MAILS]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [replies, setReplies] = useState<DemoReply[]>([]);
  const listTitle = useId();
  const selected = mails.find((mail) => mail.id === selectedId) ?? null;
  const threadReplies = replies.filter((reply) => reply.emailId === selectedId);

  const remove = (id: number) => {
    setMails((current) => current.filter((mail) => mail.id !== id));
    // Spec section 4: deleting the selected mail clears the selection.
    if (id === selectedId) setSelectedId(null);
  };
  const reply = (mail: DemoMail, body: string) =>
    setReplies((current) => [
      ...current,
      { emailId: mail.id, reply: { sender: user?.name || 'You', body, sentAt: new Date().toISOString() } },
    ]);

  return (
    <div className={selected ? 'mail__frame' : 'mail__frame mail__frame--two'}>
      <nav className="mail-list" aria-labelledby={listTitle}>
        <h2 className="mail-pane__title" id={listTitle}>
          Mails <span className="mail-list__count">{mails.length}</span>
        </h2>
        {mails.length === 0 ? (
          <p className="mail-empty">No mails left in the sample inbox.</p>
        ) : (
          <ul className="mail-list__items">
            {mails.map((mail) => (
              <li key={mail.id} className="mail-list__row">
                <button
                  type="button"
                  className="mail-list__item"
                  aria-current={mail.id === selectedId ? 'true' : undefined}
                  onClick={() => setSelectedId(mail.id)}
                >
                  <Avatar name={mail.sender} size={40} />
                  <span className="mail-list__text">
                    <span className="mail-list__sender">{mail.sender}</span>
                    <span className="mail-list__subject">{mail.subject}</span>
                    <span className="mail-list__preview">{preview(mail.body)}</span>
                  </span>
                </button>
                <button
                  type="button"
                  className="mail-list__delete"
                  aria-label={`Delete the mail from ${mail.sender}`}
                  title="Delete"
                  onClick={() => remove(mail.id)}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
      </nav>

      <article className="mail-view" aria-label={selected ? `Mail from ${selected.sender}` : 'Mail'}>
        {selected ? (
          <>
            <header className="mail-view__head">
              <h2 className="mail-view__subject">{selected.subject}</h2>
              <p className="mail-view__from">
                From <strong>{selected.sender}</strong> &lt;{selected.email}&gt;
              </p>
            </header>
            <p className="mail-view__body">{selected.body}</p>
            <section className="mail-replies" aria-label="Replies">
              <h3 className="mail-replies__title">Replies</h3>
              {threadReplies.length === 0 ? (
                <p className="mail-replies__none">{MESSAGES.noRepliesYet}</p>
              ) : (
                <ol className="mail-replies__list">
                  {threadReplies.map(({ reply: r }, index) => (
                    <li key={index} className="mail-replies__item">
                      <p className="mail-replies__meta">
                        <strong>{r.sender}</strong>
                        <time dateTime={r.sentAt}>{formatMessageTime(r.sentAt)}</time>
                      </p>
                      <p className="mail-replies__body">{r.body}</p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <ReplyBox key={selected.id} mail={selected} onReply={(body) => reply(selected, body)} />
          </>
        ) : (
          <p className="mail-empty mail-empty--center">{MESSAGES.selectAnEmailToViewItsDetails}</p>
        )}
      </article>

      {selected && (
        <aside className="mail-sender" aria-label="Sender">
          <div className="mail-sender__who">
            <Avatar name={selected.sender} size={52} />
            <p className="mail-sender__name">{selected.sender}</p>
          </div>
          <dl className="mail-sender__facts">
            <div>
              <dt>
                <MailIcon size={16} />
                Email
              </dt>
              <dd>
                <a href={`mailto:${selected.email}`}>{selected.email}</a>
              </dd>
            </div>
            <div>
              <dt>
                <PhoneIcon size={16} />
                Phone
              </dt>
              <dd>
                <a href={`tel:${selected.phone.replace(/\s+/g, '')}`}>{selected.phone}</a>
              </dd>
            </div>
            <div>
              <dt>
                <PinIcon size={16} />
                Address
              </dt>
              <dd>{selected.address}</dd>
            </div>
          </dl>
        </aside>
      )}
    </div>
  );
}
