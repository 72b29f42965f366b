import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router-dom';
import { DISPUTE_REASON_LABELS, unlockRefundRule, type PaymentTermsResponse } from '@marketplace/contracts';
import { resetApiForTests } from '@marketplace/ui';
import { queryClient } from '@marketplace/ui/query';
import { AboutUsPage, PrivacyPolicyPage, TermsPage } from './InfoPages';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  queryClient.clear();
  resetApiForTests();
});
afterAll(() => server.close());

function terms(overrides: Partial<PaymentTermsResponse> = {}): PaymentTermsResponse {
  return {
    statusCode: 200,
    currency: 'NGN',
    price: { naira: 1500, kobo: 150_000 },
    cap: 4,
    unlockCount: null,
    placesLeft: null,
    available: null,
    refundRule: unlockRefundRule(48),
    refundHours: 48,
    provider: 'sandbox',
    testMode: true,
    myPayment: null,
    ...overrides,
  };
}

const renderPage = (page: React.ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);
/** The page's h2s, once its text (a lazy chunk) has arrived. */
async function sectionTitles() {
  await screen.findAllByRole('heading', { level: 2 });
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
}
const sectionOf = (title: string) =>
  screen.getByRole('heading', { level: 2, name: title }).closest('section')!;

describe('About us', () => {
  it('has the mission, how it works for both sides and how we make money', async () => {
    renderPage(<AboutUsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('About us');
    expect(await sectionTitles()).toEqual([
      'Our mission',
      'How it works for customers',
      'How it works for companies',
      'How we make money',
      'What we stand for',
      'Get in touch',
      'Need a job done?',
      'Run a company?',
    ]);
    expect(screen.getByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/jobpost');
    expect(screen.getByRole('link', { name: 'Register Company' })).toHaveAttribute('href', '/register');
    expect(within(sectionOf('How it works for customers')).getAllByRole('listitem')).toHaveLength(4);
    expect(sectionOf('How we make money')).toHaveTextContent(
      /small fee for each job they unlock, not a commission/,
    );
    expect(
      within(sectionOf('Get in touch')).getByRole('link', { name: 'Send us a message' }),
    ).toHaveAttribute('href', '/contactus');
  });
});

describe('Privacy Policy', () => {
  it('says what is collected, why, how long, who sees it, and the NDPA rights', async () => {
    renderPage(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy Policy');
    expect(screen.getByText('23 November 2026')).toHaveAttribute('dateTime', '2026-11-23');
    const titles = await sectionTitles();
    expect(titles).toEqual(
      expect.arrayContaining([
        'What we collect',
        'Why we use it',
        'Who sees it and who we share it with',
        'How long we keep it',
        'Your rights',
        'How to use your rights',
      ]),
    );
    const collected = sectionOf('What we collect');
    for (const kind of [
      'Account data',
      'Job posts',
      'Chat messages',
      'Payment references',
      'Contact messages',
      'Session and device data',
    ])
      expect(within(collected).getByText(kind)).toBeInTheDocument();
    expect(collected).toHaveTextContent(/never receive or store card details/);
    expect(sectionOf('Who sees it and who we share it with')).toHaveTextContent(
      /A company that pays to unlock your job sees your contact details/,
    );
    const rights = sectionOf('Your rights');
    for (const right of [
      /access/,
      /rectification/,
      /erasure/,
      /portability/,
      /object/,
      /withdraw your consent/,
      /Nigeria Data Protection Commission/,
    ])
      expect(rights).toHaveTextContent(right);
    expect(rights).toHaveTextContent(/Nigeria Data Protection Act 2023/);
  });

  it('points to the data export, the account deletion and the contact page', async () => {
    renderPage(<PrivacyPolicyPage />);
    const howTo = (await screen.findByRole('heading', { level: 2, name: 'How to use your rights' })).closest(
      'section',
    )!;
    expect(howTo).toHaveTextContent(/Download my data/);
    expect(howTo).toHaveTextContent(/Delete account/);
    const profileLinks = within(howTo)
      .getAllByRole('link', { name: 'your profile' })
      .map((a) => a.getAttribute('href'));
    expect(profileLinks.length).toBeGreaterThanOrEqual(2);
    expect(new Set(profileLinks)).toEqual(new Set(['/edit-profile']));
    expect(within(howTo).getAllByRole('link', { name: 'contact us' })[0]).toHaveAttribute(
      'href',
      '/contactus',
    );
    expect(within(howTo).getByRole('link', { name: /ndpc\.gov\.ng/ })).toHaveAttribute(
      'href',
      'https://ndpc.gov.ng',
    );
    // The list of sections links to each of them.
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getByRole('link', { name: 'How to use your rights' })).toHaveAttribute(
      'href',
      '#use-your-rights',
    );
  });
});

describe('Terms and Conditions', () => {
  it('states the fee, the cap and the refund rule as the payments service applies them', async () => {
    server.use(http.get('http://localhost/api/payments/terms', () => HttpResponse.json(terms())));
    renderPage(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms and Conditions');
    expect(await sectionTitles()).toEqual([
      'About these terms',
      'What we do, and what we do not do',
      'Your account',
      'Posting jobs',
      'Fees for companies',
      'Refunds of the unlock fee',
      'Disputing a bad lead',
      'Reviews',
      'Prohibited conduct',
      'Liability',
      'Law and disputes',
      'Changes to these terms',
    ]);
    expect(sectionOf('Posting jobs')).toHaveTextContent(/Posting a job is free/);
    const fees = sectionOf('Fees for companies');
    expect(fees).toHaveTextContent(/currently ₦1,500 per job/);
    expect(fees).toHaveTextContent(/At most 4 companies can unlock the same job/);
    expect(fees).toHaveTextContent(/It is not a commission/);
    const refunds = sectionOf('Refunds of the unlock fee');
    expect(refunds).toHaveTextContent(unlockRefundRule(48));
    expect(refunds).toHaveTextContent(
      /within 48 hours of your payment, unless the customer had already moved the job to in progress or completed/,
    );
    const disputes = sectionOf('Disputing a bad lead');
    expect(disputes).toHaveTextContent(/within 14 days of the payment/);
    for (const label of Object.values(DISPUTE_REASON_LABELS)) expect(disputes).toHaveTextContent(label);
    expect(disputes).toHaveTextContent(/One dispute per unlock/);
    expect(sectionOf('Liability')).toHaveTextContent(
      /purely a contract between the customer and the company/,
    );
  });

  it('still reads right, without figures, when the payments service does not answer', async () => {
    server.use(http.get('http://localhost/api/payments/terms', () => HttpResponse.json({}, { status: 503 })));
    renderPage(<TermsPage />);
    const fees = (
      await screen.findByRole('heading', { level: 2, name: 'Fees for companies' }, { timeout: 5000 })
    ).closest('section')!;
    expect(fees).toHaveTextContent(/Only a limited number of companies can unlock the same job/);
    expect(fees).not.toHaveTextContent(/currently ₦/);
    await waitFor(() =>
      expect(sectionOf('Refunds of the unlock fee')).toHaveTextContent(
        /within the number of hours shown before you pay/,
      ),
    );
  });
});
