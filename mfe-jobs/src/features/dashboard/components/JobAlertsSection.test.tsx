import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { ALERT_MESSAGES } from '@marketplace/contracts';
import { Toasts } from '@marketplace/ui';
import { QueryProvider } from '@marketplace/ui/query';
import {
  account,
  api,
  createMyJobsServer,
  freshApi,
  installMatchMedia,
  resetPage,
  signInAs,
} from '../../../shared/testing/my-jobs-api';
import { ALERTS_LOAD_FAILED, JobAlertsSection } from './JobAlertsSection';
import { steppedUser, onSteppedClock } from '@marketplace/ui/testing/clock';

// The page's own waits (skeletons, pauses, polls) stepped over, not sat through.
onSteppedClock();

const state = freshApi();
const server = createMyJobsServer(state);
const company = account('company');

beforeAll(() => {
  installMatchMedia();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetPage();
  Object.assign(state, freshApi());
});
afterEach(() => server.resetHandlers());

function renderSection() {
  signInAs(company);
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/dashboard#job-alerts']}>
        <Toasts />
        <JobAlertsSection userId={company._id} />
      </MemoryRouter>
    </QueryProvider>,
  );
}

const saves = () => state.calls.filter((call) => call.method === 'PUT');

describe('the job alerts section', () => {
  it('shows the saved choices and saves new ones by keyboard: trades, states and how to be e-mailed', async () => {
    state.alerts = { categories: ['Craftsman'], subcategories: [], states: [], email: 'instant' };
    const user = steppedUser();
    renderSection();
    const section = await screen.findByRole('region', { name: 'Job alerts' });
    const form = await within(section).findByRole('form', { name: 'Job alert choices' });
    expect(within(form).getByText('1 trade chosen, anywhere in Nigeria.')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Every Craftsman job' })).toBeChecked();
    // Every sub-category of a whole category is included (and cannot be ticked apart).
    expect(within(form).getByRole('checkbox', { name: 'Plumber' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: /At once/ })).toBeChecked();

    // Open "Build New" and tick Architect, open the states and tick Lagos, choose the daily digest.
    within(form).getByText('Build New').closest('summary')!.focus();
    await user.keyboard('{Enter}');
    within(form).getByRole('checkbox', { name: 'Architect' }).focus();
    await user.keyboard(' ');
    within(form).getByText('All of Nigeria').closest('summary')!.focus();
    await user.keyboard('{Enter}');
    within(form).getByRole('checkbox', { name: 'Lagos' }).focus();
    await user.keyboard(' ');
    within(form)
      .getByRole('radio', { name: /At once/ })
      .focus();
    await user.keyboard('{ArrowDown}');
    expect(within(form).getByRole('radio', { name: /Daily digest/ })).toBeChecked();
    expect(within(form).getByText('2 trades chosen, in 1 state.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save job alerts' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.json).toEqual({
      categories: ['Craftsman'],
      subcategories: ['Architect'],
      states: ['Lagos'],
      email: 'daily',
    });
    expect(saves()[0]!.csrf).not.toBeNull();
    expect(await screen.findByText(ALERT_MESSAGES.preferencesSaved)).toBeInTheDocument();
  });

  it("puts the server's refusal on the field it names and keeps the choices", async () => {
    server.use(
      http.put(api('/api/jobs/alerts/preferences'), () =>
        HttpResponse.json(
          {
            statusCode: 400,
            message: ALERT_MESSAGES.chooseFromList,
            errorMessage: ALERT_MESSAGES.chooseFromList,
            resultMessage: { en: ALERT_MESSAGES.chooseFromList },
            details: [{ path: 'states', message: ALERT_MESSAGES.chooseFromList }],
          },
          { status: 400 },
        ),
      ),
    );
    const user = steppedUser();
    renderSection();
    const form = await screen.findByRole('form', { name: 'Job alert choices' });
    await user.click(within(form).getByText('Services'));
    await user.click(within(form).getByRole('checkbox', { name: 'Every Services job' }));
    await user.click(within(form).getByRole('button', { name: 'Save job alerts' }));
    expect(await within(form).findByText(ALERT_MESSAGES.chooseFromList)).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Every Services job' })).toBeChecked();
  });

  it('says so when the choices cannot be loaded, and tries again', async () => {
    let failing = true;
    server.use(
      http.get(api('/api/jobs/alerts/preferences'), () => {
        return failing
          ? HttpResponse.json({ statusCode: 500, message: 'boom' }, { status: 500 })
          : HttpResponse.json({
              statusCode: 200,
              preferences: { categories: [], subcategories: [], states: [], email: 'none' },
            });
      }),
    );
    const user = steppedUser();
    renderSection();
    expect(await screen.findByText(ALERTS_LOAD_FAILED, {}, { timeout: 15000 })).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const form = await screen.findByRole('form', { name: 'Job alert choices' });
    expect(within(form).getByRole('radio', { name: /No e-mails/ })).toBeChecked();
    expect(within(form).getByText(/No alerts yet/)).toBeInTheDocument();
  }, 30_000);
});
