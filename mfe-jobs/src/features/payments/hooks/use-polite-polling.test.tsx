import { render } from '@testing-library/react';
import { pollDelay, usePolitePolling } from './use-polite-polling';

function Poller({ poll, active = true }: { poll: () => Promise<void>; active?: boolean }) {
  usePolitePolling(poll, active);
  return null;
}

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('polite polling', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setHidden(false);
  });

  it('waits 5 s between polls for two minutes, then 15 s', () => {
    expect(pollDelay(0)).toBe(5_000);
    expect(pollDelay(119_999)).toBe(5_000);
    expect(pollDelay(120_000)).toBe(15_000);
  });

  it('polls every 5 s, pauses while the tab is hidden, and polls at once when it is shown again', async () => {
    const poll = jest.fn(async () => undefined);
    render(<Poller poll={poll} />);
    expect(poll).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(poll).toHaveBeenCalledTimes(2);
    setHidden(true);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(poll).toHaveBeenCalledTimes(2);
    setHidden(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(poll).toHaveBeenCalledTimes(3);
    // Past two minutes it slows down to 15 s.
    const times: number[] = [];
    poll.mockImplementation(async () => void times.push(Date.now()));
    await jest.advanceTimersByTimeAsync(120_000);
    const gaps = times.slice(1).map((time, k) => time - times[k]!);
    expect(gaps[0]).toBe(5_000);
    expect(gaps.at(-1)).toBe(15_000);
  });

  it('does nothing while inactive', async () => {
    const poll = jest.fn(async () => undefined);
    render(<Poller poll={poll} active={false} />);
    await jest.advanceTimersByTimeAsync(60_000);
    expect(poll).not.toHaveBeenCalled();
  });
});
