import { ALL_SUBCATEGORIES, CATEGORY_NAMES, resolveLanding } from '@marketplace/contracts';
import { nameInitials } from './initials';
import {
  CHAT_PAGE_COPY,
  chatCataloguePage,
  chatOpenedBy,
  cataloguePaths,
  clipDescription,
  companyCataloguePage,
  headTags,
  jobApplyCataloguePage,
  resolveJobApplyType,
  landingCataloguePage,
  STATIC_PAGES,
  staticCataloguePage,
} from './page-head';

describe('page heads of the catalogue', () => {
  it('titles a page by its heading and the site name', () => {
    expect(staticCataloguePage('aboutUs').head).toEqual({
      title: 'About us | Naija Marketplace',
      description: STATIC_PAGES.aboutUs.lead,
      path: '/aboutus',
      noindex: false,
    });
  });

  it('gives every casing and underscore form of a key the one canonical path, and the same words', () => {
    const pages = [
      landingCataloguePage(resolveLanding('subcategory', 'Paving stone')),
      landingCataloguePage(resolveLanding('subcategory', 'paving_stone')),
      landingCataloguePage(resolveLanding('category', 'PAVING STONE')),
    ];
    for (const page of pages) expect(page).toEqual(pages[0]);
    expect(pages[0]?.head.path).toBe('/sub-category/Paving%20stone');
    expect(pages[0]?.summary.crumbs.map((c) => c.name)).toEqual(['Home', 'House and Garden']);
    expect(pages[0]?.summary.heading).toBe(resolveLanding('subcategory', 'Paving stone').copy.title);
  });

  it("keeps an unknown key's fallback words and asks search engines not to index it", () => {
    const page = landingCataloguePage(resolveLanding('category', 'Bee keeping'));
    expect(page.head).toMatchObject({ path: '/category/Bee%20keeping', noindex: true });
    expect(page.summary.heading).toBe('Bee keeping: get rid of pests for good');
  });

  it('describes a company from its public fields, never its contact details', () => {
    const page = companyCataloguePage({
      _id: 'c 1',
      name: 'Ace <Plumbing>',
      description: null,
      subcategory: ['Plumber', 'Tiler'],
      rating: { average: 4.25, count: 2 },
      photoUrl: null,
      replyMinutes: 45,
    });
    expect(page.head).toEqual({
      title: 'Ace <Plumbing> | Naija Marketplace',
      description:
        'Ace <Plumbing> on Naija Marketplace: Plumber, Tiler. Read its reviews and post your job for free.',
      path: '/company-profile/c%201',
      noindex: false,
    });
    expect(page.summary.points).toEqual([
      'Rated 4.3 out of 5 from 2 reviews',
      'Usually replies within an hour',
    ]);
    expect(page.summary.sections[0]?.items[1]).toEqual({ name: 'Tiler', path: '/sub-category/Tiler' });
    expect(page.summary).toMatchObject({ look: 'profile', photo: { path: null, initials: 'A<' } });
  });

  it("draws a profile with the company's own photo path only", () => {
    const company = {
      _id: 'c1',
      name: 'Ade  builders ltd',
      description: 'Roofs.',
      subcategory: [],
      rating: { average: 0, count: 0 },
    };
    const photo = (photoUrl: string | null) => companyCataloguePage({ ...company, photoUrl }).summary.photo;
    expect(photo('/api/user/photos/ab12.webp')).toEqual({
      path: '/api/user/photos/ab12.webp',
      initials: 'AB',
    });
    for (const foreign of [
      'https://elsewhere.example/x.png',
      '//elsewhere.example/x.png',
      '/api/user/photos/../../admin',
      '/x.png" onerror="alert(1)',
      'javascript:alert(1)',
    ]) {
      expect(photo(foreign)).toEqual({ path: null, initials: 'AB' });
    }
    expect(nameInitials('')).toBe('?');
  });

  it('clips long descriptions at a word', () => {
    const clipped = clipDescription(`${'word '.repeat(100)}end`);
    expect(clipped.length).toBeLessThanOrEqual(200);
    expect(clipped).toMatch(/word…$/);
    expect(clipDescription('  short\n text ')).toBe('short text');
  });

  it('lists every catalogue page once, by its canonical path', () => {
    const paths = cataloguePaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toHaveLength(
      Object.keys(STATIC_PAGES).length + CATEGORY_NAMES.length + ALL_SUBCATEGORIES.length,
    );
    expect(paths).toContain('/category/House%20and%20Garden');
    expect(paths).toContain('/sub-category/Dormitory%2Frental%20unit');
  });

  it('makes absolute head tags on the given origin', () => {
    const tags = headTags(staticCataloguePage('home').head, 'https://market.example/');
    const value = (key: string) => tags.find((tag) => tag.key === key)?.value;
    expect(value('canonical')).toBe('https://market.example/');
    expect(value('og:url')).toBe('https://market.example/');
    expect(value('og:image')).toBe('https://market.example/og-image.png');
    expect(value('robots')).toBeUndefined();
  });
});

describe('the job-apply page (/jobapply/{type})', () => {
  it('reads the type in any casing, with underscores for spaces, a category before a sub-category', () => {
    expect(resolveJobApplyType('craftsman')).toEqual({ kind: 'category', name: 'Craftsman', known: true });
    expect(resolveJobApplyType('build_a__GARAGE ')).toEqual({
      kind: 'subcategory',
      name: 'Build a garage',
      known: true,
    });
    expect(resolveJobApplyType('Moon_base')).toEqual({
      kind: 'subcategory',
      name: 'Moon base',
      known: false,
    });
    // A NUL or another control character is read as a space, never kept in the name.
    expect(resolveJobApplyType('Plum\u0000ber\u0007').name).toBe('Plum ber');
    expect(resolveJobApplyType('\u0000').name).toBe('');
  });

  it('has a head of its own, indexed only for a type the catalogue knows', () => {
    expect(jobApplyCataloguePage(resolveJobApplyType('plumber')).head).toEqual({
      title: 'Plumber jobs | Naija Marketplace',
      description:
        "Open Plumber jobs posted by customers across Nigeria, newest first. Apply to a job to unlock the poster's contact details and chat with them.",
      path: '/jobapply/Plumber',
      noindex: false,
    });
    const unknown = jobApplyCataloguePage(resolveJobApplyType('Moon base'));
    expect(unknown.head.noindex).toBe(true);
    // Nothing to learn about a type nobody offers: only the search.
    expect(unknown.summary.links).toEqual([{ name: 'Search all open jobs', path: '/jobs' }]);
  });
});

describe('the chat page (/chat)', () => {
  it('is never indexed, titled by its heading, and says whether the address opens one conversation', () => {
    const none = chatCataloguePage(false);
    expect(none.head).toEqual({
      title: 'Chats | Naija Marketplace',
      description: CHAT_PAGE_COPY.lead,
      path: '/chat',
      noindex: true,
    });
    expect(none.summary).toMatchObject({ look: 'chat', heading: 'Chats', chat: { conversation: false } });
    expect(chatCataloguePage(true).summary.chat).toEqual({ conversation: true });
    // As the page reads the address: an empty `chat` opens nothing.
    expect(['', '?chat=', '?other=1', '?chat=abc', 'chat=abc&x=1'].map(chatOpenedBy)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });
});
