// Section headings among a quote's lines (« Lot 1 — Plomberie »), through /api/quotes and
// /api/v1: stored with the lines, their subtotals printed in the PDF, totals unchanged, French
// refusals for a malformed heading, and the checks at sending (a title, at least one line under it).
import { parisIsoDate } from '@paraphe/shared/dates'
import { formatEuros } from '@paraphe/shared/money'
import type { Quote } from '@paraphe/shared/quote'
import { normaliseSpaces, pdfText } from '../support/pdf-text.js'
import { forEachEngine } from '../support/databases.js'
import { entrepriseWithKey } from '../support/api-clients.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../support/workspace-users.js'

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}
const quoteOf = (response: { json: <T>() => T }) => response.json<{ quote: Quote }>().quote
const today = parisIsoDate(new Date())

/** The three lines of completeContent, in two lots: 350 + 337,50 € HT in the first, 489,90 € in the second. */
function withSections() {
  const content = completeContent(today)
  const [l1, l2, l3] = content.lines
  return {
    ...content,
    lines: [
      { id: 's1', kind: 'section', title: 'Lot 1 — Plomberie' },
      l1,
      l2,
      { id: 's2', kind: 'section', title: 'Lot 2 — Sanitaires' },
      l3
    ]
  }
}

forEachEngine('sections through /api/quotes', async (t, db) => {
  const app = await buildWorkspaceApp(db)
  t.teardown(() => app.close())

  await t.test('stored with the lines; the totals are those of the lines alone; printed with their subtotals', async (t) => {
    const user = await newUser(app)
    await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
    const plain = quoteOf(await user.request('POST', '/api/quotes', { content: completeContent(today) }))
    const draft = quoteOf(await user.request('POST', '/api/quotes'))
    const saved = await user.request('PUT', `/api/quotes/${draft.id}`, { version: 1, content: withSections() })
    t.equal(saved.statusCode, 200)
    const quote = quoteOf(saved)
    t.same(quote.lines, withSections().lines, 'the headings stay where they were put')
    t.same(quote.totals.lineHtCents, [0, 35_000, 33_750, 0, 48_990], 'a heading has no amount of its own')
    t.same(
      { ...quote.totals, lineHtCents: [] },
      { ...plain.totals, lineHtCents: [] },
      'HT, VAT per rate, TTC and deposit as without sections'
    )
    t.same(quoteOf(await user.request('GET', `/api/quotes/${draft.id}`)).lines, quote.lines, 'read back as saved')

    const sent = await user.request('POST', `/api/quotes/${draft.id}/send`)
    t.equal(sent.statusCode, 200, 'a quote with titled, non-empty sections can be sent')
    const text = normaliseSpaces(await pdfText((await user.request('GET', `/api/quotes/${draft.id}/pdf`)).rawPayload))
    const euros = (cents: number) => normaliseSpaces(formatEuros(cents))
    // pdftotext reads the table row by row: heading, its lines, its subtotal, the next heading…
    const order = [
      'Désignation Qté Unité PU HT TVA Total HT Lot 1 — Plomberie Dépose de l’ancienne baignoire',
      'Main-d’œuvre plomberie',
      `Sous-total Lot 1 — Plomberie ${euros(68_750)} Lot 2 — Sanitaires Receveur de douche`,
      `Sous-total Lot 2 — Sanitaires ${euros(48_990)} Total HT`
    ].map((needle) => text.indexOf(needle))
    t.notOk(order.includes(-1), 'each heading is a row above its lines; each subtotal, with the HT of its lines, after them')
    t.same(
      order,
      [...order].sort((a, b) => a - b),
      'in the order of the lines'
    )
    t.match(text, new RegExp(`Total TTC\\s+${euros(plain.totals.totalTtcCents)}`), 'the TTC of the same lines without sections')

    const copy = await user.request('POST', `/api/quotes/${draft.id}/duplicate`)
    const duplicate = quoteOf(copy)
    t.same(
      duplicate.lines.map((line) => ('kind' in line ? line.title : line.description)),
      quote.lines.map((line) => ('kind' in line ? line.title : line.description)),
      'a duplicate keeps the sections'
    )
    t.notSame(
      duplicate.lines.map((line) => line.id),
      quote.lines.map((line) => line.id),
      'with new ids'
    )
  })

  await t.test('a malformed heading gets a 400 with a French message, and nothing is saved', async (t) => {
    const user = await newUser(app)
    const draft = quoteOf(await user.request('POST', '/api/quotes'))
    const content = completeContent(today)
    const refused = async (line: object) => {
      const response = await user.request('PUT', `/api/quotes/${draft.id}`, {
        version: 1,
        content: { ...content, lines: [line, ...content.lines] }
      })
      t.equal(response.statusCode, 400)
      const { error } = response.json<ErrorJson>()
      t.equal(error.message, 'Certains champs sont invalides.')
      return error.fields ?? {}
    }
    const tooLong = await refused({ id: 's', kind: 'section', title: 'x'.repeat(121) })
    t.ok(Object.values(tooLong).includes('Au plus 120 caractères.'), 'a title of at most 120 characters')
    t.ok(
      Object.keys(await refused({ id: 's', kind: 'section' })).some((field) => field.startsWith('lines.0')),
      'a heading without a title'
    )
    t.ok(
      Object.keys(await refused({ id: 's', kind: 'chapitre', title: 'Lot 1' })).some((field) => field.startsWith('lines.0')),
      'an unknown kind'
    )
    t.equal(quoteOf(await user.request('GET', `/api/quotes/${draft.id}`)).version, 1, 'nothing was saved')
    // Unknown properties are dropped, as for every object of the API: a heading never carries an amount.
    const stray = await user.request('PUT', `/api/quotes/${draft.id}`, {
      version: 1,
      content: { ...content, lines: [{ id: 's', kind: 'section', title: 'Lot 1', unitPriceCents: 100 }, ...content.lines] }
    })
    t.same(quoteOf(stray).lines[0], { id: 's', kind: 'section', title: 'Lot 1' }, 'a heading keeps its title alone')
  })

  await t.test('sending asks for a title and at least one line under each heading', async (t) => {
    const user = await newUser(app)
    await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
    const content = withSections()
    const lines = [{ id: 's0', kind: 'section', title: ' ' }, ...content.lines, { id: 's9', kind: 'section', title: 'Lot 3 — Peinture' }]
    const draft = quoteOf(await user.request('POST', '/api/quotes', { content: { ...content, lines } }))
    const response = await user.request('POST', `/api/quotes/${draft.id}/send`)
    t.equal(response.statusCode, 422)
    const { error } = response.json<ErrorJson>()
    t.same(error.fields, {
      'lines.0.title': 'Donnez un titre à cette section (par exemple « Lot 1 — Plomberie »).',
      'lines.6.title': 'Cette section n’a aucune ligne : ajoutez-en une sous son titre, ou supprimez la section.'
    })
    const only = quoteOf(
      await user.request('POST', '/api/quotes', { content: { ...content, lines: [{ id: 's', kind: 'section', title: 'Lot 1' }] } })
    )
    const empty = await user.request('POST', `/api/quotes/${only.id}/send`)
    t.match(empty.json<ErrorJson>().error.fields, { lines: 'Ajoutez au moins une ligne.' }, 'a heading alone is not a line')
  })

  await t.test('/api/v1 takes and answers sections as the workspace does', async (t) => {
    const api = (await entrepriseWithKey(app, db)).call
    const created = await api('POST', '/api/v1/quotes', { content: withSections() })
    t.equal(created.statusCode, 201)
    const quote = quoteOf(created)
    t.same(quote.lines, withSections().lines)
    t.equal(quote.totals.totalHtCents, 35_000 + 33_750 + 48_990)
    const bad = await api('PATCH', `/api/v1/quotes/${quote.id}`, {
      content: { lines: [{ id: 's', kind: 'section', title: 'y'.repeat(121) }] }
    })
    t.equal(bad.statusCode, 400)
    t.ok(Object.values(bad.json<ErrorJson>().error.fields ?? {}).includes('Au plus 120 caractères.'))
  })
})
