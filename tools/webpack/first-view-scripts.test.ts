import { AFTER_PAINT_HINTS } from '@marketplace/contracts';
import { starterScript } from './first-view-scripts';

/** Runs the starter against a stand-in document and records what it does and when. */
function runStarter(visibility: 'visible' | 'hidden') {
  // In order: the hints let out of the head's after-paint templates, then the scripts.
  const added: string[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const selectors: string[] = [];
  const templates = [{ content: 'hints of the shell' }, { content: 'hints of the remote' }];
  const document = {
    visibilityState: visibility,
    querySelectorAll: (selector: string) => {
      selectors.push(selector);
      return templates;
    },
    head: { appendChild: (content: string) => added.push(content) },
    createElement: () => ({ src: '', async: true }),
    body: {
      appendChild: (element: { src: string; async: boolean }) =>
        added.push(`${element.src}${element.async ? ' (async)' : ''}`),
    },
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
  return { added, frames, timers, selectors };
}

/** The hints of both templates first, then the scripts, none of them async. */
const EVERYTHING_IN_ORDER = [
  'hints of the shell',
  'hints of the remote',
  '/main.1.js',
  '/2.js',
  '/bootstrap.3.js',
];

describe('the first-view starter', () => {
  it('lets out the hints and adds the scripts only after the first frame, scripts run in insertion order', () => {
    const { added, frames, timers, selectors } = runStarter('visible');
    expect(added).toEqual([]);
    frames.splice(0).forEach((frame) => frame()); // just before the frame is painted
    expect(added).toEqual([]);
    timers.splice(0).forEach((timer) => timer()); // once it has been
    expect(selectors).toEqual([`template[${AFTER_PAINT_HINTS}]`]);
    expect(added).toEqual(EVERYTHING_IN_ORDER);
  });

  it('starts at once in a hidden tab, which paints no frames', () => {
    const { added, frames } = runStarter('hidden');
    expect(frames).toEqual([]);
    expect(added).toEqual(EVERYTHING_IN_ORDER);
  });
});
