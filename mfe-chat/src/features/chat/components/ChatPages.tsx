import { PlaceholderPage } from '@marketplace/ui';

export function ChatPage() {
  return (
    <PlaceholderPage
      remote="chat"
      eyebrow="Messages"
      title="Chat"
      lead="Talk with the companies and customers you are working with, in real time."
      points={[
        'Your conversations, with unread counts',
        'Messages for the selected job',
        'Job and contact details next to the chat',
      ]}
    />
  );
}

export function NewChatPage() {
  return (
    <PlaceholderPage
      remote="chat"
      eyebrow="Messages"
      title="Inbox"
      lead="A sample mail-style inbox with replies kept on this device."
    />
  );
}
