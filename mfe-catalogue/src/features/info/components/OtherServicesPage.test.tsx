import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ALL_SUBCATEGORIES, CATEGORY_NAMES } from '@marketplace/contracts';
import { OtherServicesPage } from './OtherServicesPage';

function renderAt(path = '/other-services') {
  const router = createMemoryRouter(
    [
      { path: '/other-services', element: <OtherServicesPage /> },
      { path: '/sub-category/:type', element: <p>sub-category page</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const groupTitles = () => screen.queryAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const serviceLinks = () =>
  screen
    .queryAllByRole('link')
    .filter((a) => a.getAttribute('href')?.startsWith('/sub-category/'))
    .map((a) => a.textContent);

describe('OtherServicesPage', () => {
  it('lists every sub-category under the five categories, each linking to its page', () => {
    renderAt();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All services');
    expect(groupTitles()).toEqual(CATEGORY_NAMES.map((name) => expect.stringContaining(name)));
    expect(serviceLinks()).toEqual([...ALL_SUBCATEGORIES]);
    expect(screen.getByRole('link', { name: 'Renovate the bathroom' })).toHaveAttribute(
      'href',
      '/sub-category/Renovate%20the%20bathroom',
    );
    expect(screen.getByRole('link', { name: 'Craftsman' })).toHaveAttribute('href', '/category/Craftsman');
    expect(screen.getByRole('status')).toHaveTextContent(
      `${ALL_SUBCATEGORIES.length} services in 5 categories`,
    );
  });

  it('filters by a case-insensitive substring as you type and keeps the query in the address', async () => {
    const user = userEvent.setup();
    const router = renderAt();
    await user.type(screen.getByRole('searchbox', { name: 'What do you need help with?' }), 'ROOF');
    expect(serviceLinks()).toEqual(['Roofing', 'Roof']);
    expect(groupTitles()).toEqual([
      expect.stringContaining('Craftsman'),
      expect.stringContaining('House and Garden'),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 services match “ROOF”');
    expect(router.state.location.search).toBe('?q=ROOF');

    await user.clear(screen.getByRole('searchbox'));
    expect(serviceLinks()).toHaveLength(ALL_SUBCATEGORIES.length);
    expect(router.state.location.search).toBe('');
  });

  it('opens the filtered list from a shared address', async () => {
    const user = userEvent.setup();
    renderAt('/other-services?q=clean');
    expect(screen.getByRole('searchbox')).toHaveValue('clean');
    expect(serviceLinks()).toEqual(['Cleaning']);
    // (jsdom has no layout, so it reads the <mark> as a word of its own.)
    const link = screen.getByRole('link', { name: /^Clean\s?ing$/ });
    expect(within(link).getByText('Clean').tagName).toBe('MARK');
    await user.click(link);
    expect(screen.getByText('sub-category page')).toBeInTheDocument();
  });

  it('says so when nothing matches and offers the way back', async () => {
    const user = userEvent.setup();
    const router = renderAt('/other-services?q=zzz');
    expect(serviceLinks()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('No services match “zzz”');
    expect(screen.getByRole('link', { name: 'Post a job' })).toHaveAttribute('href', '/jobpost');
    await user.click(screen.getByRole('button', { name: 'Show all services' }));
    expect(serviceLinks()).toHaveLength(ALL_SUBCATEGORIES.length);
    expect(router.state.location.search).toBe('');
  });
});
