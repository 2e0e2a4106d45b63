import type { Config } from 'jest';

const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2023',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
    },
    module: { type: 'es6' },
  },
];

const browser = process.env['LARDER_BROWSER_TESTS'] === '1';

const config: Config = {
  cacheDirectory: '<rootDir>/.jest-cache',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc as never },
  moduleNameMapper: {
    '^@larder/([a-z0-9-]+)/test-support/(.*)\\.js$': '<rootDir>/packages/$1/test-support/$2.ts',
    '^@larder/([a-z0-9-]+)$': '<rootDir>/packages/$1/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  // Browser tests need Debian's chromium; they run on their own with `npm run test:browser`.
  testMatch: browser
    ? ['<rootDir>/packages/*/test/**/*.browser.test.ts']
    : ['<rootDir>/packages/*/test/**/*.test.ts'],
  testPathIgnorePatterns: browser ? ['/node_modules/'] : ['/node_modules/', '\\.browser\\.test\\.ts$'],
  globalSetup: '<rootDir>/packages/adapters-postgres/test-support/global-setup.mjs',
  globalTeardown: '<rootDir>/packages/adapters-postgres/test-support/global-teardown.mjs',
  testTimeout: 30000,
  maxWorkers: 2,
};

export default config;
