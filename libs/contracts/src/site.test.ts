import { pageTitle, SITE } from './site';

describe('the site', () => {
  it('titles a page by its heading and the site name', () => {
    expect(pageTitle('Contact us')).toBe('Contact us | Naija Marketplace');
    expect(pageTitle('  ')).toBe(SITE.name);
  });
});
