import {
  addCalendarDays,
  API_PATHS,
  isCalendarDay,
  JOB_MESSAGES,
  lagosToday,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  OfferBodySchema,
  OfferListResponseSchema,
  OfferResponseSchema,
  ResultMessageSchema,
} from '@marketplace/contracts';
import {
  AppError,
  badRequest,
  conflict,
  fieldsInvalid,
  forbidden,
  notFound,
  type AccessClaims,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { JobsDatabase } from '../db-types';
import { jobStatusMoved, offerAccepted, offerSent, offerUnaccepted, offerWithdrawn } from '../events';
import { JobsRepository, type StoredJob } from '../repositories/jobs-repository';
import {
  OffersRepository,
  offerStatusAt,
  toOffer,
  type NewOffer,
  type OfferWithCompany,
} from '../repositories/offers-repository';
import { UnlocksRepository } from '../repositories/unlocks-repository';
import { existing, JobIdParams, type JobsRouteOptions } from './route-context';

const OfferIdParams = Type.Object({ offerId: Type.String({ format: 'uuid' }) });
const HireResponseSchema = Type.Object({
  statusCode: Type.Integer(),
  resultMessage: ResultMessageSchema,
  offers: OfferListResponseSchema.properties.offers,
  hiredCompanyId: OfferListResponseSchema.properties.hiredCompanyId,
  undoUntil: OfferListResponseSchema.properties.undoUntil,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** A company's offer as read from the body, each field checked with the offer form's own text. */
function readOffer(body: unknown, companyId: string, now: Date): NewOffer | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  const details: Array<{ path: string; message: string }> = [];
  const { priceNaira, startDate, validDays, note } = fields;
  const priceOk =
    priceNaira === null ||
    (typeof priceNaira === 'number' &&
      Number.isInteger(priceNaira) &&
      priceNaira >= OFFER_LIMITS.minPriceNaira &&
      priceNaira <= OFFER_LIMITS.maxPriceNaira);
  if (!priceOk) details.push({ path: 'priceNaira', message: OFFER_MESSAGES.price });
  const today = lagosToday(now);
  const startOk =
    typeof startDate === 'string' &&
    isCalendarDay(startDate) &&
    startDate >= today &&
    startDate <= addCalendarDays(today, OFFER_LIMITS.maxStartDaysAhead);
  if (!startOk) details.push({ path: 'startDate', message: OFFER_MESSAGES.startDate });
  const validOk =
    typeof validDays === 'number' &&
    Number.isInteger(validDays) &&
    validDays >= OFFER_LIMITS.minValidDays &&
    validDays <= OFFER_LIMITS.maxValidDays;
  if (!validOk) details.push({ path: 'validDays', message: OFFER_MESSAGES.validDays });
  const text = typeof note === 'string' ? note.trim() : note === undefined ? '' : undefined;
  if (text === undefined || [...text].length > OFFER_LIMITS.noteMaxChars) {
    details.push({ path: 'note', message: OFFER_MESSAGES.note });
  }
  if (details.length > 0) throw fieldsInvalid(details);
  return {
    jobId: fields.jobId as string,
    companyId,
    priceNaira: priceNaira as number | null,
    startDate: startDate as string,
    validUntil: new Date(now.getTime() + (validDays as number) * DAY_MS),
    note: text as string,
  };
}

function companyOnly(user: AccessClaims): string {
  if (user.type !== 'company') throw forbidden(OFFER_MESSAGES.onlyCompany);
  return user.sub;
}

/** Offers go to a job taking them: open, on show, without a hire. */
const takingOffers = (job: StoredJob) => job.status === 'open' && !job.hidden_at && !job.hired_company_id;

/**
 * Offers and the hire (issue 29): a company that paid to unlock a job offers a price (or "by
 * inspection"), a start date and how long the offer stands; a newer offer replaces its standing one. The
 * poster compares a job's offers and accepts one: the job moves to in-progress with that company hired,
 * the other standing offers are declined and each company is told in the app. Until the hired offer's
 * start date the poster may undo the hire. Chat shows the offers from the jobs.offer.* events.
 */
export const offerRoutes: FastifyPluginAsyncTypebox<JobsRouteOptions> = async (app, { db, now }) => {
  const jobs = new JobsRepository(db);
  const unlocks = new UnlocksRepository(db);
  const offers = new OffersRepository(db);

  /** A job's offers as the caller may see them, with the hire. */
  async function offerList(job: StoredJob, viewer: AccessClaims, at: Date, trx?: Kysely<JobsDatabase>) {
    const everything = viewer.type === 'admin' || viewer.sub === job.posted_by;
    const rows = await new OffersRepository(trx ?? db).listForJob(
      job.id,
      everything ? undefined : viewer.sub,
    );
    const hired = job.hired_offer_id ? rows.find((row) => row.id === job.hired_offer_id) : undefined;
    return {
      offers: rows.map((row) => toOffer(row, at)),
      hiredCompanyId: job.hired_company_id,
      undoUntil: job.status === 'in-progress' && hired ? hired.start_date : null,
    };
  }

  app.post(
    API_PATHS.sendOffer,
    {
      onRequest: app.authenticate,
      // The schema documents the body; the field rules give the texts the offer form shows.
      attachValidation: true,
      schema: { body: OfferBodySchema, response: { 201: OfferResponseSchema } },
    },
    async (request, reply) => {
      const companyId = companyOnly(request.user);
      const at = now();
      const offer = readOffer(request.body, companyId, at);
      if (!offer || request.validationError) {
        throw badRequest(
          request.validationError?.message ?? 'Send the offer as a JSON object.',
          'VALIDATION_FAILED',
        );
      }
      const saved = await db.transaction().execute(async (trx) => {
        // The job's row is the lock an accept takes too: an offer cannot slip in beside a hire.
        const job = existing(await jobs.lock(trx, offer.jobId));
        if (!(await unlocks.hasPaid(job.id, companyId, trx))) {
          throw new AppError(403, 'NOT_UNLOCKED', OFFER_MESSAGES.notUnlocked);
        }
        if (!takingOffers(job)) throw conflict(OFFER_MESSAGES.jobNotOpen, 'JOB_NOT_OPEN');
        const { id, replacedId } = await offers.insertReplacing(trx, offer, at);
        const row = (await offers.find(id, trx)) as OfferWithCompany;
        await offerSent(
          trx,
          {
            offerId: id,
            jobId: job.id,
            companyId,
            posterId: job.posted_by,
            jobTitle: job.job_heading,
            priceNaira: row.price_naira,
            startDate: row.start_date,
            validUntil: row.valid_until.toISOString(),
            note: row.note,
            replacesOfferId: replacedId,
            sentAt: at.toISOString(),
          },
          request.id,
        );
        return { row, replacedId };
      });
      return reply.status(201).send({
        statusCode: 201,
        resultMessage: { en: saved.replacedId ? OFFER_MESSAGES.replaced : OFFER_MESSAGES.sent },
        offer: toOffer(saved.row, at),
      });
    },
  );

  app.post(
    '/api/jobs/offers/:offerId/withdraw',
    {
      onRequest: app.authenticate,
      config: { documentedBody: 'none' },
      schema: { params: OfferIdParams, response: { 200: OfferResponseSchema } },
    },
    async (request) => {
      const companyId = companyOnly(request.user);
      const at = now();
      const row = await db.transaction().execute(async (trx) => {
        const offer = await offers.lock(trx, request.params.offerId);
        if (!offer) throw notFound(OFFER_MESSAGES.notFound);
        if (offer.company_id !== companyId) throw forbidden(OFFER_MESSAGES.notYours);
        if (offerStatusAt(offer, at) !== 'active') {
          throw conflict(OFFER_MESSAGES.notWithdrawable, 'OFFER_NOT_ACTIVE');
        }
        await offers.setStatus(trx, offer.id, 'withdrawn', at);
        const job = existing(await jobs.find(offer.job_id, trx));
        await offerWithdrawn(
          trx,
          {
            offerId: offer.id,
            jobId: offer.job_id,
            companyId,
            posterId: job.posted_by,
            withdrawnAt: at.toISOString(),
          },
          request.id,
        );
        return (await offers.find(offer.id, trx)) as OfferWithCompany;
      });
      return {
        statusCode: 200,
        resultMessage: { en: OFFER_MESSAGES.withdrawn },
        offer: toOffer(row, at),
      };
    },
  );

  app.get(
    '/api/jobs/offers/job/:jobId',
    {
      onRequest: app.authenticate,
      schema: { params: JobIdParams, response: { 200: OfferListResponseSchema } },
    },
    async (request, reply) => {
      const job = existing(await jobs.find(request.params.jobId));
      const viewer = request.user;
      const mayRead = viewer.type === 'admin' || viewer.sub === job.posted_by || viewer.type === 'company';
      // Another customer learns nothing, not even that the job has offers.
      if (!mayRead) throw notFound(JOB_MESSAGES.jobNotFound);
      reply.header('cache-control', 'no-store');
      return { statusCode: 200, ...(await offerList(job, viewer, now())) };
    },
  );

  app.post(
    '/api/jobs/offers/:offerId/accept',
    {
      onRequest: app.authenticate,
      config: { documentedBody: 'none' },
      schema: { params: OfferIdParams, response: { 200: HireResponseSchema } },
    },
    async (request) => {
      const at = now();
      const answer = await db.transaction().execute(async (trx) => {
        const found = await offers.find(request.params.offerId, trx);
        if (!found) throw notFound(OFFER_MESSAGES.notFound);
        // The job's row first: two accepts of one job take turns, and the second sees the hire.
        const job = existing(await jobs.lock(trx, found.job_id));
        if (job.posted_by !== request.user.sub) throw forbidden(OFFER_MESSAGES.onlyPoster);
        const offer = (await offers.lock(trx, found.id)) as OfferWithCompany;
        if (job.hired_company_id) throw conflict(OFFER_MESSAGES.alreadyHired, 'ALREADY_HIRED');
        if (job.status !== 'open' || job.hidden_at) throw conflict(OFFER_MESSAGES.jobNotOpen, 'JOB_NOT_OPEN');
        if (offerStatusAt(offer, at) !== 'active')
          throw conflict(OFFER_MESSAGES.notActive, 'OFFER_NOT_ACTIVE');

        const declined = await offers.accept(trx, job.id, offer.id, at);
        await jobs.hire(trx, job.id, { companyId: offer.company_id, offerId: offer.id, at });
        await offers.notifyHire(
          trx,
          job.id,
          offer.company_id,
          declined.map((row) => row.company_id),
          at,
        );
        await offerAccepted(
          trx,
          {
            offerId: offer.id,
            jobId: job.id,
            companyId: offer.company_id,
            posterId: job.posted_by,
            jobTitle: job.job_heading,
            declinedOfferIds: declined.map((row) => row.id),
            declinedCompanyIds: declined.map((row) => row.company_id),
            acceptedAt: at.toISOString(),
          },
          request.id,
        );
        // The job moved to in-progress: the services that follow job statuses hear it as from manage.ts.
        await jobStatusMoved(
          trx,
          {
            jobId: job.id,
            postedBy: job.posted_by,
            status: 'in-progress',
            companyIds: await unlocks.paidCompanies(trx, job.id),
          },
          request.id,
        );
        return offerList(existing(await jobs.find(job.id, trx)), request.user, at, trx);
      });
      return { statusCode: 200, resultMessage: { en: OFFER_MESSAGES.accepted }, ...answer };
    },
  );

  app.post(
    '/api/jobs/offers/job/:jobId/undo-hire',
    {
      onRequest: app.authenticate,
      config: { documentedBody: 'none' },
      schema: { params: JobIdParams, response: { 200: HireResponseSchema } },
    },
    async (request) => {
      const at = now();
      const answer = await db.transaction().execute(async (trx) => {
        const job = existing(await jobs.lock(trx, request.params.jobId));
        if (job.posted_by !== request.user.sub) throw forbidden(OFFER_MESSAGES.onlyPoster);
        if (job.status !== 'in-progress' || !job.hired_offer_id || !job.hired_company_id || !job.hired_at) {
          throw conflict(OFFER_MESSAGES.noHire, 'NO_HIRE');
        }
        const hired = await offers.find(job.hired_offer_id, trx);
        // Work starts on the hired offer's start date: from that day on the hire stands.
        if (!hired || lagosToday(at) >= hired.start_date) {
          throw conflict(OFFER_MESSAGES.undoTooLate, 'WORK_STARTED');
        }
        const reopened = await offers.reopen(trx, job.id, hired.id, job.hired_at, at);
        await jobs.clearHire(trx, job.id);
        await offers.withdrawHireNotices(trx, job.id);
        await offerUnaccepted(
          trx,
          {
            offerId: hired.id,
            jobId: job.id,
            companyId: job.hired_company_id,
            posterId: job.posted_by,
            reopenedOfferIds: reopened,
            undoneAt: at.toISOString(),
          },
          request.id,
        );
        return offerList(existing(await jobs.find(job.id, trx)), request.user, at, trx);
      });
      return { statusCode: 200, resultMessage: { en: OFFER_MESSAGES.unaccepted }, ...answer };
    },
  );
};
