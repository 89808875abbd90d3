// The home page's picture of the product, taken from the product itself: a gateway from the build
// (gateway/dist, a throwaway PGlite), a professional's quote sent through the API, its signing
// link opened in Debian's Chromium as a 360 × 740 phone at 2×, the first screen captured and
// encoded as WebP by Chromium's own encoder (no image tool needed). Run after `npm run build`:
// `node scripts/product-shot.mjs`; it writes web/public/images/signature-telephone.webp.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parisIsoDate } from '@paraphe/shared/dates'
import { BENCH_JWT_SECRET as SECRET, benchProfile, freePort, root, waitForOk } from '../../gateway/bench/bench-support.js'
import { signAccessToken } from '../../gateway/test/support/gotrue-tokens.js'
import { launchBrowser, PHONE } from '../test/browser/harness.js'

const OUTPUT = path.join(root, 'web/public/images/signature-telephone.webp')
const QUALITY = 0.82

const port = await freePort()
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'paraphe-product-shot-'))
const gateway = spawn(process.execPath, [path.join(root, 'gateway/dist/server.js')], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
    SUPABASE_ANON_KEY: 'product-shot-anon-key-000',
    SUPABASE_JWT_SECRET: SECRET
  }
})
const base = `http://127.0.0.1:${port}`
const browser = await launchBrowser()
try {
  await waitForOk(`${base}/healthz`)
  const now = Math.floor(Date.now() / 1000)
  const sub = randomUUID()
  const token = await signAccessToken(
    {
      sub,
      aud: 'authenticated',
      exp: now + 3600,
      iat: now,
      email: `${sub}@example.fr`,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      amr: [],
      session_id: sub,
      is_anonymous: false,
      app_metadata: {},
      user_metadata: {}
    },
    SECRET
  )
  const api = async (method: string, url: string, body?: object) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
    return response.json() as Promise<Record<string, unknown>>
  }
  await api('PUT', '/api/profile', { ...benchProfile, insurer: 'MAAF Assurances', insuranceCoverage: 'France métropolitaine' })
  const content = {
    client: {
      kind: 'individual',
      name: 'Élise Martin',
      company: '',
      email: 'elise.martin@example.org',
      phone: '',
      address: '5 place Bellecour\n69002 Lyon'
    },
    siteAddress: '',
    title: 'Rénovation de la salle de bains',
    issueDate: parisIsoDate(new Date()),
    validityDays: 30,
    workStartDate: null,
    workDuration: '5 jours',
    lines: [
      {
        id: 'l1',
        description: 'Dépose de l’ancienne baignoire',
        quantityMilli: 1000,
        unit: 'forfait',
        unitPriceCents: 35000,
        vatRateBp: 1000,
        discountBp: 0
      },
      {
        id: 'l2',
        description: 'Receveur de douche 90 × 120',
        quantityMilli: 1000,
        unit: 'u',
        unitPriceCents: 48990,
        vatRateBp: 1000,
        discountBp: 0
      },
      {
        id: 'l3',
        description: 'Pose de faïence murale',
        quantityMilli: 12500,
        unit: 'm²',
        unitPriceCents: 4590,
        vatRateBp: 1000,
        discountBp: 0
      }
    ],
    depositBp: 3000,
    paymentTerms: 'Acompte de 30 % à la signature, solde à la fin des travaux.',
    conditions: '',
    notes: '',
    buildingTrade: true,
    requireEmailCode: false
  }
  const id = ((await api('POST', '/api/quotes', { content })).quote as { id: string }).id
  const link = new URL((await api('POST', `/api/quotes/${id}/send`)).signingUrl as string)
  const context = await browser.newContext({ locale: 'fr-FR', ...PHONE })
  const page = await context.newPage()
  page.setDefaultTimeout(120_000)
  await page.goto(`${base}${link.pathname}${link.search}`, { waitUntil: 'load' })
  await page.getByText('Rénovation de la salle de bains').first().waitFor()
  await page.evaluate(() => document.fonts.ready)
  const png = await page.screenshot({ type: 'png' })
  // Chromium encodes WebP from a canvas: the PNG drawn at its own size, exported once.
  const webp = await page.evaluate(
    async ({ dataUrl, quality }) => {
      const image = new Image()
      image.src = dataUrl
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.naturalWidth
      canvas.height = image.naturalHeight
      canvas.getContext('2d')?.drawImage(image, 0, 0)
      return canvas.toDataURL('image/webp', quality)
    },
    { dataUrl: `data:image/png;base64,${png.toString('base64')}`, quality: QUALITY }
  )
  if (!webp.startsWith('data:image/webp;base64,')) throw new Error('Chromium did not encode WebP')
  const bytes = Buffer.from(webp.slice('data:image/webp;base64,'.length), 'base64')
  writeFileSync(OUTPUT, bytes)
  console.log(
    `${path.relative(root, OUTPUT)}: ${bytes.length} bytes (${PHONE.viewport?.width ?? 0} × ${PHONE.viewport?.height ?? 0} at ${PHONE.deviceScaleFactor ?? 1}×)`
  )
  await context.close()
} finally {
  await browser.close()
  gateway.kill('SIGTERM')
  await new Promise((resolve) => gateway.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
