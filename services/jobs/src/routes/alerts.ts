import {
  ALERT_MESSAGES,
  AlertUnsubscribeQuerySchema,
  AlertUnsubscribeResponseSchema,
  JobAlertPreferencesResponseSchema,
  JobAlertPreferencesSchema,
  MarkNotificationsReadResponseSchema,
  MarkNotificationsReadSchema,
  NotificationListResponseSchema,
} from '@marketplace/contracts';
import {
  badRequest,
  forbidden,
  type AccessClaims,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
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

  // The link in every alert mail: no session needed (one click from the mail), the signature proves the
  // mail was sent to that company. Only alert mails stop; the in-app alerts and the choices stay.
  app.get(
    '/api/jobs/alerts/unsubscribe',
    {
      schema: { querystring: AlertUnsubscribeQuerySchema, response: { 200: AlertUnsubscribeResponseSchema } },
    },
    async (request) => {
      const { company, signature } = request.query;
      if (!(await alerts.verifySignature(company, signature))) {
        throw forbidden(ALERT_MESSAGES.badUnsubscribeLink);
      }
      await alerts.stopMails(company);
      return { statusCode: 200, resultMessage: { en: ALERT_MESSAGES.unsubscribed } };
    },
  );
};
