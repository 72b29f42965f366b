// Apart from chat.ts, whose schemas are built when the module is evaluated: the shell's header imports
// this on every signed-in page, and should not pay for the chat's and offers' schemas.

/**
 * The browser event the chat remote dispatches on `window` with the member's live unread total
 * (`detail: { total }`), so the shell's header badge follows the chat screen without asking the server.
 */
export const CHAT_UNREAD_EVENT = 'marketplace:chat-unread';
export interface ChatUnreadEventDetail {
  total: number;
}
