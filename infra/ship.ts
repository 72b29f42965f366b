/**
 * One team's pipeline, callable from any CI (infra/pipeline.ts does the work):
 *
 *   npx tsx infra/ship.ts affected [--base REF]           the parts a change since REF affects
 *   npx tsx infra/ship.ts ship <part> [--base REF] [--version V] [--push REGISTRY] [--force]
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { affectedParts, ship } from './pipeline';

const args = process.argv.slice(2);
const take = (flag: string) => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const force = args.includes('--force');
if (force) args.splice(args.indexOf('--force'), 1);
const base = take('--base');
const version = take('--version');
const push = take('--push');
const [command, part] = args;
try {
  if (command === 'affected') {
    console.log(affectedParts({ base: base ?? 'origin/main' }).join('\n'));
  } else if (command === 'ship' && part) {
    const shipped = await ship(part, {
      ...(base ? { base } : {}),
      ...(version ? { version } : {}),
      ...(push ? { push } : {}),
      force,
    });
    if (shipped) console.log(`shipped ${shipped}`);
  } else {
    console.error(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
    process.exit(2);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
