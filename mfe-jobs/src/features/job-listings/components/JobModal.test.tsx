import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { JOB_MESSAGES } from '@marketplace/contracts';
import { Toasts } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  createJobsServer,
  findToast,
  installMatchMedia,
  jobDetail,
  jobSummary,
  POSTER_CONTACT,
  resetPage,
  signInAs,
  type FakeJobsApi,
} from '../testing/fixtures';
import { CONTACT_LOCKED_TEXT, JobModal, LIABILITY_NOTE, type JobModalVariant } from './JobModal';

const state: FakeJobsApi = { all: [], details: {}, requests: [] };
const server = createJobsServer(state);
const job = jobSummary(7, { pincode: '100242', state: 'Oyo', description: 'Replace 14 roof sheets.' });

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  state.details = {};
  state.requests = [];
  signInAs(account('company'));
});
afterEach(() => server.resetHandlers());

function renderModal(variant: JobModalVariant = 'card', onClose = jest.fn()) {
  render(
    <QueryProvider>
      <MemoryRouter>
        <Toasts />
        <JobModal job={job} variant={variant} onClose={onClose} />
      </MemoryRouter>
    </QueryProvider>,
  );
  return onClose;
}

const contactPanel = () => screen.getByRole('complementary', { name: 'Poster’s contact'.replace('’', "'") });

describe('job modal', () => {
  it('has the poster name as title, the job title, start date, description and the liability note', async () => {
    state.details[job._id] = jobDetail(job, { name: 'Ada N. Obi' });
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Ada N. Obi' });
    expect(
      within(dialog).getByRole('heading', { level: 3, name: 'Fix the leaking roof 7' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Replace 14 roof sheets.')).toBeInTheDocument();
    expect(dialog.querySelector('time')).toHaveAttribute('dateTime', '2026-12-03');
    expect(within(dialog).getByText(LIABILITY_NOTE)).toBeInTheDocument();
    expect(state.requests.map((url) => url.pathname)).toEqual(['/api/jobs/viewjob/job-7']);
  });

  it('while locked: blurred stand-ins hidden from assistive tech, no contact data, postal code and state clear', async () => {
    // Even if a server sent the details beside a lock, the panel would not show them.
    state.details[job._id] = jobDetail(job, { contactLocked: true, ...POSTER_CONTACT });
    renderModal();
    const dialog = await screen.findByRole('dialog');
    const panel = await within(dialog).findByText(CONTACT_LOCKED_TEXT);
    expect(panel).toBeVisible();
    const blurred = dialog.querySelectorAll('.job-contact__blurred');
    expect(blurred).toHaveLength(3);
    blurred.forEach((node) => expect(node).toHaveAttribute('aria-hidden', 'true'));
    for (const value of Object.values(POSTER_CONTACT)) {
      expect(dialog.textContent).not.toContain(value);
    }
    expect(dialog.querySelector('a[href^="mailto:"], a[href^="tel:"]')).toBeNull();
    expect(within(contactPanel()).getByText('100242')).toBeInTheDocument();
    expect(within(contactPanel()).getByText('Oyo')).toBeInTheDocument();
  });

  it('once unlocked: the real email, phone number and address, and the way to chat', async () => {
    state.details[job._id] = jobDetail(job, {
      contactLocked: false,
      paymentInfo: { status: 'paid' },
      ...POSTER_CONTACT,
    });
    renderModal();
    const email = await screen.findByRole('link', { name: POSTER_CONTACT.email });
    expect(email).toHaveAttribute('href', `mailto:${POSTER_CONTACT.email}`);
    expect(screen.getByRole('link', { name: POSTER_CONTACT.phoneNumber })).toHaveAttribute(
      'href',
      `tel:${POSTER_CONTACT.phoneNumber}`,
    );
    expect(screen.getByText(POSTER_CONTACT.address)).toBeInTheDocument();
    expect(screen.queryByText(CONTACT_LOCKED_TEXT)).toBeNull();
    expect(document.querySelector('.job-contact__blurred')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Unlock Information and Chat' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Conversation' })).toHaveAttribute('href', '/chat');
  });

  it('says when the job is gone', async () => {
    renderModal();
    expect(await screen.findByText(JOB_MESSAGES.jobNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock Information and Chat' })).toBeNull();
  });

  it('closes with Escape and the close button', async () => {
    state.details[job._id] = jobDetail(job);
    const user = userEvent.setup();
    const onClose = renderModal();
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  describe('/jobapply variant: the message box', () => {
    it('is disabled and says Locked while the job is locked', async () => {
      state.details[job._id] = jobDetail(job);
      renderModal('apply');
      const box = await screen.findByRole('textbox', { name: 'Message to the poster' });
      expect(box).toBeDisabled();
      expect(box).toHaveAttribute('placeholder', 'Locked');
      expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Attach a file' })).toBeDisabled();
    });

    it('once unlocked: "Type your message...", an empty message is refused, attaching is not available', async () => {
      state.details[job._id] = jobDetail(job, { contactLocked: false, ...POSTER_CONTACT });
      const user = userEvent.setup();
      renderModal('apply');
      await screen.findByRole('link', { name: POSTER_CONTACT.email });
      const box = screen.getByRole('textbox', { name: 'Message to the poster' });
      expect(box).toBeEnabled();
      expect(box).toHaveAttribute('placeholder', 'Type your message...');
      await user.click(screen.getByRole('button', { name: 'Send message' }));
      expect(await findToast('Message cannot be empty!')).toMatchObject({ kind: 'warning' });
      await user.click(screen.getByRole('button', { name: 'Attach a file' }));
      expect(await findToast('File sharing is not implemented yet!')).toMatchObject({ kind: 'info' });
    });
  });

  it('the card variant has no message box', async () => {
    state.details[job._id] = jobDetail(job);
    renderModal('card');
    await screen.findByRole('button', { name: 'Unlock Information and Chat' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
