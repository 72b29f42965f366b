import { randomUUID } from 'node:crypto';
import { eventually } from '@marketplace/service-kit/testing';
import { setUpPaymentsHarness } from '../testing';

describe('read models: jobs (payments-jobs) and members', () => {
  const h = setUpPaymentsHarness();

  const job = (id: string) => h.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();

  it('keeps owner, title, category and status from jobs.job.posted / updated / completed', async () => {
    const { jobId, posterId } = await h.postJob({ category: 'Build New', title: 'Build a garage' });
    expect(await job(jobId)).toMatchObject({
      posted_by: posterId,
      title: 'Build a garage',
      category: 'Build New',
      status: 'open',
      hidden: false,
      deleted_at: null,
    });
    await h.jobsEvent('jobs.job.updated', {
      jobId,
      postedBy: posterId,
      fields: ['jobHeading'],
      title: 'Build a double garage',
    });
    await h.jobsEvent('jobs.job.completed', {
      jobId,
      postedBy: posterId,
      status: 'in-progress',
      companyIds: [],
    });
    await eventually(async () =>
      expect(await job(jobId)).toMatchObject({ title: 'Build a double garage', status: 'in-progress' }),
    );
    await h.jobsEvent('jobs.job.completed', {
      jobId,
      postedBy: posterId,
      status: 'completed',
      companyIds: [],
    });
    await eventually(async () => expect((await job(jobId))?.status).toBe('completed'));
  });

  it('marks a job hidden (and listed again) from jobs.job.moderated, deleted from jobs.job.deleted', async () => {
    const { jobId, posterId } = await h.postJob();
    await h.jobsEvent('jobs.job.moderated', { jobId, postedBy: posterId, hidden: true, reason: 'Spam' });
    await eventually(async () => expect((await job(jobId))?.hidden).toBe(true));
    await h.jobsEvent('jobs.job.moderated', { jobId, postedBy: posterId, hidden: false, reason: null });
    await eventually(async () => expect((await job(jobId))?.hidden).toBe(false));
    await h.jobsEvent('jobs.job.deleted', { jobId, postedBy: posterId });
    await eventually(async () => expect((await job(jobId))?.deleted_at).toBeInstanceOf(Date));
  });

  it('ignores ids that cannot be jobs and keeps consuming', async () => {
    await h.jobsEvent('jobs.job.posted', { jobId: 'not-a-uuid', postedBy: randomUUID() });
    await h.jobsEvent('jobs.job.deleted', { jobId: '42', postedBy: 'nobody' });
    const { jobId } = await h.postJob();
    expect(await job(jobId)).toBeDefined();
  });

  it('keeps members (companies or not) from accounts.user.*', async () => {
    const company = await h.account('company', 'Ace Plumbing');
    const poster = await h.account('user', 'Ada Obi');
    const members = () =>
      h.db
        .selectFrom('members')
        .select(['id', 'name', 'type'])
        .where('id', 'in', [company.id, poster.id])
        .execute();
    await eventually(async () =>
      expect(await members()).toEqual(
        expect.arrayContaining([
          { id: company.id, name: 'Ace Plumbing', type: 'company' },
          { id: poster.id, name: 'Ada Obi', type: 'user' },
        ]),
      ),
    );
  });
});
