import {
  AdminJobListQuerySchema,
  HideJobBodySchema,
  JOB_MESSAGES,
  JobListResponseSchema,
  JobSummarySchema,
  pageWindow,
  ResultMessageSchema,
} from '@marketplace/contracts';
import { badRequest, forbidden, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { jobModerated } from '../events';
import { SERVICE_MESSAGES } from '../messages';
import { JobsRepository, type AdminFilter } from '../repositories/jobs-repository';
import { canonicalState, categoryKey, toSummary } from '../views';
import { existing, JobIdParams, type JobsRouteOptions } from './route-context';

const ModerationResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  job: JobSummarySchema,
});

/**
 * The admin's All Jobs screen (every job but deleted ones, hidden and completed included, with why a
 * job is hidden) and moderation: hiding a job that breaks the rules takes it out of every listing and
 * shows its poster the reason; unhiding lists it again. Both are announced (jobs.job.moderated).
 */
export const adminRoutes: FastifyPluginAsyncTypebox<JobsRouteOptions> = async (app, { db }) => {
  const jobs = new JobsRepository(db);

  const adminOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (request.user.type !== 'admin') throw forbidden(SERVICE_MESSAGES.adminsOnly);
  };

  app.get(
    '/api/jobs/admin/jobs',
    {
      // After validation: bad paging is a 400 whoever asks (as every paged list).
      preHandler: adminOnly,
      schema: { querystring: AdminJobListQuerySchema, response: { 200: JobListResponseSchema } },
    },
    async (request) => {
      const query = request.query;
      const window = pageWindow({ page: query.page ?? 1, limit: query.limit ?? 20 });
      const filter: AdminFilter = {};
      const none = { jobs: [], page: window.page, limit: window.limit, hasMore: false };
      if (query.status) filter.status = query.status;
      if (query.category?.trim()) {
        const category = categoryKey(query.category);
        if (!category) return none;
        filter.category = category;
      }
      if (query.state?.trim()) {
        const state = canonicalState(query.state);
        if (!state) return none;
        filter.state = state;
      }
      if (query.q?.trim()) filter.words = query.q.trim();
      const rows = await jobs.listForAdmin(filter, window);
      return {
        jobs: rows.slice(0, window.limit).map((job) => toSummary(job, { showHidden: true })),
        page: window.page,
        limit: window.limit,
        hasMore: rows.length > window.limit,
      };
    },
  );

  const moderate = (hide: boolean) => async (request: FastifyRequest) => {
    const { jobId } = request.params as { jobId: string };
    let reason: string | null = null;
    if (hide) {
      reason = String((request.body as { reason: string }).reason).trim();
      if (!reason) throw badRequest(SERVICE_MESSAGES.hideReasonRequired, 'VALIDATION_FAILED');
    }
    await db.transaction().execute(async (trx) => {
      const job = existing(await jobs.lock(trx, jobId));
      const wasHidden = job.hidden_at !== null;
      if (!hide && !wasHidden) return;
      await jobs.setHidden(trx, jobId, reason);
      // A new reason for a job already hidden changes what its poster reads, not who sees the job.
      if (wasHidden !== hide) {
        await jobModerated(trx, { jobId, postedBy: job.posted_by, hidden: hide, reason }, request.id);
      }
    });
    return {
      statusCode: 200,
      resultMessage: { en: hide ? JOB_MESSAGES.jobHidden : JOB_MESSAGES.jobShown },
      job: toSummary(existing(await jobs.find(jobId)), { showHidden: true }),
    };
  };

  app.put(
    '/api/jobs/admin/jobs/:jobId/hide',
    {
      onRequest: adminOnly,
      schema: { params: JobIdParams, body: HideJobBodySchema, response: { 200: ModerationResponseSchema } },
    },
    moderate(true),
  );

  app.put(
    '/api/jobs/admin/jobs/:jobId/unhide',
    {
      onRequest: adminOnly,
      config: { documentedBody: 'none' },
      schema: { params: JobIdParams, response: { 200: ModerationResponseSchema } },
    },
    moderate(false),
  );
};
