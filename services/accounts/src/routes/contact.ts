import {
  CONTACT_SUBJECTS,
  ContactBodySchema,
  ContactRequiredRule,
  EmailRule,
  MESSAGES,
  MessageResponseSchema,
} from '@marketplace/contracts';
import { badRequest, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AccountsDatabase } from '../db-types';
import type { MailService } from '../mail';
import { ContactMessagesRepository } from '../repositories/contact-messages-repository';
import { checkField } from '../validation/registration';
import { emailKey } from '../rate-limits';

export interface ContactRoutesOptions {
  db: Kysely<AccountsDatabase>;
  mail: MailService;
}

/** Upper bounds of the contact form, in characters after trimming. */
export const CONTACT_LIMITS = Object.freeze({
  name: 120,
  email: 254,
  phoneNumber: 32,
  hourseaddress: 300,
  msg: 5000,
});

export const CONTACT_MESSAGES = Object.freeze({
  tooLong: (label: string, max: number) => `${label} is too long (at most ${max} characters)`,
  unknownSubject: 'Please choose one of the subjects offered.',
});

const LABELS: Record<keyof typeof CONTACT_LIMITS, string> = {
  name: 'Name',
  email: 'Email',
  phoneNumber: 'Phone number',
  hourseaddress: 'House address',
  msg: 'Message',
};

/**
 * The contact form (spec "Contact"): the message is stored first, so nothing is lost while mail is down,
 * then delivered to support in the background and retried until it is (see ContactDelivery).
 */
export const contactRoutes: FastifyPluginAsyncTypebox<ContactRoutesOptions> = async (app, options) => {
  const messages = new ContactMessagesRepository(options.db);

  app.post(
    '/api/user/send-mail',
    {
      // Per address and per sender's email (RATE_LIMIT_CONTACT_PER_IP, RATE_LIMIT_CONTACT_PER_EMAIL).
      config: {
        rateLimits: ['contact-ip', { name: 'contact-email', key: (request) => emailKey(request.body) }],
      },
      schema: { body: ContactBodySchema, response: { 200: MessageResponseSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const input = {
        name: (body.name ?? '').trim(),
        email: (body.email ?? '').trim(),
        phoneNumber: (body.phoneNumber ?? '').trim(),
        hourseaddress: (body.hourseaddress ?? '').trim(),
        msg: (body.msg ?? '').trim(),
      };
      for (const value of [input.name, input.email, input.msg]) checkField(ContactRequiredRule, value);
      for (const key of Object.keys(CONTACT_LIMITS) as Array<keyof typeof CONTACT_LIMITS>) {
        if (input[key].length > CONTACT_LIMITS[key]) {
          throw badRequest(CONTACT_MESSAGES.tooLong(LABELS[key], CONTACT_LIMITS[key]));
        }
      }
      checkField(EmailRule, input.email);
      const subject = body.subject?.trim() || CONTACT_SUBJECTS[0].value;
      if (!CONTACT_SUBJECTS.some((s) => s.value === subject))
        throw badRequest(CONTACT_MESSAGES.unknownSubject);

      const row = await messages.insertClaimed({
        userId: await signedInUserId(app, request, reply),
        name: input.name,
        email: input.email,
        phoneNumber: input.phoneNumber || null,
        houseAddress: input.hourseaddress || null,
        subject,
        message: input.msg,
      });
      options.mail.contact.deliverInBackground(row);
      return { statusCode: 200, resultMessage: { en: MESSAGES.messageSentWellGetBackToYou } };
    },
  );
};

/** The sender's account when the form is sent signed in; the form itself needs no session. */
async function signedInUserId(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  try {
    await app.authenticate(request, reply);
    return request.user.sub;
  } catch {
    return null;
  }
}
