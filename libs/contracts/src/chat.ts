import { Type } from 'typebox';

const Party = Type.Object({ _id: Type.String(), name: Type.String() });

/** One row of a member's inbox (spec section 3, "Chat and message"). */
export const ChatSummarySchema = Type.Object({
  _id: Type.String(),
  posterId: Party,
  applicantId: Party,
  jobId: Type.Object({ _id: Type.String(), title: Type.String() }),
  lastMessageAt: Type.Union([Type.String(), Type.Null()]),
});
export const InboxResponseSchema = Type.Array(ChatSummarySchema);

/** Messages on the realtime channel (/ws). */
export const WS_MESSAGE_TYPES = { welcome: 'welcome', ping: 'ping', pong: 'pong', error: 'error' } as const;
