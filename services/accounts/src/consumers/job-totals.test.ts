import { randomUUID } from 'node:crypto';
import { newEvent } from '@marketplace/service-kit';
import { eventually } from '@marketplace/service-kit/testing';
import { companyPayload, createAccountsHarness, type AccountsHarness } from '../testing';

// A company's rating counts what its profile shows: jobs.review.moderated takes a hidden review's rating
// out of the summary and puts it back when the review is shown again, once per change.

describe('company rating from jobs.review.posted and jobs.review.moderated', () => {
  let h: AccountsHarness;
  beforeAll(async () => {
    h = await createAccountsHarness();
  }, 60_000);
  afterAll(async () => {
    await h.close();
  }, 60_000);

  const jobId = randomUUID();
  const posted = (companyId: string, reviewId: string, rating: number) =>
    newEvent(
      'jobs.review.posted',
      { reviewId, jobId, companyId, reviewerId: randomUUID(), rating, verifiedHire: true },
      { correlationId: 'test' },
    );
  const moderated = (companyId: string, reviewId: string, rating: number, hidden: boolean) =>
    newEvent(
      'jobs.review.moderated',
      { reviewId, jobId, companyId, rating, hidden, reason: hidden ? 'Abusive.' : null },
      { correlationId: 'test' },
    );
  const ratingOf = async (id: string) =>
    h.db
      .selectFrom('users')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const directory = async (id: string) =>
    (await h.service.app.inject({ method: 'GET', url: `/api/accounts/companies/${id}` })).json().company
      .rating;

  async function company() {
    const { id } = await h.signUp(
      companyPayload({ email: `rated-${randomUUID().slice(0, 8)}@example.ng`, name: 'Rated Works' }),
    );
    return id;
  }

  it('takes a hidden review out once and puts it back once, redeliveries and repeats harmless', async () => {
    const id = await company();
    const [five, one] = [randomUUID(), randomUUID()];
    await h.service.bus.publish(posted(id, five, 5));
    await h.service.bus.publish(posted(id, one, 1));
    await eventually(async () => expect(await ratingOf(id)).toEqual({ rating_sum: 6, rating_count: 2 }));

    const hide = moderated(id, one, 1, true);
    await h.service.bus.publish(hide);
    await h.service.bus.publish(hide); // the same event redelivered
    await h.service.bus.publish(moderated(id, one, 1, true)); // the same change announced again
    await eventually(async () => expect(await directory(id)).toEqual({ average: 5, count: 1 }));
    // A later event shows everything before it was applied.
    const marker = randomUUID();
    await h.service.bus.publish(posted(id, marker, 3));
    await eventually(async () => expect(await ratingOf(id)).toEqual({ rating_sum: 8, rating_count: 2 }));

    const show = moderated(id, one, 1, false);
    await h.service.bus.publish(show);
    await h.service.bus.publish(show);
    await h.service.bus.publish(moderated(id, one, 1, false));
    await h.service.bus.publish(moderated(id, five, 5, false)); // shown already: nothing to put back
    await eventually(async () => expect(await directory(id)).toEqual({ average: 3, count: 3 }));
    await h.service.bus.publish(posted(id, randomUUID(), 3));
    await eventually(async () => expect(await ratingOf(id)).toEqual({ rating_sum: 12, rating_count: 4 }));
  });

  it('ignores malformed moderation events (no company, a rating out of range)', async () => {
    const id = await company();
    await h.service.bus.publish(posted(id, randomUUID(), 4));
    await h.service.bus.publish(moderated('not-a-uuid', randomUUID(), 4, true));
    await h.service.bus.publish(moderated(id, randomUUID(), 9, true));
    await h.service.bus.publish(posted(id, randomUUID(), 2));
    await eventually(async () => expect(await ratingOf(id)).toEqual({ rating_sum: 6, rating_count: 2 }));
  });
});
