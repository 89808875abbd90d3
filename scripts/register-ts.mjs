// `node --import=./scripts/register-ts.mjs file.ts`: runs the repository's TypeScript (tests,
// build scripts, the gateway's sources) without a build step. See ts-loader/hooks.mjs.
import { register } from 'node:module'

register('./ts-loader/hooks.mjs', import.meta.url)
