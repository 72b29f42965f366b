import { companyProfilePath, isPagePath, PAGE_PATHS } from './page-paths';

describe('isPagePath', () => {
  it.each([
    '/',
    '/login',
    '/Login',
    '/login/',
    '/category/Build%20New',
    '/company-profile/abc',
    '/jobapply/x',
  ])('knows %s', (path) => {
    expect(isPagePath(path)).toBe(true);
  });

  it.each(['/no-such-page', '/login/extra', '/category', '/category/', '/category/a/b', '//login', 'login'])(
    'does not know %s',
    (path) => {
      expect(isPagePath(path)).toBe(false);
    },
  );

  it('lists each path once', () => {
    expect(new Set(PAGE_PATHS).size).toBe(PAGE_PATHS.length);
  });

  it("knows a company profile's one address, whatever the id holds", () => {
    expect(companyProfilePath('c 1/2')).toBe('/company-profile/c%201%2F2');
    expect(isPagePath(companyProfilePath('c 1/2'))).toBe(true);
  });
});
