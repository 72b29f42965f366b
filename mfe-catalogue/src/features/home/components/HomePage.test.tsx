import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
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
});
