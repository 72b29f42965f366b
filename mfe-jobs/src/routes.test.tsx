import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { REMOTE_PAGES } from '@marketplace/ui';
import routesModule, { pages } from './routes';

describe('jobs remote: exposed routes module', () => {
  it('exposes exactly the pages the shell routes to', () => {
    expect(Object.keys(pages).sort()).toEqual([...REMOTE_PAGES.jobs].sort());
    expect(routesModule.pages).toBe(pages);
  });

  it.each([...REMOTE_PAGES.jobs])('page %s renders one <h1> inside data-remote="jobs"', (page) => {
    const Page = pages[page];
    render(
      <MemoryRouter initialEntries={['/x/Sample']}>
        <Routes>
          <Route path="/x/:type" element={<Page />} />
        </Routes>
      </MemoryRouter>,
    );
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]!.textContent?.trim()).not.toBe('');
    expect(headings[0]!.closest('[data-remote]')).toHaveAttribute('data-remote', 'jobs');
  });
});
