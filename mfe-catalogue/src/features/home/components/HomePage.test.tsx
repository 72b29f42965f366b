import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { POPULAR_SERVICES } from '../home-copy';
import { HomePage } from './HomePage';

function Landing() {
  const { type } = useParams();
  return <p>landed on {type}</p>;
}

describe('HomePage', () => {
  const renderHome = () =>
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/sub-category/:type" element={<Landing />} />
          <Route path="/category/:type" element={<Landing />} />
        </Routes>
      </MemoryRouter>,
    );

  it('has the hero headline and the spec quick links', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/trusted professionals/i);
    expect(screen.getByRole('link', { name: 'Craftsman' })).toHaveAttribute('href', '/category/Craftsman');
    expect(screen.getByRole('link', { name: 'Cleaning' })).toHaveAttribute('href', '/sub-category/Cleaning');
    expect(screen.getByRole('link', { name: 'Interior Renovation' })).toHaveAttribute(
      'href',
      '/category/Interior%20Renovation',
    );
  });

  it('searches the catalogue as you type and opens the picked service', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.type(screen.getByLabelText('What do you need help with?'), 'plumb');
    const results = screen.getByRole('list', { name: 'Matching services' });
    expect(
      within(results)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['PlumberCraftsman']);
    await user.click(within(results).getByRole('link'));
    expect(screen.getByText('landed on Plumber')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.type(screen.getByLabelText('What do you need help with?'), 'zzz');
    expect(screen.getByText(/no matching services/i)).toBeInTheDocument();
  });

  it('has the spec sections, one h1 and h2s under it', () => {
    renderHome();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'How it works',
      'Popular services',
      'Built on trust, from the first message',
      'What customers say',
      'Why choose us',
      'Are you a company or tradesperson?',
      'General questions',
    ]);
    expect(screen.getByRole('region', { name: 'What customers say' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contactus');
  });

  it('links each popular service to its one canonical page, with a price in naira', () => {
    renderHome();
    const grid = screen.getByRole('heading', { name: 'Popular services' }).closest('section')!;
    const cards = within(grid).getAllByRole('listitem');
    expect(cards).toHaveLength(12);
    const hrefs = within(grid)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/other-services',
      '/sub-category/Electrician',
      '/sub-category/Plumber',
      '/sub-category/Cleaning',
      '/sub-category/Painter',
      '/sub-category/Carpenter',
      '/sub-category/Renovate%20the%20bathroom',
      '/sub-category/Car%20and%20car%20workshop',
      '/sub-category/Moving%20agency',
      '/sub-category/Pest%20control',
      '/sub-category/Waste%20management',
      '/sub-category/Contractor',
      '/sub-category/Architect',
    ]);
    for (const item of POPULAR_SERVICES) {
      expect(item.price).toMatch(/^(from )?₦\d{1,3}(,\d{3})*( – ₦\d{1,3}(,\d{3})*)?$/);
      expect(item.price).not.toMatch(/NOK|kr/);
    }
    expect(within(cards[0]!).getByText('₦10,000 – ₦80,000')).toBeInTheDocument();
  });

  it('opens the picked popular service', async () => {
    const user = userEvent.setup();
    renderHome();
    await user.click(screen.getByRole('link', { name: /^Waste management/ }));
    expect(screen.getByText('landed on Waste management')).toBeInTheDocument();
  });

  it("draws the sample offers' avatars by the one rule of initials", () => {
    const { container } = renderHome();
    const avatars = [...container.querySelectorAll('.offer-card__avatar')].map(
      (avatar) => avatar.textContent,
    );
    expect(avatars).toEqual(['AE', 'LB', 'OP']);
  });
});
