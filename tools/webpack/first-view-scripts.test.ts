import { starterScript } from './first-view-scripts';

/** Runs the starter against a stand-in document and records what it does and when. */
function runStarter(visibility: 'visible' | 'hidden') {
  const appended: Array<{ src: string; async: boolean }> = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const document = {
    visibilityState: visibility,
    createElement: () => ({ src: '', async: true }),
    body: { appendChild: (element: { src: string; async: boolean }) => appended.push({ ...element }) },
  };
  const run = new Function(
    'document',
    'requestAnimationFrame',
    'setTimeout',
    starterScript(['/main.1.js', '/2.js', '/bootstrap.3.js']),
  );
  run(
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => timers.push(callback),
  );
  return { appended, frames, timers };
}

describe('the first-view starter', () => {
  it('adds the scripts only after the first frame, in order, each run in insertion order', () => {
    const { appended, frames, timers } = runStarter('visible');
    expect(appended).toEqual([]);
    frames.splice(0).forEach((frame) => frame()); // just before the frame is painted
    expect(appended).toEqual([]);
    timers.splice(0).forEach((timer) => timer()); // once it has been
    expect(appended).toEqual([
      { src: '/main.1.js', async: false },
      { src: '/2.js', async: false },
      { src: '/bootstrap.3.js', async: false },
    ]);
  });

  it('starts at once in a hidden tab, which paints no frames', () => {
    const { appended, frames } = runStarter('hidden');
    expect(frames).toEqual([]);
    expect(appended.map((script) => script.src)).toEqual(['/main.1.js', '/2.js', '/bootstrap.3.js']);
  });
});
