import { render } from '@testing-library/react';
import { SITE } from '@marketplace/contracts';
import { staticCataloguePage, type PageHead } from '@marketplace/page-head';
import { resetPageHeadForTests, usePageHead } from './head';

function Page({ head }: { head: PageHead | null }) {
  usePageHead(head);
  return null;
}

const content = (selector: string) =>
  document.head.querySelector(selector)?.getAttribute(selector.startsWith('link') ? 'href' : 'content');

describe('usePageHead', () => {
  beforeEach(() => {
    document.head.innerHTML = `<title>shell</title><meta name="description" content="${SITE.description}">`;
    resetPageHeadForTests();
  });

  it("sets the page's head while it is shown and puts the site's back after", () => {
    const view = render(<Page head={staticCataloguePage('aboutUs').head} />);
    expect(document.title).toBe('About us | Naija Marketplace');
    expect(content('meta[name="description"]')).toBe(staticCataloguePage('aboutUs').head.description);
    expect(content('link[rel="canonical"]')).toBe('http://localhost/aboutus');
    expect(content('meta[property="og:title"]')).toBe('About us | Naija Marketplace');
    expect(content('meta[property="og:image"]')).toBe('http://localhost/og-image.png');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);

    view.rerender(<Page head={{ ...staticCataloguePage('terms').head, noindex: true }} />);
    expect(content('link[rel="canonical"]')).toBe('http://localhost/termsandcondition');
    expect(content('meta[name="robots"]')).toBe('noindex, follow');
    expect(document.head.querySelectorAll('meta[property="og:url"]')).toHaveLength(1);

    view.rerender(<Page head={staticCataloguePage('terms').head} />);
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();

    view.unmount();
    expect(content('meta[name="description"]')).toBe(SITE.description);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property^="og:"]')).toBeNull();
  });

  it('keeps the origin of the canonical address the edge wrote (the public one) and its tags', () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      '<link rel="canonical" href="https://market.example/"><meta property="og:title" content="Home">',
    );
    render(<Page head={staticCataloguePage('contactUs').head} />);
    expect(content('link[rel="canonical"]')).toBe('https://market.example/contactus');
    expect(content('meta[property="og:url"]')).toBe('https://market.example/contactus');
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
  });

  it('leaves the head alone while a page does not know it yet', () => {
    render(<Page head={null} />);
    expect(document.title).toBe('shell');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });
});
