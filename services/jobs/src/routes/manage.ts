import fastifyMultipart from '@fastify/multipart';
import {
  CompleteJobBodySchema,
  JobEditBodySchema,
  JobEditFormSchema,
  JobFieldsSchema,
  JobFormSchema,
  JOB_IMAGE_LIMIT,
  JOB_MESSAGES,
  JobSavedResponseSchema,
  JobStatusResponseSchema,
  MESSAGES,
  ResultMessageSchema,
  type JobStatus,
} from '@marketplace/contracts';
import {
  badRequest,
  conflict,
  forbidden,
  multipartBody,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { jobDeleted, jobPosted, jobStatusMoved, jobUpdated } from '../events';
import {
  FORM_MESSAGES,
  JobFieldsInvalid,
  jobChanges,
  MULTIPART_LIMITS,
  newJobValues,
  readFormFields,
  readJobForm,
} from '../job-form';
import { SERVICE_MESSAGES } from '../messages';
import { POST_JOB_LIMITS } from '../rate-limits';
import { JobsRepository, type StoredJob } from '../repositories/jobs-repository';
import { UnlocksRepository } from '../repositories/unlocks-repository';
import { toDetail } from '../views';
import { assertOwner } from '../access-policy';
import { existing, JobIdParams, type JobsRouteOptions } from './route-context';

const MessageResponseSchema = Type.Object({ statusCode: Type.Integer(), resultMessage: ResultMessageSchema });

/**
 * A poster's own jobs: post (customers only; multipart with up to 5 images, or JSON), edit (open jobs,
 * only the fields sent; images replaced when sent), delete (soft; refused once a company has paid to
 * unlock the job) and move the status (open -> in-progress -> completed, or open -> completed).
 */
export const manageRoutes: FastifyPluginAsyncTypebox<JobsRouteOptions> = async (app, options) => {
  const { db, images, now } = options;
  const jobs = new JobsRepository(db);
  const unlocks = new UnlocksRepository(db);

  await app.register(fastifyMultipart, {
    limits: {
      fileSize: images.limits.maxBytes,
      // One more than allowed, so a form with an extra (empty) file input still reads; the reader
      // counts the non-empty ones against JOB_IMAGE_LIMIT.
      files: JOB_IMAGE_LIMIT + 1,
      ...MULTIPART_LIMITS,
    },
  });

  const posterOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (request.user.type !== 'user') throw forbidden(JOB_MESSAGES.onlyPostersPostJobs);
  };

  /** Checks every upload before storing any, so one bad image leaves nothing behind. */
  async function storeImages(uploads: Buffer[]): Promise<string[]> {
    const prepared: Buffer[] = [];
    for (const upload of uploads) prepared.push(await images.prepare(upload));
    const stored: string[] = [];
    try {
      for (const encoded of prepared) stored.push(await images.store(encoded));
    } catch (err) {
      await images.removeQuietly(stored);
      throw err;
    }
    return stored;
  }

  const detail = (job: StoredJob) => toDetail(job, { contact: true, showHidden: true });

  app.post(
    '/api/jobs/postjob',
    {
      onRequest: posterOnly,
      config: { rateLimits: POST_JOB_LIMITS, documentedBody: multipartBody(JobFormSchema, JobFieldsSchema) },
      schema: { response: { 201: JobSavedResponseSchema } },
    },
    async (request, reply) => {
      const form = await readJobForm(request, images);
      let values: ReturnType<typeof newJobValues>;
      try {
        values = newJobValues(form.fields, request.user.sub, now());
      } catch (err) {
        if (err instanceof JobFieldsInvalid) return err.send(reply);
        throw err;
      }
      const stored = await storeImages(form.images ?? []);
      let jobId: string;
      try {
        jobId = await db.transaction().execute(async (trx) => {
          const job = { ...values, images: stored };
          const id = await jobs.insert(trx, job);
          await jobPosted(trx, id, job, request.id);
          return id;
        });
      } catch (err) {
        await images.removeQuietly(stored);
        throw err;
      }
      const job = existing(await jobs.find(jobId));
      return reply.status(201).send({
        statusCode: 201,
        resultMessage: { en: MESSAGES.jobCreatedSuccessfully },
        job: detail(job),
      });
    },
  );

  app.put(
    '/api/jobs/editjob/:jobId',
    {
      onRequest: app.authenticate,
      config: { documentedBody: multipartBody(JobEditFormSchema, JobEditBodySchema) },
      schema: { params: JobIdParams, response: { 200: JobSavedResponseSchema } },
    },
    async (request, reply) => {
      const { jobId } = request.params;
      const job = existing(await jobs.find(jobId));
      assertOwner(job, request.user);
      if (job.status !== 'open') throw conflict(JOB_MESSAGES.onlyOpenJobsEditable, 'JOB_NOT_OPEN');
      const form = await readJobForm(request, images);
      let changes: ReturnType<typeof jobChanges>;
      try {
        changes = jobChanges(form.fields, job, now());
      } catch (err) {
        if (err instanceof JobFieldsInvalid) return err.send(reply);
        throw err;
      }
      const newImages = form.images && form.images.length > 0 ? form.images : undefined;
      if (Object.keys(changes).length === 0 && !newImages && !form.clearImages) {
        throw badRequest(FORM_MESSAGES.nothingToUpdate);
      }
      const stored = newImages ? await storeImages(newImages) : [];
      if (newImages || form.clearImages) changes.images = stored;
      let before: StoredJob;
      try {
        before = await db.transaction().execute(async (trx) => {
          const current = existing(await jobs.lock(trx, jobId));
          assertOwner(current, request.user);
          if (current.status !== 'open') throw conflict(JOB_MESSAGES.onlyOpenJobsEditable, 'JOB_NOT_OPEN');
          await jobs.update(trx, jobId, changes);
          await jobUpdated(
            trx,
            {
              jobId,
              postedBy: current.posted_by,
              fields: Object.keys(changes),
              title: changes.jobHeading ?? current.job_heading,
            },
            request.id,
          );
          return current;
        });
      } catch (err) {
        await images.removeQuietly(stored);
        throw err;
      }
      if (changes.images) await images.removeQuietly(before.images.filter((name) => !stored.includes(name)));
      return {
        statusCode: 200,
        resultMessage: { en: JOB_MESSAGES.jobUpdated },
        job: detail(existing(await jobs.find(jobId))),
      };
    },
  );

  app.delete(
    '/api/jobs/deletejob/:jobId',
    {
      onRequest: app.authenticate,
      schema: { params: JobIdParams, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const { jobId } = request.params;
      await db.transaction().execute(async (trx) => {
        const job = existing(await jobs.lock(trx, jobId));
        assertOwner(job, request.user, { admins: true });
        // Companies paid for this lead: deleting it would take away what they paid for.
        if (await unlocks.anyPaid(trx, jobId)) throw conflict(JOB_MESSAGES.deleteAfterUnlock, 'JOB_UNLOCKED');
        await jobs.softDelete(trx, jobId);
        await jobDeleted(trx, { jobId, postedBy: job.posted_by }, request.id);
      });
      return { statusCode: 200, resultMessage: { en: JOB_MESSAGES.jobDeleted } };
    },
  );

  // The legacy client sends no body (it means completed), sometimes with a JSON content type: the kit
  // reads an empty JSON body as none. A multipart form is read here; one that cannot be read is a 400.
  app.put(
    '/api/jobs/complete/:jobId',
    {
      onRequest: app.authenticate,
      // Read here, not by Fastify: no body (or an empty one) means completed.
      config: {
        documentedBody: {
          content: {
            'application/json': CompleteJobBodySchema,
            'multipart/form-data': CompleteJobBodySchema,
          },
          required: false,
          description: 'The status to move to; without a body, completed.',
        },
      },
      schema: { params: JobIdParams, response: { 200: JobStatusResponseSchema } },
    },
    async (request) => {
      const { jobId } = request.params;
      const target = requestedStatus(
        request.isMultipart() ? await readFormFields(request, images) : request.body,
      );
      const status = await db.transaction().execute(async (trx) => {
        const job = existing(await jobs.lock(trx, jobId));
        assertOwner(job, request.user);
        if (job.status === target) return target;
        if (job.status === 'completed') throw conflict(JOB_MESSAGES.cannotReopen, 'JOB_COMPLETED');
        if (target === 'open') throw conflict(SERVICE_MESSAGES.inProgressCannotReopen, 'JOB_IN_PROGRESS');
        await jobs.setStatus(trx, jobId, target);
        await jobStatusMoved(
          trx,
          {
            jobId,
            postedBy: job.posted_by,
            status: target,
            companyIds: await unlocks.paidCompanies(trx, jobId),
          },
          request.id,
        );
        return target;
      });
      return {
        statusCode: 200,
        resultMessage: { en: JOB_MESSAGES.jobStatusChanged },
        job: { _id: jobId, status },
      };
    },
  );
};

/** The status a complete call asks for: its body's `status`, completed when there is none. */
function requestedStatus(body: unknown): JobStatus {
  if (body === undefined || body === null) return 'completed';
  if (!Value.Check(CompleteJobBodySchema, body)) {
    throw badRequest("status must be one of 'open', 'in-progress' or 'completed'", 'VALIDATION_FAILED');
  }
  return body.status ?? 'completed';
}
