import {
  JOB_MESSAGES,
  JobDetailResponseSchema,
  JobListResponseSchema,
  JobSearchQuerySchema,
  PageQuerySchema,
  PosterSchema,
  pageWindow,
  type JobListResponse,
} from '@marketplace/contracts';
import {
  findMember,
  imageResponse,
  notFound,
  type AccessClaims,
  type FastifyPluginAsyncTypebox,
} from '@marketplace/service-kit';
import { storedImageHeaders } from '@marketplace/service-kit/uploads';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { isOwner, maySeeContact } from '../access-policy';
import { SERVICE_MESSAGES } from '../messages';
import { JobsRepository, type ListingFilter } from '../repositories/jobs-repository';
import { UnlocksRepository } from '../repositories/unlocks-repository';
import {
  canonicalState,
  categoryKey,
  paymentInfoOf,
  subcategoryKey,
  toDetail,
  toSummary,
  typeFilter,
} from '../views';
import { JobIdParams, viewerOf, type JobsRouteOptions } from './route-context';

const TypeParams = (name: 'category' | 'subcategory') =>
  Type.Object({
    [name]: Type.String({ maxLength: 100 }),
    /** The legacy trailing account id (empty for a visitor): ignored, the caller comes from the token. */
    userId: Type.Optional(Type.String({ maxLength: 100 })),
  });

/**
 * The public job listings (spec section 7: viewalljobs, getalljobs, getjobsbycategory,
 * getjobsbysubcategory; and /api/jobs/search), one job (viewjob), poster facts and the job images.
 * Listings show open jobs that are neither hidden nor deleted, newest first, a page at a time (the
 * legacy calls without paging get the first page), and never the poster's contact details. A signed-in
 * company sees its own unlock of each job (`paymentInfo`) for the card's button.
 */
export const listingRoutes: FastifyPluginAsyncTypebox<JobsRouteOptions> = async (app, options) => {
  const { db, images, caches } = options;
  const jobs = new JobsRepository(db);
  const unlocks = new UnlocksRepository(db);

  /**
   * One page of a listing. The page itself is the same for everyone (cached briefly, see ListingCache);
   * a company gets its own unlock of each job added, everyone else the same bytes.
   */
  async function listPage(
    filter: ListingFilter,
    window: { page: number; limit: number; offset: number },
    viewer: AccessClaims | undefined,
    reply: FastifyReply,
  ) {
    const key = `${JSON.stringify(filter)}|${window.page}|${window.limit}`;
    const cached = await caches.pages.through(key, async () => {
      const rows = await jobs.listListed(filter, window);
      return {
        jobs: rows.slice(0, window.limit).map((job) => toSummary(job)),
        hasMore: rows.length > window.limit,
      };
    });
    const body = { jobs: cached.jobs, page: window.page, limit: window.limit, hasMore: cached.hasMore };
    let json: string;
    if (viewer?.type === 'company') {
      const company = viewer.sub;
      json = await caches.companyPages.through(`${key}|${company}`, async () => {
        const statuses = await caches.companyUnlocks.through(company, () => unlocks.statusesOf(company));
        const jobsWithUnlocks = cached.jobs.map((job) => {
          const paymentInfo = paymentInfoOf(statuses.get(job._id));
          return paymentInfo ? { ...job, paymentInfo } : job;
        });
        return String(reply.serialize({ ...body, jobs: jobsWithUnlocks }));
      });
    } else {
      json = cached.json ??= String(reply.serialize(body));
    }
    // Serialized by the route's response schema above, once per cached page.
    return reply
      .type('application/json; charset=utf-8')
      .serializer((payload: unknown) => payload as string)
      .send(json);
  }

  const empty = (window: { page: number; limit: number }): JobListResponse => ({
    jobs: [],
    page: window.page,
    limit: window.limit,
    hasMore: false,
  });

  for (const path of ['/api/jobs/viewalljobs', '/api/jobs/getalljobs']) {
    app.get(
      path,
      { schema: { querystring: PageQuerySchema, response: { 200: JobListResponseSchema } } },
      async (request, reply) => {
        const window = pageWindow(request.query);
        const viewer = await viewerOf(app, request, reply, { strict: false });
        return listPage({}, window, viewer, reply);
      },
    );
  }

  // With and without the legacy trailing account id ('.../Craftsman/' has it empty). Two routes rather
  // than an optional parameter: the same matching, and every route's path stays a plain pattern.
  for (const [kind, path] of [
    ['category', '/api/jobs/getjobsbycategory/:category'],
    ['category', '/api/jobs/getjobsbycategory/:category/:userId'],
    ['subcategory', '/api/jobs/getjobsbysubcategory/:subcategory'],
    ['subcategory', '/api/jobs/getjobsbysubcategory/:subcategory/:userId'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          params: TypeParams(kind),
          querystring: PageQuerySchema,
          response: { 200: JobListResponseSchema },
        },
      },
      async (request, reply) => {
        const window = pageWindow(request.query);
        const params = request.params as Record<string, string>;
        const filter = typeFilter(params[kind] ?? '', kind);
        // An unknown name is an empty list, not an error: the pages show 'No Jobs Found'.
        if (!filter) return empty(window);
        const viewer = await viewerOf(app, request, reply, { strict: false });
        return listPage(filter, window, viewer, reply);
      },
    );
  }

  app.get(
    '/api/jobs/search',
    { schema: { querystring: JobSearchQuerySchema, response: { 200: JobListResponseSchema } } },
    async (request, reply) => {
      const query = request.query;
      const window = pageWindow({ page: query.page ?? 1, limit: query.limit ?? 12 });
      const filter: ListingFilter = {};
      // A filter naming nothing we know matches nothing (an empty page), rather than being ignored.
      if (query.category?.trim()) {
        const category = categoryKey(query.category);
        if (!category) return empty(window);
        filter.category = category;
      }
      if (query.subcategory?.trim()) {
        const subcategory = subcategoryKey(query.subcategory);
        if (!subcategory) return empty(window);
        filter.subcategory = subcategory;
      }
      if (query.state?.trim()) {
        const state = canonicalState(query.state);
        if (!state) return empty(window);
        filter.state = state;
      }
      if (query.q?.trim()) filter.words = query.q.trim();
      if (query.startFrom) filter.startFrom = query.startFrom;
      if (query.startTo) filter.startTo = query.startTo;
      const viewer = await viewerOf(app, request, reply, { strict: false });
      return listPage(filter, window, viewer, reply);
    },
  );

  app.get(
    '/api/jobs/viewjob/:jobId',
    { schema: { params: JobIdParams, response: { 200: JobDetailResponseSchema } } },
    async (request, reply) => {
      const viewer = await viewerOf(app, request, reply, { strict: true });
      const job = await jobs.find(request.params.jobId);
      const admin = viewer?.type === 'admin';
      // Deleted jobs are gone (admins still reach them); hidden ones only for their poster and admins.
      if (!job || (job.deleted_at && !admin)) throw notFound(JOB_MESSAGES.jobNotFound);
      const privileged = admin || (viewer !== undefined && isOwner(job, viewer));
      if (job.hidden_at && !privileged) throw notFound(JOB_MESSAGES.jobNotFound);
      const unlock =
        viewer?.type === 'company' ? (await unlocks.find(job.id, viewer.sub))?.status : undefined;
      return {
        statusCode: 200,
        job: toDetail(job, {
          unlock,
          contact: maySeeContact(job, viewer, unlock),
          showHidden: privileged,
        }),
      };
    },
  );

  app.get(
    '/api/jobs/posters/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: PosterSchema },
      },
    },
    async (request, reply) => {
      // Only what a visitor of a job page needs: the name of someone who has a job on show. Companies,
      // admins and members with nothing listed are nobody's business (the poster and admins still see
      // the card), and all get the same 404 as an id that does not exist.
      const viewer = await viewerOf(app, request, reply, { strict: false });
      const member = await findMember(db, request.params.id);
      const mayLook = viewer !== undefined && (viewer.type === 'admin' || viewer.sub === member?.id);
      const onShow = member?.type === 'user' && (mayLook || (await jobs.hasJobOnShow(member.id)));
      if (!member || !onShow) throw notFound(SERVICE_MESSAGES.posterNotFound);
      return {
        _id: member.id,
        name: member.name,
        type: member.type,
        totalPostedJobs: await jobs.countPostedBy(member.id),
      };
    },
  );

  app.get(
    '/api/jobs/images/:name',
    // Any name the store did not make is a 404 (ImageStore.read accepts server-made names only).
    {
      schema: {
        params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
        response: { 200: imageResponse("A job's image, as stored (names are never reused)") },
      },
    },
    async (request, reply) => {
      const image = await images.read(request.params.name);
      if (!image) throw notFound(SERVICE_MESSAGES.imageNotFound);
      return reply.headers(storedImageHeaders(image)).send(image.body);
    },
  );
};
