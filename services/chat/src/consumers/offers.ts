import {
  CHAT_OFFER_NOTICES,
  EVENT_TYPES,
  OFFER_MESSAGES,
  type ChatMessage,
  type ChatOffer,
  type OfferStatus,
} from '@marketplace/contracts';
import { isUuid, publishEvents, type EventHandlers } from '@marketplace/service-kit';
import type { Transaction } from 'kysely';
import type { ChatDatabase } from '../db-types';
import { lockChats, messageSentPayload, storeMessages } from '../message-writer';
import { members, toMessage, type Members } from '../views';

/** Durable consumer name on the JOBS stream (next to chat-jobs, which keeps the jobs read model). */
export const OFFERS_CONSUMER = 'chat-offers';

/** A message an offer event stored; both members hear of it once the transaction committed. */
export type OfferAfterCommit = (eventId: string, change: { message: ChatMessage; members: Members }) => void;

const LAGOS_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});
const CALENDAR_DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The text of an offer for clients that do not draw cards (and the inbox preview):
 * "Offer: ₦45,000 · start 2 Dec 2026 · valid until 9 Dec 2026 · We bring the tiles".
 */
export function offerSummary(offer: {
  priceNaira: number | null;
  startDate: string;
  validUntil: string;
  note: string;
}): string {
  const price =
    offer.priceNaira === null ? OFFER_MESSAGES.byInspection : `₦${offer.priceNaira.toLocaleString('en-NG')}`;
  const start = new Date(`${offer.startDate}T00:00:00Z`);
  const until = new Date(offer.validUntil);
  const parts = [
    `Offer: ${price}`,
    `start ${Number.isNaN(start.getTime()) ? offer.startDate : CALENDAR_DAY.format(start)}`,
    `valid until ${Number.isNaN(until.getTime()) ? offer.validUntil : LAGOS_DAY.format(until)}`,
  ];
  const note = offer.note.trim();
  if (note) parts.push(note);
  return parts.join(' · ');
}

interface OfferMessage {
  /** Who the message is from: the company for its own offer and withdrawal, the poster otherwise. */
  from: 'poster' | 'applicant';
  text: string;
  kind: 'offer' | 'offer-update';
  offer: ChatOffer;
  /** Stores it once: the offer's id for an offer, the event's id (and the offer's) for an update. */
  eventKey: string;
  /**
   * Someone writing: only the company's own offer is. Announced as chat.message.sent when it is the
   * company's answer to the poster (the conversation's milestone, see storeMessages).
   */
  writes: boolean;
}

/**
 * How long a sent offer waits for its conversation. Only a company with a paid unlock can send one, and
 * the same payments.unlock.paid opens the conversation, but on another stream: the offer can come first.
 * Within this window it is redelivered (with the bus's back-off) until the conversation is there;
 * later, an offer for a job and company without a conversation is skipped.
 */
export const OFFER_WAITS_FOR_CONVERSATION_MS = 5 * 60_000;

/**
 * Writes a message into the conversation of this job and company, if there is one (true), or returns
 * false. A read-only (refunded) conversation still records it: it is history, not a member writing.
 */
async function writeInto(
  trx: Transaction<ChatDatabase>,
  where: { jobId: string; companyId: string } | { chatId: string },
  message: OfferMessage,
  correlationId: string,
  afterCommit: (change: { message: ChatMessage; members: Members }) => void,
): Promise<boolean> {
  let chatId: string | undefined;
  if ('chatId' in where) chatId = where.chatId;
  else {
    if (!isUuid(where.jobId) || !isUuid(where.companyId)) return true;
    const found = await trx
      .selectFrom('chats')
      .select('id')
      .where('job_id', '=', where.jobId)
      .where('applicant_id', '=', where.companyId)
      .executeTakeFirst();
    chatId = found?.id;
  }
  if (!chatId) return false;
  const chat = (await lockChats(trx, [chatId])).get(chatId);
  if (!chat) return false;
  const stored = await trx
    .selectFrom('messages')
    .select('id')
    .where('chat_id', '=', chat.id)
    .where('event_key', '=', message.eventKey)
    .executeTakeFirst();
  if (stored) return true;
  const [row] = await storeMessages(
    trx,
    [
      {
        chat,
        senderId: message.from === 'poster' ? chat.poster_id : chat.applicant_id,
        clientId: null,
        text: message.text,
        kind: message.kind,
        offer: message.offer,
        eventKey: message.eventKey,
        writes: message.writes,
      },
    ],
    new Date(),
  );
  if (row!.milestone) {
    await publishEvents(trx, EVENT_TYPES.chatMessageSent, [
      { payload: messageSentPayload(row!, chat), correlationId },
    ]);
  }
  afterCommit({ message: toMessage(row!, chat), members: members(chat) });
  return true;
}

const update = (
  offerId: string,
  state: OfferStatus,
  text: string,
  from: OfferMessage['from'],
  eventKey: string,
) =>
  ({
    from,
    text,
    kind: 'offer-update',
    offer: { offerId, state },
    eventKey,
    writes: false,
  }) satisfies OfferMessage;

/**
 * Locks every conversation of the job at once, in id order (as the message writer locks its batches):
 * an event that writes into several of them must not take them one by one against a batch of members'
 * messages taking them in the other order.
 */
async function lockJobChats(trx: Transaction<ChatDatabase>, jobId: string): Promise<void> {
  if (!isUuid(jobId)) return;
  const chats = await trx.selectFrom('chats').select('id').where('job_id', '=', jobId).execute();
  if (chats.length > 1)
    await lockChats(
      trx,
      chats.map((chat) => chat.id),
    );
}

/** The conversation that holds this offer's card (for offers the event names by id only). */
async function chatOfOffer(trx: Transaction<ChatDatabase>, jobId: string, offerId: string) {
  const found = await trx
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .select('messages.chat_id')
    .where('messages.kind', '=', 'offer')
    .where((eb) => eb(eb.ref('messages.offer', '->>').key('offerId'), '=', offerId))
    .where('chats.job_id', '=', jobId)
    .executeTakeFirst();
  return found?.chat_id;
}

/**
 * Offers as messages in the conversation of their job and company (issue 29): the offer itself, a card
 * from the company, the company writing (chat.message.sent when it answers the poster); its
 * withdrawal, acceptance, decline and an undone hire as notices. The notices are not anyone answering: no chat.message.sent, so
 * payments' no-reply rule and accounts' reply times do not count them. Each counts as unread for the
 * member it is addressed to, like any message.
 */
export function offerHandlers(afterCommit: OfferAfterCommit): EventHandlers<ChatDatabase> {
  return {
    'jobs.offer.sent': async (offer, trx, event) => {
      const snapshot: ChatOffer = {
        offerId: offer.offerId,
        state: 'active',
        priceNaira: offer.priceNaira,
        startDate: offer.startDate,
        validUntil: offer.validUntil,
        note: offer.note,
        replacesOfferId: offer.replacesOfferId,
      };
      const written = await writeInto(
        trx,
        offer,
        {
          from: 'applicant',
          text: offerSummary(offer),
          kind: 'offer',
          offer: snapshot,
          eventKey: `offer:${offer.offerId}`,
          writes: true,
        },
        event.correlationId,
        (change) => afterCommit(event.id, change),
      );
      const age = Date.now() - Date.parse(offer.sentAt);
      if (!written && age < OFFER_WAITS_FOR_CONVERSATION_MS) {
        throw new Error('the conversation of this offer is not open yet; it will be redelivered');
      }
    },
    'jobs.offer.withdrawn': async (withdrawn, trx, event) => {
      await writeInto(
        trx,
        withdrawn,
        update(withdrawn.offerId, 'withdrawn', CHAT_OFFER_NOTICES.withdrawn, 'applicant', event.id),
        event.correlationId,
        (change) => afterCommit(event.id, change),
      );
    },
    'jobs.offer.accepted': async (accepted, trx, event) => {
      const tell = (change: { message: ChatMessage; members: Members }) => afterCommit(event.id, change);
      if (!isUuid(accepted.jobId)) return;
      await lockJobChats(trx, accepted.jobId);
      await writeInto(
        trx,
        accepted,
        update(accepted.offerId, 'accepted', CHAT_OFFER_NOTICES.accepted, 'poster', event.id),
        event.correlationId,
        tell,
      );
      for (const [i, companyId] of accepted.declinedCompanyIds.entries()) {
        if (!isUuid(companyId) || companyId === accepted.companyId) continue;
        const chat = await trx
          .selectFrom('chats')
          .select('id')
          .where('job_id', '=', accepted.jobId)
          .where('applicant_id', '=', companyId)
          .executeTakeFirst();
        if (!chat) continue;
        // The declined offer of this company: the one of declinedOfferIds whose card is in its chat.
        const card = accepted.declinedOfferIds.length
          ? await trx
              .selectFrom('messages')
              .select('offer')
              .where('chat_id', '=', chat.id)
              .where('kind', '=', 'offer')
              .where((eb) => eb(eb.ref('offer', '->>').key('offerId'), 'in', accepted.declinedOfferIds))
              .orderBy('seq', 'desc')
              .executeTakeFirst()
          : undefined;
        const offerId = card?.offer?.offerId ?? accepted.declinedOfferIds[i];
        if (!offerId) continue;
        await writeInto(
          trx,
          { chatId: chat.id },
          update(offerId, 'declined', OFFER_MESSAGES.declinedNotice, 'poster', `${event.id}:${offerId}`),
          event.correlationId,
          tell,
        );
      }
    },
    'jobs.offer.unaccepted': async (undone, trx, event) => {
      const tell = (change: { message: ChatMessage; members: Members }) => afterCommit(event.id, change);
      await lockJobChats(trx, undone.jobId);
      await writeInto(
        trx,
        undone,
        update(undone.offerId, 'active', CHAT_OFFER_NOTICES.unaccepted, 'poster', event.id),
        event.correlationId,
        tell,
      );
      if (!isUuid(undone.jobId)) return;
      for (const offerId of undone.reopenedOfferIds) {
        if (offerId === undone.offerId) continue;
        const chatId = await chatOfOffer(trx, undone.jobId, offerId);
        if (!chatId) continue;
        await writeInto(
          trx,
          { chatId },
          update(offerId, 'active', CHAT_OFFER_NOTICES.reopened, 'poster', `${event.id}:${offerId}`),
          event.correlationId,
          tell,
        );
      }
    },
  };
}
