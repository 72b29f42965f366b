import { NavLink } from '@marketplace/ui/router';
import { useUnreadTotal } from '../../../lib/chat-unread';
import { StrokeIcon } from '../../../components/StrokeIcon';
import './chat-link.css';

const CHAT_ICON = 'M4 5h16v11H8l-4 4z';

/** Shown as "99+" past this, so the badge keeps its size. */
const MAX_SHOWN = 99;

/**
 * The header's way into Chat for a signed-in member, with the count of unread messages. Loaded only for
 * members (its own chunk), so visitors do not pay for it.
 */
export function ChatLink({ className = '' }: { className?: string }) {
  const unread = useUnreadTotal();
  const label = unread > 0 ? `Chat, ${unread} unread` : 'Chat';
  return (
    <NavLink to="/chat" className={`chat-link ${className}`.trim()} aria-label={label} title={label}>
      <StrokeIcon d={CHAT_ICON} size={22} />
      {unread > 0 && (
        <span className="chat-link__badge" aria-hidden="true">
          {unread > MAX_SHOWN ? `${MAX_SHOWN}+` : unread}
        </span>
      )}
    </NavLink>
  );
}

export default ChatLink;
