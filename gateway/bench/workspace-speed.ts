// The professional's workspace at size (issue 15), printed by `npm run bench`:
// - the item search as one types over 2 000 saved items: `GET /api/items?q=…` for each successive
//   prefix of several words, the server's time (fastify's inject: routing, RLS transaction, query,
//   serialisation, no socket) and the round trip over 127.0.0.1 (fetch), p50/p95; the same over
//   20 items in the same run as the reference;
// - the editor's typing latency with 200 lines, in Debian's Chromium: from each keydown (its event
//   timestamp, so time waiting in the queue counts) to the next paint (requestAnimationFrame, then
//   a task after it), over 100 keystrokes in a designation and 40 in a quantity, p50/p95; the same
//   typing on a 4-line quote in the same run as the reference.
// The gateway runs in this process (gateway/test/helper.ts's buildApp on PGlite, the built site),
// signed in through the GoTrue stand-in as the browser tests are. Everything listens on 127.0.0.1
// and is stopped at the end. `BENCH_ONLY=workspace-speed npm run bench` runs only this part.
import type { Page } from 'playwright-core'
import tap from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import { DESKTOP, openPage, startAuthStack, type Teardown } from '../../web/test/browser/harness.js'
import { accessToken, signIn } from '../../web/test/browser/workspace-steps.js'
import { benchProfile, percentile } from './bench-support.js'

const SECRET = 'bench-workspace-secret-0123456789-abcdefghij'
const PASSWORD = 'une phrase de passe solide'
const ITEMS = Number(process.env.BENCH_ITEMS ?? 2000)
const RUNS = Number(process.env.BENCH_ITEM_RUNS ?? 20)
const THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1)
const WORDS = ['carrelage', 'peinture', 'fourniture', 'mitigeur', 'plomberie', 'isolation']
const TRADES = [
  'Carrelage',
  'Peinture',
  'Fourniture et pose',
  'Mitigeur',
  'Plomberie',
  'Isolation',
  'Menuiserie',
  'Électricité',
  'Plâtrerie',
  'Maçonnerie'
]
const MATERIALS = ['grès cérame', 'acrylique mat', 'chêne massif', 'inox brossé', 'laine de verre', 'PVC blanc', 'cuivre', 'béton ciré']

// The test helpers this reuses load tap, whose root test would end the process after 30 s.
tap.setTimeout(0)
const teardowns: Array<() => unknown> = []
const t: Teardown = { teardown: (fn) => teardowns.push(fn) }

const fmt = (ms: number) => ms.toFixed(1).padStart(6)

/** `count` distinct designations from a building trade's catalogue, as a CSV import. */
function catalogue(count: number): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const trade = TRADES[i % TRADES.length] as string
    const material = MATERIALS[Math.floor(i / TRADES.length) % MATERIALS.length] as string
    return `${trade} ${material} réf. ${String(i).padStart(4, '0')};u;${(10 + (i % 400)).toFixed(2).replace('.', ',')};10 %;${trade}`
  })
  return `\ufeffDésignation;Unité;Prix unitaire HT;TVA;Catégorie\r\n${rows.join('\r\n')}\r\n`
}

try {
  const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
  const { app } = gateway

  /** A professional signed in in a desktop page, their profile set, `items` saved items imported. */
  async function professional(name: string, items: number) {
    const email = `${name}-${Date.now().toString(36)}@example.fr`
    standIn.createUser({ email, password: PASSWORD })
    const { page } = await openPage(browser, t, DESKTOP)
    await signIn(page, gateway.url, email, PASSWORD)
    const token = await accessToken(page)
    const headers = { authorization: `Bearer ${token}` }
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string | object, type = 'application/json') => {
      const response = await app.inject({
        method,
        url,
        headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': type }) },
        ...(payload === undefined ? {} : { payload })
      })
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
      return response.json<Record<string, unknown>>()
    }
    await call('PUT', '/api/profile', benchProfile)
    if (items > 0) await call('POST', '/api/items/import', catalogue(items), 'text/csv; charset=utf-8')
    return { page, headers, call }
  }

  // --- Item search as one types -------------------------------------------------------------
  const searched = async (headers: Record<string, string>, label: string | null) => {
    const server: number[] = []
    const roundTrip: number[] = []
    let matches = 0
    for (let run = 0; run < (label === null ? 1 : RUNS); run += 1) {
      for (const word of WORDS) {
        for (let length = 2; length <= word.length; length += 1) {
          const url = `/api/items?q=${encodeURIComponent(word.slice(0, length))}&limit=6`
          let start = performance.now()
          const injected = await app.inject({ method: 'GET', url, headers })
          server.push(performance.now() - start)
          if (injected.statusCode !== 200) throw new Error(`${url}: ${injected.statusCode}`)
          start = performance.now()
          const response = await fetch(gateway.url(url), { headers })
          const body = (await response.json()) as { items: unknown[] }
          roundTrip.push(performance.now() - start)
          if (run === 0 && length === word.length) matches += body.items.length
        }
      }
    }
    if (label === null) return
    console.log(
      `${label.padEnd(22)} ${String(server.length).padStart(5)}  ${fmt(percentile(server, 50))}  ${fmt(percentile(server, 95))}  ${fmt(percentile(roundTrip, 50))}  ${fmt(percentile(roundTrip, 95))}  ${String(matches).padStart(4)}`
    )
  }
  const large = await professional('articles-2000', ITEMS)
  const small = await professional('articles-20', 20)
  const prefixes = WORDS.reduce((sum, word) => sum + word.length - 1, 0)
  console.log(
    `\nItem search as one types: ${WORDS.length} words typed letter by letter (${prefixes} prefixes from 2 letters, limit 6, as the editor asks), ${RUNS} times; PGlite, in-process gateway`
  )
  console.log('saved items             reqs  server p50  p95   round trip p50  p95   offered (whole words)')
  // A first pass of each, not counted: the first queries of a PGlite database warm its caches.
  await searched(small.headers, null)
  await searched(large.headers, null)
  await searched(small.headers, '20 (reference)')
  await searched(large.headers, `${ITEMS}`)

  // --- Typing in the editor -----------------------------------------------------------------
  const content = (lines: number) => ({
    client: {
      kind: 'individual',
      name: 'Élise Martin',
      company: '',
      email: 'elise@example.org',
      phone: '',
      address: '5 place Bellecour\n69002 Lyon'
    },
    siteAddress: '',
    title: `Chantier de ${lines} lignes`,
    issueDate: parisIsoDate(new Date()),
    validityDays: 30,
    workStartDate: null,
    workDuration: '',
    lines: Array.from({ length: lines }, (_, index) => ({
      id: `l${index}`,
      description: `Poste ${index + 1} — fourniture et pose`,
      quantityMilli: 1500,
      unit: 'h',
      unitPriceCents: 4500 + index,
      vatRateBp: index % 3 === 0 ? 1000 : 2000,
      discountBp: 0
    })),
    depositBp: 3000,
    paymentTerms: 'À réception.',
    conditions: '',
    notes: '',
    buildingTrade: true,
    requireEmailCode: false
  })

  /** Resolves once the page has not scrolled for 10 frames in a row. */
  const settled = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let still = 0
          let last = scrollY
          const frame = () => {
            still = scrollY === last ? still + 1 : 0
            last = scrollY
            if (still >= 10) resolve()
            else requestAnimationFrame(frame)
          }
          requestAnimationFrame(frame)
        })
    )

  /** Keystrokes in the page, keydown to the next paint, in ms (the page's own clock). */
  async function typingLatency(page: Page, lines: number): Promise<{ designation: number[]; quantity: number[] }> {
    const { quote } = (await small.call('POST', '/api/quotes', { content: content(lines) })) as { quote: { id: string } }
    await page.goto(gateway.url(`/espace/devis/${quote.id}`))
    const row = `l${Math.floor(lines / 2)}`
    await page.locator(`#line-${row}-description`).waitFor()
    // BENCH_CPU_THROTTLE=4 slows the page's CPU fourfold (Chromium's emulation): the per-key work
    // then shows above the noise of a shared machine.
    if (THROTTLE > 1) await (await page.context().newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: THROTTLE })
    await page.evaluate(() => {
      const w = window as unknown as { __latencies: number[] }
      w.__latencies = []
      document.addEventListener(
        'keydown',
        (event) => {
          const id = `k${w.__latencies.length}-${event.timeStamp}`
          performance.mark(id, { startTime: event.timeStamp })
          requestAnimationFrame(() =>
            setTimeout(() => {
              w.__latencies.push(performance.measure(`${id}-paint`, id).duration)
            }, 0)
          )
        },
        { capture: true }
      )
    })
    const measured = async (from: number, keys: () => Promise<void>) => {
      await keys()
      for (let i = 0; i < 200; i += 1) {
        const all = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies)
        if (all.length >= from) return all
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      throw new Error(
        `keystrokes not measured (${await page.evaluate(() => `${(window as unknown as { __latencies?: number[] }).__latencies?.length} on ${location.pathname}, focus on #${document.activeElement?.id}`)})`
      )
    }
    await page.locator(`#line-${row}-description`).focus()
    await page.keyboard.press('End')
    // Focusing the middle row scrolls the page to it (smoothly, over many frames): typing is
    // measured once the page stands still, as when a professional types in the row they clicked.
    await settled(page)
    // ASCII only: Playwright types other characters with insertText, which fires no keydown.
    const text = ' avec depose, evacuation des gravats et nettoyage du chantier en fin de journee, compris protections des sols'
    const designation = await measured(100, () => page.keyboard.type(text.slice(0, 100), { delay: 40 }))
    await page.locator(`#line-${row}-quantity`).focus()
    await page.keyboard.press('End')
    const quantityKeys = async () => {
      for (let i = 0; i < 10; i += 1) {
        await page.keyboard.type('25', { delay: 40 })
        await page.keyboard.press('Backspace', { delay: 40 })
        await page.keyboard.press('Backspace', { delay: 40 })
      }
    }
    const all = await measured(140, quantityKeys)
    return { designation: designation.slice(0, 100), quantity: all.slice(100, 140) }
  }
  console.log(
    `\nTyping in the editor (Chromium, 1280 px${THROTTLE > 1 ? `, CPU slowed ×${THROTTLE}` : ''}): keydown → next paint, 100 keys in a designation and 40 in a quantity (40 ms apart), the middle line`
  )
  console.log('quote                    keys  designation p50  p95   quantity p50  p95')
  const runs: Array<{ designation: number[]; quantity: number[] }> = []
  for (const lines of [4, 200]) {
    const { designation, quantity } = await typingLatency(small.page, lines)
    runs.push({ designation, quantity })
    if (process.env.BENCH_TYPING_RAW === '1')
      console.log(lines, designation.map((ms) => Math.round(ms)).join(' '), '|', quantity.map((ms) => Math.round(ms)).join(' '))
    console.log(
      `${(lines === 4 ? '4 lines (reference)' : `${lines} lines`).padEnd(22)} ${String(designation.length + quantity.length).padStart(6)}  ${fmt(percentile(designation, 50))}  ${fmt(percentile(designation, 95))}  ${fmt(percentile(quantity, 50))}  ${fmt(percentile(quantity, 95))}`
    )
  }
  // The goal (issue 26): a 200-line quote types within 1.5× of a 4-line one at p95.
  const [four, long] = runs as [(typeof runs)[number], (typeof runs)[number]]
  const ratio = (field: 'designation' | 'quantity', p: number) =>
    (percentile(long[field], p) / Math.max(percentile(four[field], p), 0.1)).toFixed(2).padStart(6)
  console.log(
    `${'ratio 200 / 4'.padEnd(22)} ${''.padStart(6)}  ${ratio('designation', 50)}  ${ratio('designation', 95)}  ${ratio('quantity', 50)}  ${ratio('quantity', 95)}   (goal: p95 ≤ 1.50)`
  )
} finally {
  for (const fn of teardowns.reverse()) await fn()
  // tap's root test runs the helpers' teardowns (the shared PGlite, the data folder) when it ends:
  // without this it would wait for the process to go idle, which the open database prevents.
  tap.end()
}
