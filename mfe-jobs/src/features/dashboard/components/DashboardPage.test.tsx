import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { onSteppedClock, steppedUser } from '@marketplace/ui/testing/clock';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { JOB_MESSAGES, MESSAGES } from '@marketplace/contracts';
import { NETWORK_ERROR_MESSAGE, Toasts, type SessionUser } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  api,
  applicant,
  createMyJobsServer,
  errorResponse,
  findToast,
  freshApi,
  installMatchMedia,
  job,
  resetPage,
  signInAs,
} from '../../../shared/testing/my-jobs-api';
import { NO_APPLICANTS } from './ApplicantsModal';
import { DashboardPage } from './DashboardPage';
import {
  CHOOSE_A_COMPANY,
  HIRED_REVIEWED,
  hiredLead,
  NO_ONE_TO_REVIEW,
  REVIEW_HOW_TO,
  reviewPostedText,
} from './ReviewModal';

const state = freshApi();
const server = createMyJobsServer(state);
const poster = account('user');
const company = account('company');

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  Object.assign(state, freshApi());
  // A company's dashboard also lists its payments (DashboardPayments.test.tsx); none here.
  server.use(
    http.get(api('/api/payments/mine'), ({ request }) => {
      state.calls.push({ method: 'GET', path: new URL(request.url).pathname, csrf: null });
      return HttpResponse.json({ payments: [] });
    }),
  );
});
afterEach(() => server.resetHandlers());

function renderDashboard(user: SessionUser | null = poster) {
  signInAs(user);
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Toasts />
        <DashboardPage />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const table = () => screen.findByRole('table', { name: MESSAGES.postedJob }, { timeout: 5000 });
const jobNames = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]!.firstChild!.textContent);
const counter = (label: string) => {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling!.textContent;
};
const calls = (method: string) => state.calls.filter((c) => c.method === method);

describe('dashboard: poster', () => {
  onSteppedClock();

  it('shows the counters from the totals and the posted jobs with Job Name, Date, Status and Actions', async () => {
    state.posted = [
      job(1, { jobHeading: 'Fix the roof' }),
      job(2, { jobHeading: 'Paint the fence', status: 'completed' }),
      job(3, {
        jobHeading: 'Tile the bathroom',
        status: 'in-progress',
        hiredCompanyId: 'company-7',
        hiredCompany: { _id: 'company-7', name: 'Ace Plumbing' },
      }),
    ];
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.dashboard })).toBeInTheDocument();
    const t = await table();
    expect(counter(MESSAGES.jobPosted)).toBe('3');
    expect(counter(MESSAGES.completedJobs)).toBe('1');
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job Name', 'Date', 'Status', 'Actions']);
    expect(jobNames(t)).toEqual(['Fix the roof', 'Paint the fence', 'Tile the bathroom']);
    expect(within(t).getByRole('combobox', { name: 'Status of Fix the roof' })).toHaveValue('open');
    // Completed: a badge (no reopening) and a way to review; in progress: Open cannot be chosen back.
    expect(within(t).queryByRole('combobox', { name: 'Status of Paint the fence' })).toBeNull();
    expect(
      within(t).getByRole('button', { name: 'Review a company for Paint the fence' }),
    ).toBeInTheDocument();
    const inProgress = within(t).getByRole('combobox', { name: 'Status of Tile the bathroom' });
    expect(within(inProgress).getByRole('option', { name: 'Open' })).toBeDisabled();
    // The job with a hire names the company, leading to its profile; the others name nobody.
    expect(within(t).getByRole('link', { name: 'Ace Plumbing' })).toHaveAttribute(
      'href',
      '/company-profile/company-7',
    );
    expect(within(t).getAllByText(/^Hired:/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: MESSAGES.postJob })).toHaveAttribute('href', '/jobpost');
    expect(calls('GET').map((c) => c.path)).toEqual(['/api/jobs/user/jobs/posted']);
  });

  it('Edit leads to the job form for open jobs only', async () => {
    state.posted = [
      job(1, { jobHeading: 'Fix the roof' }),
      job(2, { jobHeading: 'Paint', status: 'completed' }),
    ];
    renderDashboard();
    const t = await table();
    expect(within(t).getByRole('link', { name: 'Edit Fix the roof' })).toHaveAttribute(
      'href',
      '/jobpost?edit=job-1',
    );
    expect(within(t).queryByRole('link', { name: 'Edit Paint' })).toBeNull();
  });

  it('a hidden job tells its poster why', async () => {
    state.posted = [job(1, { hidden: { reason: 'Duplicate post', at: '2026-11-21T10:00:00.000Z' } })];
    renderDashboard();
    const t = await table();
    expect(within(t).getByText(JOB_MESSAGES.hiddenNotice('Duplicate post'))).toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked (again: the other way)', async () => {
    const user = steppedUser();
    state.posted = [
      job(1, { jobHeading: 'Banana', jobStartDate: '2026-12-03', status: 'completed' }),
      job(2, { jobHeading: 'apple', jobStartDate: '2026-12-09' }),
      job(3, { jobHeading: 'Cherry', jobStartDate: '2026-12-01', status: 'in-progress' }),
    ];
    renderDashboard();
    const t = await table();
    const header = (name: string) => within(t).getByRole('button', { name });
    await user.click(header('Job Name'));
    expect(jobNames(t)).toEqual(['apple', 'Banana', 'Cherry']);
    expect(within(t).getByRole('columnheader', { name: 'Job Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await user.click(header('Job Name'));
    expect(jobNames(t)).toEqual(['Cherry', 'Banana', 'apple']);
    expect(within(t).getByRole('columnheader', { name: 'Job Name' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(header('Date'));
    expect(jobNames(t)).toEqual(['Cherry', 'Banana', 'apple']);
    expect(within(t).getByRole('columnheader', { name: 'Job Name' })).not.toHaveAttribute('aria-sort');
    await user.click(header('Status'));
    expect(jobNames(t)).toEqual(['apple', 'Cherry', 'Banana']);
  });

  it('greets a person by first name and a company by its name', async () => {
    // Each page is let finish loading its lazy chunks inside the wait (one resolving between two waits
    // is a React act() warning), then the greeting is read.
    renderDashboard();
    await screen.findByText(MESSAGES.noJobsToShow, {}, { timeout: 5000 });
    expect(screen.getByText('Welcome back, Chidi')).toBeInTheDocument();
    cleanup();
    renderDashboard(company);
    await screen.findByRole('heading', { name: 'Job alerts' }, { timeout: 5000 });
    expect(screen.getByText('Welcome back, Sharp Roofers Ltd')).toBeInTheDocument();
  });

  it('"No jobs to show" with a way to post one', async () => {
    renderDashboard();
    expect(await screen.findByText(MESSAGES.noJobsToShow, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(counter(MESSAGES.jobPosted)).toBe('0');
  });

  it.each([
    [poster, MESSAGES.failedToFetchJobs, '/api/jobs/user/jobs/posted'],
    [company, MESSAGES.failedToFetchAppliedJobs, '/api/jobs/applied/jobs/company-1'],
  ])('a failed list says so (spec texts) and can be tried again', async (who, message, path) => {
    const user = steppedUser();
    server.use(http.get(api(path), () => errorResponse(500, 'boom')));
    renderDashboard(who);
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MESSAGES.noJobsToShow)).toBeInTheDocument();
  });

  it('a network failure says so', async () => {
    server.use(http.get(api('/api/jobs/user/jobs/posted'), () => HttpResponse.error()));
    renderDashboard();
    expect(
      await screen.findByText(NETWORK_ERROR_MESSAGE, { selector: 'p' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

describe('dashboard: applicants', () => {
  onSteppedClock();

  it('clicking a job name shows the companies that unlocked it, "-" when a value is missing', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Fix the roof', unlockCount: 2 })];
    state.applicants['job-1'] = [
      applicant(1, { name: 'Sharp Roofers Ltd' }),
      applicant(2, { name: 'Lagos Tilers', email: null, phoneNumber: null }),
    ];
    renderDashboard();
    const t = await table();
    expect(within(t).getByText(/2 companies unlocked/)).toBeInTheDocument();
    await user.click(within(t).getByRole('button', { name: 'Fix the roof' }));
    const dialog = await screen.findByRole('dialog', { name: 'Applicants' });
    const rows = await within(dialog).findAllByRole('row');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Phone Number']);
    expect(rows.slice(1).map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Sharp Roofers Ltd', 'company1@example.ng', '08030000001'],
      ['Lagos Tilers', MESSAGES.missingValue, MESSAGES.missingValue],
    ]);
    expect(within(dialog).getByRole('link', { name: 'company1@example.ng' })).toHaveAttribute(
      'href',
      'mailto:company1@example.ng',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when no company has unlocked the job', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Fix the roof' })];
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Fix the roof' }));
    expect(await screen.findByText(NO_APPLICANTS)).toBeInTheDocument();
  });
});

describe('dashboard: status and review', () => {
  onSteppedClock();

  it('Completed: the row and counter change at once, the complete call is made, the review modal opens about 1 s later', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Fix the roof', unlockCount: 2 })];
    state.applicants['job-1'] = [
      applicant(1, { name: 'Sharp Roofers Ltd' }),
      applicant(2, { name: 'Already Reviewed Co', reviewed: true }),
      applicant(3, { name: 'Lagos Tilers' }),
    ];
    renderDashboard();
    const t = await table();
    await user.selectOptions(
      within(t).getByRole('combobox', { name: 'Status of Fix the roof' }),
      'Completed',
    );
    // Completing cannot be undone: it is confirmed first.
    const confirm = await screen.findByRole('dialog', { name: 'Mark this job as completed?' });
    expect(calls('PUT')).toEqual([]);
    expect(within(t).getByRole('combobox', { name: 'Status of Fix the roof' })).toHaveValue('open');
    const chosenAt = Date.now();
    await user.click(within(confirm).getByRole('button', { name: 'Mark as completed' }));
    expect(within(t).getByText(MESSAGES.jobStatusCompleted, { selector: '.dash-badge' })).toBeInTheDocument();
    expect(counter(MESSAGES.completedJobs)).toBe('1');
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]).toMatchObject({
      path: '/api/jobs/complete/job-1',
      json: { status: 'completed' },
      csrf: 'csrf-1',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Review a company' }, { timeout: 3000 });
    expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(900);

    const companySelect = await within(dialog).findByRole('combobox', { name: 'Company' });
    expect(
      within(companySelect)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a company', 'Sharp Roofers Ltd', 'Lagos Tilers']);
    const post = screen.getByRole('button', { name: MESSAGES.postReview });
    // Disabled for assistive technology, but in the Tab order: pressing it says what is missing.
    expect(post).toHaveAttribute('aria-disabled', 'true');
    expect(post).toBeEnabled();
    expect(screen.getByText(REVIEW_HOW_TO)).toBeInTheDocument();
    await user.selectOptions(companySelect, 'Lagos Tilers');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Neat work, on time.');
    expect(post).toHaveAttribute('aria-disabled', 'true'); // no stars yet
    await user.click(post);
    const stars = within(dialog).getByRole('group', { name: 'Rating' });
    expect(stars).toHaveAccessibleDescription(JOB_MESSAGES.ratingOutOfRange);
    expect(within(dialog).getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(calls('POST')).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    expect(post).not.toHaveAttribute('aria-disabled');
    expect(stars).not.toHaveAccessibleDescription(JOB_MESSAGES.ratingOutOfRange);
    await user.click(post);
    expect(await findToast(reviewPostedText('Lagos Tilers'))).toMatchObject({ kind: 'success' });
    expect(reviewPostedText('Lagos Tilers')).toContain(MESSAGES.companyProfileUpdatedSuccessfully);
    expect(calls('POST')[0]).toMatchObject({
      path: '/api/jobs/postreviews',
      json: { companyId: 'company-3', jobId: 'job-1', rating: 4, review: 'Neat work, on time.' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The status select that led here is gone: focus goes to the row's Review button, not the page body.
    await waitFor(() =>
      expect(within(t).getByRole('button', { name: 'Review a company for Fix the roof' })).toHaveFocus(),
    );
  });

  it('Post Review with nothing filled in names every missing field and focuses the first', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Paint', status: 'completed' })];
    state.applicants['job-1'] = [applicant(1, { name: 'Sharp Roofers Ltd' }), applicant(2)];
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Review a company for Paint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review a company' });
    const company = await within(dialog).findByRole('combobox', { name: 'Company' });
    await user.click(screen.getByRole('button', { name: MESSAGES.postReview }));
    expect(company).toHaveAccessibleDescription(CHOOSE_A_COMPANY);
    expect(company).toHaveFocus();
    expect(within(dialog).getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription(
      JOB_MESSAGES.ratingOutOfRange,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
      JOB_MESSAGES.reviewTextRequired,
    );
    expect(calls('POST')).toEqual([]);
  });

  it('a refused status change goes back and says why', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Fix the roof' })];
    server.use(http.put(api('/api/jobs/complete/:jobId'), () => errorResponse(409, 'Not now.')));
    renderDashboard();
    const t = await table();
    await user.selectOptions(
      within(t).getByRole('combobox', { name: 'Status of Fix the roof' }),
      'Completed',
    );
    await user.click(await screen.findByRole('button', { name: 'Mark as completed' }));
    expect(await findToast('Not now.')).toMatchObject({ kind: 'error' });
    await waitFor(() =>
      expect(within(t).getByRole('combobox', { name: 'Status of Fix the roof' })).toHaveValue('open'),
    );
    expect(counter(MESSAGES.completedJobs)).toBe('0');
  });

  it('the review shows the server’s refusal and stays open', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Paint', status: 'completed' })];
    state.applicants['job-1'] = [applicant(1, { name: 'Sharp Roofers Ltd' })];
    server.use(
      http.post(api('/api/jobs/postreviews'), () => errorResponse(409, JOB_MESSAGES.reviewAlreadyPosted)),
    );
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Review a company for Paint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review a company' });
    // The only company is chosen already.
    expect(await within(dialog).findByRole('combobox', { name: 'Company' })).toHaveValue('company-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Good.');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: MESSAGES.postReview }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(JOB_MESSAGES.reviewAlreadyPosted);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('an unexpected success status is reported (spec: "Unexpected status: {status}")', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Paint', status: 'completed' })];
    state.applicants['job-1'] = [applicant(1)];
    server.use(http.post(api('/api/jobs/postreviews'), () => HttpResponse.json({}, { status: 200 })));
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Review a company for Paint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review a company' });
    await within(dialog).findByRole('combobox', { name: 'Company' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Good.');
    await user.click(within(dialog).getByRole('radio', { name: '3 stars' }));
    await user.click(screen.getByRole('button', { name: MESSAGES.postReview }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unexpected status: 200');
  });

  it('a job with a hire: the hired company is the only one to review, labelled "Verified hire"', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Paint', status: 'completed', hiredCompanyId: 'company-2' })];
    state.applicants['job-1'] = [
      applicant(1, { name: 'Sharp Roofers Ltd' }),
      applicant(2, { name: 'Lagos Tilers' }),
      applicant(3, { name: 'Eko Paints' }),
    ];
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Review a company for Paint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review a company' });
    const company = await within(dialog).findByRole('combobox', { name: 'Company' });
    expect(company).toHaveValue('company-2');
    expect(
      within(company)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a company', 'Lagos Tilers (Verified hire)']);
    expect(within(dialog).getByText(hiredLead('Lagos Tilers'))).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Neat work.');
    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: MESSAGES.postReview }));
    await waitFor(() =>
      expect(calls('POST')).toContainEqual(
        expect.objectContaining({
          path: '/api/jobs/postreviews',
          json: { companyId: 'company-2', jobId: 'job-1', rating: 5, review: 'Neat work.' },
        }),
      ),
    );
  });

  it('a job with a hire already reviewed says so, whatever other companies unlocked it', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Paint', status: 'completed', hiredCompanyId: 'company-2' })];
    state.applicants['job-1'] = [applicant(1), applicant(2, { reviewed: true })];
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Review a company for Paint' }));
    expect(await screen.findByText(HIRED_REVIEWED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.postReview })).toBeNull();
  });

  it('says when there is no one to review', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Paint', status: 'completed' })];
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Review a company for Paint' }));
    expect(await screen.findByText(NO_ONE_TO_REVIEW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.postReview })).toBeNull();
  });

  it('"Not yet" leaves the job open and sends nothing', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Fix the roof' })];
    renderDashboard();
    const t = await table();
    await user.selectOptions(
      within(t).getByRole('combobox', { name: 'Status of Fix the roof' }),
      'Completed',
    );
    await user.click(await screen.findByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(t).getByRole('combobox', { name: 'Status of Fix the roof' })).toHaveValue('open');
    expect(calls('PUT')).toEqual([]);
  });
});

describe('dashboard: delete', () => {
  onSteppedClock();

  it('asks first; "Keep the job" sends nothing; Delete removes it and reloads the list', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Fix the roof' }), job(2, { jobHeading: 'Paint' })];
    renderDashboard();
    const t = await table();
    await user.click(within(t).getByRole('button', { name: 'Delete Fix the roof' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the job' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('DELETE')).toEqual([]);

    await user.click(within(t).getByRole('button', { name: 'Delete Fix the roof' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this job?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete job' }));
    expect(await findToast(JOB_MESSAGES.jobDeleted)).toMatchObject({ kind: 'success' });
    expect(calls('DELETE')[0]).toMatchObject({ path: '/api/jobs/deletejob/job-1', csrf: 'csrf-1' });
    await waitFor(() => expect(jobNames(screen.getByRole('table'))).toEqual(['Paint']));
    expect(counter(MESSAGES.jobPosted)).toBe('1');
  });

  it('a job companies paid to unlock cannot be deleted: the dialog says so and offers no Delete', async () => {
    const user = steppedUser();
    state.posted = [job(1, { jobHeading: 'Fix the roof', unlockCount: 1 })];
    server.use(
      http.delete(api('/api/jobs/deletejob/:jobId'), () =>
        errorResponse(409, JOB_MESSAGES.deleteAfterUnlock),
      ),
    );
    renderDashboard();
    await user.click(within(await table()).getByRole('button', { name: 'Delete Fix the roof' }));
    // Unlocked by a company: the dialog says at once that it cannot be deleted and offers no Delete.
    const dialog = await screen.findByRole('dialog', { name: 'This job cannot be deleted' });
    expect(within(dialog).getByText(/1 company has unlocked this job\./)).toBeInTheDocument();
    expect(within(dialog).getByText(JOB_MESSAGES.deleteAfterUnlock)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete job' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the job' }));
    expect(calls('DELETE')).toEqual([]);
    expect(jobNames(screen.getByRole('table', { name: MESSAGES.postedJob }))).toEqual(['Fix the roof']);
  });
});

describe('dashboard: company and admin', () => {
  onSteppedClock();

  it('a company sees its applied jobs: counters, no actions, no status select, a link to find jobs', async () => {
    state.applied = [
      job(1, {
        jobHeading: 'Fix the roof',
        postedBy: { _id: 'user-7', name: 'Ada' },
        paymentInfo: { status: 'paid' },
      }),
      job(2, { jobHeading: 'Paint', status: 'completed' }),
    ];
    renderDashboard(company);
    const t = await screen.findByRole('table', { name: MESSAGES.appliedJob }, { timeout: 5000 });
    expect(counter(MESSAGES.jobApplied)).toBe('2');
    expect(counter(MESSAGES.completedJobs)).toBe('1');
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Job Name', 'Date', 'Status']);
    expect(within(t).queryByRole('combobox')).toBeNull();
    expect(within(t).queryByRole('button', { name: 'Fix the roof' })).toBeNull();
    // Each applied job leads to the job, and an unlocked one to its chat.
    expect(within(t).getByRole('link', { name: 'Fix the roof' })).toHaveAttribute(
      'href',
      '/jobs?q=Fix%20the%20roof',
    );
    expect(within(t).getByRole('link', { name: 'Open chat about Fix the roof' })).toHaveAttribute(
      'href',
      '/chat',
    );
    expect(within(t).getByRole('link', { name: 'Paint' })).toHaveAttribute('href', '/jobs?q=Paint');
    expect(within(t).getByText('Open', { selector: '.dash-badge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/jobs');
    await waitFor(() =>
      expect(
        calls('GET')
          .map((c) => c.path)
          .sort(),
      ).toEqual(['/api/jobs/alerts/preferences', '/api/jobs/applied/jobs/company-1', '/api/payments/mine']),
    );
  });

  it('an admin has no dashboard content and no calls', async () => {
    renderDashboard(account('admin'));
    expect(screen.getByText(MESSAGES.noJobsToShow)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.jobList })).toHaveAttribute('href', '/alljobs');
    expect(screen.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/allpayments');
    // Inside act: the dashboard's chunk may finish loading meanwhile (React re-renders it).
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(state.calls).toEqual([]);
  });
});
