// One Jest run, three kinds of project:
// - unit-node: services and libs on embedded defaults (PGlite, local bus): runs on a bare machine.
// - unit-web:  shell and remotes in jsdom with msw.
// - infra:     the same service/bus suites plus *.infra.test.ts against real PostgreSQL and NATS.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { esmBundleMappers } from './tools/jest/esm-bundles.mjs';

const rootDir = dirname(fileURLToPath(import.meta.url));
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// Packages that ship ESM only; Jest runs CommonJS, so they are transformed too.
const esmOnly = [
  'rettime',
  'until-async',
  '@open-draft',
  '@nats-io',
  '@electric-sql',
  'cookie',
  'content-disposition',
  // file-type (upload sniffing in accounts) and its ESM-only dependencies.
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  '@borewit',
  // Kubernetes API models and schemas (infra/k8s) and the CIDR check their validator uses.
  'kubernetes-models',
  '@kubernetes-models',
  'is-cidr',
  'cidr-regex',
];
const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  // Skip node_modules except the ESM-only packages, also when they sit nested in another package.
  transformIgnorePatterns: [`/node_modules/(?!(?:${esmOnly.join('|')})/)(?:@[^/]+/)?[^/]+/(?!node_modules/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    // typebox and kysely (ESM only): one bundle each instead of hundreds of transformed files (see the file).
    ...esmBundleMappers(rootDir),
    // The Kubernetes models expose only "import" conditions too (infra/k8s's schema test).
    '^@kubernetes-models/(base|validate)$': '<rootDir>/node_modules/@kubernetes-models/$1/dist/index.js',
    '^@kubernetes-models/validate/runtime/(.*)$':
      '<rootDir>/node_modules/@kubernetes-models/validate/dist/runtime/$1',
    '^(kubernetes-models|@kubernetes-models/[^/]+)/(.*)$': '<rootDir>/node_modules/$1/$2',
    '\\.(css)$': '<rootDir>/tools/jest/style-stub.cjs',
  },
  rootDir: '.',
};

// infra/: the topology, the ingress and manifest generators.
const serverRoots = ['<rootDir>/libs', '<rootDir>/services', '<rootDir>/infra'];

export default {
  // A global option (Jest ignores it per project). PGlite cold starts and real servers take seconds on a
  // busy 2-core machine; hooks share this limit.
  testTimeout: 30000,
  // A worker per core. Jest's default (cores - 1) is a single in-band process on a 2-core machine, which
  // left a core idle while a suite waited on a timer or its server; the parent process only schedules.
  maxWorkers: '100%',
  // Each test file leaves about 25 MB in its worker's heap (module registries Jest cannot free); past
  // 2 GB a worker spent more time collecting than testing. A worker over this after a file is replaced.
  workerIdleMemoryLimit: '1GB',
  projects: [
    {
      ...common,
      displayName: 'unit-node',
      // Jest's node environment sharing a compiled PGlite per worker (see the file).
      testEnvironment: '<rootDir>/tools/jest/node-environment.cjs',
      // tools/: the build and start helpers' own tests; infra/: the observability files' check; bench/:
      // which pages the bench measures and its budgets; e2e/: the journeys' support logic (the journeys
      // themselves are *.e2e.ts, run by e2e/run.ts).
      roots: [...serverRoots, '<rootDir>/tools', '<rootDir>/infra', '<rootDir>/bench', '<rootDir>/e2e'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.infra\\.test\\.ts$'],
      setupFiles: ['<rootDir>/tools/jest/embedded-env.cjs'],
    },
    {
      ...common,
      displayName: 'unit-web',
      testEnvironment: 'jest-fixed-jsdom',
      roots: [
        '<rootDir>/shell',
        '<rootDir>/mfe-catalogue',
        '<rootDir>/mfe-jobs',
        '<rootDir>/mfe-chat',
        '<rootDir>/mfe-admin',
        '<rootDir>/libs',
      ],
      testMatch: ['**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/web-setup.ts'],
    },
    {
      ...common,
      displayName: 'infra',
      // As unit-node's: the suites that start PGlite themselves share its compiled wasm too.
      testEnvironment: '<rootDir>/tools/jest/node-environment.cjs',
      roots: serverRoots,
      testMatch: ['**/*.test.ts'],
      globalSetup: '<rootDir>/tools/jest/infra-global-setup.cjs',
      setupFiles: ['<rootDir>/tools/jest/infra-env.cjs'],
    },
  ],
};
