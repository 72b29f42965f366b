import { isPagePath, PAGE_PATHS } from './page-paths';

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
});
