import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/** src/domain is pure. */
const DOMAIN_PURITY = {
  group: [
    '@nestjs/*',
    'better-sqlite3',
    '@eventstore/*',
    '**/application/**',
    '**/infrastructure/**',
  ],
  message: 'src/domain is pure: no framework, storage or outer layers.',
};

/** A game is written with the kit alone (docs/adding-a-ruleset.md). */
const RULESET_BOUNDARY = {
  // The engine's folders, and any sibling folder but the kit (another game).
  regex: '^\\.\\./(\\.\\./(match|export)(/|$)|(?!kit(/|$)|\\.\\.)[^/]+/)',
  message:
    'A ruleset imports only the kit, the table model and the interface (ruleset.ts, rule-violation.ts): never the engine (match/) or another game; what a game needs of the engine goes into the kit.',
};

/** The same boundary for a game's subfolder (`<game>/decisions/`), one folder further down. */
const RULESET_SUBFOLDER_BOUNDARY = {
  ...RULESET_BOUNDARY,
  regex: '^\\.\\./\\.\\./(\\.\\./(match|export)(/|$)|(?!kit(/|$)|\\.\\.)[^/]+/)',
};

/** Optional members are declared with domain/shared/optional-member, which does not let null through. */
const NULL_SKIPPING_OPTIONAL = {
  name: 'class-validator',
  importNames: ['IsOptional'],
  message:
    "class-validator's IsOptional lets null through to code that expects a value: use IsOptional from src/domain/shared/optional-member.",
};

/** The web client is its own app: it shares the pure domain code (as @domain/…), never the server's. */
const CLIENT_BOUNDARY = {
  group: ['**/src/**', '**/application/**', '**/infrastructure/**', '@nestjs/*', 'better-sqlite3'],
  message:
    'web/ imports the shared pure domain code as @domain/…, never the server (src/application, src/infrastructure).',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'coverage', 'bench/results', 'test/artifacts', 'data'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NULL_SKIPPING_OPTIONAL] }],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [NULL_SKIPPING_OPTIONAL],
          patterns: [DOMAIN_PURITY],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'No clock in src/domain: pass time in.',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'No clock in src/domain: pass time in.',
        },
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: 'No randomness in src/domain: use the dice service.',
        },
      ],
    },
  },
  {
    // Test support of a game (its testkit) may drive the engine directly.
    files: ['src/domain/rulesets/*/**/*.ts'],
    ignores: ['**/*.spec.ts', 'src/domain/rulesets/kit/**', '**/*.testkit.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [NULL_SKIPPING_OPTIONAL], patterns: [DOMAIN_PURITY, RULESET_BOUNDARY] },
      ],
    },
  },
  {
    files: ['src/domain/rulesets/*/*/**/*.ts'],
    ignores: ['**/*.spec.ts', 'src/domain/rulesets/kit/**', '**/*.testkit.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [NULL_SKIPPING_OPTIONAL], patterns: [DOMAIN_PURITY, RULESET_SUBFOLDER_BOUNDARY] },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [CLIENT_BOUNDARY] }],
    },
  },
);
