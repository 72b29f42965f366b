import {
  API_PATHS,
  ChatMessageSchema,
  ChatThreadQuerySchema,
  ChatThreadResponseSchema,
  CreateChatBodySchema,
  CreateChatResponseSchema,
  SendMessageBodySchema,
} from '@marketplace/contracts';
import { badRequest, isUuid, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { Conversations } from '../conversations';
import { ChatError, chatErrors } from '../errors';
import type { LiveHub } from '../live/hub';

export interface MessageRouteOptions {
  conversations: Conversations;
  hub: LiveHub;
  /** How long createchat waits for payments' event to open the conversation (ms). */
  createChatWaitMs: number;
}

/** 429s say when to try again, as the kit's own limits do. */
function withRetryAfter(reply: FastifyReply, err: unknown): never {
  if (err instanceof ChatError && err.retryAfterMs !== undefined) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
  }
  throw err;
}

/** Text fields of the bodies here: Fastify's validator would turn `42` or `["x"]` into a string. */
const TEXT_FIELDS = ['chatId', 'message', 'clientId', 'jobId', 'applicantId', 'posterId'] as const;

export const messageRoutes: FastifyPluginAsyncTypebox<MessageRouteOptions> = async (
  app,
  { conversations, hub, createChatWaitMs },
) => {
  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return;
    for (const field of TEXT_FIELDS) {
      const value = (body as Record<string, unknown>)[field];
      if (value !== undefined && typeof value !== 'string') {
        throw badRequest(`body/${field} must be string`, 'VALIDATION_FAILED');
      }
    }
  });
  // One conversation: a page of messages (oldest first), both members and the job. Members only.
  app.get(
    '/api/jobs/chat/:chatid',
    {
      onRequest: app.authenticate,
      schema: {
        params: Type.Object({ chatid: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: ChatThreadQuerySchema,
        response: { 200: ChatThreadResponseSchema },
      },
    },
    async (request) => conversations.thread(request.user.sub, request.params.chatid, request.query),
  );

  // Send without the socket (legacy clients, native apps in the background): stored, then rung.
  app.post(
    API_PATHS.sendMessage,
    {
      onRequest: app.authenticate,
      // A message over the schema's length gets the same answer as one over the character limit.
      attachValidation: true,
      schema: { body: SendMessageBodySchema, response: { 201: ChatMessageSchema } },
    },
    async (request, reply) => {
      if (request.validationError) {
        const tooLong = request.validationError.validation?.some(
          (issue: { instancePath?: string; keyword?: string }) =>
            issue.instancePath === '/message' && issue.keyword === 'maxLength',
        );
        throw tooLong ? chatErrors.tooLong() : request.validationError;
      }
      const result = await conversations
        .send(request.user.sub, request.body, request.id)
        .catch((err: unknown) => withRetryAfter(reply, err));
      hub.tell(result.members, { type: 'newMessage', message: result.message });
      return reply.status(201).send(result.message);
    },
  );

  // Legacy: clients "create" the chat after paying. It exists once payments' event is consumed, which
  // may be a moment after the payment was verified: wait for it a little, then say why not.
  app.post(
    API_PATHS.createChat,
    {
      onRequest: app.authenticate,
      schema: { body: CreateChatBodySchema, response: { 200: CreateChatResponseSchema } },
    },
    async (request) => {
      const { jobId, applicantId, posterId } = request.body;
      const me = request.user.sub;
      if (me !== posterId && me !== applicantId) throw chatErrors.notMember();
      if (!isUuid(jobId) || !isUuid(applicantId) || !isUuid(posterId)) throw chatErrors.notUnlocked();
      const deadline = Date.now() + createChatWaitMs;
      for (;;) {
        const chatId = await conversations.findForUnlock(jobId, applicantId, posterId);
        if (chatId) return { _id: chatId };
        if (Date.now() >= deadline) throw chatErrors.notUnlocked();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  );
};
