import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  CHAT_OFFER_NOTICES,
  OFFER_LIMITS,
  OFFER_MESSAGES,
  type ChatMessage,
  type ChatOffer,
} from '@marketplace/contracts';
import { Toasts, type SessionUser } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  COMPANY,
  conversation,
  createChatServer,
  findToast,
  freshApi,
  installMatchMedia,
  message,
  onSocket,
  ORIGIN,
  POSTER,
  resetPage,
  signInAs,
  waitForFrame,
} from '../testing/fixtures';
import { lagosToday, offerStatesOf } from '../utils/offers';
import { ChatPage } from './ChatPage';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const state = freshApi();
const server = createChatServer(state);
const poster = account('user');
const companyUser = account('company');

/** What the fake jobs API was sent: path and body. */
let offerCalls: Array<{ path: string; body: unknown }> = [];

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  Object.assign(state, freshApi());
  offerCalls = [];
  server.use(
    http.post(`${ORIGIN}/api/jobs/offers*`, async ({ request }) => {
      const path = new URL(request.url).pathname;
      offerCalls.push({ path, body: await request.json().catch(() => undefined) });
      return HttpResponse.json({ statusCode: 200, resultMessage: { en: 'Done.' }, offer: {} });
    }),
  );
});
afterEach(() => server.resetHandlers());

const FUTURE = '2099-12-09T22:59:59.000Z';
const offerSnapshot = (offerId: string, extra: Partial<ChatOffer> = {}): ChatOffer => ({
  offerId,
  state: 'active',
  priceNaira: 45_000,
  startDate: '2026-12-02',
  validUntil: FUTURE,
  note: 'Tiles included',
  replacesOfferId: null,
  ...extra,
});
const offerMessage = (seq: number, offer: ChatOffer): ChatMessage =>
  message('chat-1', seq, COMPANY, { kind: 'offer', offer, message: 'Offer: summary for old clients' });
const updateMessage = (
  seq: number,
  from: { _id: string; name: string },
  offer: ChatOffer['offerId'],
  text: string,
  s: ChatOffer['state'],
) =>
  message('chat-1', seq, from, { kind: 'offer-update', offer: { offerId: offer, state: s }, message: text });

/** Where "Compare all offers" leads (the dashboard is another remote's page). */
function DashboardProbe() {
  const { search } = useLocation();
  return <p>Dashboard {search}</p>;
}

function renderChat(user: SessionUser, messages: ChatMessage[], options: { readOnly?: boolean } = {}) {
  const one = conversation(1, { messages, readOnly: options.readOnly ?? false });
  state.inbox = [one.summary];
  state.threads = { 'chat-1': one.thread };
  signInAs(user);
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/chat?chat=chat-1']}>
        <Toasts />
        <Routes>
          <Route path="/chat" element={<ChatPage />} />
          <Route path="/dashboard" element={<DashboardProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryProvider>,
  );
}
const card = async (price = '₦45,000') =>
  (await screen.findByText(price, { selector: '.chat-offer__price' })).closest('article')!;

describe('offers in the conversation', () => {
  it('draws an offer as a card with price, start, valid until, note and its state from the later notices', async () => {
    renderChat(poster, [
      message('chat-1', 1, POSTER, { message: 'Hello, when can you come?' }),
      offerMessage(2, offerSnapshot('offer-1')),
      offerMessage(3, offerSnapshot('offer-2', { priceNaira: null, note: '' })),
      updateMessage(4, COMPANY, 'offer-2', CHAT_OFFER_NOTICES.withdrawn, 'withdrawn'),
    ]);
    const first = await card();
    expect(first).toHaveAccessibleName('Offer from Sharp Roofers Ltd');
    expect(within(first).getByText('2 Dec 2026')).toBeInTheDocument();
    expect(within(first).getByText('9 Dec 2099')).toBeInTheDocument();
    expect(within(first).getByText('Tiles included')).toBeInTheDocument();
    // A newer offer replaced it; the newer one was then withdrawn.
    expect(within(first).getByText('Replaced')).toBeInTheDocument();
    const second = await card(OFFER_MESSAGES.byInspection);
    expect(within(second).getByText('Withdrawn')).toBeInTheDocument();
    // Nothing to accept any more; comparing is still there for the poster.
    expect(screen.queryByRole('button', { name: 'Accept offer' })).toBeNull();
    expect(within(second).getByRole('link', { name: 'Compare all offers' })).toHaveAttribute(
      'href',
      '/dashboard?offers=job-1',
    );
    // The change is a quiet line, not a bubble.
    const notice = within(screen.getByRole('list', { name: /^Messages with/ }))
      .getByText(CHAT_OFFER_NOTICES.withdrawn)
      .closest('li')!;
    expect(notice).toHaveClass('chat-notice');
    // The old summary text is not shown beside the card.
    expect(screen.queryByText('Offer: summary for old clients')).toBeNull();
    // Comparing opens the job's offers on the dashboard, within the app.
    await steppedUser().click(within(second).getByRole('link', { name: 'Compare all offers' }));
    expect(await screen.findByText('Dashboard ?offers=job-1')).toBeInTheDocument();
  });

  it('works out each state: expired past its date, declined and accepted from notices, active again after an undone hire', () => {
    const now = Date.parse('2026-12-20T00:00:00Z');
    const states = offerStatesOf(
      [
        offerMessage(1, offerSnapshot('a', { validUntil: '2026-12-10T00:00:00Z' })),
        offerMessage(2, offerSnapshot('b')),
        updateMessage(3, POSTER, 'b', CHAT_OFFER_NOTICES.accepted, 'accepted'),
        offerMessage(4, offerSnapshot('c')),
        updateMessage(5, POSTER, 'c', OFFER_MESSAGES.declinedNotice, 'declined'),
        updateMessage(6, POSTER, 'c', CHAT_OFFER_NOTICES.reopened, 'active'),
      ],
      now,
    );
    // 'a' was replaced by 'b' before it could expire; 'b' stays accepted although 'c' came later.
    expect(Object.fromEntries(states)).toEqual({ a: 'replaced', b: 'accepted', c: 'active' });
    const alone = offerStatesOf(
      [offerMessage(1, offerSnapshot('a', { validUntil: '2026-12-10T00:00:00Z' }))],
      now,
    );
    expect(alone.get('a')).toBe('expired');
  });

  it('the poster accepts an active offer after confirming; a refusal is shown on the card', async () => {
    renderChat(poster, [offerMessage(1, offerSnapshot('offer-1'))]);
    const user = steppedUser();
    const offer = await card();
    expect(within(offer).getByText('Active')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Accept offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept this offer?' });
    expect(dialog).toHaveTextContent('You hire Sharp Roofers Ltd for ₦45,000');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(offerCalls).toEqual([]);

    await user.click(within(offer).getByRole('button', { name: 'Accept offer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept offer' }));
    await waitFor(() => expect(offerCalls.map((c) => c.path)).toEqual(['/api/jobs/offers/offer-1/accept']));
    await findToast('Done.');
    expect(screen.queryByRole('dialog')).toBeNull();

    server.use(
      http.post(`${ORIGIN}/api/jobs/offers/:id/accept`, () =>
        HttpResponse.json({ statusCode: 409, message: OFFER_MESSAGES.notActive }, { status: 409 }),
      ),
    );
    await user.click(within(offer).getByRole('button', { name: 'Accept offer' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept offer' }));
    expect(await within(offer).findByRole('alert')).toHaveTextContent(OFFER_MESSAGES.notActive);
  });

  it('the company withdraws its standing offer or replaces it; a card turns Accepted when the notice arrives live', async () => {
    renderChat(companyUser, [offerMessage(1, offerSnapshot('offer-1'))]);
    const user = steppedUser();
    await waitFor(() => expect(screen.getAllByRole('button').length).toBeGreaterThan(0));
    const offer = await card();
    expect(within(offer).queryByRole('button', { name: 'Accept offer' })).toBeNull();
    expect(within(offer).queryByRole('link', { name: 'Compare all offers' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send an offer' })).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(offerCalls.map((c) => c.path)).toEqual(['/api/jobs/offers/offer-1/withdraw']));

    await user.click(within(offer).getByRole('button', { name: 'Send a new offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a new offer' });
    expect(dialog).toHaveTextContent('Your new offer replaces the one that stands now.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // The poster accepted it: the notice arrives over the socket and the card follows.
    await onSocket((s) => s.open());
    await waitForFrame('joinRoom');
    await onSocket((s) =>
      s.receive({
        type: 'newMessage',
        message: updateMessage(2, POSTER, 'offer-1', CHAT_OFFER_NOTICES.accepted, 'accepted'),
      }),
    );
    expect(await within(offer).findByText('Accepted')).toBeInTheDocument();
    expect(within(offer).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send an offer' })).toBeNull();
  });

  it('the company sends an offer from the form: the API’s rules with its words, then the body it expects', async () => {
    renderChat(companyUser, []);
    const user = steppedUser();
    await user.click(await screen.findByRole('button', { name: 'Send an offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send an offer' });
    const days = within(dialog).getByLabelText('Offer stands for (days)');
    expect(days).toHaveValue(OFFER_LIMITS.defaultValidDays);
    expect(within(dialog).getByLabelText('Earliest start')).toHaveValue(lagosToday());

    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(within(dialog).getByLabelText('Price (₦)')).toHaveAccessibleDescription(OFFER_MESSAGES.price);
    expect(within(dialog).getByLabelText('Price (₦)')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Price (₦)'), '300');
    expect(within(dialog).getByLabelText('Price (₦)')).toHaveAccessibleDescription(OFFER_MESSAGES.price);
    await user.click(within(dialog).getByRole('radio', { name: OFFER_MESSAGES.byInspection }));
    expect(within(dialog).queryByLabelText('Price (₦)')).toBeNull();
    await user.clear(days);
    await user.type(days, '40');
    expect(days).toHaveAccessibleDescription(OFFER_MESSAGES.validDays);
    await user.clear(days);
    await user.type(days, '10');
    await user.type(within(dialog).getByLabelText('Note (optional)'), '  We inspect first  ');
    expect(offerCalls).toEqual([]);

    // The jobs service refuses (e.g. the poster hired someone meanwhile): its words at the top of the form.
    server.use(
      http.post(`${ORIGIN}/api/jobs/offers`, () =>
        HttpResponse.json({ statusCode: 409, message: OFFER_MESSAGES.jobNotOpen }, { status: 409 }),
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(OFFER_MESSAGES.jobNotOpen);

    server.use(
      http.post(`${ORIGIN}/api/jobs/offers`, async ({ request }) => {
        offerCalls.push({ path: '/api/jobs/offers', body: await request.json() });
        return HttpResponse.json({ statusCode: 201, resultMessage: { en: OFFER_MESSAGES.sent }, offer: {} });
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send offer' }));
    await waitFor(() => expect(offerCalls).toHaveLength(1), { timeout: 5000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(offerCalls).toEqual([
      {
        path: '/api/jobs/offers',
        body: {
          jobId: 'job-1',
          priceNaira: null,
          startDate: lagosToday(),
          validDays: 10,
          note: 'We inspect first',
        },
      },
    ]);
    await findToast(OFFER_MESSAGES.sent);
  });

  it('a read-only conversation shows the card but offers no button to send, withdraw or accept', async () => {
    renderChat(companyUser, [offerMessage(1, offerSnapshot('offer-1'))], { readOnly: true });
    const offer = await card();
    expect(within(offer).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send an offer' })).toBeNull();
    expect(within(offer).queryByRole('button')).toBeNull();
  });
});
