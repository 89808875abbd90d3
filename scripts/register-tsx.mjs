// `node --import=./scripts/register-tsx.mjs`: runs TypeScript (tests, build scripts) through tsx
// with tsconfig.tsx.json, which covers every workspace (the web app's JSX and `@/` alias too).
// The variable is inherited by child processes, so servers spawned by tests behave the same.
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

const tsconfig = fileURLToPath(new URL('../tsconfig.tsx.json', import.meta.url))
process.env.TSX_TSCONFIG_PATH ??= tsconfig
register({ tsconfig: process.env.TSX_TSCONFIG_PATH })
