/** Jest runs TypeScript through SWC (type checking is `npm run typecheck`). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts', '**/*.test.ts'],
  // content-disposition 3 (used by @fastify/static for the Swagger UI) ships only as an ES module.
  transform: { '^.+\\.[tj]s$': ['@swc/jest'] },
  transformIgnorePatterns: ['/node_modules/(?!content-disposition/)'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  // Tests beside the code import the test support as @test/support/… (tsconfig paths).
  moduleNameMapper: { '^@test/(.*)$': '<rootDir>/test/$1' },
  setupFiles: ['reflect-metadata'],
  testTimeout: 30000,
};
