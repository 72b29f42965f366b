import type { StatsCompilation } from 'webpack';
import { developmentBuildsIn } from './sizes';

const statsWith = (...names: string[]): StatsCompilation => ({
  chunks: [{ modules: names.map((name) => ({ name })) }] as StatsCompilation['chunks'],
});

describe('development builds in production output', () => {
  it('finds react-router’s and React’s development builds', () => {
    expect(
      developmentBuildsIn(
        statsWith(
          '../node_modules/react-router/dist/development/chunk-6KYCQHYJ.mjs + 2 modules',
          '../node_modules/react-dom/cjs/react-dom-client.development.js',
          '../node_modules/react-router/dist/production/index.mjs',
          '../node_modules/react-dom/cjs/react-dom-client.production.js',
          './src/app/developmentNotes.ts',
        ),
      ),
    ).toEqual([
      '../node_modules/react-dom/cjs/react-dom-client.development.js',
      '../node_modules/react-router/dist/development/chunk-6KYCQHYJ.mjs',
    ]);
  });

  it('passes a production build', () => {
    expect(developmentBuildsIn(statsWith('../node_modules/react/cjs/react.production.js'))).toEqual([]);
  });
});
