import {
  ApplicantsResponseSchema,
  AppliedJobsResponseSchema,
  JOB_MESSAGES,
  MESSAGES,
  MyJobsResponseSchema,
  ResultMessageSchema,
} from '@marketplace/contracts';
import { AppError, forbidden, notFound, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import { Type } from 'typebox';
import { applicationCreated } from '../events';
import { SERVICE_MESSAGES } from '../messages';
import { JobsRepository, type StoredJob } from '../repositories/jobs-repository';
import { OffersRepository } from '../repositories/offers-repository';
import { UnlocksRepository } from '../repositories/unlocks-repository';
import { toSummary } from '../views';
import { assertOwner } from '../access-policy';
import { existing, JobIdParams, type JobsRouteOptions } from './route-context';

const totalsOf = (jobs: StoredJob[]) => ({
  jobs: jobs.length,
  completed: jobs.filter((job) => job.status === 'completed').length,
});

/**
 * Who applied to what: a poster's applicants (companies with a paid unlock), the poster's dashboard
 * (posted jobs with their totals), a company's dashboard (the jobs it unlocked), and applying (a
 * company with a paid unlock; the payment's confirmation already records it, so this is idempotent).
 */
export const applicationRoutes: FastifyPluginAsyncTypebox<JobsRouteOptions> = async (app, { db, now }) => {
  const jobs = new JobsRepository(db);
  const offers = new OffersRepository(db);
  const unlocks = new UnlocksRepository(db);

  app.get(
    '/api/jobs/applications/:jobId',
    {
      onRequest: app.authenticate,
      schema: { params: JobIdParams, response: { 200: ApplicantsResponseSchema } },
    },
    async (request) => {
      const job = existing(await jobs.find(request.params.jobId));
      assertOwner(job, request.user, { admins: true });
      const rows = await unlocks.applicants(job.id);
      return {
        statusCode: 200,
        applicants: rows.map((row) => ({
          _id: row.company_id,
          name: row.name ?? MESSAGES.anonymousReviewer,
          // The jobs service holds no company contact details (accounts' events carry none); the
          // client reads them from the company directory, which lists them publicly.
          email: null,
          phoneNumber: null,
          reviewed: row.reviewed,
        })),
      };
    },
  );

  app.get(
    '/api/jobs/user/jobs/posted',
    { onRequest: app.authenticate, schema: { response: { 200: MyJobsResponseSchema } } },
    async (request) => {
      if (request.user.type !== 'user') throw forbidden(SERVICE_MESSAGES.onlyPostersHavePostedJobs);
      const rows = await jobs.listPostedBy(request.user.sub);
      const offerCounts = await offers.countsFor(
        rows.map((job) => job.id),
        now(),
      );
      // The company each job hired, by its public name (the poster chose it from the offers).
      const hiredIds = [
        ...new Set(rows.flatMap((job) => (job.hired_company_id ? [job.hired_company_id] : []))),
      ];
      const hiredNames = await jobs.memberNames(hiredIds);
      return {
        statusCode: 200,
        jobs: rows.map((job) => ({
          ...toSummary(job, { showHidden: true }),
          offerCount: offerCounts.get(job.id) ?? 0,
          hiredCompany: job.hired_company_id
            ? { _id: job.hired_company_id, name: hiredNames.get(job.hired_company_id) ?? 'A company' }
            : null,
        })),
        totals: totalsOf(rows),
      };
    },
  );

  app.get(
    '/api/jobs/applied/jobs/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        params: Type.Object({ userId: Type.String({ format: 'uuid' }) }),
        response: { 200: AppliedJobsResponseSchema },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (request.user.type !== 'admin' && request.user.sub !== userId) {
        throw forbidden(SERVICE_MESSAGES.ownAppliedJobsOnly);
      }
      const rows = await jobs.listUnlockedBy(userId);
      return {
        statusCode: 200,
        jobsApplied: rows.map((job) => toSummary(job, { unlock: 'paid' })),
        totals: totalsOf(rows),
      };
    },
  );

  app.post(
    '/api/jobs/apply/:jobId/:userId',
    {
      onRequest: app.authenticate,
      config: { documentedBody: 'none' },
      schema: {
        params: Type.Object({
          jobId: Type.String({ format: 'uuid' }),
          userId: Type.String({ format: 'uuid' }),
        }),
        response: {
          200: Type.Object({ statusCode: Type.Integer(), resultMessage: ResultMessageSchema }),
        },
      },
    },
    async (request) => {
      const { jobId, userId } = request.params;
      if (request.user.type !== 'company') throw forbidden(SERVICE_MESSAGES.onlyCompaniesApply);
      if (request.user.sub !== userId) throw forbidden(SERVICE_MESSAGES.applyAsYourself);
      await db.transaction().execute(async (trx) => {
        const job = existing(await jobs.find(jobId, trx));
        if (job.hidden_at) throw notFound(JOB_MESSAGES.jobNotFound);
        if (!(await unlocks.hasPaid(jobId, userId, trx))) {
          throw new AppError(402, 'PAYMENT_REQUIRED', JOB_MESSAGES.paymentRequiredToApply);
        }
        if (await unlocks.addApplication(trx, jobId, userId)) {
          await applicationCreated(trx, { jobId, companyId: userId, posterId: job.posted_by }, request.id);
        }
      });
      return { statusCode: 200, resultMessage: { en: MESSAGES.alreadyAppliedYouCanChat } };
    },
  );
};
