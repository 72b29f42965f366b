import { APP_PAGES } from '@marketplace/page-head';
import { MailInbox } from './MailInbox';
import './newchat.css';

/** /newchat (spec): a sample mail-style inbox with four fixed mails and replies kept only on this page. */
export function NewChatPage() {
  return (
    <section className="mail" data-remote="chat">
      <header className="mail__head">
        <p className="ui-eyebrow">{APP_PAGES.newChat.eyebrow}</p>
        <h1 className="mail__title">{APP_PAGES.newChat.heading}</h1>
        <p className="mail__lead">{APP_PAGES.newChat.lead}</p>
      </header>
      <MailInbox />
    </section>
  );
}
