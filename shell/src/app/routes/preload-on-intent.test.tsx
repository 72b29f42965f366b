import { fireEvent, render, screen } from '@testing-library/react';
import { preloadPagesOnIntent, type PageChunks } from './preload-on-intent';
import type { ShellPageName } from './route-specs';

const PAGE_NAMES: ShellPageName[] = [
  'login',
  'signup',
  'register',
  'facebookCallback',
  'editProfile',
  'forgotPassword',
  'resetPassword',
  'verifyEmail',
];

function fakeChunks(): PageChunks & { pages: Record<ShellPageName, jest.Mock> } {
  return {
    pages: Object.fromEntries(PAGE_NAMES.map((name) => [name, jest.fn(() => Promise.resolve({}))])) as Record<
      ShellPageName,
      jest.Mock
    >,
    appLayout: jest.fn(() => Promise.resolve({})),
  };
}

function Links() {
  return (
    <nav>
      <a href="/login?next=%2Fjobpost">Sign In</a>
      <a href="/register">Register Company</a>
      <a href="/edit-profile">Profile</a>
      <a href="/category/Craftsman">Craftsman</a>
      <a href="https://example.com/login">Elsewhere</a>
      <button type="button">Not a link</button>
    </nav>
  );
}

describe("preloading a page's chunk on the reader's intent", () => {
  let stop: () => void;
  afterEach(() => stop?.());

  it('asks for a shell page once when the pointer goes over, focus lands on or a finger touches its link', () => {
    const chunks = fakeChunks();
    stop = preloadPagesOnIntent(chunks);
    render(<Links />);
    const signIn = screen.getByRole('link', { name: 'Sign In' });

    fireEvent.pointerOver(signIn);
    expect(chunks.pages.login).toHaveBeenCalledTimes(1);
    fireEvent.focusIn(signIn);
    fireEvent.touchStart(signIn);
    expect(chunks.pages.login).toHaveBeenCalledTimes(1);

    fireEvent.focusIn(screen.getByRole('link', { name: 'Register Company' }));
    expect(chunks.pages.register).toHaveBeenCalledTimes(1);
    fireEvent.touchStart(screen.getByRole('link', { name: 'Profile' }));
    expect(chunks.pages.editProfile).toHaveBeenCalledTimes(1);
    expect(chunks.appLayout).toHaveBeenCalledTimes(1);
  });

  it("leaves remote pages, other sites' links and anything not a link alone", () => {
    const chunks = fakeChunks();
    stop = preloadPagesOnIntent(chunks);
    render(<Links />);
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Craftsman' }));
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.pointerOver(screen.getByRole('button', { name: 'Not a link' }));
    for (const load of Object.values(chunks.pages)) expect(load).not.toHaveBeenCalled();
    expect(chunks.appLayout).not.toHaveBeenCalled();
  });

  it('asks again at the next intent for a chunk that failed to download', async () => {
    const chunks = fakeChunks();
    chunks.pages.login.mockRejectedValueOnce(new Error('Loading chunk 3 failed'));
    stop = preloadPagesOnIntent(chunks);
    render(<Links />);
    const signIn = screen.getByRole('link', { name: 'Sign In' });
    fireEvent.pointerOver(signIn);
    await Promise.resolve();
    await Promise.resolve();
    fireEvent.pointerOver(signIn);
    expect(chunks.pages.login).toHaveBeenCalledTimes(2);
  });

  it('stops listening when asked to', () => {
    const chunks = fakeChunks();
    preloadPagesOnIntent(chunks)();
    render(<Links />);
    fireEvent.pointerOver(screen.getByRole('link', { name: 'Sign In' }));
    expect(chunks.pages.login).not.toHaveBeenCalled();
  });
});
