import { EVENT_TYPES } from '@marketplace/contracts';
import { eventually } from '@marketplace/service-kit/testing';
import { createJobsHarness, type JobsHarness, type Member } from '../testing';

describe('an erased account (accounts.user.deleted)', () => {
  let h: JobsHarness;
  let poster: Member;
  let admin: Member;
  beforeAll(async () => {
    h = await createJobsHarness();
    poster = await h.member('user', 'Ada Obi');
    admin = await h.member('admin', 'Admin');
  }, 60_000);
  afterAll(async () => {
    await h.close();
  });

  it("takes the poster's unfinished jobs off the listings and wipes the contact details from all of them", async () => {
    const open = await h.postJob(poster, { jobHeading: 'Open job' });
    const done = await h.postJob(poster, { jobHeading: 'Done job' });
    await h.app.inject({ method: 'PUT', url: `/api/jobs/complete/${done}`, headers: poster.headers });
    const someoneElse = await h.member('user', 'Bola Ade');
    const theirs = await h.postJob(someoneElse, { jobHeading: 'Their job' });

    await h.publish(EVENT_TYPES.accountsUserDeleted, { userId: poster.id });
    await h.expectEvent('jobs.job.deleted', { jobId: open, postedBy: poster.id });
    await eventually(async () => {
      const rows = await h.db
        .selectFrom('jobs')
        .select(['id', 'name', 'email', 'phone_number', 'address', 'deleted_at', 'status'])
        .where('posted_by', '=', poster.id)
        .execute();
      for (const row of rows)
        expect(row).toMatchObject({ name: '', email: null, phone_number: null, address: null });
      expect(rows.find((row) => row.id === open)?.deleted_at).toBeInstanceOf(Date);
      expect(rows.find((row) => row.id === done)?.deleted_at).toBeNull();
    });
    const list = await h.app.inject({ method: 'GET', url: '/api/jobs/viewalljobs' });
    expect(list.json().jobs.map((job: { _id: string }) => job._id)).toEqual([theirs]);
    const kept = await h.app.inject({
      method: 'GET',
      url: `/api/jobs/viewjob/${done}`,
      headers: admin.headers,
    });
    expect(kept.json().job).toMatchObject({
      email: '',
      phoneNumber: '',
      address: null,
      postedBy: { name: 'Deleted user' },
    });
    expect(kept.body).not.toContain('ada@example.com');
    // Delivered again: nothing more happens.
    await h.publish(EVENT_TYPES.accountsUserDeleted, { userId: poster.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.eventsOf('jobs.job.deleted', { postedBy: poster.id })).toHaveLength(1);
  });

  it("deletes an erased company's job alerts and notifications", async () => {
    const company = await h.member('company', 'Gone Plumbing');
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/api/jobs/alerts/preferences',
      headers: company.headers,
      payload: { categories: ['Craftsman'], subcategories: [], states: [], email: 'daily' },
    });
    expect(saved.statusCode).toBe(200);
    const customer = await h.member('user', 'Chi Eze');
    await h.postJob(customer, { jobHeading: 'Alerted job' });
    await eventually(async () => {
      const rows = await h.db
        .selectFrom('notifications')
        .select('id')
        .where('recipient_id', '=', company.id)
        .execute();
      expect(rows.map((row) => row.id)).toHaveLength(1);
    });
    await h.publish(EVENT_TYPES.accountsUserDeleted, { userId: company.id });
    await eventually(async () => {
      const left = await h.db
        .selectFrom('notifications')
        .select('id')
        .where('recipient_id', '=', company.id)
        .execute();
      const prefs = await h.db
        .selectFrom('job_alert_preferences')
        .select('company_id')
        .where('company_id', '=', company.id)
        .execute();
      expect([left, prefs]).toEqual([[], []]);
    });
  });
});
