import { act, render, screen, waitFor, within } from '@testing-library/react';
import { onSteppedClock, steppedUser } from '@marketplace/ui/testing/clock';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  CHAT_MESSAGES,
  CHAT_UNREAD_EVENT,
  MESSAGES,
  WS_CLOSE_CODES,
  type ChatMessage,
} from '@marketplace/contracts';
import {
  getSession,
  keepPrerenderedPage,
  resetPrerenderedPageForTests,
  Toasts,
  type SessionUser,
} from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  company,
  COMPANY,
  conversation,
  createChatServer,
  FakeSocket,
  freshApi,
  installMatchMedia,
  jobDetail,
  message,
  onSocket,
  ORIGIN,
  POSTER,
  resetPage,
  signInAs,
  viewport,
  waitForFrame,
} from '../testing/fixtures';
import { ChatPage } from './ChatPage';
import { connectionNoticeSetup } from './ConnectionNotice';

const state = freshApi();
const server = createChatServer(state);
const poster = account('user');
const companyUser = account('company');
const OTHER_COMPANY = { _id: 'company-2', name: 'Lagos Tilers' };

let location = '';
function LocationProbe() {
  const current = useLocation();
  location = `${current.pathname}${current.search}`;
  return null;
}

const unreadEvents: number[] = [];
const onUnread = (event: Event) => unreadEvents.push((event as CustomEvent<{ total: number }>).detail.total);

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
  window.addEventListener(CHAT_UNREAD_EVENT, onUnread);
});
afterAll(() => {
  server.close();
  window.removeEventListener(CHAT_UNREAD_EVENT, onUnread);
});
beforeEach(async () => {
  await resetPage();
  Object.assign(state, freshApi());
  unreadEvents.length = 0;
  connectionNoticeSetup.graceMs = 2500;
});
afterEach(() => server.resetHandlers());

function renderChat(user: SessionUser = poster, path = '/chat') {
  signInAs(user);
  return render(
    <QueryProvider>
      <MemoryRouter initialEntries={[path]}>
        <Toasts />
        <Routes>
          <Route path="/chat" element={<ChatPage />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryProvider>,
  );
}

/** Two conversations of the poster: chat-1 with Sharp Roofers (2 unread), chat-2 with Lagos Tilers (newer). */
function twoConversations() {
  const one = conversation(1, {
    messages: [
      message('chat-1', 1, POSTER, { message: 'Hello, when can you come?', read: true }),
      message('chat-1', 2, COMPANY, { message: 'Tomorrow at 10.' }),
      message('chat-1', 3, COMPANY, { message: 'Is that fine?' }),
    ],
    unread: 2,
  });
  const two = conversation(2, {
    company: OTHER_COMPANY,
    messages: [
      message('chat-2', 1, OTHER_COMPANY, { message: 'We can tile it.', sentAt: '2026-01-11T08:00:00.000Z' }),
    ],
  });
  state.inbox = [one.summary, two.summary];
  state.threads = { 'chat-1': one.thread, 'chat-2': two.thread };
  state.jobs = { 'job-1': jobDetail(1, { images: [] }), 'job-2': jobDetail(2) };
  state.companies = {
    [COMPANY._id]: company(),
    [OTHER_COMPANY._id]: company({ ...OTHER_COMPANY, phoneNumber: null, address: null }),
  };
  return { one, two };
}

const inboxPane = () => screen.getByRole('complementary', { name: MESSAGES.inbox });
const inboxNames = () =>
  Array.from(inboxPane().querySelectorAll('.chat-inbox__name')).map((node) => node.textContent);
const inboxItem = (name: string) => within(inboxPane()).getByRole('button', { name: new RegExp(name) });
const badgeOf = (name: string) =>
  inboxItem(name).querySelector('[data-testid="unread-count"]')?.textContent ?? null;
const messageList = () => screen.getByRole('list', { name: /^Messages with/ });
const messageTexts = () =>
  Array.from(messageList().querySelectorAll('.chat-msg__text')).map((node) => node.textContent);
const messageItem = (text: string) => within(messageList()).getByText(text).closest('li')!;
const findMessage = async (text: string) =>
  within(await screen.findByRole('list', { name: /^Messages with/ })).findByText(text);

async function openFirstSocket() {
  await waitFor(() => expect(FakeSocket.all.length).toBeGreaterThan(0));
  return onSocket((socket) => socket.open());
}

async function openChat(name: string) {
  const user = steppedUser();
  await user.click(await screen.findByRole('button', { name: new RegExp(name) }));
  await screen.findByRole('list', { name: `Messages with ${name}` });
  return user;
}

describe('/chat', () => {
  onSteppedClock();

  // First in the file: the screen's code loads once per module, and this is the load it watches.
  it("keeps the card the edge drew on screen while the screen's code loads, then shows the screen", async () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<div class="crawler-summary" data-look="chat"><aside></aside><header></header>' +
      '<main class="crawler-summary__main"><div class="cf"><h1>Chats</h1><p>Drawn by the edge</p></div></main></div>';
    keepPrerenderedPage(root, window.location.pathname);
    try {
      twoConversations();
      renderChat(poster);
      // Not the skeleton: the edge's card, hidden from assistive technology while the page loads.
      expect(screen.getByText('Drawn by the edge')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Loading page');
      expect(document.querySelector('.chat__skeleton')).toBeNull();
      await screen.findByText('Lagos Tilers');
      expect(screen.queryByText('Drawn by the edge')).toBeNull();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    } finally {
      resetPrerenderedPageForTests();
    }
  });

  describe('inbox', () => {
    it('lists conversations newest first, with the applicant as counterpart for a poster, the job title and a red unread count', async () => {
      twoConversations();
      renderChat(poster);
      await screen.findByText('Lagos Tilers');
      expect(inboxNames()).toEqual(['Lagos Tilers', 'Sharp Roofers Ltd']);
      expect(within(inboxPane()).getByText('Fix the leaking roof 1')).toBeInTheDocument();
      expect(badgeOf('Sharp Roofers Ltd')).toBe('22 unread messages');
      expect(badgeOf('Lagos Tilers')).toBeNull();
      // Avatars: up to two initials.
      expect(inboxItem('Sharp Roofers Ltd').querySelector('.chat-avatar')).toHaveTextContent('SR');
      expect(screen.getByRole('heading', { level: 1, name: MESSAGES.chats })).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.nothingIsSelected)).toBeInTheDocument();
      expect(screen.getByText(MESSAGES.selectAConversation)).toBeInTheDocument();
      // The header badge follows the inbox.
      await waitFor(() => expect(unreadEvents.at(-1)).toBe(2));
    });

    it('a company sees the poster’s name as counterpart', async () => {
      twoConversations();
      state.inbox = [conversation(1, { unread: 0 }).summary];
      renderChat(companyUser);
      await screen.findByText('Ada Obi');
      expect(inboxNames()).toEqual(['Ada Obi']);
      expect(inboxItem('Ada Obi').querySelector('.chat-avatar')).toHaveTextContent('AO');
    });

    it("says 'No chats available' when there are none, and when the inbox cannot be loaded", async () => {
      renderChat(poster);
      expect(await screen.findByText(MESSAGES.noChatsAvailable)).toBeInTheDocument();
    });

    it("shows 'No chats available' after a failed inbox load (spec section 8: logged only)", async () => {
      const { http, HttpResponse } = await import('msw');
      server.use(
        http.get('http://localhost/api/jobs/user/chat/:id', () => HttpResponse.json({}, { status: 403 })),
      );
      const error = jest.spyOn(console, 'error').mockImplementation(() => {});
      renderChat(poster);
      expect(await screen.findByText(MESSAGES.noChatsAvailable)).toBeInTheDocument();
      await waitFor(() =>
        expect(error).toHaveBeenCalledWith('[chat] the inbox could not be loaded', expect.anything()),
      );
      error.mockRestore();
    });
  });

  describe('opening a conversation', () => {
    it('loads messages and job, joins the room after the last message, marks it read and shows the details', async () => {
      twoConversations();
      renderChat(poster);
      const socket = await openFirstSocket();
      await openChat('Sharp Roofers Ltd');
      expect(location).toBe('/chat?chat=chat-1');
      // The list is there at once; its messages once they have loaded.
      await waitFor(() =>
        expect(messageTexts()).toEqual(['Hello, when can you come?', 'Tomorrow at 10.', 'Is that fine?']),
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Sharp Roofers Ltd' })).toBeInTheDocument();
      expect(await waitForFrame('joinRoom')).toEqual({ type: 'joinRoom', chatId: 'chat-1', after: 3 });
      expect(await waitForFrame('markAsRead')).toEqual({ type: 'markAsRead', chatId: 'chat-1', upTo: 3 });
      await waitFor(() => expect(badgeOf('Sharp Roofers Ltd')).toBeNull());
      await waitFor(() => expect(unreadEvents.at(-1)).toBe(0));
      expect(socket.url).toBe('ws://localhost/ws');

      // Details: job heading, category, start date (10 characters), placeholder image; the company's phone and address.
      const details = screen.getByRole('complementary', { name: MESSAGES.details });
      expect(
        await within(details).findByRole('heading', { name: 'Fix the leaking roof 1' }),
      ).toBeInTheDocument();
      expect(within(details).getByText('Craftsman')).toBeInTheDocument();
      // Written as every other page writes a start date, with the machine-readable day kept.
      expect(within(details).getByText('Thu, 3 Dec 2026')).toHaveAttribute('datetime', '2026-12-03');
      expect(details.querySelector('.chat-job__media--fallback')).not.toBeNull();
      expect(await within(details).findByRole('link', { name: '+234 809 555 0199' })).toHaveAttribute(
        'href',
        'tel:+2348095550199',
      );
      expect(within(details).getByText('5 Allen Avenue, Ikeja')).toBeInTheDocument();
      expect(state.requests.map((url) => url.pathname)).toEqual(
        expect.arrayContaining([
          '/api/jobs/chat/chat-1',
          '/api/jobs/viewjob/job-1',
          '/api/accounts/companies/company-1',
        ]),
      );
    });

    it('for a company: the poster’s phone and address from the job, only what the server returned', async () => {
      const one = conversation(1, { messages: [message('chat-1', 1, POSTER)] });
      state.inbox = [one.summary];
      state.threads = { 'chat-1': one.thread };
      state.jobs = {
        'job-1': jobDetail(1, {
          phoneNumber: '08031234567',
          address: undefined,
          images: [{ url: 'roof.jpg' }],
        }),
      };
      renderChat(companyUser);
      await openChat('Ada Obi');
      const details = screen.getByRole('complementary', { name: MESSAGES.details });
      expect(await within(details).findByRole('link', { name: '08031234567' })).toBeInTheDocument();
      expect(within(details).getByText(MESSAGES.missingValue)).toBeInTheDocument();
      expect(details.querySelector('img')).toHaveAttribute('src', '/api/jobs/images/roof.jpg');
      expect(state.requests.some((url) => url.pathname.startsWith('/api/accounts/companies'))).toBe(false);
    });

    it('opens the conversation named by ?chat= directly', async () => {
      twoConversations();
      renderChat(poster, '/chat?chat=chat-2');
      await screen.findByRole('list', { name: 'Messages with Lagos Tilers' });
      expect(messageTexts()).toEqual(['We can tile it.']);
      expect(inboxItem('Lagos Tilers')).toHaveAttribute('aria-current', 'true');
    });

    it('a failed load shows an empty message list (spec section 4)', async () => {
      twoConversations();
      state.failThread = true;
      const error = jest.spyOn(console, 'error').mockImplementation(() => {});
      renderChat(poster, '/chat?chat=chat-1');
      // One retry of a server error first.
      expect(
        await screen.findByText('No messages yet. Say hello!', {}, { timeout: 4000 }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Tomorrow at 10.')).toBeNull();
      error.mockRestore();
    });

    it('a conversation that is not the member’s (or does not exist) shows nothing to write into', async () => {
      twoConversations();
      const error = jest.spyOn(console, 'error').mockImplementation(() => {});
      renderChat(poster, '/chat?chat=chat-404');
      expect(await screen.findByText('No messages yet. Say hello!')).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.getByRole('heading', { level: 1, name: MESSAGES.chats })).toBeInTheDocument();
      // A 4xx is not asked again.
      expect(state.requests.filter((url) => url.pathname === '/api/jobs/chat/chat-404')).toHaveLength(1);
      error.mockRestore();
    });

    it('a read-only (refunded) conversation shows its history and a notice instead of the text box', async () => {
      const closed = conversation(1, {
        messages: [message('chat-1', 1, COMPANY, { message: 'Sorry, we cannot do it.' })],
        readOnly: true,
      });
      state.inbox = [closed.summary];
      state.threads = { 'chat-1': closed.thread };
      renderChat(poster, '/chat?chat=chat-1');
      expect(await findMessage('Sorry, we cannot do it.')).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent(CHAT_MESSAGES.readOnly);
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('button', { name: MESSAGES.send })).toBeNull();
    });

    it('a closed conversation with no messages does not invite a hello above its notice', async () => {
      const closed = conversation(1, { messages: [], readOnly: true });
      state.inbox = [closed.summary];
      state.threads = { 'chat-1': closed.thread };
      renderChat(poster, '/chat?chat=chat-1');
      expect(await screen.findByText('No messages were sent in this conversation.')).toBeInTheDocument();
      expect(screen.queryByText('No messages yet. Say hello!')).toBeNull();
      expect(screen.getByRole('note')).toHaveTextContent(CHAT_MESSAGES.readOnly);
    });
  });

  describe('live updates', () => {
    it('a new message in the open conversation is shown and marked read; in another one it counts and moves up, once', async () => {
      twoConversations();
      renderChat(poster, '/chat?chat=chat-2');
      const socket = await openFirstSocket();
      await findMessage('We can tile it.');
      await waitForFrame('joinRoom');
      expect(inboxNames()).toEqual(['Lagos Tilers', 'Sharp Roofers Ltd']);

      // Open conversation: appended, read at once, announced.
      await onSocket((s) =>
        s.receive({
          type: 'newMessage',
          message: message('chat-2', 2, OTHER_COMPANY, {
            message: 'Monday works.',
            sentAt: '2026-01-12T08:00:00.000Z',
          }),
        }),
      );
      expect(messageTexts()).toEqual(['We can tile it.', 'Monday works.']);
      expect(socket.framesOf('markAsRead').at(-1)).toEqual({ type: 'markAsRead', chatId: 'chat-2', upTo: 2 });
      expect(badgeOf('Lagos Tilers')).toBeNull();
      expect(screen.getByText('New message from Lagos Tilers: Monday works.')).toBeInTheDocument();

      // Another conversation: its count goes up and it moves to the top; a second delivery changes nothing.
      const late = message('chat-1', 4, COMPANY, {
        message: 'Still there?',
        sentAt: '2026-01-13T08:00:00.000Z',
      });
      await onSocket((s) => s.receive({ type: 'newMessage', message: late }));
      await onSocket((s) => s.receive({ type: 'newMessage', message: late }));
      expect(inboxNames()).toEqual(['Sharp Roofers Ltd', 'Lagos Tilers']);
      expect(badgeOf('Sharp Roofers Ltd')).toBe('33 unread messages');
      expect(within(inboxItem('Sharp Roofers Ltd')).getByText('Still there?')).toBeInTheDocument();
      expect(messageTexts()).toEqual(['We can tile it.', 'Monday works.']);
      await waitFor(() => expect(unreadEvents.at(-1)).toBe(3));

      // The other device of the member read it: the count goes.
      await onSocket((s) =>
        s.receive({ type: 'messagesRead', chatId: 'chat-1', userId: POSTER._id, upTo: 4 }),
      );
      expect(badgeOf('Sharp Roofers Ltd')).toBeNull();
    });

    it('a conversation the inbox does not know yet makes it fetch the inbox again', async () => {
      twoConversations();
      renderChat(poster);
      await openFirstSocket();
      await screen.findByText('Lagos Tilers');
      const before = state.requests.filter((url) => url.pathname.startsWith('/api/jobs/user/chat')).length;
      const fresh = conversation(3, {
        company: { _id: 'company-3', name: 'Abuja Movers' },
        messages: [
          message(
            'chat-3',
            1,
            { _id: 'company-3', name: 'Abuja Movers' },
            { sentAt: '2026-02-01T08:00:00.000Z' },
          ),
        ],
        unread: 1,
      });
      state.inbox = [...state.inbox, fresh.summary];
      await onSocket((s) => s.receive({ type: 'newMessage', message: fresh.thread.messages[0]! }));
      expect(await screen.findByText('Abuja Movers')).toBeInTheDocument();
      expect(inboxNames()[0]).toBe('Abuja Movers');
      expect(
        state.requests.filter((url) => url.pathname.startsWith('/api/jobs/user/chat')).length,
      ).toBeGreaterThan(before);
    });

    it('a number that skips ahead makes the open conversation catch up from the last one seen', async () => {
      twoConversations();
      renderChat(poster, '/chat?chat=chat-1');
      const socket = await openFirstSocket();
      await findMessage('Is that fine?');
      await waitForFrame('joinRoom');
      // The next number in line is just appended.
      const four = message('chat-1', 4, COMPANY, { message: 'Four' });
      await onSocket((s) => s.receive({ type: 'newMessage', message: four }));
      expect(socket.framesOf('joinRoom')).toEqual([{ type: 'joinRoom', chatId: 'chat-1', after: 3 }]);
      // 7 after 4: 5 and 6 were missed; catch up from 4.
      const seven = message('chat-1', 7, COMPANY, { message: 'Seven' });
      await onSocket((s) => s.receive({ type: 'newMessage', message: seven }));
      expect(socket.framesOf('joinRoom')).toEqual([
        { type: 'joinRoom', chatId: 'chat-1', after: 3 },
        { type: 'joinRoom', chatId: 'chat-1', after: 4 },
      ]);
      await onSocket((s) =>
        s.receive({
          type: 'joined',
          chatId: 'chat-1',
          messages: [
            message('chat-1', 5, COMPANY, { message: 'Five' }),
            message('chat-1', 6, COMPANY, { message: 'Six' }),
            seven,
          ],
          hasMore: false,
          readOnly: false,
        }),
      );
      expect(messageTexts()).toEqual([
        'Hello, when can you come?',
        'Tomorrow at 10.',
        'Is that fine?',
        'Four',
        'Five',
        'Six',
        'Seven',
      ]);
    });

    it('after a reconnect, and on resync, the inbox is fetched again and the open conversation catches up', async () => {
      twoConversations();
      renderChat(poster, '/chat?chat=chat-1');
      await openFirstSocket();
      await findMessage('Is that fine?');
      await waitForFrame('joinRoom');
      const inboxCalls = () =>
        state.requests.filter((url) => url.pathname.startsWith('/api/jobs/user/chat')).length;
      const before = inboxCalls();
      await onSocket((s) => s.drop());
      await act(async () => window.dispatchEvent(new Event('online')));
      expect(FakeSocket.all).toHaveLength(2);
      const second = await onSocket((s) => s.open());
      expect(second.framesOf('joinRoom')).toEqual([{ type: 'joinRoom', chatId: 'chat-1', after: 3 }]);
      await waitFor(() => expect(inboxCalls()).toBe(before + 1));
      await onSocket((s) => s.receive({ type: 'resync' }));
      expect(second.framesOf('joinRoom')).toHaveLength(2);
      await waitFor(() => expect(inboxCalls()).toBe(before + 2));
    });

    it('says so, quietly, while the connection is down', async () => {
      connectionNoticeSetup.graceMs = 0;
      twoConversations();
      renderChat(poster);
      await openFirstSocket();
      await screen.findByText('Lagos Tilers');
      expect(screen.queryByText('Reconnecting…')).toBeNull();
      await onSocket((s) => s.drop());
      expect(await screen.findByText('Reconnecting…')).toBeInTheDocument();
      await act(async () => window.dispatchEvent(new Event('online')));
      await onSocket((s) => s.open());
      await waitFor(() => expect(screen.queryByText('Reconnecting…')).toBeNull());
    });

    describe('the session ends (close 4401)', () => {
      const refreshes: number[] = [];
      function refreshAnswers(status: number) {
        document.cookie = 'mp_csrf=csrf-1; path=/';
        server.use(
          http.post(`${ORIGIN}/api/user/refresh`, () => {
            refreshes.push(status);
            return HttpResponse.json({ message: 'refresh' }, { status });
          }),
        );
      }
      beforeEach(() => (refreshes.length = 0));
      afterEach(() => {
        document.cookie = 'mp_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      });

      it('a session that can be refreshed: connects again at once and catches up', async () => {
        twoConversations();
        renderChat(poster, '/chat?chat=chat-1');
        await openFirstSocket();
        await findMessage('Is that fine?');
        refreshAnswers(200);
        await onSocket((s) => s.drop(WS_CLOSE_CODES.sessionEnded));
        await waitFor(() => expect(FakeSocket.all).toHaveLength(2));
        expect(refreshes).toEqual([200]);
        const second = await onSocket((s) => s.open());
        expect(second.framesOf('joinRoom')).toEqual([{ type: 'joinRoom', chatId: 'chat-1', after: 3 }]);
        expect(getSession().status).toBe('signed-in');
      });

      it('a session that is over: signed out on this device, the screen closes and stops reconnecting (the shell then shows /login)', async () => {
        twoConversations();
        renderChat(poster, '/chat?chat=chat-1');
        const first = await openFirstSocket();
        await findMessage('Is that fine?');
        // A message typed just before is the member's words: it goes with the session.
        await steppedUser().type(screen.getByRole('textbox'), 'Still there?{Enter}');
        expect(sessionStorage.length).toBe(1);
        refreshAnswers(401);
        await onSocket((s) => s.drop(WS_CLOSE_CODES.sessionEnded));
        await waitFor(() => expect(getSession().status).toBe('signed-out'));
        expect(refreshes).toEqual([401]);
        expect(localStorage.getItem('user')).toBeNull();
        expect(sessionStorage.length).toBe(0);
        // The conversation is gone from the screen; no attempt follows, however long the page stays.
        await waitFor(() => expect(screen.queryByRole('list', { name: /^Messages with/ })).toBeNull());
        await act(async () => {
          await new Promise((resolve) => setTimeout(resolve, 1200)); // > the back-off (random 0: 500 ms)
          window.dispatchEvent(new Event('online'));
        });
        expect(FakeSocket.all).toEqual([first]);
        expect(refreshes).toEqual([401]);
      });
    });

    it('leaving the page closes the socket', async () => {
      const view = renderChat(poster);
      const socket = await openFirstSocket();
      view.unmount();
      expect(socket.closedByClient).toBe(true);
    });
  });

  describe('sending', () => {
    async function openAndType(text: string) {
      twoConversations();
      renderChat(poster, '/chat?chat=chat-2');
      await openFirstSocket();
      await findMessage('We can tile it.');
      const user = steppedUser();
      const box = screen.getByRole('textbox', { name: 'Message to Lagos Tilers' });
      if (text) await user.type(box, text);
      return { user, box };
    }

    it('sending → sent → read, with a client id the server stores once', async () => {
      const { user, box } = await openAndType('  Can you start on Monday?  ');
      await user.click(screen.getByRole('button', { name: MESSAGES.send }));
      expect(box).toHaveValue('');
      const frame = await waitForFrame('sendMessage');
      expect(frame).toEqual({
        type: 'sendMessage',
        chatId: 'chat-2',
        clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        message: 'Can you start on Monday?',
      });
      expect(within(messageItem('Can you start on Monday?')).getByText('Sending…')).toBeInTheDocument();

      const stored: ChatMessage = message('chat-2', 2, POSTER, {
        message: 'Can you start on Monday?',
        clientId: frame.clientId,
      });
      await onSocket((s) => s.receive({ type: 'messageAck', clientId: frame.clientId, message: stored }));
      // The fan-out copy of the same message is not shown twice.
      await onSocket((s) => s.receive({ type: 'newMessage', message: stored }));
      expect(messageTexts()).toEqual(['We can tile it.', 'Can you start on Monday?']);
      expect(within(messageItem('Can you start on Monday?')).getByText('Sent')).toBeInTheDocument();

      // A read receipt from the poster's own other device does not mark it read; the company's does.
      await onSocket((s) =>
        s.receive({ type: 'messagesRead', chatId: 'chat-2', userId: POSTER._id, upTo: 2 }),
      );
      expect(within(messageItem('Can you start on Monday?')).getByText('Sent')).toBeInTheDocument();
      await onSocket((s) =>
        s.receive({ type: 'messagesRead', chatId: 'chat-2', userId: OTHER_COMPANY._id, upTo: 2 }),
      );
      expect(within(messageItem('Can you start on Monday?')).getByText('Read')).toBeInTheDocument();
    });

    it('Enter sends, Shift+Enter starts a new line, blank text is not sent', async () => {
      const { user, box } = await openAndType('   ');
      expect(screen.getByRole('button', { name: MESSAGES.send })).toBeDisabled();
      await user.keyboard('{Enter}');
      expect(FakeSocket.latest().framesOf('sendMessage')).toHaveLength(0);
      await user.clear(box);
      await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two{Enter}');
      expect((await waitForFrame('sendMessage')).message).toBe('Line one\nLine two');
    });

    it('typed while offline: queued, then sent exactly once on reconnect with the same client id', async () => {
      const { user } = await openAndType('');
      await onSocket((s) => s.drop());
      await user.type(screen.getByRole('textbox'), 'Are you coming today?{Enter}');
      expect(
        within(messageItem('Are you coming today?')).getByText('Waiting for connection'),
      ).toBeInTheDocument();
      expect(FakeSocket.all[0]!.framesOf('sendMessage')).toHaveLength(0);

      // Back: sent once on the new connection.
      await act(async () => window.dispatchEvent(new Event('online')));
      const second = await onSocket((s) => s.open());
      const frames = second.framesOf('sendMessage');
      expect(frames).toHaveLength(1);
      expect(frames[0]!.message).toBe('Are you coming today?');
      expect(within(messageItem('Are you coming today?')).getByText('Sending…')).toBeInTheDocument();

      // The connection goes again before the answer: the same message, same id, once more on the next one.
      await onSocket((s) => s.drop());
      await act(async () => window.dispatchEvent(new Event('online')));
      const third = await onSocket((s) => s.open());
      expect(third.framesOf('sendMessage')).toEqual([frames[0]]);
      const stored = message('chat-2', 2, POSTER, {
        message: 'Are you coming today?',
        clientId: frames[0]!.clientId,
      });
      await onSocket((s) =>
        s.receive({ type: 'messageAck', clientId: frames[0]!.clientId, message: stored }),
      );
      expect(within(messageItem('Are you coming today?')).getByText('Sent')).toBeInTheDocument();

      // Stored: never sent again.
      await onSocket((s) => s.drop());
      await act(async () => window.dispatchEvent(new Event('online')));
      const fourth = await onSocket((s) => s.open());
      expect(fourth.framesOf('sendMessage')).toHaveLength(0);
      expect(messageTexts()).toEqual(['We can tile it.', 'Are you coming today?']);
    });

    it('a refused message says why and can be retried with the same client id, or discarded', async () => {
      const { user } = await openAndType('First try{Enter}');
      const frame = await waitForFrame('sendMessage');
      await onSocket((s) =>
        s.receive({
          type: 'error',
          code: 'rate_limited',
          message: 'Slow down',
          chatId: 'chat-2',
          clientId: frame.clientId,
        }),
      );
      const item = messageItem('First try');
      expect(within(item).getByText('Not sent')).toBeInTheDocument();
      expect(within(item).getByText(CHAT_MESSAGES.rateLimited)).toBeInTheDocument();
      expect(screen.getByText('A message was not sent.')).toBeInTheDocument();
      await user.click(within(item).getByRole('button', { name: 'Retry' }));
      const frames = FakeSocket.latest().framesOf('sendMessage');
      expect(frames).toHaveLength(2);
      expect(frames[1]).toEqual(frame);
      expect(within(messageItem('First try')).getByText('Sending…')).toBeInTheDocument();
      await onSocket((s) =>
        s.receive({
          type: 'messageAck',
          clientId: frame.clientId,
          message: message('chat-2', 2, POSTER, { message: 'First try', clientId: frame.clientId }),
        }),
      );
      expect(within(messageItem('First try')).getByText('Sent')).toBeInTheDocument();

      await user.type(screen.getByRole('textbox'), 'Second{Enter}');
      const second = FakeSocket.latest().framesOf('sendMessage')[2]!;
      await onSocket((s) =>
        s.receive({ type: 'error', code: 'too_long', message: 'x', clientId: second.clientId }),
      );
      await user.click(within(messageItem('Second')).getByRole('button', { name: 'Discard' }));
      expect(screen.queryByText('Second')).toBeNull();
    });

    it('the database failing (unavailable): the message stays on its way and goes again by itself after the back-off, same client id, until stored', async () => {
      // Reconnect delays here are the shortest the policy allows (random 0): 500 ms, then 1 s, 2 s …
      await openAndType('Are you free today?{Enter}');
      const frame = await waitForFrame('sendMessage');
      const unavailable = () =>
        onSocket((s) =>
          s.receive({
            type: 'error',
            code: 'unavailable',
            message: 'The chat is unavailable right now. Please try again.',
            chatId: 'chat-2',
            clientId: frame.clientId,
          }),
        );
      const sends = () => FakeSocket.latest().framesOf('sendMessage');
      const started = Date.now();
      await unavailable();
      expect(within(messageItem('Are you free today?')).getByText('Sending…')).toBeInTheDocument();
      expect(screen.queryByText('Not sent')).toBeNull();
      expect(screen.queryByText('A message was not sent.')).toBeNull();
      expect(sends()).toHaveLength(1);
      await waitFor(() => expect(sends()).toHaveLength(2), { timeout: 2000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(450);
      expect(sends()[1]).toEqual(frame);

      // Still down: the next wait is longer (1 s). The connection goes meanwhile: the reconnect sends it
      // once, and the waiting resend is not sent on top.
      await unavailable();
      await onSocket((s) => s.drop());
      await act(async () => window.dispatchEvent(new Event('online')));
      const second = await onSocket((s) => s.open());
      expect(second.framesOf('sendMessage')).toEqual([frame]);
      await act(() => new Promise((resolve) => setTimeout(resolve, 1200)));
      expect(second.framesOf('sendMessage')).toEqual([frame]);

      // Stored: settled, and never sent again.
      await onSocket((s) =>
        s.receive({
          type: 'messageAck',
          clientId: frame.clientId,
          message: message('chat-2', 2, POSTER, { message: 'Are you free today?', clientId: frame.clientId }),
        }),
      );
      expect(within(messageItem('Are you free today?')).getByText('Sent')).toBeInTheDocument();
      await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
      expect(second.framesOf('sendMessage')).toHaveLength(1);
      expect(messageTexts()).toEqual(['We can tile it.', 'Are you free today?']);
    });

    it('a catch-up the database could not answer (unavailable) is asked again a moment later, without an error toast', async () => {
      await openAndType('');
      const joins = () => FakeSocket.latest().framesOf('joinRoom');
      await waitFor(() => expect(joins().length).toBeGreaterThan(0));
      const before = joins().length;
      await onSocket((s) =>
        s.receive({
          type: 'error',
          code: 'unavailable',
          message: 'The chat is unavailable right now. Please try again.',
          chatId: 'chat-2',
        }),
      );
      expect(screen.queryByText('The chat is unavailable right now. Please try again.')).toBeNull();
      await waitFor(() => expect(joins()).toHaveLength(before + 1), { timeout: 3000 });
      expect(joins().at(-1)).toMatchObject({ type: 'joinRoom', chatId: 'chat-2' });
    });

    it('a conversation closed while typing: the message fails with the read-only notice and the text box goes', async () => {
      await openAndType('Hello?{Enter}');
      const frame = await waitForFrame('sendMessage');
      await onSocket((s) =>
        s.receive({
          type: 'error',
          code: 'read_only',
          message: 'closed',
          chatId: 'chat-2',
          clientId: frame.clientId,
        }),
      );
      expect(within(messageItem('Hello?')).getByText(CHAT_MESSAGES.readOnly)).toBeInTheDocument();
      expect(screen.getByRole('note')).toHaveTextContent(CHAT_MESSAGES.readOnly);
      expect(screen.queryByRole('textbox')).toBeNull();
    });
  });

  describe('below 900 px', () => {
    it('inbox and details are slide-in panels toggled by Inbox and Details; opening a chat closes the inbox', async () => {
      viewport.narrow = true;
      twoConversations();
      renderChat(poster);
      const inboxButton = await screen.findByRole('button', { name: MESSAGES.inbox });
      const detailsButton = screen.getByRole('button', { name: MESSAGES.details });
      expect(screen.getByRole('heading', { level: 1, name: MESSAGES.chats })).toBeInTheDocument();
      // Nothing selected: the inbox is open to pick from.
      expect(inboxButton).toHaveAttribute('aria-expanded', 'true');
      const inboxPanel = document.getElementById(inboxButton.getAttribute('aria-controls')!)!;
      expect(inboxPanel).not.toHaveAttribute('inert');

      const user = steppedUser();
      await user.click(await within(inboxPanel).findByRole('button', { name: /Sharp Roofers Ltd/ }));
      await findMessage('Is that fine?');
      expect(inboxButton).toHaveAttribute('aria-expanded', 'false');
      expect(inboxPanel).toHaveAttribute('inert');
      expect(screen.getByRole('heading', { level: 1, name: 'Sharp Roofers Ltd' })).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Message to Sharp Roofers Ltd' })).toHaveFocus();
      // The draft is cleared when another conversation opens.
      await user.type(screen.getByRole('textbox'), 'half a thought');

      // Details: opens with focus inside, Escape closes it and focus goes back to its button.
      await user.click(detailsButton);
      const detailsPanel = document.getElementById(detailsButton.getAttribute('aria-controls')!)!;
      expect(detailsButton).toHaveAttribute('aria-expanded', 'true');
      expect(detailsPanel).not.toHaveAttribute('inert');
      expect(detailsPanel).toContainElement(document.activeElement as HTMLElement);
      await user.keyboard('{Escape}');
      expect(detailsButton).toHaveAttribute('aria-expanded', 'false');
      expect(detailsButton).toHaveFocus();

      await user.click(inboxButton);
      expect(within(inboxPanel).getByRole('button', { name: /Sharp Roofers Ltd/ })).toHaveFocus();
      await user.click(within(inboxPanel).getByRole('button', { name: /Lagos Tilers/ }));
      await findMessage('We can tile it.');
      expect(screen.getByRole('textbox', { name: 'Message to Lagos Tilers' })).toHaveValue('');
      expect(screen.getByRole('heading', { level: 1, name: 'Lagos Tilers' })).toBeInTheDocument();
    });

    it('wide: no toggles, three panes', async () => {
      twoConversations();
      renderChat(poster);
      await screen.findByText('Lagos Tilers');
      expect(screen.queryByRole('button', { name: MESSAGES.inbox })).toBeNull();
      expect(screen.queryByRole('button', { name: MESSAGES.details })).toBeNull();
      expect(inboxPane()).not.toHaveAttribute('inert');
    });
  });
});
