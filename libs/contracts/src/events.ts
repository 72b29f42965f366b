import { Type, type Static, type TSchema } from 'typebox';

/**
 * Every domain event travels in this envelope, on NATS JetStream and on the local bus alike.
 * `type` doubles as the subject: `<service>.<entity>.<verb>`; its first token names the stream.
 */
export const EventEnvelopeSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  type: Type.String({ pattern: '^[a-z]+\\.[a-z-]+\\.[a-z-]+$' }),
  version: Type.Integer({ minimum: 1 }),
  occurredAt: Type.String({ format: 'date-time' }),
  correlationId: Type.String({ minLength: 1 }),
  payload: Type.Unknown(),
});
export type EventEnvelope<TPayload = unknown> = Omit<Static<typeof EventEnvelopeSchema>, 'payload'> & {
  payload: TPayload;
};

/** The four owning services; each owns one stream named after it in upper case. */
export const SERVICES = ['accounts', 'jobs', 'chat', 'payments'] as const;
export type ServiceName = (typeof SERVICES)[number];

export function streamNameFor(service: ServiceName): string {
  return service.toUpperCase();
}

export function serviceOfEventType(type: string): ServiceName {
  const owner = type.split('.')[0];
  if (!SERVICES.includes(owner as ServiceName)) throw new Error(`event type ${type} has no owning service`);
  return owner as ServiceName;
}

const UserType = Type.Union([Type.Literal('user'), Type.Literal('company'), Type.Literal('admin')]);

/** Payload schemas, one per event type and version. */
export const AccountsUserRegisteredV1 = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  type: UserType,
});
export type AccountsUserRegisteredV1 = Static<typeof AccountsUserRegisteredV1>;

export const AccountsUserUpdatedV1 = Type.Object({
  userId: Type.String(),
  name: Type.Optional(Type.String()),
  photoUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  type: Type.Optional(UserType),
});
export type AccountsUserUpdatedV1 = Static<typeof AccountsUserUpdatedV1>;

export const EVENT_TYPES = {
  accountsUserRegistered: 'accounts.user.registered',
  accountsUserUpdated: 'accounts.user.updated',
} as const;

/** Lookup used by consumers to validate a payload before acting on it. */
export const EVENT_PAYLOAD_SCHEMAS: Record<string, Record<number, TSchema>> = {
  [EVENT_TYPES.accountsUserRegistered]: { 1: AccountsUserRegisteredV1 },
  [EVENT_TYPES.accountsUserUpdated]: { 1: AccountsUserUpdatedV1 },
};
