#!/usr/bin/env node
// The home page's picture of the product (web/public/images/signature-telephone.webp), taken from
// the built product in Chromium: see web/scripts/product-shot.ts. Run after `npm run build`.
import { spawn } from 'node:child_process'

const child = spawn(
  process.execPath,
  ['--import=./scripts/register-ts.mjs', '--conditions=paraphe-source', 'web/scripts/product-shot.ts'],
  { stdio: 'inherit' }
)
child.on('exit', (code) => process.exit(code ?? 1))
