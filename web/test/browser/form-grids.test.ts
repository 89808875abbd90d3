// The workspace's forms in Chromium at 1280 and 360 px: in a row of fields (a form grid, a
// line's amounts), the controls are all as high and their labels start on one line, whatever
// hint or two-line label one of them has (the quote editor's client and dates, the profile, a
// saved client, an article, a quote line's amounts). Axe-clean on each page.
import t from 'tap'
import type { Page } from 'playwright-core'
import { parisIsoDate } from '@paraphe/shared/dates'
import { axe, CLEAN, DESKTOP, emailFactory, openPage, problemsOf, startAuthStack } from './harness.js'
import { accessToken, callApi, signIn } from './workspace-steps.js'
import { draftContent, quoteLine } from '../../../gateway/test/support/quote-content.js'

const SECRET = 'form-grids-tests-jwt-secret-0123456789-abcdef'
const PASSWORD = 'une phrase de passe solide'
const { standIn, gateway, browser } = await startAuthStack(t, SECRET)
const newEmail = emailFactory()

interface Row {
  fields: string[]
  heights: number[]
  labelTops: number[]
}

/** The rows of fields on screen: the text controls of one parent whose fields start at the same height, two or more. */
const fieldRows = (page: Page): Promise<Row[]> =>
  page.evaluate(() => {
    const control = (field: Element) => field.querySelector('input:not([type="checkbox"]):not([type="radio"]), select, textarea')
    const fields = [...document.querySelectorAll('.field')].filter(
      (field) => field instanceof HTMLElement && field.offsetParent !== null && control(field) !== null
    )
    const rows = new Map<string, Element[]>()
    for (const field of fields) {
      const parent = field.parentElement
      if (parent === null) continue
      const key = `${[...document.querySelectorAll('*')].indexOf(parent)}@${Math.round(field.getBoundingClientRect().top + window.scrollY)}`
      rows.set(key, [...(rows.get(key) ?? []), field])
    }
    return [...rows.values()]
      .filter((row) => row.length > 1)
      .map((row) => ({
        fields: row.map((field) => control(field)?.id ?? ''),
        heights: row.map((field) => Math.round(control(field)?.getBoundingClientRect().height ?? 0)),
        labelTops: row.map((field) => Math.round(field.querySelector('label')?.getBoundingClientRect().top ?? 0))
      }))
  })

const uneven = (rows: Row[]) => rows.filter((row) => new Set(row.heights).size > 1 || new Set(row.labelTops).size > 1)

t.test('the fields of one row are as high as each other, their labels on one line, at 1280 and 360 px', async (t) => {
  const email = newEmail('grilles')
  standIn.createUser({ email, password: PASSWORD })
  const { page, record } = await openPage(browser, t, DESKTOP)
  await signIn(page, gateway.url, email, PASSWORD)
  const token = await accessToken(page)
  const content = draftContent({
    title: 'Cuisine',
    issueDate: parisIsoDate(new Date()),
    lines: [quoteLine({ description: 'Plan de travail en chêne', unit: 'm²', unitPriceCents: 18_000 })]
  })
  const { quote } = await callApi<{ quote: { id: string } }>(gateway.url, token, 'POST', '/api/quotes', { content })
  const pages: Array<[string, string, string]> = [
    [`/espace/devis/${quote.id}`, '#quote-client-email', 'the quote editor'],
    ['/espace/profil', '#profile-siret', 'the profile'],
    ['/espace/clients', '#client-new-name', 'the saved clients'],
    ['/espace/articles', '#item-new-unit', 'the articles']
  ]
  for (const [path, ready, what] of pages) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(gateway.url(path))
    await page.locator(ready).waitFor()
    // The profile's form is shown disabled until the profile has loaded; axe reads it once it is usable.
    if (path === '/espace/profil') {
      await page.waitForFunction(() => document.querySelector<HTMLButtonElement>('.profile-form button[type="submit"]')?.disabled === false)
    }
    const wide = await fieldRows(page)
    t.ok(wide.length > 0, `${what} has rows of fields at 1280 px`)
    t.same(uneven(wide), [], `${what} at 1280 px: each row’s controls as high, labels aligned`)
    t.same(await axe(page), [], `axe at 1280 px: ${what}`)
    await page.setViewportSize({ width: 360, height: 740 })
    t.same(uneven(await fieldRows(page)), [], `${what} at 360 px: each row’s controls as high, labels aligned`)
  }
  // The editor's client block has a hint beside a field without one, and a line's price sits
  // beside its VAT rate on a phone: both are rows that were uneven.
  await page.goto(gateway.url(`/espace/devis/${quote.id}`))
  await page.locator('#line-l1-price').waitFor()
  const phoneRows = await fieldRows(page)
  t.ok(
    phoneRows.some((row) => row.fields.includes('line-l1-price') && row.fields.includes('line-l1-vat')),
    'a line’s price and VAT rate side by side at 360 px'
  )
  await page.setViewportSize({ width: 1280, height: 800 })
  t.ok(
    (await fieldRows(page)).some((row) => row.fields.includes('quote-client-name') && row.fields.includes('quote-client-email')),
    'the client’s name beside its e-mail and its hint at 1280 px'
  )
  t.same(problemsOf(record), [], CLEAN)
})
