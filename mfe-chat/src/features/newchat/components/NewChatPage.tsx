import { MESSAGES } from '@marketplace/contracts';
import { MailInbox } from './MailInbox';
import './newchat.css';

/** /newchat (spec): a sample mail-style inbox with four fixed mails and replies kept only on this page. */
export function NewChatPage() {
  return (
    <section className="mail" data-remote="chat">
      <header className="mail__head">
        <p className="ui-eyebrow">Sample inbox</p>
        <h1 className="mail__title">{MESSAGES.inbox}</h1>
        <p className="mail__lead">Four example mails to try replying. Replies stay on this device.</p>
      </header>
      <MailInbox />
    </section>
  );
}
