import {
  ALERT_MESSAGES,
  API_PATHS,
  AlertUnsubscribeQuerySchema,
  type AlertUnsubscribeQuery,
  AlertUnsubscribeResponseSchema,
  JobAlertPreferencesResponseSchema,
  JobAlertPreferencesSchema,
  MarkNotificationsReadResponseSchema,
  MarkNotificationsReadSchema,
  NotificationListResponseSchema,
} from '@marketplace/contracts';
import {
  badRequest,
  escapeHtml,
  forbidden,
  servicePageHeaders,
  type AccessClaims,
  type TypeBoxTypeProvider,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AlertsRepository } from '../repositories/alerts-repository';
import type { JobsRouteOptions } from './route-context';

/** Job alerts and notifications are a company's own: customers and admins have none. */
function companyOnly(user: AccessClaims): string {
  if (user.type !== 'company') throw forbidden(ALERT_MESSAGES.onlyCompanies);
  return user.sub;
}

/**
 * A company's job alerts (what it wants to hear about, and how it is mailed), its in-app notifications
 * (the header's bell: newest 50, unread count, mark read) and the one-click unsubscribe link of alert
 * mails (signed: HMAC of the company id with the key of the jobs schema).
 */
export const alertRoutes: FastifyPluginAsyncTypebox<JobsRouteOptions> = async (app, { db }) => {
  const alerts = new AlertsRepository(db);

  app.get(
    '/api/jobs/alerts/preferences',
    { onRequest: app.authenticate, schema: { response: { 200: JobAlertPreferencesResponseSchema } } },
    async (request) => {
      const companyId = companyOnly(request.user);
      return { statusCode: 200, preferences: await alerts.preferencesOf(companyId) };
    },
  );

  app.put(
    '/api/jobs/alerts/preferences',
    {
      onRequest: app.authenticate,
      schema: { body: JobAlertPreferencesSchema, response: { 200: JobAlertPreferencesResponseSchema } },
    },
    async (request) => {
      const companyId = companyOnly(request.user);
      await alerts.savePreferences(companyId, request.body);
      return { statusCode: 200, preferences: await alerts.preferencesOf(companyId) };
    },
  );

  app.get(
    '/api/jobs/notifications',
    { onRequest: app.authenticate, schema: { response: { 200: NotificationListResponseSchema } } },
    async (request) => {
      const companyId = companyOnly(request.user);
      return { statusCode: 200, ...(await alerts.notificationsOf(companyId)) };
    },
  );

  app.put(
    '/api/jobs/notifications/read',
    {
      onRequest: app.authenticate,
      schema: { body: MarkNotificationsReadSchema, response: { 200: MarkNotificationsReadResponseSchema } },
    },
    async (request) => {
      const companyId = companyOnly(request.user);
      const { ids, all } = request.body;
      if (!all && ids === undefined) throw badRequest('Say which notifications to mark read.');
      await alerts.markRead(companyId, all ? 'all' : (ids ?? []));
      const { unread } = await alerts.notificationsOf(companyId);
      return { statusCode: 200, unread };
    },
  );

  // The link in every alert mail: no session needed, the signature proves the mail was sent to that
  // company. Opening it (GET) changes nothing: mail scanners and link previews open links too. It asks
  // (a page in a browser), and POST stops the alert mails: the page's button, or a mail client's one-click
  // unsubscribe (RFC 8058). Only alert mails stop; the in-app alerts and the choices stay.
  const unsubscribeSchema = {
    querystring: AlertUnsubscribeQuerySchema,
    // JSON for a client; the page (a string) for a browser that asks for HTML.
    response: { 200: Type.Union([AlertUnsubscribeResponseSchema, Type.String()]) },
  };
  const verified = (query: AlertUnsubscribeQuery) => alerts.verifySignature(query.company, query.signature);

  app.get(API_PATHS.jobAlertUnsubscribe, { schema: unsubscribeSchema }, async (request, reply) => {
    if (!(await verified(request.query))) return refuseLink(request, reply);
    if (wantsPage(request)) {
      return reply
        .code(200)
        .headers(servicePageHeaders({ formAction: 'self' }))
        .send(unsubscribePage('ask', request.url));
    }
    reply.header('cache-control', 'no-store');
    return { statusCode: 200, resultMessage: { en: ALERT_MESSAGES.confirmUnsubscribe } };
  });

  await app.register(async (scope) => {
    const confirm = scope.withTypeProvider<TypeBoxTypeProvider>();
    // The page's form and mail clients post a form (`List-Unsubscribe=One-Click`); nothing in it is read.
    confirm.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    confirm.post(
      API_PATHS.jobAlertUnsubscribe,
      // Whatever the form carries is ignored: the signed address is the whole request.
      { schema: unsubscribeSchema, config: { documentedBody: 'none' } },
      async (request, reply) => {
        if (!(await verified(request.query))) return refuseLink(request, reply);
        await alerts.stopMails(request.query.company);
        if (wantsPage(request)) {
          return reply.code(200).headers(servicePageHeaders()).send(unsubscribePage('done', request.url));
        }
        reply.header('cache-control', 'no-store');
        return { statusCode: 200, resultMessage: { en: ALERT_MESSAGES.unsubscribed } };
      },
    );
  });
};

/** A browser opening the link (its Accept asks for HTML first), not an API client. */
function wantsPage(request: FastifyRequest): boolean {
  return /^\s*text\/html/i.test(request.headers.accept ?? '');
}

/** A link that is not one we signed: a page for a browser, the error envelope for a client. */
function refuseLink(request: FastifyRequest, reply: FastifyReply) {
  if (!wantsPage(request)) throw forbidden(ALERT_MESSAGES.badUnsubscribeLink);
  return reply.code(403).headers(servicePageHeaders()).send(unsubscribePage('refused', request.url));
}

const PAGE_WORDS = {
  ask: {
    title: 'Stop job alert e-mails?',
    lead: 'New jobs that match your alerts will still show in the app. You can turn e-mails back on under Job alerts.',
  },
  done: { title: 'Job alert e-mails stopped', lead: ALERT_MESSAGES.unsubscribed },
  refused: {
    title: 'This link does not work',
    lead: `${ALERT_MESSAGES.badUnsubscribeLink} Sign in and choose "No e-mails" under Job alerts on your dashboard.`,
  },
} as const;

/**
 * The page behind the link in alert mails: the question with one button (a form posting to the same
 * signed address), the answer, or a refusal. Server-made HTML without script, in the site's colours.
 */
export function unsubscribePage(step: keyof typeof PAGE_WORDS, address: string): string {
  const words = PAGE_WORDS[step];
  const form =
    step === 'ask'
      ? `<form method="post" action="${escapeHtml(address)}"><button type="submit">Stop alert e-mails</button></form>`
      : '';
  return `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title)} | Naija Marketplace</title>
<style>
  body { margin: 0; background: #f3f5f4; color: #1b1f1d; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 28rem; margin: 12vh auto 0; padding: 28px 24px; background: #fff; border: 1px solid #dfe5e2; border-radius: 12px; }
  h1 { margin: 0 0 8px; font-size: 1.35rem; }
  p { margin: 0 0 20px; color: #4a5550; }
  button { width: 100%; min-height: 44px; border: 0; border-radius: 8px; background: #0b7a3e; color: #fff; font: inherit; font-weight: 700; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #f2b01e; outline-offset: 2px; }
  a { color: #0b7a3e; font-weight: 600; }
  nav { margin-top: 16px; }
  @media (max-width: 30rem) { main { margin: 0; min-height: 100vh; border: 0; border-radius: 0; box-sizing: border-box; } }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(words.lead)}</p>
${form}
<nav><a href="/dashboard#job-alerts">Your job alerts</a></nav>
</main>
</body>
</html>
`;
}
