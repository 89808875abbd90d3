// A quote of 12 lines from saved items and a saved client, written with the keyboard only at
// 1280 px (Tab to « Nouveau devis », the client's name typed and its offer picked with Tab and
// Enter, each line's item picked the same way, Enter adding the next line), then the same on a
// 360×740 touch phone (taps and the on-screen keyboard's typing). The stored quote holds the
// items' designations, prices and rates, the client and its link; the totals shown are the shared
// computation's; opening « Nouveau devis » and leaving stores nothing. Axe-clean at the key states.
import t, { type Test } from 'tap'
import type { Page } from 'playwright-core'
import { computeTotals } from '@paraphe/shared/quote-totals'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { axe, axeBothWidths, CLEAN, DESKTOP, emailFactory, normalizeSpace, openPage, PHONE, problemsOf, startAuthStack } from './harness.js'
import { accessToken, callApi, line, saveStatus, signIn } from './workspace-steps.js'

const SECRET = 'keyboard-quote-tests-jwt-secret-0123456789-ab'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

interface Item {
  designation: string
  unit: string
  unitPriceCents: number
  vatRateBp: 550 | 1000 | 2000
}

/** Twelve saved items, each found by the first word typed (its prefix is no other's). */
const ITEMS: Item[] = [
  { designation: 'Dépose de la baignoire existante', unit: 'forfait', unitPriceCents: 18_000, vatRateBp: 1000 },
  { designation: 'Receveur de douche extra-plat', unit: 'u', unitPriceCents: 48_990, vatRateBp: 1000 },
  { designation: 'Paroi de douche en verre', unit: 'u', unitPriceCents: 32_050, vatRateBp: 1000 },
  { designation: 'Mitigeur thermostatique', unit: 'u', unitPriceCents: 21_500, vatRateBp: 1000 },
  { designation: 'Faïence murale posée', unit: 'm²', unitPriceCents: 6_500, vatRateBp: 1000 },
  { designation: 'Isolation des murs par l’intérieur', unit: 'm²', unitPriceCents: 5_890, vatRateBp: 550 },
  { designation: 'Ventilation mécanique simple flux', unit: 'u', unitPriceCents: 39_900, vatRateBp: 550 },
  { designation: 'Cloison en plaques de plâtre', unit: 'm²', unitPriceCents: 4_275, vatRateBp: 1000 },
  { designation: 'Électricité : mise aux normes', unit: 'forfait', unitPriceCents: 95_000, vatRateBp: 1000 },
  { designation: 'Main-d’œuvre plombier', unit: 'h', unitPriceCents: 5_500, vatRateBp: 1000 },
  { designation: 'Nettoyage de fin de chantier', unit: 'forfait', unitPriceCents: 15_000, vatRateBp: 2000 },
  { designation: 'Gravats : évacuation en déchetterie', unit: 'forfait', unitPriceCents: 12_000, vatRateBp: 2000 }
]
/** What is typed of each item's designation (its first word) and the quantity typed after the pick. */
const typed = (item: Item) => item.designation.split(/[\s’:]/)[0] as string
const QUANTITIES = ['1', '1', '1', '2', '12,5', '18', '1', '9,75', '1', '7,5', '1', '1']
const CLIENT = {
  kind: 'business',
  name: 'Marc Petit',
  company: 'Syndic Bellevue',
  email: 'contact@bellevue.example',
  phone: '04 72 00 00 00',
  address: '10 quai Perrache\n69002 Lyon',
  siret: '',
  siteAddress: 'Résidence Bellevue\n69003 Lyon',
  notes: ''
}

interface StoredLine {
  description: string
  quantityMilli: number
  unit: string
  unitPriceCents: number
  vatRateBp: 0 | 210 | 550 | 1000 | 2000
  discountBp: number
}
interface StoredQuote {
  id: string
  title: string
  depositBp: number
  franchiseEnBase: boolean
  savedClientId?: string
  siteAddress: string
  client: { kind: string; name: string; company: string; email: string; phone: string; address: string }
  lines: StoredLine[]
  totals: { totalTtcCents: number }
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '')
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '')

/** Presses Tab (or Shift+Tab) until `done` says the focus is there; at most `max` presses. */
async function tabUntil(page: Page, done: () => Promise<boolean>, { max = 60, back = false } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (await done()) return presses
  }
  throw new Error(`the focus did not get there in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'} (on #${await focusedId(page)})`)
}
const tabTo = (page: Page, id: string, options?: { max?: number; back?: boolean }) =>
  tabUntil(page, async () => (await focusedId(page)) === id, options)

async function seed(page: Page): Promise<string> {
  const token = await accessToken(page)
  for (const item of ITEMS) await callApi(gateway.url, token, 'POST', '/api/items', { ...item, category: '' })
  await callApi(gateway.url, token, 'POST', '/api/clients', CLIENT)
  return token
}

async function quoteCount(token: string): Promise<number> {
  return (await callApi<{ quotes: unknown[] }>(gateway.url, token, 'GET', '/api/quotes')).quotes.length
}

/** The quote once autosave has stored 12 lines and the client's link (asked again until then, 20 s at most). */
async function storedQuote(token: string, id: string): Promise<StoredQuote> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const quote = (await callApi<{ quote: StoredQuote }>(gateway.url, token, 'GET', `/api/quotes/${id}`)).quote
    const done =
      quote.savedClientId !== undefined &&
      quote.lines.length === 12 &&
      quote.lines.every((stored, index) => stored.quantityMilli === quantityMilli(QUANTITIES[index] as string))
    if (done || Date.now() > deadline) return quote
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
const quantityMilli = (text: string) => Math.round(Number(text.replace(',', '.')) * 1000)

/** The stored quote against what was picked and typed, and the totals shown against the shared computation. */
async function checkStored(t: Test, page: Page, token: string, id: string, title: string): Promise<void> {
  await saveStatus(page)
    .filter({ hasText: /^Enregistré$/ })
    .waitFor()
  const quote = await storedQuote(token, id)
  t.equal(quote.title, title, 'the title typed')
  t.match(
    quote.client,
    { kind: 'business', name: CLIENT.name, company: CLIENT.company, email: CLIENT.email, phone: CLIENT.phone, address: CLIENT.address },
    'the saved client’s fields'
  )
  t.equal(quote.siteAddress, CLIENT.siteAddress, 'and its work site')
  const clients = await callApi<{ clients: Array<{ id: string }> }>(gateway.url, token, 'GET', '/api/clients')
  t.equal(quote.savedClientId, clients.clients[0]?.id, 'the quote is linked to the saved client')
  t.same(
    quote.lines.map(({ description, unit, unitPriceCents, vatRateBp, quantityMilli: quantity, discountBp }) => ({
      description,
      unit,
      unitPriceCents,
      vatRateBp,
      quantityMilli: quantity,
      discountBp
    })),
    ITEMS.map((item, index) => ({
      description: item.designation,
      unit: item.unit,
      unitPriceCents: item.unitPriceCents,
      vatRateBp: item.vatRateBp,
      quantityMilli: quantityMilli(QUANTITIES[index] as string),
      discountBp: 0
    })),
    '12 lines: each item’s designation, unit, price and rate, the quantity typed'
  )
  const totals = computeTotals(quote.lines, { franchiseEnBase: quote.franchiseEnBase, depositBp: quote.depositBp })
  t.equal(quote.totals.totalTtcCents, totals.totalTtcCents, 'the gateway’s totals are the shared computation’s')
  const expected = [
    `Total HT ${formatEuros(totals.totalHtCents)}`,
    ...totals.vat.map((vat) => `TVA ${formatVatRate(vat.rateBp)} sur ${formatEuros(vat.baseHtCents)} HT ${formatEuros(vat.vatCents)}`),
    `Total TTC ${formatEuros(totals.totalTtcCents)}`,
    ...(totals.depositCents > 0 ? [`Acompte à la signature`] : [])
  ].map(normalizeSpace)
  const shown = normalizeSpace(await page.locator('#quote-side .totals__list').innerText())
  t.ok(totals.vat.length === 3, 'three VAT rates in play (5,5 %, 10 %, 20 %)')
  t.ok(
    expected.every((part) => shown.includes(part)),
    `the totals shown are the shared computation’s: ${shown}`
  )
  t.ok(shown.startsWith(expected[0] as string), 'Total HT first')
}

/** « Nouveau devis » opened and left without typing anything stores no draft. */
async function leaveEmptyDraft(t: Test, page: Page, token: string, open: () => Promise<void>, leave: () => Promise<void>): Promise<void> {
  const before = await quoteCount(token)
  await open()
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  await leave()
  await page.getByRole('heading', { level: 1, name: 'Mon espace' }).waitFor()
  await page
    .locator('.quote-list, .dashboard')
    .first()
    .waitFor({ state: 'attached' })
    .catch(() => undefined)
  t.equal(await quoteCount(token), before, 'opening « Nouveau devis » and leaving without typing leaves no draft behind')
}

t.test('at 1280 px, with the keyboard only: a client and 12 lines from saved items', async (t) => {
  const email = newEmail('clavier')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await seed(page)
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Mon espace' }).waitFor()

  // « Nouveau devis » reached with Tab, opened with Enter, left with Shift+Tab to « Devis »: nothing stored.
  const onNewQuote = async () => normalizeSpace(await focusedText(page)) === 'Nouveau devis'
  await leaveEmptyDraft(
    t,
    page,
    token,
    async () => {
      await tabUntil(page, onNewQuote)
      await page.keyboard.press('Enter')
    },
    async () => {
      await tabUntil(page, async () => normalizeSpace(await focusedText(page)) === 'Devis', { back: true })
      await page.keyboard.press('Enter')
    }
  )

  await tabUntil(page, onNewQuote)
  await page.keyboard.press('Enter')
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()

  // The client: its name typed in « Choisir un client enregistré », its offer reached with Tab.
  await tabTo(page, 'quote-client-search')
  await page.keyboard.type('bell')
  const clientOffers = page.getByRole('list', { name: 'Clients enregistrés' })
  await clientOffers.getByRole('button').first().waitFor()
  await axeBothWidths(t, page, 'a saved client offered')
  await page.keyboard.press('Tab')
  t.match(normalizeSpace(await focusedText(page)), /^Syndic Bellevue/, 'Tab reaches the offered client')
  await page.keyboard.press('Enter')
  await page.getByText('Coordonnées de « Syndic Bellevue » reprises.').waitFor()
  t.equal(await page.locator('#quote-client-company').inputValue(), 'Syndic Bellevue', 'Enter picks it')
  t.equal(await focusedId(page), 'quote-client-search', 'the focus stays in the search, not lost with the offers')
  await page.waitForURL(/\/espace\/devis\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').at(-1) as string

  await tabTo(page, 'quote-title')
  await page.keyboard.type('Salle de bains complète')

  // Twelve lines: the designation's first word, Tab to the item offered, Enter; the quantity; Enter for the next line.
  const firstLine = await line(page, 0).getAttribute('data-line-id')
  await tabTo(page, `line-${firstLine ?? ''}-description`)
  for (const [index, item] of ITEMS.entries()) {
    const offers = page.getByRole('list', { name: `Articles enregistrés pour la ligne ${index + 1}` })
    await page.keyboard.type(typed(item))
    await offers.getByRole('button').first().waitFor()
    if (index === 0) await axeBothWidths(t, page, 'saved items offered under a line')
    await page.keyboard.press('Tab')
    t.match(
      normalizeSpace(await focusedText(page)),
      new RegExp(`^${item.designation}`),
      `line ${index + 1}: Tab reaches « ${item.designation} »`
    )
    await page.keyboard.press('Enter')
    const rowId = await line(page, index).getAttribute('data-line-id')
    t.equal(await focusedId(page), `line-${rowId ?? ''}-quantity`, `line ${index + 1}: the pick moves to the quantity`)
    await page.keyboard.press('Control+A')
    await page.keyboard.type(QUANTITIES[index] as string)
    if (index < ITEMS.length - 1) {
      await page.keyboard.press('Enter')
      await line(page, index + 1).waitFor()
    }
  }
  t.equal(await page.locator('.lines-editor__list > li').count(), 12, '12 lines')
  await checkStored(t, page, token, id, 'Salle de bains complète')
  await axeBothWidths(t, page, 'the quote of 12 lines')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('on a 360×740 touch phone: taps and the on-screen keyboard', async (t) => {
  const email = newEmail('telephone')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, PHONE)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await seed(page)
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Mon espace' }).waitFor()
  const nav = page.getByRole('navigation', { name: 'Espace professionnel' })

  await leaveEmptyDraft(
    t,
    page,
    token,
    () => page.getByRole('link', { name: 'Nouveau devis' }).first().tap(),
    () => nav.getByRole('link', { name: 'Devis', exact: true }).tap()
  )

  await page.getByRole('link', { name: 'Nouveau devis' }).first().tap()
  await page.getByRole('heading', { level: 1, name: 'Brouillon de devis' }).waitFor()
  await page.locator('#quote-client-search').tap()
  await page.keyboard.type('bell')
  const clientOffers = page.getByRole('list', { name: 'Clients enregistrés' })
  await clientOffers.getByRole('button').first().waitFor()
  t.same(await axe(page), [], 'axe at 360 px: a saved client offered')
  await clientOffers.getByRole('button', { name: /Syndic Bellevue/ }).tap()
  await page.getByText('Coordonnées de « Syndic Bellevue » reprises.').waitFor()
  t.equal(await page.locator('#quote-client-name').inputValue(), 'Marc Petit', 'the tap picks the client')
  await page.waitForURL(/\/espace\/devis\/[0-9a-f-]{36}$/)
  const id = new URL(page.url()).pathname.split('/').at(-1) as string
  await page.locator('#quote-title').tap()
  await page.keyboard.type('Salle de bains complète')

  for (const [index, item] of ITEMS.entries()) {
    const card = line(page, index)
    const offers = page.getByRole('list', { name: `Articles enregistrés pour la ligne ${index + 1}` })
    await card.getByLabel('Désignation').tap()
    await page.keyboard.type(typed(item))
    await offers.getByRole('button').first().waitFor()
    if (index === 0) t.same(await axe(page), [], 'axe at 360 px: saved items offered under a line')
    await offers.getByRole('button', { name: new RegExp(`^${item.designation}`) }).tap()
    t.equal(
      await card.getByLabel('Prix unitaire HT').inputValue(),
      formatEuros(item.unitPriceCents)
        .replace(/[\s\u00a0\u202f]*€$/, '')
        .replace(/[\s\u00a0\u202f]/g, ''),
      `line ${index + 1}: the tap fills the price`
    )
    // The quantity field holds « 1 »: the caret after it, erased and typed as on a phone.
    await card.getByLabel('Quantité').tap()
    await page.keyboard.press('End')
    await page.keyboard.press('Backspace')
    await page.keyboard.type(QUANTITIES[index] as string)
    if (index < ITEMS.length - 1) {
      await page.getByRole('button', { name: 'Ajouter une ligne' }).tap()
      await line(page, index + 1).waitFor()
    }
  }
  await checkStored(t, page, token, id, 'Salle de bains complète')
  t.equal(
    normalizeSpace(await page.locator('.quote-phone-bar__total').innerText()),
    `Total TTC ${normalizeSpace(formatEuros(computeTotals((await storedQuote(token, id)).lines, { franchiseEnBase: false, depositBp: 0 }).totalTtcCents))}`,
    'the phone’s bar shows the same TTC'
  )
  t.same(await axe(page), [], 'axe at 360 px: the quote of 12 lines')
  t.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no horizontal scroll at 360 px')
  t.same(problemsOf(record), [], CLEAN)
})
