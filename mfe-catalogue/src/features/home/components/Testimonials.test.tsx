import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TESTIMONIALS } from '../home-copy';
import { ROTATE_MS, Testimonials } from './Testimonials';

function mockReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

const carousel = () => screen.getByRole('region', { name: 'What customers say' });
/** The slide a visitor (and a screen reader) can see: the others are aria-hidden. */
const shownSlide = () => screen.getByRole('group');
const slides = () =>
  document.getElementById(screen.getByLabelText('Next testimonial').getAttribute('aria-controls')!)!;

describe('Testimonials carousel', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => {
    jest.useRealTimers();
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('is a labelled carousel of four example slides, one shown at a time', () => {
    render(<Testimonials />);
    expect(carousel()).toHaveAttribute('aria-roledescription', 'carousel');
    const all = slides().querySelectorAll('[aria-roledescription="slide"]');
    expect(all).toHaveLength(4);
    expect([...all].map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 4',
      '2 of 4',
      '3 of 4',
      '4 of 4',
    ]);
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    expect(within(shownSlide()).getByText(TESTIMONIALS[0]!.company)).toBeInTheDocument();
    expect(within(shownSlide()).getByText('Example')).toBeInTheDocument();
    expect(screen.getByText(/not real reviews/i)).toBeInTheDocument();
    expect(within(shownSlide()).getByText(/out of 5/)).toBeInTheDocument();
  });

  it('rotates on its own with the live region off', () => {
    render(<Testimonials />);
    expect(slides()).toHaveAttribute('aria-live', 'off');
    act(() => jest.advanceTimersByTime(ROTATE_MS));
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
    for (let i = 0; i < 3; i++) act(() => jest.advanceTimersByTime(ROTATE_MS));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
  });

  it('moves with the previous and next buttons and the picker, wrapping round', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<Testimonials />);
    await user.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shownSlide()).toHaveAccessibleName('4 of 4');
    await user.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    const third = screen.getByRole('button', { name: `Show testimonial 3: ${TESTIMONIALS[2]!.company}` });
    await user.click(third);
    expect(shownSlide()).toHaveAccessibleName('3 of 4');
    expect(third).toHaveAttribute('aria-current', 'true');
  });

  it('stops and starts with its button; stopped, the slides are announced', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <>
        <Testimonials />
        <button type="button">after</button>
      </>,
    );
    const leave = async () => {
      await user.unhover(carousel());
      act(() => screen.getByRole('button', { name: 'after' }).focus());
    };
    await user.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    await leave();
    expect(slides()).toHaveAttribute('aria-live', 'polite');
    act(() => jest.advanceTimersByTime(ROTATE_MS * 2));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');

    await user.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    await leave();
    expect(slides()).toHaveAttribute('aria-live', 'off');
    act(() => jest.advanceTimersByTime(ROTATE_MS));
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    render(<Testimonials />);
    fireEvent.mouseEnter(carousel());
    expect(slides()).toHaveAttribute('aria-live', 'polite');
    act(() => jest.advanceTimersByTime(ROTATE_MS * 2));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    fireEvent.mouseLeave(carousel());
    act(() => jest.advanceTimersByTime(ROTATE_MS));
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
  });

  it('pauses while keyboard focus is inside and resumes when it leaves', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(
      <>
        <Testimonials />
        <button type="button">after</button>
      </>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stop automatic slide show' })).toHaveFocus();
    act(() => jest.advanceTimersByTime(ROTATE_MS * 2));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    await user.tab(); // to Previous: still inside, still paused
    act(() => jest.advanceTimersByTime(ROTATE_MS));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
    act(() => screen.getByRole('button', { name: 'after' }).focus());
    act(() => jest.advanceTimersByTime(ROTATE_MS));
    expect(shownSlide()).toHaveAccessibleName('2 of 4');
  });

  it('does not rotate for a visitor who prefers reduced motion', () => {
    mockReducedMotion(true);
    render(<Testimonials />);
    expect(screen.getByRole('button', { name: 'Start automatic slide show' })).toBeInTheDocument();
    expect(slides()).toHaveAttribute('aria-live', 'polite');
    act(() => jest.advanceTimersByTime(ROTATE_MS * 3));
    expect(shownSlide()).toHaveAccessibleName('1 of 4');
  });
});
