// ESLint flat config (kept under tests/ so the project root holds only what the layout allows).
// Type-aware rules from typescript-eslint over every TypeScript project of the repo.
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('..', import.meta.url));

export default tseslint.config(
  { ignores: ['dist/**', 'dev-dist/**', 'node_modules/**', 'public/**', '.scratch/**', 'tests/e2e/artifacts/**', 'tests/e2e/*-page/dist/**', '**/*.js', '**/*.mjs', '**/*.py'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.d.ts'],
    rules: { 'no-var': 'off' },
  },
  // The pure core, at any depth: no other src/ layer, no workers, no platform libraries.
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+(store|app|ui|models|parsers|ocr|rpc|search-index|cli|workers)(/|$)', message: 'src/core is pure: it reaches storage, workers and models only through the ports in src/core/ports.ts.' },
            { group: ['node:*', 'dexie', 'pdfjs-dist*', '@huggingface/*', 'onnxruntime-*', 'tesseract.js*', 'comlink', 'react', 'react-*'], message: 'src/core runs unchanged in Node and in workers: no platform libraries.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'self', 'navigator', 'fetch', 'indexedDB', 'Worker', 'localStorage', 'importScripts'],
    },
  },
  // What both sides of a worker boundary share: comlink and the core, nothing page- or worker-specific.
  {
    files: ['src/rpc/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!core/)', message: 'src/rpc is shared by the page and every worker: it imports only comlink and src/core.' }, { group: ['dexie', 'react', 'react-*'] }] },
      ],
    },
  },
  // Workers are thin: src/rpc, src/core and their own capability folder (add a new worker's here).
  {
    files: ['workers/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./src/(?!(rpc|core)/)', message: 'A worker imports only src/rpc, src/core and its own capability folder.' }] }],
    },
  },
  ...Object.entries({ parse: 'parsers', ocr: 'ocr', embed: 'models', rerank: 'models', llm: 'models', generate: 'models', endpoint: 'models', index: 'search-index', scan: 'scanner' }).map(([worker, folder]) => ({
    files: [`workers/${worker}.worker.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: `^\\.\\./src/(?!(rpc|core|${folder})/)`, message: `workers/${worker}.worker.ts imports only src/rpc, src/core and src/${folder}.` }] }],
    },
  })),
  // The service worker: workbox and the policy builder (src/security).
  {
    files: ['workers/sw.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./src/(?!(rpc|core|security)/)', message: 'workers/sw.ts imports only src/rpc, src/core and src/security.' }] }],
    },
  },
  // The UI talks to the app's services only: no storage, models or worker plumbing directly.
  {
    files: ['src/ui/**/*.tsx', 'src/ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['dexie', 'dexie/*'], message: 'The UI reads the workspace through the app services (src/app), never Dexie.' },
            { regex: '^(\\.\\./)+(models|store|parsers|ocr|rpc|search-index|workers)(/|$)', message: 'The UI talks to the app services only (src/app).' },
          ],
        },
      ],
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
