import { screen, waitFor } from '@testing-library/react';

/** Timers may fire a millisecond early after rounding; anything shorter than this is a real miss. */
const TIMER_SLACK_MS = 5;

/** The table of an admin list, once its skeleton has given way (generous for a loaded CI machine). */
export const findTable = () => screen.findByRole('table', {}, { timeout: 5000 });

/**
 * Asserts the spec's minimum skeleton time without racing the clock: `render` mounts the page, the
 * skeleton is there at once, the data is asked for while it shows, and the table never appears
 * before `minimumMs` have passed since the render began (a slow machine only makes that later).
 */
export async function expectSkeletonForAtLeast(
  minimumMs: number,
  statusName: string,
  render: () => void,
  requestCount: () => number,
): Promise<void> {
  const renderedAt = Date.now();
  render();
  expect(screen.getByRole('status', { name: statusName })).toBeInTheDocument();
  await waitFor(() => expect(requestCount()).toBe(1));
  await findTable();
  expect(Date.now() - renderedAt).toBeGreaterThanOrEqual(minimumMs - TIMER_SLACK_MS);
  expect(screen.queryByRole('status', { name: statusName })).toBeNull();
}
