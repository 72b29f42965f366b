import { Type, type Static } from 'typebox';
import { OfferStatusSchema } from './offers';

// ---------------------------------------------------------------------------------------------------
// Chat (spec sections 2 "Chat", 3 "Chat and message", 4, 7 `jobs/user/chat/{id}`, `jobs/chat/{chatid}`,
// `jobs/createchat`, `jobs/chat`, 9). A conversation exists for each paid unlock: one poster, one company.
// Contact details are not part of chat: the chat screen reads them from the jobs API, which decides.

/** Limits the server enforces (the client mirrors them for comfort). */
export const CHAT_LIMITS = {
  /** Characters in one message, after trimming. */
  messageMaxChars: 2000,
  /** Bytes in one WebSocket frame; a bigger frame closes the socket (1009). */
  frameMaxBytes: 16 * 1024,
  /** Messages one member may send in `rateWindowSeconds`, over all their sockets and chats. */
  messagesPerWindow: 30,
  rateWindowSeconds: 10,
  /** Messages returned by one history or catch-up call. */
  pageSize: 100,
  /** A member with messages unread this long gets one e-mail per conversation until they read it. */
  reminderAfterMinutes: 15,
} as const;

/** Texts of chat errors (the spec has none of its own apart from the empty-message alert). */
export const CHAT_MESSAGES = {
  emptyMessage: 'Message cannot be empty!',
  tooLong: `Messages can be at most ${CHAT_LIMITS.messageMaxChars} characters.`,
  rateLimited: 'You are sending messages too quickly. Wait a few seconds and try again.',
  notMember: 'This conversation is not yours.',
  notFound: 'Conversation not found.',
  readOnly: 'This conversation is closed: the unlock was refunded.',
  notUnlocked: 'A conversation opens once the company has paid to unlock the job.',
  badMessage: 'That message could not be understood.',
  fileSharing: 'File sharing is not implemented yet!',
  /** Stands in for the text of a message whose author deleted their account (the text is erased). */
  erasedMessage: 'This message was removed when its author deleted their account.',
} as const;

const Party = Type.Object({ _id: Type.String(), name: Type.String() });

/** The newest message of a conversation, for the inbox preview. */
export const ChatPreviewSchema = Type.Object({
  seq: Type.Integer({ minimum: 1 }),
  senderId: Type.String(),
  message: Type.String(),
  sentAt: Type.String({ format: 'date-time' }),
});

/** One row of a member's inbox. */
export const ChatSummarySchema = Type.Object({
  _id: Type.String(),
  posterId: Party,
  applicantId: Party,
  jobId: Type.Object({ _id: Type.String(), title: Type.String() }),
  lastMessageAt: Type.Union([Type.String(), Type.Null()]),
  lastMessage: Type.Union([ChatPreviewSchema, Type.Null()]),
  /** Messages from the other member this member has not read. */
  unreadCount: Type.Integer({ minimum: 0 }),
  /** The highest sequence number in the conversation (0 when empty). */
  lastSeq: Type.Integer({ minimum: 0 }),
  /** True once the unlock was refunded: the conversation can be read, not written. */
  readOnly: Type.Boolean(),
});
export type ChatSummary = Static<typeof ChatSummarySchema>;
export const InboxResponseSchema = Type.Array(ChatSummarySchema);
export type InboxResponse = Static<typeof InboxResponseSchema>;

/**
 * What a message is: written by a member ('text'), an offer the company sent from the jobs service
 * ('offer', drawn as a card), or a change of an offer's state ('offer-update', a quiet notice). Offers
 * and updates come from the jobs.offer.* events; their `message` is a plain summary for old clients.
 */
export const ChatMessageKindSchema = Type.Union([
  Type.Literal('text'),
  Type.Literal('offer'),
  Type.Literal('offer-update'),
]);
export type ChatMessageKind = Static<typeof ChatMessageKindSchema>;

/**
 * The offer of an 'offer' or 'offer-update' message. An 'offer' carries the offer as sent (its state
 * then 'active'); an update carries the offer's id and its new state. The card's current state is the
 * latest of these in the thread (a later 'offer' replaces the company's earlier one).
 */
export const ChatOfferSchema = Type.Object({
  offerId: Type.String(),
  state: OfferStatusSchema,
  priceNaira: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  startDate: Type.Optional(Type.String()),
  validUntil: Type.Optional(Type.String({ format: 'date-time' })),
  note: Type.Optional(Type.String()),
  /** The company's earlier offer this one replaced. */
  replacesOfferId: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type ChatOffer = Static<typeof ChatOfferSchema>;

/** The texts of the offer notices in a conversation (the declined one is OFFER_MESSAGES.declinedNotice). */
export const CHAT_OFFER_NOTICES = {
  withdrawn: 'The company withdrew its offer.',
  accepted: 'The poster accepted this offer and hired the company.',
  unaccepted: 'The poster undid the hire: this offer stands again.',
  reopened: 'The poster undid the hire of another company: your offer stands again.',
} as const;

/** One message. `seq` counts from 1 in each conversation, with no gaps: the order and the resume point. */
export const ChatMessageSchema = Type.Object({
  _id: Type.String(),
  chatId: Type.String(),
  seq: Type.Integer({ minimum: 1 }),
  /** The sender's own id for the message (a retry with the same id stores it once); null if none given. */
  clientId: Type.Union([Type.String(), Type.Null()]),
  sender: Party,
  message: Type.String(),
  sentAt: Type.String({ format: 'date-time' }),
  /** The other member has read it. */
  read: Type.Boolean(),
  /** Absent on 'text' messages from servers before offers. */
  kind: Type.Optional(ChatMessageKindSchema),
  offer: Type.Optional(Type.Union([ChatOfferSchema, Type.Null()])),
});
export type ChatMessage = Static<typeof ChatMessageSchema>;

/** What chat knows of the job (from the jobs service's events); contact details come from the jobs API. */
export const ChatJobSchema = Type.Object({
  _id: Type.String(),
  title: Type.String(),
  category: Type.Union([Type.String(), Type.Null()]),
  jobStartDate: Type.Union([Type.String(), Type.Null()]),
});

/** GET jobs/chat/{chatid}: the conversation's messages (oldest first) and its job. */
export const ChatThreadResponseSchema = Type.Object({
  _id: Type.String(),
  posterId: Party,
  applicantId: Party,
  jobId: ChatJobSchema,
  messages: Type.Array(ChatMessageSchema),
  /** More messages exist before the first one returned (ask again with `before`). */
  hasMore: Type.Boolean(),
  readOnly: Type.Boolean(),
});
export type ChatThreadResponse = Static<typeof ChatThreadResponseSchema>;

/** Query of GET jobs/chat/{chatid}: `after` for what a client missed, `before` for older history. */
export const ChatThreadQuerySchema = Type.Object({
  after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  before: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CHAT_LIMITS.pageSize })),
});

/** POST jobs/createchat. The chat exists once the unlock is paid; this finds it (legacy clients call it). */
export const CreateChatBodySchema = Type.Object({
  jobId: Type.String({ minLength: 1, maxLength: 64 }),
  applicantId: Type.String({ minLength: 1, maxLength: 64 }),
  posterId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type CreateChatBody = Static<typeof CreateChatBodySchema>;
export const CreateChatResponseSchema = Type.Object({ _id: Type.String() });
export type CreateChatResponse = Static<typeof CreateChatResponseSchema>;

/** POST jobs/chat: send a message without the realtime channel (answers with the stored message). */
export const SendMessageBodySchema = Type.Object({
  chatId: Type.String({ minLength: 1, maxLength: 64 }),
  message: Type.String({ maxLength: CHAT_LIMITS.messageMaxChars * 2 }),
  clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type SendMessageBody = Static<typeof SendMessageBodySchema>;

/** GET /api/chat/unread: the header's count. */
export const UnreadResponseSchema = Type.Object({ total: Type.Integer({ minimum: 0 }) });
export type UnreadResponse = Static<typeof UnreadResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// The realtime channel: a plain WebSocket at /ws (see WEBSOCKET_PATH), JSON text frames, authenticated by
// the session cookie or a bearer token at the upgrade. Every socket of a member receives the events of all
// that member's conversations (the inbox updates live); a client catches up with `joinRoom` + `after`.

export const WS_MESSAGE_TYPES = {
  // server -> client
  welcome: 'welcome',
  pong: 'pong',
  error: 'error',
  joined: 'joined',
  newMessage: 'newMessage',
  messageAck: 'messageAck',
  messagesRead: 'messagesRead',
  inboxChanged: 'inboxChanged',
  resync: 'resync',
  // client -> server
  ping: 'ping',
  joinRoom: 'joinRoom',
  sendMessage: 'sendMessage',
  markAsRead: 'markAsRead',
} as const;

/**
 * Close codes of /ws besides the standard ones (1009 frame too big, 1012 instance restarting).
 * sessionEnded: the socket's session expired, was signed out elsewhere or its account deleted; the
 * client refreshes the session and connects again (or is signed out).
 */
export const WS_CLOSE_CODES = {
  frameTooBig: 1009,
  serviceRestart: 1012,
  sessionEnded: 4401,
} as const;

/** Error codes carried by the `error` event. */
export const WS_ERROR_CODES = [
  'bad_request',
  'not_member',
  'not_found',
  'read_only',
  'empty',
  'too_long',
  'rate_limited',
  'unavailable',
] as const;
export type WsErrorCode = (typeof WS_ERROR_CODES)[number];

const Id = Type.String({ minLength: 1, maxLength: 64 });

/** Client -> server frames. Any sender or user id a client adds is ignored: the session says who it is. */
export const WsClientFrameSchema = Type.Union([
  Type.Object({ type: Type.Literal('ping') }),
  /** Catch up on a conversation: the server answers `joined` with the messages after `after`. */
  Type.Object({
    type: Type.Literal('joinRoom'),
    chatId: Id,
    after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
  }),
  Type.Object({
    type: Type.Literal('sendMessage'),
    chatId: Id,
    clientId: Id,
    message: Type.String({ maxLength: CHAT_LIMITS.messageMaxChars * 2 }),
  }),
  /** Everything up to `upTo` (default: the newest) from the other member has been read. */
  Type.Object({
    type: Type.Literal('markAsRead'),
    chatId: Id,
    upTo: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  }),
]);
export type WsClientFrame = Static<typeof WsClientFrameSchema>;

export type WsServerFrame =
  | { type: 'welcome'; instance: string; userId: string; unreadTotal: number }
  | { type: 'pong'; instance: string }
  | { type: 'error'; code: WsErrorCode; message: string; chatId?: string; clientId?: string }
  | { type: 'joined'; chatId: string; messages: ChatMessage[]; hasMore: boolean; readOnly: boolean }
  | { type: 'newMessage'; message: ChatMessage }
  /** The sender's own message is stored (sent to the sender's socket that asked, before fan-out). */
  | { type: 'messageAck'; clientId: string; message: ChatMessage }
  /** `userId` read the other member's messages up to `upTo`. */
  | { type: 'messagesRead'; chatId: string; userId: string; upTo: number }
  /** A conversation was opened or closed for this member: fetch the inbox again. */
  | { type: 'inboxChanged'; chatId: string }
  /** Live delivery may have missed something (the instance lost NATS for a moment): catch up. */
  | { type: 'resync' };
