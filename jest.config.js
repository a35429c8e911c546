/** Jest runs TypeScript through SWC (type checking is `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test', '<rootDir>/web/src'],
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.test.ts'],
  // content-disposition 3 (used by @fastify/static for the Swagger UI), intl-messageformat
  // (the phrasing's plural and case forms) and Preact 11 (the web client) ship only as ES modules.
  transform: {
    '^.+\\.m?[tj]s$': ['@swc/jest'],
    // The web client's JSX, with Preact's runtime as web/tsconfig.json has it.
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', importSource: 'preact' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(content-disposition|intl-messageformat|@formatjs|preact)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  // Tests beside the code import the test support as @test/support/… (tsconfig paths); the web
  // client imports the shared domain code as @domain/… (web/tsconfig.json paths).
  moduleNameMapper: {
    '^@test/(.*)$': '<rootDir>/test/$1',
    '^@domain/(.*)$': '<rootDir>/src/domain/$1',
  },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
  // With 2 cores Jest would run every file in band, in Jest's own process, and that heap
  // only grows (2 GB after the e2e files): late files ran 3-12 times slower than alone, past
  // their timeouts. A worker is replaced once a file leaves it above this.
  workerIdleMemoryLimit: '1GB',
};
