import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Each island's root components: what its entry.ts imports from its own folder under a capitalised name
 * (`CarList` in client/islands/carList/entry.ts). They are all server/ and views/ may take from an island.
 */
const ISLAND_ROOTS = readdirSync('client/islands', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap(({ name }) =>
    [...readFileSync(`client/islands/${name}/entry.ts`, 'utf8').matchAll(/from '\.\/([A-Z]\w*)\.js'/g)].map(
      ([, root]) => `${name}/${root}`,
    ),
  );

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // With verbatimModuleSyntax, `import { type A }` stays an import of the module: in the browser that loaded
      // zod into the car list for two types (26 KB gzip). `import type { A }` is erased.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // A pattern that backtracks super-linearly freezes the event loop on a long request path (issue 24).
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // Browser code never pulls in server-only modules: server/, views/ or any *.server.ts file.
    // Shapes that cross the boundary live in contracts/, which client/ imports freely.
    files: ['client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)server(/|$)', message: 'client/ must not import server-only code.' },
            {
              group: ['**/*.server', '**/*.server.js', '**/*.server.ts'],
              message: 'client/ must not import server-only code.',
            },
            { group: ['**/views/**'], message: 'client/ must not import server-rendered views.' },
            { group: ['node:*'], message: 'client/ runs in the browser.' },
          ],
        },
      ],
    },
  },
  {
    // Every request to the BFF carries the page's language: client/api/bffFetch.ts is the one way to make one.
    files: ['client/**'],
    ignores: ['client/api/bffFetch.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "Use bffFetch (client/api/bffFetch.ts): it sends the page's language." },
      ],
    },
  },
  {
    // Every picture is a ResponsiveImage (client/media/): srcset, sizes, lazy loading, the CDN and no layout shift.
    files: ['**/*.tsx'],
    ignores: ['client/media/ResponsiveImage.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='img']",
          message: 'Use <ResponsiveImage> (client/media/ResponsiveImage.tsx), never a bare <img>.',
        },
      ],
    },
  },
  {
    // One client module asks the search (client/api/search.ts): its callers share one body type and one failure shape.
    files: ['client/**'],
    ignores: ['client/api/search.ts', 'client/api/bffFetch.ts', 'client/media/ResponsiveImage.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='img']",
          message: 'Use <ResponsiveImage> (client/media/ResponsiveImage.tsx), never a bare <img>.',
        },
        {
          selector: 'Literal[value=/^\\/api\\/search/], TemplateElement[value.raw=/^\\/api\\/search/]',
          message: 'Search through client/api/search.ts, the one client module that posts to /api/search.',
        },
      ],
    },
  },
  {
    // contracts/ is the neutral room: zod shapes and the market schema, nothing of server/, client/ or views/.
    files: ['contracts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)(server|client|views|sandbox)(/|$)', message: 'contracts/ imports only zod and markets/.' },
            { group: ['node:*'], message: 'contracts/ runs in the browser too.' },
          ],
        },
      ],
    },
  },
  // client/shared/ is what server, views and islands all import: browser-safe, React-free, and below all three.
  // A relative import that climbs out of client/shared/ must climb past client/ too (to markets/ or contracts/).
  ...[
    ['client/shared/*.ts', '^\\.\\./(?!\\.\\./)'],
    ['client/shared/*/**', '^\\.\\./\\.\\./(?!\\.\\./)'],
  ].map(([files, intoClient]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)(server|views|sandbox)(/|$)|${intoClient}`,
              message: 'client/shared/ imports only markets/, contracts/ and itself.',
            },
            {
              regex: '^react(-dom)?(/|$)',
              message: 'client/shared/ is React-free: components live in client/ or views/.',
            },
            { group: ['node:*'], message: 'client/shared/ runs in the browser too.' },
          ],
        },
      ],
    },
  })),
  {
    // views/ renders an island through its root component and builds its props; nothing else of an island's
    // folder is public. Code both sides need lives in client/shared/.
    files: ['views/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `(^|/)client/islands/(?!(${ISLAND_ROOTS.join('|')})\\.js$)`,
              allowTypeImports: true,
              message:
                "views/ takes from an island only its root component (what its entry.ts hydrates) and, with `import type`, its props' types; shared code lives in client/shared/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server renders islands through views/ and shares code with them through client/shared/.
    files: ['server/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)client/islands(/|$)',
              message: 'server/ renders islands through views/; code it shares with them lives in client/shared/.',
            },
            {
              regex: '(^|/)(sandbox|scripts|test)(/|$)',
              message:
                'The product never loads the sandbox, the scripts or the tests: npm start runs the sandbox beside it (scripts/withSandbox.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // One store owns every tier (server/store/tieredStore.ts): a cache declares what it keeps, never builds an LRU
    // or a Redis tier of its own (.dependency-cruiser.mjs refuses a value import of the tiers too).
    files: ['server/**/*.ts'],
    ignores: ['server/store/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='lru-cache']",
          message: 'Declare a TieredStore (server/store/tieredStore.ts): only server/store/ builds an LRU.',
        },
        {
          selector: 'NewExpression[callee.name=/^(ProcessTier|RedisTier|BoundedRedisTier|LRUCache)$/]',
          message: 'Declare a TieredStore (server/store/tieredStore.ts): only server/store/ builds a tier.',
        },
      ],
    },
  },
  {
    files: ['test/**', 'scripts/**', 'sandbox/**', 'server/main.ts', 'server/dev.ts'],
    rules: { 'no-console': 'off' },
  },
);
