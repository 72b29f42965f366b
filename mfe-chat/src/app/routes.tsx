// Exposed as `chat/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import { PlaceholderPage, type RemotePages, type RemoteRoutesModule } from '@marketplace/ui';

function ChatPage() {
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

function NewChatPage() {
  return (
    <PlaceholderPage
      remote="chat"
      eyebrow="Messages"
      title="Inbox"
      lead="A sample mail-style inbox with replies kept on this device."
    />
  );
}

export const pages: RemotePages<'chat'> = {
  chat: ChatPage,
  newChat: NewChatPage,
};

const routesModule: RemoteRoutesModule<'chat'> = { pages };
export default routesModule;
