// `npm run lint` (part of `npm test`): typescript-eslint's recommended rules over the app, the
// tests, the benches and the config, and React's two rules of hooks over the UI.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dev-dist/', 'node_modules/'] },
  // a disable comment that no longer silences anything is an error: the twelve left each do
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` marks a value left out on purpose (a field dropped from a copy, a parameter a signature needs)
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      // the engine's hot objects hand closures a local name for themselves (sender, receiver, scoreboard)
      '@typescript-eslint/no-this-alias': 'off',
      // a destructuring `let` whose other names are reassigned stays one statement
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // reference values are typed with every digit their source prints, more than a double holds
      'no-loss-of-precision': 'off',
    },
  },
);
