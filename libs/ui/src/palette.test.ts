// The dark palette is written twice in styles.css: under the system setting and under the switch's
// `dark` class (CSS cannot share one declaration block between a media query and a selector without
// light-dark(), which older Android browsers lack). This keeps the two copies the same.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const css = readFileSync(join(__dirname, 'styles.css'), 'utf8');

/** The custom properties declared in the first `{...}` block after `opener`. */
function declarations(opener: string): Map<string, string> {
  const start = css.indexOf(opener);
  if (start < 0) throw new Error(`styles.css has no ${opener}`);
  const open = css.indexOf('{', start + opener.length - 1);
  const close = css.indexOf('}', open);
  const body = css.slice(open + 1, close);
  return new Map(
    [...body.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.replace(/\s+/g, ' ').trim()]),
  );
}

describe('dark palette', () => {
  it('is the same under the system setting and under the switch', () => {
    const system = declarations(':root:not(:has(> body.light)) {');
    const chosen = declarations('body.dark {');
    expect(system.size).toBeGreaterThan(30);
    expect(Object.fromEntries(chosen)).toEqual(Object.fromEntries(system));
  });

  it('gives a dark value to every colour token the light palette declares that dark mode changes', () => {
    const light = declarations(':root {');
    const dark = declarations('body.dark {');
    for (const name of dark.keys()) expect(light.has(name)).toBe(true);
  });
});
