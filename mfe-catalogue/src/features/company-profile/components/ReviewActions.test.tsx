import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { REVIEW_MODERATION_MESSAGES, type Account, type Company, type Review } from '@marketplace/contracts';
import { endSession, resetApiForTests, resetSessionForTests, setSessionUser } from '@marketplace/ui';
import { queryClient } from '@marketplace/ui/query';
import { CompanyProfilePage } from './CompanyProfilePage';

// The reviews on a company profile: "Verified hire", the company's reply, the reply form for the company
// on its own profile, and "Report" for signed-in customers and companies.

const server = setupServer();
const ACME: Company = {
  _id: 'c-1',
  name: 'Acme Plumbing Ltd',
  email: 'acme@example.com',
  phoneNumber: null,
  address: null,
  state: 'Lagos',
  pincode: null,
  subcategory: [],
  description: 'Plumbing since 2009.',
  photoUrl: null,
  type: 'company',
  rating: { average: 4, count: 2 },
};
const VERIFIED: Review = {
  _id: 'r-1',
  review: 'Fixed the leak in an hour.',
  rating: 5,
  userId: { _id: 'u-1', name: 'Ada Obi', avatar: null },
  jobId: { _id: 'j-1', title: 'Kitchen sink leak' },
  dateOfReview: '2026-11-20T10:00:00.000Z',
  verifiedHire: true,
  reply: null,
};
const REPLIED: Review = {
  _id: 'r-2',
  review: 'Came late.',
  rating: 3,
  userId: { _id: 'u-2', name: 'Bola Ade', avatar: null },
  jobId: { _id: 'j-2', title: 'New tiles' },
  dateOfReview: '2026-11-10T10:00:00.000Z',
  verifiedHire: false,
  reply: { text: 'Sorry, the bridge was closed.', repliedAt: '2026-11-11T10:00:00.000Z' },
};

function account(type: Account['type'], id: string, name: string): Account {
  return {
    _id: id,
    name,
    email: `${id}@example.ng`,
    phoneNumber: null,
    type,
    cacnumber: null,
    address: null,
    pincode: null,
    description: null,
    photoUrl: null,
    totalPostedJobs: 0,
    totalAppliedJobs: 0,
  };
}

let reviews: Review[] = [];
/** Reviews the signed-in member reported earlier (what /reviews/reported-by-me answers). */
let reportedBefore: string[] = [];
function answers() {
  server.use(
    http.get('http://localhost/api/jobs/reviews/reported-by-me/:id', () =>
      HttpResponse.json({ reviewIds: reportedBefore }),
    ),
    http.get('http://localhost/api/accounts/companies/:id', () =>
      HttpResponse.json({ statusCode: 200, company: ACME }),
    ),
    http.get('http://localhost/api/jobs/getreviews/:id', () =>
      HttpResponse.json({ statusCode: 200, reviews, rating: { average: 4, count: reviews.length } }),
    ),
  );
}

async function renderProfile() {
  const router = createMemoryRouter([{ path: '/company-profile/:id', element: <CompanyProfilePage /> }], {
    initialEntries: ['/company-profile/c-1'],
  });
  render(<RouterProvider router={router} />);
  await screen.findByText('Fixed the leak in an hour.');
  return screen.getByRole('list', { name: 'Customer reviews' });
}
const reviewItem = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetApiForTests();
  resetSessionForTests();
  queryClient.clear();
  reviews = [VERIFIED, REPLIED];
  reportedBefore = [];
  answers();
});
afterEach(() => server.resetHandlers());

describe('company profile reviews: verified hire, reply, report', () => {
  it('shows "Verified hire" on a review of a hire and the company’s reply under its review', async () => {
    endSession();
    await renderProfile();
    expect(within(reviewItem('Fixed the leak in an hour.')).getByText('Verified hire')).toBeInTheDocument();
    const replied = reviewItem('Came late.');
    expect(within(replied).queryByText('Verified hire')).toBeNull();
    expect(within(replied).getByText('Reply from Acme Plumbing Ltd')).toBeInTheDocument();
    expect(within(replied).getByText('Sorry, the bridge was closed.')).toBeInTheDocument();
    // A visitor neither replies nor reports.
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('lets the company reply once on its own profile: the form, its check, the published reply', async () => {
    setSessionUser(account('company', 'c-1', 'Acme Plumbing Ltd'));
    let sent: unknown;
    server.use(
      http.post('http://localhost/api/jobs/reviews/:id/reply', async ({ request, params }) => {
        sent = await request.json();
        const reply = { text: 'Thank you, Ada!', repliedAt: '2026-11-21T10:00:00.000Z' };
        reviews = [{ ...VERIFIED, reply }, REPLIED];
        return HttpResponse.json(
          { statusCode: 201, message: REVIEW_MODERATION_MESSAGES.replyPosted, reviewId: params.id, reply },
          { status: 201 },
        );
      }),
    );
    await renderProfile();
    // Only the review without a reply offers it.
    expect(await screen.findAllByRole('button', { name: 'Reply' })).toHaveLength(1);
    const user = userEvent.setup();
    await user.click(within(reviewItem('Fixed the leak in an hour.')).getByRole('button', { name: 'Reply' }));
    const field = screen.getByLabelText('Your public reply');
    expect(field).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText(REVIEW_MODERATION_MESSAGES.replyRequired)).toBeInTheDocument();
    expect(sent).toBeUndefined();
    // Cancel closes the form and gives the keyboard back to the Reply button.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Reply' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(screen.getByLabelText('Your public reply')).toHaveFocus();
    await user.type(screen.getByLabelText('Your public reply'), '  Thank you, Ada!  ');
    await user.click(screen.getByRole('button', { name: 'Publish reply' }));
    await waitFor(() => expect(sent).toEqual({ text: 'Thank you, Ada!' }));
    expect(
      await within(reviewItem('Fixed the leak in an hour.')).findByText('Thank you, Ada!'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
    // The company may report a review about itself.
    expect(screen.getAllByRole('button', { name: 'Report' })).toHaveLength(2);
  });

  it('shows the server’s refusal of a reply (a second reply)', async () => {
    setSessionUser(account('company', 'c-1', 'Acme Plumbing Ltd'));
    server.use(
      http.post('http://localhost/api/jobs/reviews/:id/reply', () =>
        HttpResponse.json(
          { statusCode: 409, errorMessage: REVIEW_MODERATION_MESSAGES.alreadyReplied },
          { status: 409 },
        ),
      ),
    );
    await renderProfile();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Your public reply'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Publish reply' }));
    expect(await screen.findByText(REVIEW_MODERATION_MESSAGES.alreadyReplied)).toBeInTheDocument();
  });

  it('offers no reply to another company, and no report to the review’s author or to admins', async () => {
    setSessionUser(account('company', 'c-9', 'Best Builders'));
    await renderProfile();
    expect(await screen.findAllByRole('button', { name: 'Report' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('hides Report on the author’s own review', async () => {
    setSessionUser(account('user', 'u-1', 'Ada Obi'));
    await renderProfile();
    expect(
      await within(reviewItem('Came late.')).findByRole('button', { name: 'Report' }),
    ).toBeInTheDocument();
    expect(
      within(reviewItem('Fixed the leak in an hour.')).queryByRole('button', { name: 'Report' }),
    ).toBeNull();
  });

  it('shows admins no Report (they moderate on /allreviews)', async () => {
    setSessionUser(account('admin', 'a-1', 'Admin'));
    await renderProfile();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('reports a review with a reason and a note from a small dialog, by keyboard', async () => {
    setSessionUser(account('user', 'u-7', 'Chidi Okafor'));
    let sent: { params?: unknown; body?: unknown } = {};
    server.use(
      http.post('http://localhost/api/jobs/reviews/:id/report', async ({ request, params }) => {
        sent = { params: params.id, body: await request.json() };
        return HttpResponse.json(
          { statusCode: 201, message: REVIEW_MODERATION_MESSAGES.reported },
          { status: 201 },
        );
      }),
    );
    await renderProfile();
    const user = userEvent.setup();
    await user.click(await within(reviewItem('Came late.')).findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      within(dialog).getByRole('group', { name: 'Why are you reporting it?' }),
    ).toHaveAccessibleDescription(REVIEW_MODERATION_MESSAGES.reportReasonRequired);
    expect(within(dialog).getAllByRole('radio')[0]).toHaveFocus();
    expect(sent).toEqual({});
    await user.click(within(dialog).getByRole('radio', { name: 'Not about this company' }));
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'This was a different firm.');
    await user.keyboard('{Tab}');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() =>
      expect(sent).toEqual({
        params: 'r-2',
        body: { reason: 'not-about-this-company', note: 'This was a different firm.' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(reviewItem('Came late.')).getByText('Reported. Thank you.')).toBeInTheDocument();
  });

  it('shows a review the member reported earlier as reported, after a reload, with no Report button', async () => {
    setSessionUser(account('user', 'u-7', 'Chidi Okafor'));
    reportedBefore = ['r-2'];
    await renderProfile();
    expect(
      await within(reviewItem('Came late.')).findByText('You reported this review.'),
    ).toBeInTheDocument();
    expect(within(reviewItem('Came late.')).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(
      within(reviewItem('Fixed the leak in an hour.')).getByRole('button', { name: 'Report' }),
    ).toBeVisible();
  });

  it('takes the server’s "already reported" (another tab or device) as reported, not as a failure', async () => {
    setSessionUser(account('company', 'c-9', 'Best Builders'));
    server.use(
      http.post('http://localhost/api/jobs/reviews/:id/report', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            code: 'ALREADY_REPORTED',
            errorMessage: REVIEW_MODERATION_MESSAGES.alreadyReported,
          },
          { status: 409 },
        ),
      ),
    );
    await renderProfile();
    const user = userEvent.setup();
    await user.click(await within(reviewItem('Came late.')).findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    await user.click(within(dialog).getByRole('radio', { name: 'Offensive or abusive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(reviewItem('Came late.')).getByText('You reported this review.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s words when the report fails otherwise', async () => {
    setSessionUser(account('user', 'u-7', 'Chidi Okafor'));
    server.use(
      http.post('http://localhost/api/jobs/reviews/:id/report', () =>
        HttpResponse.json(
          { statusCode: 404, errorMessage: REVIEW_MODERATION_MESSAGES.reviewNotFound },
          { status: 404 },
        ),
      ),
    );
    await renderProfile();
    const user = userEvent.setup();
    await user.click(await within(reviewItem('Came late.')).findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this review' });
    await user.click(within(dialog).getByRole('radio', { name: 'Offensive or abusive' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(REVIEW_MODERATION_MESSAGES.reviewNotFound)).toBeInTheDocument();
  });
});
