import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SCROLL_TOP_AFTER_PX, ScrollToTop } from './ScrollToTop';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('Back to top', () => {
  let scroll: jest.SpyInstance;
  beforeEach(() => {
    scroll = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    scroll.mockRestore();
    scrollTo(0);
  });

  it('appears only after the page is scrolled more than 50 px', () => {
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(SCROLL_TOP_AFTER_PX);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    scrollTo(SCROLL_TOP_AFTER_PX + 1);
    expect(screen.getByRole('button', { name: 'Back to top' })).toBeInTheDocument();
    scrollTo(10);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
  });

  it('shows on a page that starts scrolled, once the first frame is drawn (no read during layout)', async () => {
    const read = jest.fn(() => 600);
    Object.defineProperty(window, 'scrollY', { configurable: true, get: read });
    render(<ScrollToTop />);
    expect(read).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Back to top' })).toBeInTheDocument();
  });

  it('is reached by keyboard, scrolls to the top and puts focus on the page heading', async () => {
    const user = userEvent.setup();
    render(
      <>
        <h1>Find trusted professionals</h1>
        <ScrollToTop />
      </>,
    );
    scrollTo(400);
    await user.tab();
    const button = screen.getByRole('button', { name: 'Back to top' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });
});
