import { render, screen, waitFor, within } from '@testing-library/react';
import { onSteppedClock, steppedUser } from '@marketplace/ui/testing/clock';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  JOB_IMAGE_LIMIT,
  JOB_MESSAGES,
  JOB_POST_CASES,
  lagosToday,
  MESSAGES,
  NIGERIAN_STATES,
  subcategoriesOf,
} from '@marketplace/contracts';
import { Toasts, type SessionUser } from '@marketplace/ui';
import {
  account,
  api,
  createMyJobsServer,
  detail,
  errorResponse,
  findToast,
  freshApi,
  installMatchMedia,
  job,
  resetPage,
  signInAs,
} from '../../../shared/testing/my-jobs-api';
import { NETWORK_KEPT_TEXT } from './JobForm';
import { JobPostPage } from './JobPostPage';

const state = freshApi();
const server = createMyJobsServer(state);

const poster = account('user', {
  name: 'Chidi Okafor',
  email: 'chidi@example.ng',
  phoneNumber: '+2348031234567',
  address: '12 Marina Road',
  pincode: '100001',
});

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  URL.createObjectURL = jest.fn((file: Blob) => `blob:${(file as File).name}`);
  URL.revokeObjectURL = jest.fn();
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  Object.assign(state, freshApi());
});
afterEach(() => server.resetHandlers());

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderPage(path = '/jobpost', user: SessionUser | null = poster) {
  signInAs(user);
  render(
    <MemoryRouter initialEntries={[path]}>
      <Toasts />
      <Where />
      <Routes>
        <Route path="/jobpost" element={<JobPostPage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
        <Route path="/login" element={<h1>Sign in</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const form = () => screen.findByRole('button', { name: MESSAGES.post }, { timeout: 5000 });
const image = (name = 'sink.jpg', type = 'image/jpeg') =>
  new NodeFile([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type }) as unknown as File;
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

/** Fills every required field with good values (contact comes from the profile). */
async function fillJob(user: ReturnType<typeof steppedUser>) {
  await user.selectOptions(field('State'), 'Lagos');
  await user.selectOptions(field('Category'), 'Craftsman');
  await user.type(field('Job heading'), 'Fix a leaking kitchen sink');
  await user.type(field('Job description'), 'Water drips under the sink.');
  await user.click(await screen.findByRole('checkbox', { name: 'Plumber' }, { timeout: 3000 }));
}

describe('/jobpost: who may post', () => {
  onSteppedClock();

  it('a visitor goes to /login and comes back to the same form (query kept)', async () => {
    renderPage('/jobpost?title=Sink', null);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(where()).toBe(`/login?next=${encodeURIComponent('/jobpost?title=Sink')}`);
  });

  it.each([
    ['company', 'Find jobs to apply to', '/jobs'],
    ['admin', 'Go to the job list', '/alljobs'],
  ] as const)('a %s is told why it cannot post, with a way on', async (type, link, to) => {
    renderPage('/jobpost', account(type));
    expect(screen.getByRole('heading', { level: 1, name: 'Post a job' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(JOB_MESSAGES.onlyPostersPostJobs);
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', to);
    expect(screen.queryByRole('button', { name: MESSAGES.post })).toBeNull();
  });
});

describe('/jobpost: the form', () => {
  onSteppedClock();

  it('pre-fills name, email and phone from the profile, heading and description from the category page', async () => {
    renderPage('/jobpost?title=Fix%20my%20sink&description=It%20leaks');
    await form();
    expect(field('Name')).toHaveValue('Chidi Okafor');
    expect(field('Email')).toHaveValue('chidi@example.ng');
    expect(field('Phone Number')).toHaveValue('08031234567');
    expect(field('Address')).toHaveValue('12 Marina Road');
    expect(field('Postal code')).toHaveValue('100001');
    expect(field('Job heading')).toHaveValue('Fix my sink');
    expect(field('Job description')).toHaveValue('It leaks');
    expect(screen.getByText(MESSAGES.chooseImage)).toBeInTheDocument();
  });

  it('offers the 37 states and the five categories only', async () => {
    renderPage();
    await form();
    const states = within(field('State')).getAllByRole('option').slice(1);
    expect(states.map((o) => o.textContent)).toEqual([...NIGERIAN_STATES]);
    expect(states).toHaveLength(37);
    expect(within(field('Category')).getAllByRole('option')).toHaveLength(6);
  });

  it('checks required fields with the contracts rules and sends nothing', async () => {
    const user = steppedUser();
    renderPage('/jobpost', account('user', { name: '', email: 'x@example.ng' }));
    await user.click(await form());
    expect(await screen.findByText(MESSAGES.pleaseEnterYourFullName)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.pleaseEnterAValidPhoneNumber)).toBeInTheDocument();
    expect(screen.getByText(JOB_MESSAGES.unknownState)).toBeInTheDocument();
    expect(screen.getByText(JOB_MESSAGES.unknownCategory)).toBeInTheDocument();
    expect(screen.getByText(JOB_MESSAGES.headingRequired)).toBeInTheDocument();
    expect(screen.getByText(JOB_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveFocus();
    expect(state.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  const typed = JOB_POST_CASES.filter((c) =>
    ['name', 'email', 'phoneNumber', 'pincode', 'jobHeading', 'description'].includes(c.field),
  );
  const LABELS: Record<string, string> = {
    name: 'Name',
    email: 'Email',
    phoneNumber: 'Phone Number',
    pincode: 'Postal code',
    jobHeading: 'Job heading',
    description: 'Job description',
  };
  it.each(typed.map((c) => [c.field, c.input, c.message] as const))(
    'fields.cases: %s = "%s" -> "%s"',
    async (name, input, message) => {
      const user = steppedUser();
      renderPage();
      await form();
      const control = field(LABELS[name]!);
      await user.clear(control);
      await user.type(control, input);
      await user.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(control).toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('start date: today in Lagos by default; past days cannot be picked', async () => {
    const user = steppedUser();
    renderPage();
    await form();
    const today = lagosToday();
    const button = screen.getByRole('button', { name: new RegExp(MESSAGES.whenDoYouWantTheJobToStart) });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const grid = await screen.findByRole('grid');
    const cells = within(grid)
      .getAllByRole('gridcell')
      .filter((cell) => cell.dataset.outside === undefined);
    const todayCell = cells.find((cell) => cell.dataset.day === today)!;
    expect(within(todayCell).getByRole('button')).toBeEnabled();
    expect(todayCell).toHaveAttribute('aria-selected', 'true');
    const past = cells.filter((cell) => (cell.dataset.day ?? '') < today);
    for (const cell of past) expect(within(cell).getByRole('button')).toBeDisabled();
    expect(screen.getByRole('button', { name: /previous month/i })).toHaveAttribute('aria-disabled', 'true');
    // A later day can be chosen; the calendar closes and the button says the day.
    const later = cells.filter((cell) => (cell.dataset.day ?? '') > today);
    if (later.length > 0) {
      await user.click(within(later[0]!).getByRole('button'));
      expect(screen.queryByRole('grid')).toBeNull();
      expect(button).toHaveFocus();
    } else {
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('grid')).toBeNull();
    }
  });

  it('start date: the calendar closes with Escape (focus back on its button) or a click elsewhere', async () => {
    const user = steppedUser();
    renderPage();
    await form();
    const button = screen.getByRole('button', { name: new RegExp(MESSAGES.whenDoYouWantTheJobToStart) });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('grid')).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await user.click(field('Job heading'));
    expect(screen.queryByRole('grid')).toBeNull();
    expect(field('Job heading')).toHaveFocus();
  });

  it('sub-categories: loading after a category is picked, then only that category’s; a new category clears them', async () => {
    const user = steppedUser();
    renderPage();
    await form();
    expect(screen.getByText(/Choose a category first/)).toBeInTheDocument();
    await user.selectOptions(field('Category'), 'Craftsman');
    expect(screen.getByText(MESSAGES.loading)).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Plumber' }, { timeout: 3000 });
    const group = screen.getByRole('group', { name: /SubCategory/ });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('value')),
    ).toEqual(subcategoriesOf(['Craftsman']));
    await user.click(screen.getByRole('checkbox', { name: 'Plumber' }));
    expect(screen.getByRole('checkbox', { name: 'Plumber' })).toBeChecked();
    await user.selectOptions(field('Category'), 'Services');
    await screen.findByRole('checkbox', { name: 'Cleaning' }, { timeout: 3000 });
    expect(screen.queryByRole('checkbox', { name: 'Plumber' })).toBeNull();
    expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });

  it('photos: a non-image is refused; more than the limit is refused; each can be removed', async () => {
    const user = steppedUser({ applyAccept: false });
    renderPage();
    await form();
    await user.upload(fileInput(), image('notes.pdf', 'application/pdf'));
    expect(await screen.findByText(MESSAGES.pleaseUploadAValidImageFile)).toBeInTheDocument();
    const many = Array.from({ length: JOB_IMAGE_LIMIT + 1 }, (_, i) => image(`p${i}.jpg`));
    await user.upload(fileInput(), many);
    expect(await screen.findByText(JOB_MESSAGES.tooManyImages)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Remove p\d\.jpg$/ })).toHaveLength(JOB_IMAGE_LIMIT);
    expect(screen.getByAltText('Preview of p0.jpg')).toHaveAttribute('src', 'blob:p0.jpg');
    await user.click(screen.getByRole('button', { name: 'Remove p0.jpg' }));
    expect(screen.getAllByRole('button', { name: /^Remove p\d\.jpg$/ })).toHaveLength(JOB_IMAGE_LIMIT - 1);
    // Focus stays with the photos (the next one's Remove), not on the page body; after the last, on the picker.
    expect(screen.getByRole('button', { name: 'Remove p1.jpg' })).toHaveFocus();
    for (let left = JOB_IMAGE_LIMIT - 1; left > 0; left -= 1) await user.keyboard('{Enter}');
    expect(screen.queryByRole('button', { name: /^Remove p\d\.jpg$/ })).toBeNull();
    expect(fileInput()).toHaveFocus();
  });

  it('a text file named .jpg is refused at the photos, with no broken preview', async () => {
    const user = steppedUser({ applyAccept: false });
    renderPage();
    await form();
    await user.upload(
      fileInput(),
      new NodeFile(['just some notes'], 'notes.jpg', { type: 'image/jpeg' }) as unknown as File,
    );
    await waitFor(() =>
      expect(fileInput()).toHaveAccessibleDescription(MESSAGES.pleaseUploadAValidImageFile),
    );
    expect(screen.queryByAltText('Preview of notes.jpg')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove notes.jpg' })).toBeNull();
  });

  it("the server's refusal of a photo is said at the photos, not atop the form", async () => {
    const user = steppedUser();
    server.use(
      http.post(api('/api/jobs/postjob'), () => errorResponse(415, MESSAGES.pleaseUploadAValidImageFile)),
    );
    renderPage();
    await form();
    await user.upload(fileInput(), image('sink.jpg'));
    await fillJob(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.post }));
    await waitFor(() =>
      expect(fileInput()).toHaveAccessibleDescription(MESSAGES.pleaseUploadAValidImageFile),
    );
    expect(fileInput()).toHaveFocus();
    expect(document.querySelector('.form-error-summary')).toBeNull();
  });

  it('the heading and the description count their characters and say when there are too many, cutting nothing', async () => {
    const user = steppedUser();
    renderPage();
    await form();
    await user.type(field('Job heading'), 'Fix the sink');
    expect(field('Job heading')).toHaveAccessibleDescription('12 / 120 characters');
    await user.clear(field('Job heading'));
    await user.click(field('Job heading'));
    await user.paste('x'.repeat(125));
    expect(field('Job heading')).toHaveValue('x'.repeat(125));
    expect(field('Job heading')).toHaveAccessibleDescription(JOB_MESSAGES.headingTooLong);
    await user.click(field('Job description'));
    await user.paste('y'.repeat(5001));
    expect(field('Job description')).toHaveValue('y'.repeat(5001));
    expect(field('Job description')).toHaveAccessibleDescription(JOB_MESSAGES.descriptionTooLong);
  });

  it('posts multipart with the photo and CSRF header, shows upload progress, toasts, clears and opens /dashboard after 1.5 s', async () => {
    const user = steppedUser();
    renderPage();
    await form();
    await user.upload(fileInput(), image('sink.jpg'));
    await fillJob(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.post }));
    expect(await findToast(MESSAGES.jobCreatedSuccessfully)).toMatchObject({ kind: 'success' });
    const call = state.calls.find((c) => c.method === 'POST')!;
    expect(call.path).toBe('/api/jobs/postjob');
    expect(call.csrf).toBe('csrf-1');
    expect(call.form).toEqual({
      name: ['Chidi Okafor'],
      email: ['chidi@example.ng'],
      phoneNumber: ['08031234567'],
      state: ['Lagos'],
      address: ['12 Marina Road'],
      pincode: ['100001'],
      jobStartDate: [lagosToday()],
      category: ['Craftsman'],
      subcategory: ['Plumber'],
      jobHeading: ['Fix a leaking kitchen sink'],
      description: ['Water drips under the sink.'],
      images: [{ name: 'sink.jpg', type: 'image/jpeg' }],
    });
    expect(field('Job heading')).toHaveValue('');
    expect(field('Job description')).toHaveValue('');
    expect(screen.queryByAltText('Preview of sink.jpg')).toBeNull();
    expect(where()).toBe('/jobpost');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 3000 });
  });

  it('shows the upload progress bar while the job is sent', async () => {
    const user = steppedUser();
    let release: () => void = () => undefined;
    server.use(
      http.post(api('/api/jobs/postjob'), async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(
          { statusCode: 201, resultMessage: { en: 'ok' }, job: detail(job(1)) },
          { status: 201 },
        );
      }),
    );
    renderPage();
    await form();
    await fillJob(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.post }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('max', '100');
    expect(screen.getByRole('button', { name: /Posting/ })).toBeDisabled();
    release();
    await findToast(MESSAGES.jobCreatedSuccessfully);
  });

  it('shows the server’s errorMessage and keeps what was typed', async () => {
    const user = steppedUser();
    server.use(
      http.post(api('/api/jobs/postjob'), () =>
        errorResponse(429, 'Too many jobs today. Try again tomorrow.'),
      ),
    );
    renderPage();
    await form();
    await fillJob(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.post }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many jobs today. Try again tomorrow.');
    expect(field('Job heading')).toHaveValue('Fix a leaking kitchen sink');
    expect(where()).toBe('/jobpost');
  });

  it('a server message that belongs to a field lands on that field', async () => {
    const user = steppedUser();
    server.use(http.post(api('/api/jobs/postjob'), () => errorResponse(400, MESSAGES.invalidEmailAddress)));
    renderPage();
    await form();
    await fillJob(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.post }));
    await waitFor(() => expect(field('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText(MESSAGES.invalidEmailAddress)).toBeInTheDocument();
  });

  it('a network failure says so and keeps everything typed', async () => {
    const user = steppedUser();
    server.use(http.post(api('/api/jobs/postjob'), () => HttpResponse.error()));
    renderPage();
    await form();
    await user.upload(fileInput(), image('sink.jpg'));
    await fillJob(user);
    await user.click(screen.getByRole('button', { name: MESSAGES.post }));
    expect(await screen.findByText(NETWORK_KEPT_TEXT)).toBeInTheDocument();
    expect(field('Job heading')).toHaveValue('Fix a leaking kitchen sink');
    expect(field('Job description')).toHaveValue('Water drips under the sink.');
    expect(field('State')).toHaveValue('Lagos');
    expect(screen.getByRole('checkbox', { name: 'Plumber' })).toBeChecked();
    expect(screen.getByAltText('Preview of sink.jpg')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.post })).toBeEnabled();
  });
});

describe('/jobpost?edit=<jobId>', () => {
  onSteppedClock();

  const saved = job(5, {
    jobHeading: 'Paint the living room',
    description: 'Two coats, white.',
    category: 'Interior Renovation',
    subcategory: ['Painting/wallpapering'],
    state: 'Oyo',
    jobStartDate: '2020-01-10',
    images: [{ url: '/api/jobs/images/old.jpg' }],
  });

  it('loads the job, sends only what changed with PUT, says "Job Updated Successfully" and opens /dashboard', async () => {
    const user = steppedUser();
    state.details[saved._id] = detail(saved, { name: 'Chidi Okafor' });
    renderPage('/jobpost?edit=job-5');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit your job' })).toBeInTheDocument();
    const save = await screen.findByRole('button', { name: 'Save changes' }, { timeout: 5000 });
    expect(field('Job heading')).toHaveValue('Paint the living room');
    expect(field('State')).toHaveValue('Oyo');
    expect(field('Category')).toHaveValue('Interior Renovation');
    expect(screen.getByRole('checkbox', { name: 'Painting/wallpapering' })).toBeChecked();
    expect(screen.getByAltText('Current job photo')).toHaveAttribute('src', '/api/jobs/images/old.jpg');
    expect(screen.getByText(/New photos replace the current ones/)).toBeInTheDocument();
    await user.clear(field('Job heading'));
    await user.type(field('Job heading'), 'Paint the living room and hall');
    // The saved start date is past; it is not changed, so it is not checked nor sent.
    await user.click(save);
    expect(await findToast(JOB_MESSAGES.jobUpdated)).toMatchObject({ kind: 'success' });
    const call = state.calls.find((c) => c.method === 'PUT')!;
    expect(call.path).toBe('/api/jobs/editjob/job-5');
    expect(call.form).toEqual({ jobHeading: ['Paint the living room and hall'] });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 3000 });
  });

  it('new photos replace the current ones: only the new photos are sent', async () => {
    const user = steppedUser();
    state.details[saved._id] = detail(saved);
    renderPage('/jobpost?edit=job-5');
    const save = await screen.findByRole('button', { name: 'Save changes' }, { timeout: 5000 });
    await user.upload(fileInput(), image('new.jpg'));
    // The photo is read (and checked) before its preview replaces the current ones.
    expect(await screen.findByAltText('Preview of new.jpg')).toBeInTheDocument();
    expect(screen.queryByAltText('Current job photo')).toBeNull();
    expect(screen.getByText(/These replace the job’s current photos/)).toBeInTheDocument();
    await user.click(save);
    await findToast(JOB_MESSAGES.jobUpdated);
    const call = state.calls.find((c) => c.method === 'PUT')!;
    expect(call.form).toEqual({ images: [{ name: 'new.jpg', type: 'image/jpeg' }] });
  });

  it('says when nothing changed', async () => {
    const user = steppedUser();
    state.details[saved._id] = detail(saved);
    renderPage('/jobpost?edit=job-5');
    await user.click(await screen.findByRole('button', { name: 'Save changes' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Nothing has changed/);
    expect(state.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it.each([
    ['a completed job', { status: 'completed' as const }, JOB_MESSAGES.onlyOpenJobsEditable],
    ['another poster’s job', { postedBy: { _id: 'user-9', name: 'Someone' } }, JOB_MESSAGES.notYourJob],
  ])('refuses %s', async (_name, extra, message) => {
    state.details[saved._id] = detail({ ...saved, ...extra });
    renderPage('/jobpost?edit=job-5');
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('says when the job does not exist', async () => {
    renderPage('/jobpost?edit=job-404');
    expect(await screen.findByText(JOB_MESSAGES.jobNotFound, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
