// /verification in Chromium: a PDF sealed through this gateway (a quote sent and signed through
// the API) is recognised with its number, signer and date, whether picked or dropped; a copy
// changed by one byte is not, with the explanation; a file that is not a PDF is refused before
// or by the gateway. The file picker works from the keyboard with a visible focus, the page
// prerenders and hydrates cleanly, fits a 360 px phone, and axe finds nothing in any state.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { Quote } from '@paraphe/shared/quote'
import { AUTH_ENV, COMPLETE_PROFILE, completeContent, newUser } from '../../../gateway/test/support/workspace-users.js'
import { signRequestBody } from '../../../gateway/test/support/http-workspace.js'
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
  type ConsoleEntry,
  type HttpProblem
} from './harness.js'

const gateway = await startGateway(AUTH_ENV)
t.teardown(() => gateway.close())
const browser = await sharedBrowser(t)

const CLEAN = 'no console error, hydration error, page error or failed request'

/** A quote sent and signed through the API; returns its number and the sealed PDF. */
async function signedPdf(): Promise<{ number: string; bytes: Buffer }> {
  const pro = await newUser(gateway.app)
  await pro.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = (await pro.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })).json<{ quote: Quote }>()
    .quote
  const sent = await pro.request('POST', `/api/quotes/${draft.id}/send`)
  const token = new URL(sent.json<{ signingUrl: string }>().signingUrl).searchParams.get('token') as string
  const view = (await gateway.app.inject({ url: `/api/sign/${token}` })).json<{ documentSha256: string; quote: Quote }>()
  const signed = await gateway.app.inject({ method: 'POST', url: `/api/sign/${token}/sign`, payload: signRequestBody(view.documentSha256) })
  if (signed.statusCode !== 200) throw new Error(`signing refused: ${signed.body}`)
  const pdf = await gateway.app.inject({ url: `/api/sign/${token}/pdf` })
  return { number: view.quote.number as string, bytes: pdf.rawPayload }
}

const document = await signedPdf()

const picker = (page: Page) => page.locator('#verification-file')
const answer = async (page: Page) => normalizeSpace(await page.locator('.verification-result').innerText())

/** Drags a file over the zone and drops it; says whether the zone lit up meanwhile. */
async function drop(page: Page, name: string, type: string, bytes: Buffer): Promise<boolean> {
  const dataTransfer = await page.evaluateHandle(
    `(() => { const bytes = Uint8Array.from(atob(${JSON.stringify(bytes.toString('base64'))}), (c) => c.charCodeAt(0)); const transfer = new DataTransfer(); transfer.items.add(new File([bytes], ${JSON.stringify(name)}, { type: ${JSON.stringify(type)} })); return transfer })()`
  )
  await page.locator('.verification-drop').dispatchEvent('dragenter', { dataTransfer })
  const active = (await page.locator('.verification-drop--active').count()) === 1
  await page.locator('.verification-drop').dispatchEvent('drop', { dataTransfer })
  return active
}

t.test('the signed PDF is recognised; a copy changed by one byte is not', async (t) => {
  const { page, record } = await openPage(browser, t, DESKTOP)
  t.equal(await gotoHydrated(page, gateway.url('/verification')), 200)
  t.equal(await headingText(page), 'Vérifier un devis signé')
  t.same(await axe(page), [], 'axe: before any file')

  await picker(page).setInputFiles({ name: 'Devis-signe.pdf', mimeType: 'application/pdf', buffer: document.bytes })
  await page.getByRole('heading', { name: 'Document reconnu' }).waitFor()
  const known = await answer(page)
  t.match(known, '« Devis-signe.pdf » est bien un devis signé avec Paraphe')
  t.match(known, `Devis n° ${document.number}`)
  t.match(known, 'Signé par Élise Martin')
  t.match(
    known,
    new RegExp(
      `Signé le ${normalizeSpace(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()))} à \\d{2}:\\d{2} \\(heure de Paris\\)`
    )
  )
  t.same(await axe(page), [], 'axe: recognised')

  const altered = Buffer.from(document.bytes)
  const middle = Math.floor(altered.length / 2)
  altered.writeUInt8(altered.readUInt8(middle) ^ 1, middle)
  t.ok(await drop(page, 'Devis-modifie.pdf', 'application/pdf', altered), 'the zone shows it is ready for the drop')
  await page.getByRole('heading', { name: 'Document non reconnu' }).waitFor()
  const unknown = await answer(page)
  t.match(unknown, '« Devis-modifie.pdf » n’est pas un devis signé avec Paraphe, ou il a été modifié depuis sa signature.')
  t.match(unknown, 'toute modification change le fichier, même un simple réenregistrement')
  t.notMatch(unknown, 'Élise Martin', 'nothing about the document it may have been')
  t.equal(await page.locator('.verification-drop--active').count(), 0)
  t.same(await axe(page), [], 'axe: not recognised')

  await picker(page).setInputFiles({ name: 'Devis-signe.pdf', mimeType: 'application/pdf', buffer: document.bytes })
  await page.getByRole('heading', { name: 'Document reconnu' }).waitFor()
  t.pass('the same file can be checked again')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('files that are not PDFs: refused before sending, or by the gateway', async (t) => {
  const { page, record } = await openPage(browser, t, PHONE)
  await gotoHydrated(page, gateway.url('/verification'))
  t.equal(
    await inPage(page, 'document.documentElement.scrollWidth <= document.documentElement.clientWidth'),
    true,
    'no sideways scrolling at 360 px'
  )
  let requests = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/verify')) requests++
  })
  await picker(page).setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a pdf') })
  const alert = page.getByRole('alert')
  await alert.waitFor()
  t.match(normalizeSpace(await alert.innerText()), /^« photo\.jpg » n’est pas un PDF\./)
  t.equal(requests, 0, 'not sent')
  t.same(await axe(page), [], 'axe: refused file')

  t.ok(await drop(page, 'faux.pdf', 'application/pdf', Buffer.from('<html>pas un PDF</html>')))
  await page.getByText(/^Ce fichier n’est pas un PDF\./).waitFor()
  t.equal(requests, 1, 'a file named .pdf goes to the gateway, which reads its first bytes')
  const allow415 = {
    allowHttp: (problem: HttpProblem) => problem.status === 415 && problem.url === gateway.url('/api/verify'),
    allowConsole: (entry: ConsoleEntry) => entry.url === gateway.url('/api/verify') && /\b415\b/.test(entry.text)
  }
  t.same(problemsOf(record, allow415), [], CLEAN)
})

t.test('the keyboard reaches the file picker, with a visible focus; the footer links here', async (t) => {
  const { page, record } = await openPage(browser, t, DESKTOP)
  await gotoHydrated(page, gateway.url('/'))
  await page.getByRole('contentinfo').getByRole('link', { name: 'Vérifier un devis signé' }).click()
  await page.getByRole('heading', { level: 1, name: 'Vérifier un devis signé' }).waitFor()
  t.equal(new URL(page.url()).pathname, '/verification', 'from the footer, client-side')
  let steps = 0
  while ((await inPage(page, 'document.activeElement && document.activeElement.id')) !== 'verification-file') {
    await page.keyboard.press('Tab')
    if (++steps > 30) throw new Error('Tab never reached the file picker')
  }
  const outline = await inPage(page, `getComputedStyle(document.querySelector('.verification-drop__button')).outlineStyle`)
  t.equal(outline, 'solid', 'its button shows the focus')
  t.same(problemsOf(record), [], CLEAN)
})
