import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minify, transform } from '@swc/core';
import { REPO_ROOT } from './apps';
import { markSchemaBuildersPure } from './pure-schemas-loader';

const MODULE = `import { Type } from 'typebox';
import { register } from './registry';
/** Built with Type.Object(...) when evaluated: the comment stays as it was. */
export const LIMITS = Object.freeze({ maxChars: 500 });
export const NameSchema = Type.String({ maxLength: LIMITS.maxChars, description: 'Type.Union(' });
export const UnusedSchema = Type.Object({ name: NameSchema, tags: Type.Array(Type.String()) });
export const UsedSchema = Type.Object({ name: NameSchema });
export const registered = register('name');
`;

/** What a production build keeps of the module when only LIMITS and UsedSchema are imported. */
async function keptOf(source: string): Promise<string> {
  // webpack drops the `export` of what no other module imports; the minifier then sees plain consts.
  const entry = `${source.replaceAll('export const', 'const')}\nglobalThis.seen = [LIMITS, UsedSchema];\n`;
  const js = await transform(entry, { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } });
  const min = await minify(js.code, { module: true, compress: { toplevel: true, passes: 2 }, mangle: false });
  return min.code;
}

describe('pure-schemas-loader', () => {
  it('marks every TypeBox builder call, nested ones too, and leaves comments, strings and other calls', () => {
    const marked = markSchemaBuildersPure(MODULE);
    expect(marked.match(/\/\*#__PURE__\*\/ Type\.\w+\(/g)).toHaveLength(5);
    expect(marked).toContain(
      '/** Built with Type.Object(...) when evaluated: the comment stays as it was. */',
    );
    expect(marked).toContain("description: 'Type.Union('");
    expect(marked).toContain('Object.freeze({ maxChars: 500 })');
    expect(marked).toContain("= register('name')");
  });

  it('lets the minifier drop the schemas nothing uses, and keep the ones something does', async () => {
    const before = await keptOf(MODULE);
    expect(before).toContain('tags'); // without the marks the unused schema is still built
    const after = await keptOf(markSchemaBuildersPure(MODULE));
    expect(after).not.toContain('tags');
    expect(after).toContain('maxLength');
    expect(after).toContain('register("name")'); // any other call is kept
  });

  it('leaves every module of the contracts valid TypeScript, with each builder call marked', async () => {
    for (const name of ['chat.ts', 'accounts.ts', 'events.ts']) {
      const source = readFileSync(join(REPO_ROOT, 'libs', 'contracts', 'src', name), 'utf8');
      const marked = markSchemaBuildersPure(source, name);
      const calls = source.match(/\bType\.[A-Z]\w*\(/g) ?? [];
      expect(calls.length).toBeGreaterThan(20);
      expect(marked.match(/\/\*#__PURE__\*\/ Type\.[A-Z]\w*\(/g)).toHaveLength(calls.length);
      await expect(transform(marked, { jsc: { parser: { syntax: 'typescript' } } })).resolves.toBeDefined();
    }
  });
});
