import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // Browser code never pulls in server-only modules: server/, views/ or any *.server.ts file.
    // The upstream contracts' types are the one exception: type-only imports vanish from the bundle.
    files: ['client/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^|/)server(/(?!upstream/contracts/[^/]+$)|$)', message: 'client/ must not import server-only code.' },
          { group: ['**/*.server', '**/*.server.js', '**/*.server.ts'], message: 'client/ must not import server-only code.' },
          { group: ['**/server/upstream/contracts/*'], allowTypeImports: true, message: 'client/ may import only types from the upstream contracts.' },
          { group: ['**/views/**'], message: 'client/ must not import server-rendered views.' },
          { group: ['node:*'], message: 'client/ runs in the browser.' },
        ],
      }],
    },
  },
  {
    files: ['test/**', 'scripts/**', 'sandbox/**', 'server/main.ts', 'server/dev.ts'],
    rules: { 'no-console': 'off' },
  },
);
