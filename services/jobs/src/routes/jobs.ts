import { JobListResponseSchema, PageQuerySchema, PosterSchema, pageWindow } from '@marketplace/contracts';
import { findMember, notFound, type FastifyPluginAsyncTypebox } from '@marketplace/service-kit';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import type { JobsDatabase } from '../db-types';
import { JobsRepository } from '../repositories/jobs-repository';

export const jobRoutes: FastifyPluginAsyncTypebox<{ db: Kysely<JobsDatabase> }> = async (app, { db }) => {
  const jobs = new JobsRepository(db);

  app.get(
    '/api/jobs/viewalljobs',
    { schema: { querystring: PageQuerySchema, response: { 200: JobListResponseSchema } } },
    async (request) => {
      const window = pageWindow(request.query);
      const rows = await jobs.listAll(window);
      return {
        page: window.page,
        limit: window.limit,
        jobs: rows.map((row) => ({
          _id: row.id,
          title: row.title,
          jobHeading: row.job_heading,
          description: row.description,
          category: row.category,
          subcategory: row.subcategory,
          jobStartDate: row.job_start_date,
          status: row.status,
          postedBy: { _id: row.posted_by, name: row.poster_name ?? 'Anonymous' },
          createdAt: row.created_at.toISOString(),
        })),
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
    async (request) => {
      const member = await findMember(db, request.params.id);
      if (!member) throw notFound('No such poster');
      return {
        _id: member.id,
        name: member.name,
        type: member.type,
        totalPostedJobs: await jobs.countPostedBy(member.id),
      };
    },
  );
};
