import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { STATIC_PAGES, type StaticPageKey } from '@marketplace/page-head';
import { QueryProvider } from '@marketplace/ui/query';
import { pages } from './routes';

// The edge writes these pages' title and heading into the HTML a crawler reads (page-head's STATIC_PAGES):
// each page must show the same heading and set the same head in the browser.
describe('static pages of the catalogue', () => {
  it.each(Object.keys(STATIC_PAGES) as StaticPageKey[])(
    '%s shows the heading of its head and sets the head',
    async (key) => {
      const copy = STATIC_PAGES[key];
      const Page = pages[key];
      render(
        <QueryProvider>
          <MemoryRouter initialEntries={[copy.path]}>
            <Page />
          </MemoryRouter>
        </QueryProvider>,
      );
      const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
      expect(heading.textContent?.trim()).toBe(copy.heading);
      expect(document.title).toBe(`${copy.heading} | Naija Marketplace`);
      expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `http://localhost${copy.path}`,
      );
    },
  );
});
