import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { nextTask } from './next-task';

describe('nextTask', () => {
  // jsdom has no MessageChannel; every browser does.
  beforeAll(() => {
    globalThis.MessageChannel ??= NodeMessageChannel as unknown as typeof MessageChannel;
  });

  afterEach(() => {
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('resolves in a later task, after the work already queued as microtasks', async () => {
    const order: string[] = [];
    const next = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await next;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const yieldToMain = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldToMain };
    await nextTask();
    expect(yieldToMain).toHaveBeenCalledTimes(1);
  });
});
