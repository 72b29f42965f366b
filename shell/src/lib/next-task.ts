// Waits for a later task, letting the browser handle input and paint first. `scheduler.yield()` where the
// browser has it (the continuation goes ahead of other queued tasks); otherwise a message to ourselves,
// which, unlike setTimeout, is not held back to once a second in a background tab.
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
