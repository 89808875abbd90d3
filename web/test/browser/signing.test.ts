// The client's signing page in Chromium, end to end: a professional sends a quote through the API
// (same gateway and database), the client opens the link of the e-mail captured by the in-process
// SMTP server and signs — a signature drawn with the mouse on a desktop, with touch events on a
// 360 px phone that then turns (the drawing follows), typed with the keyboard alone — or declines
// with a reason; the e-mail code asked by the professional, wrong then right; expired, cancelled,
// revoked and unknown links. The signed PDF downloaded from the page is checked with pdfsig and
// by the verification page; the professional sees the status and the timeline. No console
// error, no hydration error, axe-clean in every state.
import t from 'tap'
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page, Request } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { pdfsig } from '../../../gateway/test/support/pdfsig.js'
import { startSmtpServer, type ReceivedMail } from '../../../gateway/test/support/smtp-server.js'
import {
  AUTH_ENV,
  COMPLETE_PROFILE,
  completeContent,
  newUser,
  subscribe,
  type TestUser
} from '../../../gateway/test/support/workspace-users.js'
import {
  axe,
  DESKTOP,
  PHONE,
  gotoHydrated,
  headingText,
  inPage,
  normalizeSpace,
  openPage,
  problemsOf,
  sharedBrowser,
  startGateway,
  waitForExpression,
  type ConsoleEntry,
  type HttpProblem,
  type ProblemFilter
} from './harness.js'
import { freePort } from '../../../gateway/test/support/free-port.js'

// Browser journeys, most with a signature sealed on a worker: minutes on a busy 2-core machine.
t.setTimeout(900_000)
const smtp = await startSmtpServer()
t.teardown(() => smtp.stop())
const port = await freePort()
const gateway = await startGateway(
  { ...AUTH_ENV, SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), PUBLIC_URL: `http://127.0.0.1:${port}` },
  port
)
t.teardown(() => gateway.close())
const browser = await sharedBrowser(t)

const CLEAN = 'no console error, hydration error, page error or failed request'
const today = parisIsoDate(new Date())
let counter = 0

interface SentQuote {
  pro: TestUser
  id: string
  number: string
  clientEmail: string
  /** The link of the e-mail the client received. */
  link: string
}

/** A professional with a complete profile sends a quote; the client's e-mail arrives. */
async function sendQuote(content: Partial<ReturnType<typeof completeContent>> = {}, plan?: 'pro'): Promise<SentQuote> {
  const pro = await newUser(gateway.app)
  if (plan !== undefined) await subscribe(gateway.app.db, pro.id, plan)
  const profile = await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  if (profile.statusCode !== 200) throw new Error(`profile refused: ${profile.body}`)
  const clientEmail = `client-${Date.now().toString(36)}-${counter++}@example.org`
  const base = completeContent(today)
  const draft = (
    await pro.request('POST', '/api/quotes', { content: { ...base, ...content, client: { ...base.client, email: clientEmail } } })
  ).json<{ quote: Quote }>().quote
  const sent = await pro.request('POST', `/api/quotes/${draft.id}/send`)
  if (sent.statusCode !== 200) throw new Error(`sending refused: ${sent.body}`)
  const number = sent.json<{ quote: Quote }>().quote.number as string
  const mail = await mailTo(clientEmail, (received) => received.subject.includes('à signer'))
  const link = /http:\/\/127\.0\.0\.1:\d+\/SignatureDevis\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0]
  if (link === undefined) throw new Error(`no signing link in ${mail.text}`)
  return { pro, id: draft.id, number, clientEmail, link }
}

async function mailTo(address: string, matches: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  const found = (messages: ReceivedMail[]) => messages.find((mail) => mail.envelope.to.includes(address) && matches(mail))
  return found(await smtp.waitFor((messages) => found(messages) !== undefined)) as ReceivedMail
}

async function events(sent: SentQuote): Promise<string[]> {
  const response = await sent.pro.request('GET', `/api/quotes/${sent.id}/events`)
  return response.json<{ events: Array<{ type: string }> }>().events.map((event) => event.type)
}

async function statusOf(sent: SentQuote): Promise<string> {
  return (await sent.pro.request('GET', `/api/quotes/${sent.id}`)).json<{ quote: Quote }>().quote.status
}

/** Refusals a test provokes on purpose (Chromium logs each as a console error). */
function allowApi(status: number, pattern: RegExp): ProblemFilter {
  const matches = (url: string) => url.startsWith(gateway.url('/api/')) && pattern.test(new URL(url).pathname)
  return {
    allowHttp: (problem: HttpProblem) => problem.status === status && matches(problem.url),
    allowConsole: (entry: ConsoleEntry) => matches(entry.url) && /Failed to load resource: .*\b\d{3}\b/.test(entry.text)
  }
}

function both(...filters: ProblemFilter[]): ProblemFilter {
  return {
    allowHttp: (problem) => filters.some((filter) => filter.allowHttp?.(problem) === true),
    allowConsole: (entry) => filters.some((filter) => filter.allowConsole?.(entry) === true)
  }
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true })
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })
const MENTION_LABEL = 'Recopiez la mention « Bon pour accord »'
const ACCEPT_LABEL = /^J’ai lu le devis n° DEV-\d{4}-\d{4} et j’en accepte le contenu, le prix et les conditions\.$/
const PRE_WORK_LABEL = 'Devis reçu avant l’exécution des travaux'

/** Opens the link and waits for the quote to be shown. */
async function openLink(page: Page, link: string): Promise<void> {
  const status = await gotoHydrated(page, link)
  if (status !== 200) throw new Error(`${link}: HTTP ${status}`)
  // The first open of a link renders the quote's PDF on a worker thread started for it (under the
  // TypeScript loader in tests, on a busy CI): readiness, not a short fixed wait.
  await page.getByRole('heading', { level: 1, name: /^Devis n° DEV-/ }).waitFor({ timeout: 90_000 })
}

/** A heading that may follow a signature: sealed on a worker thread first, seconds on a busy machine. */
async function waitForHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 90_000 })
}

async function waitForFocus(page: Page, id: string): Promise<void> {
  await waitForExpression(page, `document.activeElement !== null && document.activeElement.id === ${JSON.stringify(id)}`)
}

async function errorOf(page: Page, id: string): Promise<string> {
  return normalizeSpace(await page.locator(`#${id}-error`).innerText())
}

/** The pad's box (or another target's: the phone's frame) in the viewport, scrolled into view. */
async function padBox(page: Page, target = '#sign-pad'): Promise<{ x: number; y: number; width: number; height: number }> {
  const pad = page.locator(target)
  await pad.scrollIntoViewIfNeeded()
  const box = await pad.boundingBox()
  if (box === null) throw new Error('the signature pad is not visible')
  return box
}

/** A wave across the pad, as fractions of its size: enough ink for the gateway's checks. */
function wave(count = 28): Array<[number, number]> {
  return Array.from(
    { length: count },
    (_, index) => [0.1 + (0.8 * index) / (count - 1), 0.5 + 0.3 * Math.sin(index / 2.5)] as [number, number]
  )
}

// signature_pad keeps one point per 16 ms at most: the moves are spaced like a hand's.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function drawWithMouse(page: Page): Promise<void> {
  const box = await padBox(page)
  const points = wave()
  const [first] = points
  if (first === undefined) return
  await page.mouse.move(box.x + first[0] * box.width, box.y + first[1] * box.height)
  await page.mouse.down()
  for (const [x, y] of points.slice(1)) {
    await pause(20)
    await page.mouse.move(box.x + x * box.width, box.y + y * box.height)
  }
  await page.mouse.up()
}

/** Real touch events through the DevTools protocol (Chromium turns them into pointer events too). */
async function drawWithTouch(context: BrowserContext, page: Page, target = '#sign-pad'): Promise<void> {
  const box = await padBox(page, target)
  const cdp = await context.newCDPSession(page)
  const at = ([x, y]: [number, number]) => ({ x: box.x + x * box.width, y: box.y + y * box.height })
  const points = wave()
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(points[0] as [number, number])] })
  for (const point of points.slice(1)) {
    await pause(20)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(point)] })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** The inked part of the pad, in CSS pixels (from the canvas's own pixels), and the pad's size. */
async function ink(page: Page): Promise<{ left: number; right: number; top: number; bottom: number; width: number; height: number }> {
  const value = await inPage(
    page,
    `(() => {
      const canvas = document.getElementById('sign-pad')
      const { width, height } = canvas
      const data = canvas.getContext('2d').getImageData(0, 0, width, height).data
      let left = Infinity, right = -Infinity, top = Infinity, bottom = -Infinity
      for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
        if (data[(y * width + x) * 4 + 3] > 0) { left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y) }
      }
      const ratio = width / canvas.offsetWidth
      return { left: left / ratio, right: right / ratio, top: top / ratio, bottom: bottom / ratio, width: canvas.offsetWidth, height: canvas.offsetHeight }
    })()`
  )
  return value as { left: number; right: number; top: number; bottom: number; width: number; height: number }
}

/** The body of the sign request the page sends. */
function signBodies(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = []
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/sign')) bodies.push(request.postDataJSON() as Record<string, unknown>)
  })
  return bodies
}

async function fillBeforeSignature(page: Page, name: string): Promise<void> {
  await field(page, 'Vos nom et prénom').fill(name)
  await page.getByLabel(ACCEPT_LABEL).check()
  await field(page, MENTION_LABEL).fill('bon pour accord')
  await field(page, PRE_WORK_LABEL).check()
}

async function download(page: Page, name: string): Promise<{ bytes: Buffer; filename: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name, exact: true }).click()])
  const path = await file.path()
  return { bytes: await readFile(path), filename: file.suggestedFilename() }
}

/** The action bar's count, e.g. « 2 éléments sur 5 ». */
const barCount = async (page: Page) => normalizeSpace(await page.locator('.sign-action-bar__count').innerText())

/** The bar is within the window, at its bottom edge. */
const barInView = (page: Page) =>
  inPage(
    page,
    `(() => { const r = document.querySelector('.sign-action-bar').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && Math.abs(r.bottom - innerHeight) < 1 })()`
  )

/** The control is wholly in the window and above the fixed action bar. */
const clearOfBar = (id: string) =>
  `(() => { const r = document.getElementById(${JSON.stringify(id)}).getBoundingClientRect(); const bar = document.querySelector('.sign-action-bar').getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= bar.top })()`

/** The canvas holds ink (its own pixels, not its box). */
const inked = async (page: Page) => (await ink(page)).right > 0

const noSideScroll = (page: Page) => inPage(page, 'document.documentElement.scrollWidth <= document.documentElement.clientWidth')

t.test(
  'desktop: the client reads the quote, draws with the mouse, signs and downloads the sealed PDF, which the verification page recognises',
  async (t) => {
    const sent = await sendQuote()
    const { page, record } = await openPage(browser, t, DESKTOP)
    await openLink(page, sent.link)
    t.equal(await headingText(page), `Devis n° ${sent.number}`)
    const text = normalizeSpace(await page.locator('main').innerText())
    for (const expected of [
      'Dupont Rénovation vous a envoyé ce devis : « Rénovation de la salle de bains », 1 344,13 € TTC.',
      'SIRET 732 829 320 00074',
      'TVA intracommunautaire FR44732829320',
      'Dépose de l’ancienne baignoire',
      'TVA 10 % sur 687,50 € 68,75 €',
      'TVA 20 % sur 489,90 € 97,98 €',
      'Total TVA 166,73 €',
      'Total TTC 1 344,13 €',
      'Acompte de 30 % du TTC 403,24 €',
      '30 % à la signature, le solde à la fin des travaux.',
      'Assureur MAAF Assurances'
    ]) {
      t.ok(text.includes(expected), `the page shows « ${expected} »`)
    }
    const quotePdf = await download(page, 'Télécharger le devis (PDF)')
    t.equal(quotePdf.filename, `Devis-${sent.number}.pdf`)
    t.equal(quotePdf.bytes.subarray(0, 5).toString('latin1'), '%PDF-', 'the quote PDF downloads')
    t.same(await axe(page), [], 'axe: the quote to sign')
    t.equal(
      normalizeSpace(await page.getByRole('banner').innerText()),
      'Dupont Rénovation Signature électronique sécurisée',
      'the header in the professional’s name'
    )
    t.equal(await page.getByRole('navigation', { name: 'Navigation principale' }).count(), 0, 'no site menu')
    t.equal(await page.getByRole('link', { name: 'Connexion' }).count(), 0, 'no account button')

    await openLink(page, sent.link)
    t.equal(await page.getByText('Consulté', { exact: true }).count(), 0, 'no internal status for the client')
    t.same(await events(sent), ['sent', 'viewed'], 'one « consulté » per visitor session, even after a reload')

    // Accepting comes before the signature, in the reading order.
    const order = await inPage(
      page,
      `['sign-accepted', 'sign-mention', 'sign-pre-work', 'sign-pad'].map((id) => document.getElementById(id).compareDocumentPosition(document.getElementById('sign-method-drawn')) & Node.DOCUMENT_POSITION_FOLLOWING ? 'before' : 'after')`
    )
    t.same(order, ['before', 'before', 'before', 'after'], 'name, acceptance and mentions come before the signature')

    // The action bar: at the bottom of the window from the top of the page, and while scrolling.
    t.equal(await inPage(page, 'scrollY'), 0)
    t.equal(await barInView(page), true, 'the action bar shows at the top of the page')
    t.equal(await field(page, 'Vos nom et prénom').inputValue(), 'Élise Martin', 'the signer’s name comes from the quote’s client contact')
    t.equal(await barCount(page), '1 élément sur 5', 'with the progress: the name already counts')
    await inPage(page, 'window.scrollTo(0, document.documentElement.scrollHeight / 2)')
    t.equal(await barInView(page), true, 'and while scrolling')
    t.same(await axe(page), [], 'axe: the bar, form incomplete')
    await button(page, 'Continuer').click()
    await waitForFocus(page, 'sign-accepted')
    await waitForExpression(page, clearOfBar('sign-accepted'), 30_000)
    t.pass('« Continuer » focuses the first missing step, in view and above the bar')
    t.match(await errorOf(page, 'sign-accepted'), /^Cochez la case pour accepter le devis/)
    t.equal(await page.locator('.signing-form [id$="-error"]').count(), 1, 'one message, on that step alone: not every field red at once')
    t.same(await axe(page), [], 'axe: the form with its first missing step')

    // The name stays editable; emptied, it is the first missing step again.
    await field(page, 'Vos nom et prénom').fill('')
    t.equal(await barCount(page), '0 élément sur 5')
    await button(page, 'Continuer').click()
    await waitForFocus(page, 'sign-name')
    t.equal(await errorOf(page, 'sign-name'), 'Indiquez vos nom et prénom.')
    await field(page, 'Vos nom et prénom').fill('Élise Martin')
    t.equal(await page.locator('#sign-name-error').count(), 0, 'the name’s error went')
    t.equal(await barCount(page), '1 élément sur 5')
    await button(page, 'Continuer').click()
    await waitForFocus(page, 'sign-accepted')
    await waitForExpression(page, clearOfBar('sign-accepted'), 30_000)
    t.pass('then the next missing step')
    await page.getByLabel(ACCEPT_LABEL).check()
    t.equal(await page.locator('#sign-accepted-error').count(), 0, 'the acceptance’s error went')
    await field(page, MENTION_LABEL).fill('bon pour accord')
    t.equal(await page.locator('#sign-mention-error').count(), 0, 'the mention’s error went')
    await field(page, PRE_WORK_LABEL).check()
    t.equal(await page.locator('#sign-pre-work-error').count(), 0, 'the pre-work mention’s error went')
    t.equal(await barCount(page), '4 éléments sur 5')
    await drawWithMouse(page)
    t.equal(await page.locator('#sign-signature-error').count(), 0, 'the signature’s error went once drawn')
    t.equal(await barCount(page), '5 éléments sur 5')
    t.equal(await button(page, 'Continuer').count(), 0, 'complete: the bar signs')
    t.same(await axe(page), [], 'axe: the bar, form complete')
    await button(page, 'Effacer la signature').click()
    t.equal(await barCount(page), '4 éléments sur 5', 'the progress follows a cleared drawing')
    await drawWithMouse(page)
    t.equal(normalizeSpace(await page.locator('.signing-pad__status').innerText()), 'Signature dessinée.')
    const drawn = await ink(page)
    t.ok(drawn.right - drawn.left > drawn.width / 2, 'the stroke shows on the pad')
    await button(page, 'Effacer la signature').click()
    t.equal((await ink(page)).right, -Infinity, 'cleared')
    await drawWithMouse(page)
    const bodies = signBodies(page)
    await button(page, 'Signer le devis').click()
    await waitForHeading(page, 'Devis signé')
    await waitForExpression(page, `document.activeElement.tagName === 'H1'`)
    t.pass('the focus moves to the new heading')
    t.match(
      normalizeSpace(await page.getByRole('status').first().innerText()),
      /^Merci ! Votre signature est enregistrée\. Ce devis a été signé le \d{1,2} \S+ \d{4} à \d{2}:\d{2} par Élise Martin\.$/
    )
    const body = bodies[0] as {
      documentSha256: string
      signature: { method: string; padWidth: number; padHeight: number; strokes: unknown[] }
    }
    t.match(body.documentSha256, /^[0-9a-f]{64}$/, 'the page sends the SHA-256 of the version it showed')
    t.equal(body.signature.method, 'drawn')
    t.equal(body.signature.padWidth, Math.round(drawn.width), 'with the pad’s CSS size')
    t.equal(body.signature.strokes.length, 1)
    t.same(await axe(page), [], 'axe: signed')

    const signed = await download(page, 'Télécharger le devis signé (PDF)')
    t.equal(signed.filename, `Devis-${sent.number}-signe.pdf`)
    const report = await pdfsig(signed.bytes)
    t.equal(report.signatures.length, 1)
    t.match(report.signatures[0], { valid: true, totalDocumentSigned: true }, 'pdfsig: the seal is valid and covers the whole document')

    t.equal(await statusOf(sent), 'signed', 'the professional sees « signé »')
    t.same(await events(sent), ['sent', 'viewed', 'signed'], 'and the timeline')
    const copy = await mailTo(sent.clientEmail, (mail) => mail.attachments.length === 1)
    t.same(copy.attachments[0]?.content, signed.bytes, 'the client also receives the same signed PDF by e-mail')

    // The verification page: the signed PDF is recognised, a copy changed by one byte is not.
    await page.getByRole('link', { name: 'Vérifier un devis signé' }).first().click()
    await waitForHeading(page, 'Vérifier un devis signé')
    await page.locator('#verification-file').setInputFiles({ name: 'devis-signe.pdf', mimeType: 'application/pdf', buffer: signed.bytes })
    await page.getByRole('heading', { name: 'Document reconnu' }).waitFor()
    const answer = normalizeSpace(await page.locator('.verification-result').innerText())
    t.match(answer, `Devis n° ${sent.number}`)
    t.match(answer, 'Signé par Élise Martin')
    t.match(answer, /Signé le \d{1,2} \S+ \d{4} à \d{2}:\d{2} \(heure de Paris\)/)
    t.same(await axe(page), [], 'axe: a recognised PDF')

    const altered = Buffer.from(signed.bytes)
    const middle = Math.floor(altered.length / 3)
    altered.writeUInt8(altered.readUInt8(middle) ^ 1, middle)
    const dataTransfer = await page.evaluateHandle(
      `(() => { const bytes = Uint8Array.from(atob(${JSON.stringify(altered.toString('base64'))}), (c) => c.charCodeAt(0)); const transfer = new DataTransfer(); transfer.items.add(new File([bytes], 'devis-modifie.pdf', { type: 'application/pdf' })); return transfer })()`
    )
    await page.locator('.verification-drop').dispatchEvent('drop', { dataTransfer })
    await page.getByRole('heading', { name: 'Document non reconnu' }).waitFor()
    t.match(
      normalizeSpace(await page.locator('.verification-result').innerText()),
      /« devis-modifie\.pdf » n’est pas un devis signé avec .*, ou il a été modifié depuis sa signature\..*même un simple réenregistrement/
    )
    t.same(await axe(page), [], 'axe: a PDF not recognised')
    t.same(problemsOf(record), [], CLEAN)
  }
)

/** The full-screen sheet covers the whole window. */
const sheetFullScreen = (page: Page) =>
  inPage(
    page,
    `(() => { const r = document.querySelector('[role=dialog][aria-modal=true]').getBoundingClientRect(); return r.top === 0 && r.left === 0 && r.width === innerWidth && r.height === innerHeight })()`
  )

/** The pad's bitmap follows its box after a resize (the pad redrew its strokes). */
const padFitted = (page: Page) =>
  waitForExpression(
    page,
    `(() => { const c = document.getElementById('sign-pad'); return c.offsetWidth > 0 && c.width === Math.round(c.offsetWidth * devicePixelRatio) })()`,
    30_000
  )

t.test(
  'phone 360 px: the bar leads to the steps, the signature drawn with the finger in a full-screen sheet that follows the rotation, signed',
  async (t) => {
    const sent = await sendQuote()
    const { context, page, record } = await openPage(browser, t, PHONE)
    await openLink(page, sent.link)
    t.equal(await noSideScroll(page), true, 'no sideways scrolling at 360 px')
    t.equal(await barInView(page), true, 'the action bar shows at the top of the page')
    await inPage(page, 'window.scrollTo(0, document.documentElement.scrollHeight / 2)')
    t.equal(await barInView(page), true, 'and while scrolling')
    t.same(await axe(page), [], 'axe: the quote on a phone, with the bar')
    await button(page, 'Continuer').tap()
    await waitForFocus(page, 'sign-accepted')
    await waitForExpression(page, clearOfBar('sign-accepted'), 30_000)
    t.pass('the first missing field (the name came with the quote) is focused, in view and above the bar')

    // A tap on the frame opens the sheet, and leaves no dot.
    await page.locator('#sign-pad-open').tap()
    const sheet = page.getByRole('dialog', { name: 'Votre signature' })
    await sheet.waitFor()
    t.equal(await sheetFullScreen(page), true, 'the sheet covers the screen')
    await padFitted(page)
    const pad = await ink(page)
    t.ok(pad.width > 320 && pad.height > 400, `a large pad (${Math.round(pad.width)}×${Math.round(pad.height)})`)
    t.equal(await inked(page), false, 'the tap that opened it left no ink')
    t.same(await axe(page), [], 'axe: the sheet open')
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'hidden' })
    await waitForFocus(page, 'sign-pad-open')
    t.pass('Escape closes the sheet, the focus back on the signature area')

    // The finger put on the frame draws on: the sheet opens under it and the stroke goes on there.
    await drawWithTouch(context, page, '#sign-pad-open')
    await sheet.waitFor()
    await padFitted(page)
    const portrait = await ink(page)
    t.ok(
      portrait.right - portrait.left > 100,
      `the stroke begun on the frame is drawn in the sheet (${Math.round(portrait.right - portrait.left)} px wide)`
    )
    t.match(
      normalizeSpace(await sheet.innerText()),
      /Effacer Annuler Valider$/,
      'other steps are missing: « Valider » goes back to the form'
    )

    // Rotation in the middle of the signature: a second stroke after it.
    await page.setViewportSize({ width: 740, height: 360 })
    await waitForExpression(page, `document.getElementById('sign-pad').offsetWidth > ${portrait.width + 50}`, 30_000)
    await padFitted(page)
    t.equal(await sheetFullScreen(page), true, 'still full screen in landscape')
    const landscape = await ink(page)
    const scale = landscape.width / portrait.width
    t.ok(await inked(page), 'the drawing is still there after turning the phone')
    t.ok(
      Math.abs(landscape.left - portrait.left * scale) < 6 && Math.abs(landscape.right - portrait.right * scale) < 6,
      `scaled with the pad (×${scale.toFixed(2)})`
    )
    t.ok(Math.abs(landscape.top - portrait.top * (landscape.height / portrait.height)) < 6, 'in both directions')
    await drawWithTouch(context, page)
    t.equal(await noSideScroll(page), true, 'no sideways scrolling in landscape')
    t.same(await axe(page), [], 'axe: the sheet in landscape')

    await button(page, 'Valider').tap()
    await sheet.waitFor({ state: 'hidden' })
    t.equal(await page.locator('#sign-pad-open img').count(), 1, 'the drawing shows as a preview in the form')
    t.equal(normalizeSpace(await page.locator('.signing-pad__status').innerText()), 'Signature dessinée.')
    await fillBeforeSignature(page, 'Élise Martin')
    t.equal(await page.locator('#sign-pre-work-error').count(), 0, 'errors clear as the fields are fixed')
    t.equal(await barCount(page), '5 éléments sur 5')
    t.same(await axe(page), [], 'axe: the drawing validated, the bar complete')

    const bodies = signBodies(page)
    await button(page, 'Signer le devis').tap()
    await waitForHeading(page, 'Devis signé')
    const body = bodies[0] as { signature: { padWidth: number; strokes: Array<{ points: Array<{ x: number }> }> } }
    t.equal(body.signature.padWidth, Math.round(landscape.width), 'the strokes are sent in the sheet’s last size')
    t.equal(body.signature.strokes.length, 2, 'both strokes, before and after the rotation')
    t.ok(
      Math.max(...(body.signature.strokes[0]?.points ?? []).map((point) => point.x)) > portrait.right,
      'the first one’s coordinates scaled'
    )
    await page.setViewportSize({ width: 360, height: 740 })
    t.equal(await noSideScroll(page), true)
    t.same(await axe(page), [], 'axe: signed, on a phone')
    t.equal(await statusOf(sent), 'signed')
    t.same(problemsOf(record), [], CLEAN)
  }
)

const TYPED_LABEL = 'Utiliser mon nom comme signature (sans dessin)'

async function tabToSignButton(page: Page, label = 'Signer le devis'): Promise<void> {
  let steps = 0
  while ((await inPage(page, 'document.activeElement.textContent')) !== label) {
    await page.keyboard.press('Tab')
    if (++steps > 10) throw new Error(`Tab never reached « ${label} »`)
  }
}

t.test('typed signature with the keyboard only; a wrong mention is refused on its field by the page, as the gateway would', async (t) => {
  const sent = await sendQuote()
  const { page, record } = await openPage(browser, t, DESKTOP)
  await openLink(page, sent.link)
  let steps = 0
  while ((await inPage(page, 'document.activeElement && document.activeElement.id')) !== 'sign-name') {
    await page.keyboard.press('Tab')
    if (++steps > 60) throw new Error('Tab never reached the name field')
  }
  // Prefilled from the quote: typed again over it, as a signer correcting it would.
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Élise Martin')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  t.equal(await page.getByLabel(ACCEPT_LABEL).isChecked(), true, 'Space ticks the acceptance')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Lu et approuvé')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space')
  await page.keyboard.press('Tab')
  t.equal(await inPage(page, 'document.activeElement.id'), 'sign-method-drawn', 'then the choice of signature')
  await page.keyboard.press('ArrowRight')
  t.equal(await page.getByLabel(TYPED_LABEL).isChecked(), true, 'the arrow picks the typed signature')
  t.equal(
    normalizeSpace(await page.locator('.signing-typed__preview').innerText()),
    'Élise Martin',
    'the name typed once is the signature, shown as such'
  )
  // A wrong mention is a step still missing: the bar offers « Continuer », not « Signer le devis ».
  await tabToSignButton(page, 'Continuer')
  await page.keyboard.press('Enter')
  await waitForFocus(page, 'sign-mention')
  t.equal(
    await errorOf(page, 'sign-mention'),
    'Recopiez la mention « Bon pour accord ».',
    'the gateway’s message, on the field, before any request'
  )
  t.same(await axe(page), [], 'axe: refused mention')

  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('Bon pour accord')
  await tabToSignButton(page)
  await page.keyboard.press('Enter')
  await waitForHeading(page, 'Devis signé')
  t.equal(await statusOf(sent), 'signed')
  const signature = await gateway.app.db.query<{ method: string; typed_text: string }>(
    'select method, typed_text from paraphe.signatures where quote_id = $1',
    [sent.id]
  )
  t.same(signature.rows, [{ method: 'typed', typed_text: 'Élise Martin' }], 'a typed signature')
  // No 422 allowed: the page no longer sends a mention the gateway would refuse.
  t.same(problemsOf(record), [], CLEAN)
})

t.test('decline with a reason; the professional is told', async (t) => {
  const sent = await sendQuote({ buildingTrade: false })
  const { page, record } = await openPage(browser, t, PHONE)
  await openLink(page, sent.link)
  t.equal(await page.getByLabel(PRE_WORK_LABEL).count(), 0, 'no pre-work mention outside building trades')
  await button(page, 'Refuser le devis').click()
  await waitForFocus(page, 'decline-reason')
  const reason = 'Le budget est trop élevé pour cette année.'
  await page.keyboard.type(reason)
  t.equal(
    normalizeSpace(await page.locator('#decline-reason-count').innerText()),
    `${reason.length} / 500 caractères`,
    'the counter follows'
  )
  await field(page, 'Raison du refus (facultatif)').fill('x'.repeat(600))
  t.equal((await field(page, 'Raison du refus (facultatif)').inputValue()).length, 500, 'at most 500 characters')
  t.equal(normalizeSpace(await page.locator('#decline-reason-count').innerText()), '500 / 500 caractères')
  await field(page, 'Raison du refus (facultatif)').fill(reason)
  t.same(await axe(page), [], 'axe: declining')
  await button(page, 'Confirmer le refus').click()
  await waitForHeading(page, 'Devis refusé')
  t.match(
    normalizeSpace(await page.getByRole('status').innerText()),
    /^Votre refus a bien été transmis à Dupont Rénovation\. Ce devis a été refusé le \d{1,2} \S+ \d{4} à \d{2}:\d{2}\./
  )
  t.match(
    normalizeSpace(await page.locator('.signing-contact').innerText()),
    /E-mail : contact@dupont-renovation\.fr Téléphone : 04 72 00 00 00/,
    'whom to contact'
  )
  t.same(await axe(page), [], 'axe: declined')
  t.equal(await statusOf(sent), 'declined')
  t.same(await events(sent), ['sent', 'viewed', 'declined'])
  const notice = await mailTo(COMPLETE_PROFILE.email, (mail) => mail.subject === `Devis ${sent.number} refusé par Élise Martin`)
  t.match(notice.text, reason, 'the professional receives the reason')
  t.equal(await noSideScroll(page), true)
  t.same(problemsOf(record), [], CLEAN)
})

/** What the signer does, counted: each field filled, box ticked, drawing or button pressed is one action. */
function actionCounter() {
  let actions = 0
  return {
    act: async (step: () => Promise<unknown>) => {
      actions += 1
      await step()
    },
    count: () => actions
  }
}

t.test('phone 360 px with an e-mail code: from the link to signed with the finger, through the sheet, counted', async (t) => {
  const sent = await sendQuote({ requireEmailCode: true, buildingTrade: false }, 'pro')
  const { context, page, record } = await openPage(browser, t, PHONE)
  await openLink(page, sent.link)
  const { act, count } = actionCounter()
  await act(() => field(page, 'Vos nom et prénom').fill('Élise Martin'))
  await act(() => page.getByLabel(ACCEPT_LABEL).tap())
  await act(() => field(page, MENTION_LABEL).fill('Bon pour accord'))
  // The code is the step reached: sent by itself, its field focused.
  await page.getByText(/^Un code vient d’être envoyé à/).waitFor({ timeout: 30_000 })
  await waitForFocus(page, 'sign-code')
  const mail = await mailTo(sent.clientEmail, (received) => /votre code de signature/.test(received.subject))
  await act(() => page.keyboard.type(/^(\d{6})/.exec(mail.subject)?.[1] as string))
  // The finger put on the frame opens the full-screen sheet and draws there, in one gesture.
  await act(() => drawWithTouch(context, page, '#sign-pad-open'))
  const sheet = page.getByRole('dialog', { name: 'Votre signature' })
  await sheet.waitFor()
  await padFitted(page)
  // The frame sits low on the screen, the sheet's pad at the top: the stroke is carried there.
  const drawn = await ink(page)
  t.ok(
    drawn.right - drawn.left > drawn.width / 2 && drawn.bottom - drawn.top > 20,
    `the stroke begun on the frame shows in the sheet’s pad (${Math.round(drawn.right - drawn.left)}×${Math.round(drawn.bottom - drawn.top)} px)`
  )
  t.match(
    normalizeSpace(await sheet.innerText()),
    /vous signez électroniquement ce devis.*dossier de preuve\. Effacer Annuler Signer le devis$/,
    'the last step: the sheet signs, and says what is recorded'
  )
  t.same(await axe(page), [], 'axe: the sheet as the last step')
  await act(() => button(page, 'Signer le devis').tap())
  await waitForHeading(page, 'Devis signé')
  t.comment(`phone, actions from the link to signed, drawn with a code: ${count()}`)
  t.ok(
    count() <= 6,
    `${count()} actions on a phone (name, acceptance, mention, code, drawing begun on the frame, « Signer le devis » in the sheet)`
  )
  const evidence = await gateway.app.db.query<{ otp_verified: boolean; method: string }>(
    'select otp_verified, method from paraphe.signatures where quote_id = $1',
    [sent.id]
  )
  t.same(evidence.rows, [{ otp_verified: true, method: 'drawn' }], 'drawn, with the verified code')
  t.equal(await noSideScroll(page), true)
  t.same(problemsOf(record), [], CLEAN)
})

t.test('e-mail code: sent by itself once the other steps are done, a wrong code refused, the right one signs', async (t) => {
  const sent = await sendQuote({ requireEmailCode: true, buildingTrade: false }, 'pro')
  const { page, record } = await openPage(browser, t, DESKTOP)
  await openLink(page, sent.link)
  const code = field(page, 'Code à 6 chiffres reçu par e-mail')
  t.equal(await code.getAttribute('autocomplete'), 'one-time-code')
  t.equal(await code.getAttribute('inputmode'), 'numeric')

  const { act, count } = actionCounter()
  await act(() => field(page, 'Vos nom et prénom').fill('Élise Martin'))
  await act(() => page.getByLabel(ACCEPT_LABEL).check())
  t.equal(await page.getByText(/^Un code vient d’être envoyé à/).count(), 0, 'no code before the steps ahead of it are done')
  await act(() => field(page, MENTION_LABEL).fill('Bon pour accord'))
  await page.getByText(/^Un code vient d’être envoyé à/).waitFor()
  t.match(
    normalizeSpace(await page.getByText(/^Un code vient d’être envoyé à/).innerText()),
    /^Un code vient d’être envoyé à cl\*\*\*@example\.org\./
  )
  await waitForFocus(page, 'sign-code')
  const mail = await mailTo(sent.clientEmail, (received) => /votre code de signature/.test(received.subject))
  const right = /^(\d{6})/.exec(mail.subject)?.[1] as string
  t.match(mail.text, right, 'the code is in the e-mail')
  t.same(await axe(page), [], 'axe: code sent')

  await button(page, 'Recevoir un nouveau code').click()
  t.match(
    normalizeSpace(await page.getByRole('alert').innerText()),
    /^Un code vient d’être envoyé : attendez une minute/,
    'one code a minute'
  )

  // A detour (a wrong code, then corrected) is not counted; the drawing is.
  await code.fill(right === '000000' ? '111111' : '000000')
  await act(() => drawWithMouse(page))
  await button(page, 'Signer le devis').click()
  await waitForFocus(page, 'sign-code')
  t.match(await errorOf(page, 'sign-code'), /^Ce code est incorrect\./)
  t.same(await axe(page), [], 'axe: wrong code')
  await code.fill('')
  await act(() => page.keyboard.type(right))
  t.equal(await page.locator('#sign-code-error').count(), 0, 'the error went as the code was fixed')
  await act(() => button(page, 'Signer le devis').click())
  await waitForHeading(page, 'Devis signé')
  t.comment(`desktop, actions from the link to signed, drawn with a code: ${count()}`)
  t.ok(count() <= 6, `${count()} actions (name, acceptance, mention, code, drawing, « Signer »)`)
  const evidence = await gateway.app.db.query<{ otp_verified: boolean }>(
    'select otp_verified from paraphe.signatures where quote_id = $1',
    [sent.id]
  )
  t.equal(evidence.rows[0]?.otp_verified, true, 'the signature records the verified code')
  t.same(problemsOf(record, both(allowApi(422, /\/sign$/), allowApi(429, /\/otp$/))), [], CLEAN)
})

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

t.test('the server out of reach, then a document that changed before signing: said, and read again', async (t) => {
  const sent = await sendQuote({ buildingTrade: false })
  const { page, record, clear } = await openPage(browser, t, DESKTOP)
  await page.route('**/api/sign/*', (route) => route.abort('internetdisconnected'))
  t.equal(await gotoHydrated(page, sent.link), 200)
  const alert = page.getByRole('alert')
  await alert.waitFor()
  t.equal(normalizeSpace(await alert.innerText()), 'Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.')
  t.same(await axe(page), [], 'axe: out of reach')
  clear() // the refused request was expected
  await page.unroute('**/api/sign/*')
  await button(page, 'Réessayer').click()
  await page.getByRole('heading', { level: 1, name: `Devis n° ${sent.number}` }).waitFor()
  // textContent, as the wait below reads it: the fingerprint sits in a closed « Détails
  // techniques » disclosure, whose innerText is empty.
  const shown = await page.locator('.signing-hash').textContent()

  await field(page, 'Vos nom et prénom').fill('Élise Martin-Durand')
  await page.getByLabel(ACCEPT_LABEL).check()
  await field(page, MENTION_LABEL).fill('Bon pour accord')
  await page.getByLabel(TYPED_LABEL).check()
  // The document the gateway renders now differs from the one shown (here: a logo added).
  await gateway.app.db.query(`update paraphe.quotes set logo = $2, logo_type = 'image/png', version = version + 1 where id = $1`, [
    sent.id,
    PNG
  ])
  await button(page, 'Signer le devis').click()
  await page.getByText(/^Le devis a changé depuis que vous l’avez ouvert/).waitFor()
  t.same(await axe(page), [], 'axe: changed document')
  await button(page, 'Recharger le devis').click()
  await waitForExpression(
    page,
    `document.querySelector('.signing-hash') !== null && document.querySelector('.signing-hash').textContent !== ${JSON.stringify(shown)}`
  )
  t.pass('the new version’s fingerprint is shown')
  t.equal(
    await field(page, 'Vos nom et prénom').inputValue(),
    'Élise Martin',
    'the form starts again for the new version: the name from the quote, as on opening'
  )
  t.equal(await page.getByLabel(ACCEPT_LABEL).isChecked(), false, 'the acceptance to give again')
  t.equal(await statusOf(sent), 'viewed', 'nothing signed')
  t.same(problemsOf(record, allowApi(409, /\/sign$/)), [], CLEAN)
})

t.test('expired, cancelled, revoked and unknown links each say so, with the date and whom to contact', async (t) => {
  const { page, record } = await openPage(browser, t, PHONE)

  const expired = await sendQuote()
  await gateway.app.db.query(`update paraphe.signing_links set expires_at = now() - interval '1 minute' where quote_id = $1`, [expired.id])
  t.equal(await gotoHydrated(page, expired.link), 200)
  await waitForHeading(page, 'Devis expiré')
  t.match(
    normalizeSpace(await page.getByRole('status').innerText()),
    /son lien de signature a expiré le \d{1,2} \S+ \d{4} à \d{2}:\d{2}\. .*contactez Dupont Rénovation\.$/
  )
  t.match(
    normalizeSpace(await page.locator('.signing-summary').innerText()),
    new RegExp(`n° ${expired.number} — Rénovation de la salle de bains`)
  )
  t.match(normalizeSpace(await page.locator('.signing-contact').innerText()), /contact@dupont-renovation\.fr/)
  t.equal(await page.getByRole('button', { name: 'Signer le devis' }).count(), 0, 'nothing to sign')
  t.equal(await noSideScroll(page), true, 'no sideways scrolling at 360 px')
  t.same(await axe(page), [], 'axe: expired')

  const cancelled = await sendQuote()
  t.equal(
    (await cancelled.pro.request('POST', `/api/quotes/${cancelled.id}/revise`)).statusCode,
    201,
    'the professional makes a new version'
  )
  await gotoHydrated(page, cancelled.link)
  await waitForHeading(page, 'Devis annulé')
  t.match(
    normalizeSpace(await page.getByRole('status').innerText()),
    /Dupont Rénovation a remplacé ce devis par une nouvelle version.*lien du dernier e-mail reçu/
  )
  t.same(await axe(page), [], 'axe: cancelled')

  const revoked = await sendQuote()
  await gateway.app.db.query('update paraphe.signing_links set revoked_at = now() where quote_id = $1', [revoked.id])
  await gotoHydrated(page, revoked.link)
  await waitForHeading(page, 'Lien désactivé')
  t.match(normalizeSpace(await page.getByRole('status').innerText()), /Dupont Rénovation a désactivé ce lien de signature/)
  t.same(await axe(page), [], 'axe: revoked')

  await gotoHydrated(page, `${revoked.link.slice(0, -1)}${revoked.link.endsWith('A') ? 'B' : 'A'}`)
  await waitForHeading(page, 'Lien de signature introuvable')
  t.match(normalizeSpace(await page.getByRole('status').innerText()), /^Ce lien de signature n’existe pas\./)
  t.same(await axe(page), [], 'axe: unknown link')
  await page.getByRole('link', { name: 'Comment se passe la signature d’un devis' }).click()
  await waitForHeading(page, 'Signer un devis')
  t.equal(await noSideScroll(page), true)
  t.same(problemsOf(record, allowApi(404, /^\/api\/sign\/[^/]+$/)), [], CLEAN)
})

t.test('without a token: the guide, hydrated as prerendered', async (t) => {
  const { page, record } = await openPage(browser, t, DESKTOP)
  t.equal(await gotoHydrated(page, gateway.url('/SignatureDevis')), 200)
  t.equal(await headingText(page), 'Signer un devis')
  t.match(normalizeSpace(await page.locator('main').innerText()), /Comment se passe la signature/)
  t.same(problemsOf(record), [], CLEAN)
})
