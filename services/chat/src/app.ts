import { randomUUID } from 'node:crypto';
import {
  dispatchEvents,
  idempotentHandler,
  memberEventHandlers,
  metricsOf,
  type EventHandler,
  type EventHandlers,
  type RevocationList,
  setupService,
  type Consumer,
  type ServiceDeps,
} from '@marketplace/service-kit';
import { CHAT_MESSAGES } from '@marketplace/contracts';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { resolveChatSettings, type ChatSettings } from './config';
export { originAllowed, ORIGIN_REFUSED_MESSAGE } from './routes/realtime';
import { JOBS_CONSUMER, jobHandlers } from './consumers/jobs';
import { OFFERS_CONSUMER, offerHandlers } from './consumers/offers';
import { UNLOCKS_CONSUMER, unlockHandlers } from './consumers/unlocks';
import { Conversations } from './conversations';
import type { ChatDatabase } from './db-types';
import { LiveHub } from './live/hub';
import { chatDeliveryObserver, chatGreetingObserver, watchOpenSockets } from './live/metrics';
import { chatMigrations } from './migrations';
import { sweepReminders } from './reminders';
import { inboxRoutes } from './routes/inbox';
import { messageRoutes } from './routes/messages';
import { realtimeRoutes } from './routes/realtime';

/** What the chat package offers its hosts (the standalone main and the edge). */
export {
  ChatConfigSchema,
  chatSettingsFromConfig,
  loadChatSettings,
  type ChatConfig,
  type ChatSettings,
} from './config';

/** Handles a host (or a test) may hold on to. */
export interface ChatControls {
  /** One reminder sweep now (the interval runs it too); returns the reminders sent. */
  sweepReminders(): Promise<number>;
  hub: LiveHub;
  conversations: Conversations;
  instance: string;
  /** The sessions this instance refuses (a test stops its copy to make checks query the table). */
  revocations: RevocationList;
}

export type ChatServiceOptions = ServiceDeps & {
  chat?: ChatSettings;
  /** Called once the service is set up, with handles a host or a test may use. */
  onControls?: (controls: ChatControls) => void;
};

/**
 * The chat service as a Fastify plugin: conversations opened by paid unlocks, messages stored with a
 * sequence number per conversation, read state, the /ws endpoint, delivery to every instance through
 * the bus's live fan-out, and reminders of unread messages. Mounted alone by main.ts (several
 * instances behind the edge) or with the others by the edge.
 */
export default async function chatService(app: FastifyInstance, options: ChatServiceOptions) {
  const settings = resolveChatSettings(options.chat);
  const instance = settings.instanceId ?? `chat-${randomUUID().slice(0, 8)}`;
  const service = await setupService<ChatDatabase>(app, {
    name: 'chat',
    schema: 'chat',
    migrations: chatMigrations,
    deps: options,
  });
  const { db } = service;
  const conversations = new Conversations(db, {
    now: settings.now,
    sendLimit: settings.sendLimit,
    onWriteError: (err, size) => app.log.error({ err, size }, 'storing a batch of messages failed'),
  });
  const metrics = metricsOf(app);
  const hub = new LiveHub(options.bus, app.log, undefined, metrics && chatDeliveryObserver(metrics));
  if (metrics) watchOpenSockets(metrics, hub);

  service.consume({
    durable: 'chat-members',
    filterSubject: 'accounts.user.*',
    handlers: {
      ...memberEventHandlers,
      // Erasure (NDPA): the name goes with the member row, the texts the member wrote go here; the
      // messages keep their place (seq) so the other member's conversation still reads in order.
      'accounts.user.deleted': async (payload, trx, event, log) => {
        const eraseMember = memberEventHandlers['accounts.user.deleted'] as EventHandler<
          ChatDatabase,
          'accounts.user.deleted',
          1
        >;
        await eraseMember(payload, trx, event, log);
        await trx
          .updateTable('messages')
          .set({ message: CHAT_MESSAGES.erasedMessage })
          .where('sender_id', '=', payload.userId)
          .execute();
      },
    },
  });
  service.consume({ durable: JOBS_CONSUMER, filterSubject: 'jobs.job.*', handlers: jobHandlers });

  // Unlocks and offers tell both members once the transaction committed, which the kit's consume()
  // cannot promise: these consumers are wired here (same inbox and typed dispatch as the kit's).
  const consumers: Consumer[] = [];
  const consumeThenTell = <Change>(
    durable: string,
    filterSubject: string,
    handlers: (afterCommit: (eventId: string, change: Change) => void) => EventHandlers<ChatDatabase>,
    tell: (change: Change) => void,
  ) => {
    const committed = new Map<string, Change[]>();
    const dispatch = dispatchEvents<ChatDatabase>(
      handlers((eventId, change) => committed.set(eventId, [...(committed.get(eventId) ?? []), change])),
      app.log,
      durable,
    );
    const apply = idempotentHandler(db, durable, (event, trx) =>
      dispatch(event, trx as Transaction<ChatDatabase>),
    );
    return async () => {
      consumers.push(
        await options.bus.subscribe({
          durable,
          filterSubject,
          handle: async (event) => {
            try {
              await apply(event);
            } finally {
              const changes = committed.get(event.id) ?? [];
              committed.delete(event.id);
              // Reached only after the commit (a failure threw above and is redelivered).
              for (const change of changes) tell(change);
            }
          },
        }),
      );
    };
  };
  const startUnlocks = consumeThenTell(UNLOCKS_CONSUMER, 'payments.unlock.*', unlockHandlers, (change) =>
    hub.tell(change.members, { type: 'inboxChanged', chatId: change.chatId }),
  );
  // Offers and their notices reach open conversations like any new message.
  const startOffers = consumeThenTell(OFFERS_CONSUMER, 'jobs.offer.*', offerHandlers, (change) =>
    hub.tell(change.members, { type: 'newMessage', message: change.message }),
  );

  const sweep = () => sweepReminders(db, { now: settings.now(), afterMs: settings.reminderAfterMs });
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;

  app.addHook('onReady', async () => {
    await startUnlocks();
    await startOffers();
    if (settings.reminderSweepMs > 0) {
      timer = setInterval(() => {
        if (round) return;
        round = sweep()
          .catch((err: unknown) => app.log.error({ err }, 'reminder sweep failed'))
          .finally(() => (round = undefined));
      }, settings.reminderSweepMs);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await round;
    for (const consumer of consumers) await consumer.stop();
    await hub.close();
  });

  await app.register(inboxRoutes, { conversations });
  await app.register(messageRoutes, { conversations, hub, createChatWaitMs: settings.createChatWaitMs });
  await app.register(realtimeRoutes, {
    conversations,
    hub,
    instance,
    allowedOrigins: settings.allowedOrigins,
    heartbeatMs: settings.heartbeatMs,
    sessionCheckMs: settings.sessionCheckMs,
    drain: settings.drain,
    revocations: service.revocations,
    observeGreeting: metrics && chatGreetingObserver(metrics),
  });

  options.onControls?.({
    sweepReminders: sweep,
    hub,
    conversations,
    instance,
    revocations: service.revocations,
  });
}
