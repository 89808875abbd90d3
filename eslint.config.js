// One lint for the whole repository (`npm run lint`, and the first step of `npm test`), with zero
// warnings allowed. Besides typescript-eslint and the rules of hooks it enforces the web app's
// layers as bulletproof-react sets them: app → features → shared code (components, hooks, lib,
// and the `shared/` workspace); a feature never imports another feature; no import cycles. In the
// gateway, the layers routes → domain → db, and no two domain folders importing each other (a
// rule of ours, scripts/eslint-rules/).
// The boundary zones are generated from the folders on disk, so a new feature is covered the
// day it is created.
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import eslintConfigPrettier from 'eslint-config-prettier/flat'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import noMutualDomainImports from './scripts/eslint-rules/no-mutual-domain-imports.js'

const root = fileURLToPath(new URL('.', import.meta.url))

/** Folder names directly under `dir` (relative to the repository root). */
function foldersIn(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
}

const features = foldersIn('./web/src/features/')
/** The web app's shared layer: everything under web/src that is neither `app` nor `features`. */
const sharedLayer = foldersIn('./web/src/').filter((name) => name !== 'app' && name !== 'features')

/**
 * The gateway's domain folders (fastify/demo's layers: routes → domain → db): everything under
 * gateway/src but the HTTP layer (routes/, plugins/, http/ — the request's id, headers, input and
 * validation messages), the self-contained HTTP modules that carry their own routes (accounts/
 * serves /auth/v1, auth-proxy/ and site/ serve requests) and the operator commands (commands/,
 * entry points like server.ts).
 */
const gatewayHttp = ['routes', 'plugins', 'http', 'accounts', 'auth-proxy', 'site', 'commands']
const gatewayDomains = foldersIn('./gateway/src/').filter((name) => !gatewayHttp.includes(name) && name !== 'db')

const boundaryZones = [
  // A feature never imports another one: what two features need belongs to the shared layer,
  // and what composes features belongs to app/.
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'Une fonctionnalité n’importe pas une autre : déplacer le code commun dans components/, hooks/ ou lib/, ou composer dans app/.'
  })),
  // Features never reach up into app/.
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Les fonctionnalités ne dépendent pas de app/ (app → features → code partagé).'
  },
  // The shared layer depends on neither features nor app.
  ...sharedLayer.map((folder) => ({
    target: `./web/src/${folder}`,
    from: ['./web/src/features', './web/src/app'],
    message: 'Le code partagé ne dépend ni des fonctionnalités ni de app/.'
  })),
  // The `shared/` workspace is below everything; the gateway and the web app never import each other.
  { target: './shared/src', from: ['./web', './gateway'], message: 'shared/ ne dépend ni du web ni de la passerelle.' },
  { target: './gateway/src', from: './web', message: 'La passerelle n’importe pas le code du web.' },
  { target: './web/src', from: './gateway', message: 'Le web n’importe pas le code de la passerelle.' },
  // The gateway's layers: a domain module never reaches up into the HTTP layer, and db/ is below every domain.
  ...gatewayDomains.map((folder) => ({
    target: `./gateway/src/${folder}`,
    from: ['./gateway/src/routes', './gateway/src/plugins'],
    message: 'Le domaine ne dépend ni des routes ni des plugins (routes → domaine → db) : passer ce qu’il faut en paramètre.'
  })),
  {
    target: './gateway/src/db',
    from: [...gatewayDomains, ...gatewayHttp].map((folder) => `./gateway/src/${folder}`),
    message: 'db/ ne dépend d’aucun domaine ni de la couche HTTP (routes → domaine → db).'
  }
]

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/coverage/', '.tap/', '**/.data/', 'web/public/']
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node }
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' }
  },
  // Type-aware rules on the TypeScript sources, through the project service (one program per
  // tsconfig, shared across files).
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: root }
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A React event handler may be async: React ignores what it returns, and each handler
      // catches its own errors.
      // Fastify takes async hooks and handlers as options too (`preHandler: guard`).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, properties: false } }],
      // A Fastify plugin is an async function whether or not it awaits (fastify/demo's shape).
      '@typescript-eslint/require-await': 'off',
      // Template literals with numbers are how French amounts and counts are written out.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }]
    }
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }]
    }
  },
  // Tests: tap queues a subtest and awaits it itself (`t.test(…)` returns its PromiseWithSubtest),
  // and a test callback may be async without awaiting anything.
  {
    files: ['**/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }] }
      ],
      '@typescript-eslint/require-await': 'off',
      // Fetch stand-ins record `String(input)`: the code under test passes a string or a URL.
      '@typescript-eslint/no-base-to-string': 'off'
    }
  },
  // The web app: the browser's globals and the rules of hooks. The React Compiler's extra rules
  // (set-state-in-effect, refs, purity…) are not on: the app does not use the compiler, and
  // following them means rewriting effects that work — a change of its own.
  {
    files: ['web/src/**/*.{ts,tsx}', 'web/test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useSignalEffect (hooks/use-signal-effect.ts) takes its deps like useEffect: checked the same way.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useSignalEffect$' }]
    }
  },
  // Domain modules know no Fastify: a route hands them what they need (a transaction, a logger,
  // the workers' wake calls), so they run the same from /api, /api/v1, the jobs and the tests.
  {
    files: gatewayDomains.map((folder) => `gateway/src/${folder}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify-plugin', '@fastify/*'],
              message: 'Pas de Fastify dans le domaine : la route passe la transaction, le logger ou le réveil des files.'
            }
          ]
        }
      ]
    }
  },
  // Two domain folders never import each other (read on the folders' graph: import-x/no-cycle
  // only sees cycles of modules, and two folders usually import different files of each other).
  {
    files: gatewayDomains.map((folder) => `gateway/src/${folder}/**/*.ts`),
    plugins: { paraphe: { rules: { 'no-mutual-domain-imports': noMutualDomainImports } } },
    rules: { 'paraphe/no-mutual-domain-imports': ['error', { root: 'gateway/src', domains: gatewayDomains }] }
  },
  // Import boundaries and cycles.
  {
    files: ['web/**/*.{ts,tsx}', 'shared/**/*.ts', 'gateway/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['web/tsconfig.json', 'tsconfig.json', 'gateway/tsconfig.json', 'shared/tsconfig.json'],
          conditionNames: ['paraphe-source', 'types', 'import', 'node', 'default'],
          noWarnOnMultipleProjects: true
        })
      ]
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }]
    }
  },
  // Layout is Prettier's (`npm run lint` checks it first): every ESLint rule that would fight it is off.
  eslintConfigPrettier
)
