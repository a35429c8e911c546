/** Jest runs TypeScript through SWC (type checking is `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  // content-disposition 3 (used by @fastify/static for the Swagger UI) and intl-messageformat
  // (the phrasing's plural and case forms) ship only as ES modules.
  transform: { '^.+\\.[tj]s$': ['@swc/jest'] },
  transformIgnorePatterns: [
    '/node_modules/(?!(content-disposition|intl-messageformat|@formatjs)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Tests beside the code import the test support as @test/support/… (tsconfig paths).
  moduleNameMapper: { '^@test/(.*)$': '<rootDir>/test/$1' },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
};
