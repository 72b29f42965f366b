// Exposed as `chat/routes`: the pages the shell routes to (see @marketplace/ui REMOTE_PAGES).
import type { RemotePages, RemoteRoutesModule } from '@marketplace/ui';
import { ChatPage } from '../features/chat/components/ChatPage';
import { NewChatPage } from '../features/newchat/components/NewChatPage';

export const pages: RemotePages<'chat'> = {
  chat: ChatPage,
  newChat: NewChatPage,
};

const routesModule: RemoteRoutesModule<'chat'> = { pages };
export default routesModule;
