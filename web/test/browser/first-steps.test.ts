// What a new professional meets first, in Chromium against the gateway (PGlite) and the GoTrue
// stand-in: the home page (« Créer un compte » in the header, the product on a phone, loaded
// lazily without a layout shift), /tarifs once signed in (« Votre formule »), the profile asked
// in steps (a first quote sent with the first step only, the insurance asked at the first
// building-trade quote, the bank details at the first invoice), times in Paris time, a negative
// quantity explained, the « Copie créée » notice said once, the two catalogues laid out alike.
// Axe-clean at 1 280 and 360 px, no console error.
import t from 'tap'
import type { Page } from 'playwright-core'
import { formatDateTime, parisIsoDate } from '@paraphe/shared/dates'
import { signOverHttp } from '../../../gateway/test/support/http-workspace.js'
import { completeContent, subscribe } from '../../../gateway/test/support/workspace-users.js'
import {
  axeBothWidths,
  BUSY_MACHINE_WAIT_MS,
  button,
  CLEAN,
  DESKTOP,
  emailFactory,
  gotoHydrated,
  normalizeSpace,
  openPage,
  PHONE,
  problemsOf,
  startAuthStack,
  waitForExpression
} from './harness.js'
import { accessToken, callApi, line, signIn, SIRET, VAT_NUMBER } from './workspace-steps.js'

// A seal on a worker (the signed quote invoiced below) on a busy 2-core machine.
t.setTimeout(480_000)
const SECRET = 'first-steps-tests-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
gateway.app.server.timeout = 0
const newEmail = emailFactory()
const text = async (page: Page, selector: string) => normalizeSpace(await page.locator(selector).first().innerText())

/** Sums the layout shifts not caused by input, from the page's first paint (installed before any script). */
const CLS_OBSERVER = `window.__cls = 0; new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value }).observe({ type: 'layout-shift', buffered: true })`

async function signedIn(tt: Parameters<typeof openPage>[1], name: string) {
  const email = newEmail(name)
  const userId = standIn.createUser({ email, password: PASSWORD })
  const opened = await openPage(browser, tt, DESKTOP)
  opened.page.setDefaultTimeout(BUSY_MACHINE_WAIT_MS)
  await signIn(opened.page, gateway.url, email, PASSWORD)
  return { ...opened, userId, token: await accessToken(opened.page) }
}

for (const [size, options] of [
  ['1 280 px', DESKTOP],
  ['360 px', PHONE]
] as const) {
  t.test(`the home page at ${size}: « Créer un compte » in the header, the product on a phone, no layout shift`, async (t) => {
    const { page, record } = await openPage(browser, t, options)
    await page.addInitScript(CLS_OBSERVER)
    await gotoHydrated(page, gateway.url('/'))
    const header = page.getByRole('banner')
    t.equal(
      await header.getByRole('link', { name: 'Créer un compte', exact: true }).getAttribute('href'),
      '/inscription',
      'sign-up one click away'
    )
    t.equal(await header.getByRole('link', { name: 'Connexion', exact: true }).getAttribute('href'), '/connexion', 'beside « Connexion »')
    if (options === PHONE) {
      // The first screen is the page's, not the header's: two rows (logo and « Créer un compte »,
      // then the links), every entry whole and inside the screen.
      const layout = await header.evaluate((banner) => ({
        height: banner.getBoundingClientRect().height,
        rows: new Set([...banner.querySelectorAll('a')].map((link) => Math.round(link.getBoundingClientRect().top / 20))).size,
        outside: [...banner.querySelectorAll('a')]
          .filter((link) => link.getBoundingClientRect().right > innerWidth || link.scrollWidth > link.clientWidth + 1)
          .map((link) => link.textContent)
      }))
      t.ok(layout.height <= 120, `the header is ${Math.round(layout.height)} px high (at most 120 of 740)`)
      t.equal(layout.rows, 2, 'two rows of entries')
      t.same(layout.outside, [], 'no entry cut or off the screen')
    }
    const picture = page.locator('img.home-shot__phone')
    t.same(
      await picture.evaluate((img: HTMLImageElement) => ({
        loading: img.loading,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        src: img.getAttribute('src')
      })),
      { loading: 'lazy', width: '360', height: '740', src: '/images/signature-telephone.webp' },
      'lazy, its size known before it loads'
    )
    t.match(
      await picture.getAttribute('alt'),
      /^La page de signature sur un téléphone : le devis n° DEV-2026-0001 de Dupont Rénovation/,
      'described in French'
    )
    const before = await picture.boundingBox()
    await picture.scrollIntoViewIfNeeded()
    await waitForExpression(
      page,
      `(() => { const img = document.querySelector('img.home-shot__phone'); return img.complete && img.naturalWidth === 720 })()`,
      BUSY_MACHINE_WAIT_MS
    )
    const after = await picture.boundingBox()
    t.equal(Math.round(after?.height ?? 0), Math.round(before?.height ?? -1), 'its box did not change when the image arrived')
    // Inside its frame (the border), the picture keeps the phone's proportions.
    const ratio = await picture.evaluate((img: HTMLImageElement) => img.clientHeight / img.clientWidth)
    t.ok(Math.abs(ratio - 740 / 360) < 0.02, `the phone’s proportions (${ratio.toFixed(3)})`)
    const cls = Number(await page.evaluate('window.__cls'))
    t.ok(cls < 0.01, `CLS ${cls.toFixed(4)} ≈ 0`)
    const response = await page.request.get(gateway.url('/images/signature-telephone.webp'))
    t.equal(response.headers()['content-type'], 'image/webp')
    t.ok((await response.body()).length < 80_000, 'under 80 kB')
    await axeBothWidths(t, page, 'the home page')
    t.same(problemsOf(record), [], CLEAN)
  })
}

t.test('/tarifs signed in: « Votre formule » for the plan one has, « Passer à … » for the others', async (t) => {
  const { page, record, userId } = await signedIn(t, 'tarifs')
  await gotoHydrated(page, gateway.url('/tarifs'))
  const card = (name: string) => page.locator('.plan-card').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) })
  await card('Découverte').locator('.plan-card__current').filter({ hasText: 'Votre formule' }).waitFor()
  t.equal(await page.getByRole('link', { name: 'Créer un compte gratuit' }).count(), 0, 'no account offered to who has one')
  t.equal(await page.getByRole('banner').getByRole('link', { name: 'Créer un compte', exact: true }).count(), 0, 'nor in the header')
  t.equal(await card('Pro').getByRole('button', { name: 'Passer à Pro', exact: true }).count(), 1, 'the paid plans as an upgrade')
  await axeBothWidths(t, page, '/tarifs on the free plan')

  await subscribe(gateway.app.db, userId, 'pro')
  await gotoHydrated(page, gateway.url('/tarifs'))
  await card('Pro').locator('.plan-card__current').waitFor()
  t.equal(await card('Pro').getByRole('link', { name: 'Gérer mon abonnement', exact: true }).getAttribute('href'), '/espace/abonnement')
  t.equal(
    await card('Entreprise').getByRole('link', { name: 'Passer à Entreprise', exact: true }).getAttribute('href'),
    '/espace/abonnement',
    'changed where the subscription is'
  )
  t.equal(await card('Découverte').locator('.plan-card__current').count(), 0)
  t.same(problemsOf(record), [], CLEAN)
})

t.test('the profile in steps: a first quote sent with the first step only, the rest asked when it is needed', async (t) => {
  const { page, record, token } = await signedIn(t, 'etapes')
  await gotoHydrated(page, gateway.url('/espace/profil'))
  await waitForExpression(page, `!document.querySelector('#profile-companyName').disabled`)
  const showAll = button(page, 'Compléter tout le profil maintenant')
  await showAll.waitFor()
  t.equal(
    await page.locator('#profile-insurer, #profile-iban, #profile-mediatorName, #profile-defaultPaymentTerms').count(),
    0,
    'insurance, bank, mediator and defaults wait'
  )
  t.match(
    await text(page, '.profile-form__later'),
    // The décennale is asked in this first step now (« Je réalise des travaux du bâtiment »).
    /Le reste vous sera demandé au moment où il servira : vos coordonnées bancaires à votre premier acompte ou à votre première facture/
  )
  await axeBothWidths(t, page, 'the profile’s first step')
  await page.locator('#profile-companyName').fill('Plomberie Durand')
  await page.locator('#profile-legalForm').fill('EI')
  await page.locator('#profile-address').fill('5 rue Nationale\n37000 Tours')
  await page.locator('#profile-siret').fill(SIRET)
  await page.locator('#profile-vatNumber').fill(VAT_NUMBER)
  await page.locator('#profile-email').fill('contact@plomberie-durand.fr')
  await button(page, 'Enregistrer le profil').click()
  await page.getByRole('status').filter({ hasText: 'Profil enregistré.' }).waitFor()
  t.equal(await page.locator('.notice--warning').filter({ hasText: 'il manque encore' }).count(), 0, 'nothing missing for a first quote')

  // A first quote (a deposit, no building work): sent with the first step alone.
  const today = parisIsoDate(new Date())
  const first = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', {
      content: { ...completeContent(today), buildingTrade: false }
    })
  ).quote
  const sent = await callApi<{ signingUrl: string }>(gateway.url, token, 'POST', `/api/quotes/${first.id}/send`)
  t.match(sent.signingUrl, /SignatureDevis\?token=/, 'sent')

  // Its history, in Paris time with its date, never « UTC+1 ».
  await gotoHydrated(page, gateway.url(`/espace/devis/${first.id}`))
  const { events } = await callApi<{ events: Array<{ occurredAt: string }> }>(gateway.url, token, 'GET', `/api/quotes/${first.id}/events`)
  const shown = await text(page, '.timeline__time')
  t.ok(
    events.some((event) => normalizeSpace(formatDateTime(event.occurredAt)) === shown),
    `the Paris time of an event: ${shown}`
  )
  t.match(shown, /^\d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2}$/, '« 26 novembre 2026 à 14:05 »')

  // A building-trade quote: the insurance asked now, with the way to give it.
  const building = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', { content: completeContent(today) })
  ).quote
  const refused = await fetch(gateway.url(`/api/quotes/${building.id}/send`), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` }
  })
  t.equal(refused.status, 422)
  t.match(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields, {
    'profile.insurance': /^Pour un devis de travaux du bâtiment, votre assurance professionnelle \(décennale\) doit figurer sur le devis/
  })
  await gotoHydrated(page, gateway.url('/espace/profil#assurance'))
  await waitForExpression(page, `document.activeElement?.id === 'profile-insurer'`, BUSY_MACHINE_WAIT_MS)
  t.pass('#assurance opens the whole profile on the insurer')

  // The bank details, asked at the first invoice of the signed quote.
  t.equal(
    (await signOverHttp(gateway.origin, new URL(sent.signingUrl).searchParams.get('token') as string)).status,
    200,
    'the client signs'
  )
  await gotoHydrated(page, gateway.url(`/espace/devis/${first.id}/facturation`))
  const ask = page.locator('.invoicing-page__bank')
  await ask.waitFor()
  t.match(
    normalizeSpace(await ask.innerText()),
    /^Ajoutez vos coordonnées bancaires \(IBAN et BIC\) à votre profil : elles figureront sur la facture et sa page de paiement, avec un QR code de virement\./
  )
  await axeBothWidths(t, page, 'the invoicing page asking for bank details')
  await ask.getByRole('link', { name: 'Ajouter mes coordonnées bancaires' }).click()
  await page.waitForURL(gateway.url('/espace/profil#banque'))
  await waitForExpression(page, `document.activeElement?.id === 'profile-iban'`, BUSY_MACHINE_WAIT_MS)
  t.same(problemsOf(record), [], CLEAN)
})

t.test('in the editor: a negative quantity explained; « Copie créée » said once', async (t) => {
  const { page, record, token } = await signedIn(t, 'editeur')
  const draft = (
    await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', { content: { title: 'Parquet du salon' } })
  ).quote
  await gotoHydrated(page, gateway.url(`/espace/devis/${draft.id}`))
  const quantity = line(page, 0).getByLabel('Quantité')
  await quantity.fill('-2')
  await quantity.press('Tab')
  await page.getByText('La quantité doit être positive.').first().waitFor()
  t.equal(await page.getByText(/doit être un nombre/).count(), 0, 'not « doit être un nombre »')
  await quantity.fill('2')

  await button(page, 'Dupliquer').click()
  await page.getByText('Copie créée').waitFor()
  const copyId = new URL(page.url()).pathname.split('/').at(-1) as string
  t.not(copyId, draft.id)
  await page.reload({ waitUntil: 'load' })
  await page.locator('#quote-title').waitFor()
  await waitForExpression(page, `document.querySelector('#quote-title').value === 'Parquet du salon'`)
  t.equal(await page.getByText('Copie créée').count(), 0, 'not said again after a reload')
  t.same(problemsOf(record), [], CLEAN)
})

t.test('Articles and Clients: the new-item form above the list on both, cards apart', async (t) => {
  const { page, record } = await signedIn(t, 'catalogues')
  for (const [path, form, list] of [
    ['/espace/articles', 'Nouvel article', 'Mes articles'],
    ['/espace/clients', 'Nouveau client', 'Mes clients']
  ] as const) {
    await gotoHydrated(page, gateway.url(path))
    await page.getByRole('heading', { level: 2, name: list }).waitFor()
    const formBox = await page.getByRole('heading', { level: 2, name: form }).boundingBox()
    const listBox = await page.getByRole('heading', { level: 2, name: list }).boundingBox()
    t.ok((formBox?.y ?? Infinity) < (listBox?.y ?? 0), `${path}: « ${form} » above « ${list} »`)
    const gaps = await page
      .locator('main .card')
      .evaluateAll((cards: Element[]) =>
        cards.slice(1).map((card, index) => card.getBoundingClientRect().top - (cards[index] as Element).getBoundingClientRect().bottom)
      )
    t.ok(gaps.length > 0 && gaps.every((gap) => gap >= 16), `${path}: cards apart (${gaps.map((gap) => Math.round(gap)).join(', ')} px)`)
  }
  await axeBothWidths(t, page, 'the clients page')
  t.same(problemsOf(record), [], CLEAN)
})
