import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { CHAT_MESSAGES, JOB_MESSAGES, type ChatMessage } from '@marketplace/contracts';
import { Toasts } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  createJobsServer,
  ORIGIN,
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
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

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
    const user = steppedUser();
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
      const user = steppedUser();
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

    describe('once unlocked, a real first message to the poster', () => {
      interface Sent {
        createChat: unknown[];
        messages: Array<{ chatId: string; message: string; clientId: string }>;
      }
      function chatApi(options: { failFirstSend?: boolean; createStatus?: number } = {}): Sent {
        const sent: Sent = { createChat: [], messages: [] };
        server.use(
          http.post(`${ORIGIN}/api/jobs/createchat`, async ({ request }) => {
            sent.createChat.push(await request.json());
            if (options.createStatus)
              return HttpResponse.json({ message: 'No conversation' }, { status: options.createStatus });
            return HttpResponse.json({ _id: 'chat-77' });
          }),
          http.post(`${ORIGIN}/api/jobs/chat`, async ({ request }) => {
            const body = (await request.json()) as Sent['messages'][number];
            sent.messages.push(body);
            if (options.failFirstSend && sent.messages.length === 1)
              return HttpResponse.json({ message: 'Chat is busy' }, { status: 503 });
            const stored: ChatMessage = {
              _id: 'm1',
              chatId: body.chatId,
              seq: 1,
              clientId: body.clientId,
              sender: { _id: 'company-1', name: 'Sharp Roofers Ltd' },
              message: body.message,
              sentAt: '2026-11-21T10:00:00.000Z',
              read: false,
            };
            return HttpResponse.json(stored, { status: 201 });
          }),
        );
        return sent;
      }

      async function openUnlocked() {
        state.details[job._id] = jobDetail(job, {
          contactLocked: false,
          paymentInfo: { status: 'paid' },
          ...POSTER_CONTACT,
        });
        const user = steppedUser();
        renderModal('apply');
        await screen.findByRole('link', { name: POSTER_CONTACT.email });
        return { user, box: screen.getByRole('textbox', { name: 'Message to the poster' }) };
      }

      it('finds the conversation, sends the trimmed text with a client id, and links to it in Chat', async () => {
        const sent = chatApi();
        const { user, box } = await openUnlocked();
        await user.type(box, '  Good day, we can come on Monday.  ');
        await user.click(screen.getByRole('button', { name: 'Send message' }));
        const link = await screen.findByRole('link', { name: 'Continue the conversation in Chat' });
        expect(link).toHaveAttribute('href', '/chat?chat=chat-77');
        expect(screen.getByRole('status')).toHaveTextContent('Message sent to Ada N. Obi.');
        expect(sent.createChat).toEqual([{ jobId: job._id, applicantId: 'company-1', posterId: 'poster-1' }]);
        expect(sent.messages).toEqual([
          {
            chatId: 'chat-77',
            message: 'Good day, we can come on Monday.',
            clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
          },
        ]);
        expect(box).toHaveValue('');

        // A second message: the conversation is known, a new client id.
        await user.type(box, 'Also, do you have a ladder?');
        await user.click(screen.getByRole('button', { name: 'Send message' }));
        await waitFor(() => expect(sent.messages).toHaveLength(2));
        expect(sent.createChat).toHaveLength(1);
        expect(sent.messages[1]!.clientId).not.toBe(sent.messages[0]!.clientId);
      });

      it('a failed send says so; sending again uses the same client id, so it is stored once', async () => {
        const sent = chatApi({ failFirstSend: true });
        const { user, box } = await openUnlocked();
        await user.type(box, 'Hello');
        await user.click(screen.getByRole('button', { name: 'Send message' }));
        expect(await findToast('Chat is busy')).toMatchObject({ kind: 'error' });
        expect(box).toHaveValue('Hello');
        await user.click(screen.getByRole('button', { name: 'Send message' }));
        await screen.findByRole('link', { name: 'Continue the conversation in Chat' });
        expect(sent.messages).toHaveLength(2);
        expect(sent.messages[1]!.clientId).toBe(sent.messages[0]!.clientId);
      });

      it('says when the conversation is not open to this company', async () => {
        const sent = chatApi({ createStatus: 403 });
        const { user, box } = await openUnlocked();
        await user.type(box, 'Hello');
        await user.click(screen.getByRole('button', { name: 'Send message' }));
        expect(await findToast(CHAT_MESSAGES.notUnlocked)).toMatchObject({ kind: 'error' });
        expect(sent.messages).toHaveLength(0);
      });

      it('the poster looking at their own job cannot message themselves: the box stays locked', async () => {
        signInAs(account('user', { _id: 'poster-1' }));
        state.details[job._id] = jobDetail(job, { contactLocked: false, ...POSTER_CONTACT });
        renderModal('apply');
        await screen.findByRole('link', { name: POSTER_CONTACT.email });
        expect(screen.getByRole('textbox', { name: 'Message to the poster' })).toBeDisabled();
      });
    });
  });

  it('the card variant has no message box', async () => {
    state.details[job._id] = jobDetail(job);
    renderModal('card');
    await screen.findByRole('button', { name: 'Unlock Information and Chat' });
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
