// Page tests on a fake clock that also runs on with real time (Jest's `advanceTimers: true`). A page's own
// waits (a skeleton kept at least 1 s, a search's pause, a poll every 15 s, 1.5 s of "Loading") are stepped
// over by findBy and waitFor, which move a fake clock on while they poll, instead of being sat through:
// a test that waited 1-15 s of real time for them finishes in milliseconds. What a test asserts of time
// still holds: Date.now() moves with the clock. (Test-only: not exported from the package's main entry.)
import userEvent from '@testing-library/user-event';

/** Every test of the file on the stepped clock; real timers again after each. */
export function onSteppedClock(): void {
  beforeEach(() => {
    jest.useFakeTimers({ advanceTimers: true });
  });
  afterEach(() => {
    jest.useRealTimers();
  });
}

/** A user-event user that moves the fake clock through its own pauses between keys and clicks. */
export function steppedUser(options: Parameters<typeof userEvent.setup>[0] = {}) {
  return userEvent.setup({ ...options, advanceTimers: jest.advanceTimersByTime });
}
