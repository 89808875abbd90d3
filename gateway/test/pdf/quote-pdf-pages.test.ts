// Long quotes: the table runs over pages with its header repeated, nothing is lost or doubled,
// every page is numbered, and the size stays quick to produce.
import t from 'tap'
import { formatEuros } from '@paraphe/shared/money'
import { renderQuotePdf } from '../../src/pdf/quote-pdf.js'
import { normaliseSpaces, pdfInfo, pdfPagesText } from '../support/pdf-text.js'
import { makeCompany, makeLine, manyLines, makeQuote } from './quote-fixtures.js'

const TABLE_HEADER = 'Désignation Qté Unité PU HT TVA Total HT'

t.test('a 120-line quote runs over several numbered pages, the table header on each', async (t) => {
  // At 20 %: the housing-work certification of the reduced rates would change where the block lands.
  const quote = makeQuote({ lines: manyLines(120).map((line) => ({ ...line, vatRateBp: 2000 as const })) })
  const bytes = await renderQuotePdf({ quote, company: makeCompany(), logo: null })
  const pages = (await pdfPagesText(bytes)).map(normaliseSpaces)
  const count = pages.length
  t.ok(count >= 3, `${count} pages`)
  t.equal((await pdfInfo(bytes)).get('Pages'), String(count), 'pdfinfo agrees')

  pages.forEach((page, index) => {
    t.ok(page.includes(`Page ${index + 1} / ${count}`), `page ${index + 1} numbered`)
    t.ok(page.includes('Maçonnerie Œuvre & Fils – SIRET 732 829 320 00074'), `footer on page ${index + 1}`)
    if (index > 0) t.ok(page.includes('Devis n° DEV-2026-0042 – Maçonnerie Œuvre & Fils'), `running header on page ${index + 1}`)
    if (page.includes('Poste n°')) t.ok(page.includes(TABLE_HEADER), `table header on page ${index + 1}`)
  })
  t.ok((pages[1] as string).includes(`Page 2 / ${count}`))

  // Every line once, in order.
  const numbers = [...pages.join(' ').matchAll(/Poste n° (\d+) :/g)].map((match) => Number(match[1]))
  t.same(
    numbers,
    Array.from({ length: 120 }, (_, index) => index + 1)
  )
  const all = pages.join(' ')
  t.ok(
    all.indexOf(normaliseSpaces(`Total TTC ${formatEuros(quote.totals.totalTtcCents)}`)) > all.indexOf('Poste n° 120 :'),
    'totals after the table'
  )
  // The block fits under the totals but not after the conditions: it stays with the totals
  // rather than opening the last page alone.
  const blockPage = pages.find((page) => page.includes('Bon pour accord')) ?? ''
  t.ok(blockPage.includes('Total TTC'), 'acceptance on the page of the totals')
})

t.test('a 10 000-character description runs over pages without losing a word', async (t) => {
  const words = Array.from({ length: 1112 }, (_, index) => `mot${String(index + 1).padStart(5, '0')}`)
  const description = words.join(' ')
  t.ok(description.length >= 10_000, `${description.length} characters`)
  const quote = makeQuote({
    lines: [makeLine({ description: 'Avant' }), makeLine({ description, unitPriceCents: 98_765 }), makeLine({ description: 'Après' })]
  })
  const pages = (await pdfPagesText(await renderQuotePdf({ quote, company: makeCompany(), logo: null }))).map(normaliseSpaces)
  t.ok(pages.length >= 3, `${pages.length} pages`)
  const found = pages.join(' ').match(/mot\d{5}/g) ?? []
  t.same(found, words, 'every word once, in order')
  t.equal(
    pages.join(' ').split(normaliseSpaces(formatEuros(98_765))).length - 1,
    2,
    'the line’s figures printed once (unit price and total)'
  )
  pages.forEach((page, index) => {
    t.ok(page.includes(`Page ${index + 1} / ${pages.length}`), `page ${index + 1} numbered`)
    if (/mot\d{5}/.test(page)) t.ok(page.includes(TABLE_HEADER), `table header above the continued line on page ${index + 1}`)
  })
  t.ok(pages.join(' ').indexOf('Avant') < pages.join(' ').indexOf('mot00001'))
  t.ok(pages.join(' ').indexOf('mot01112') < pages.join(' ').indexOf('Après'))
})

t.test('a word longer than its column is cut across lines, never lost', async (t) => {
  const word = Array.from({ length: 400 }, (_, index) => String(index).padStart(4, '0')).join('')
  const quote = makeQuote({ lines: [makeLine({ description: word })] })
  const text = (await pdfPagesText(await renderQuotePdf({ quote, company: makeCompany(), logo: null }))).join('\n')
  // The description column, from the table header to the totals: the first word of each line.
  const table = text.slice(text.indexOf('Désignation'), text.indexOf('TVA 10 % sur'))
  const pieces = table.split('\n').flatMap((line) => /^(\d+)(\s|$)/.exec(line)?.[1] ?? [])
  t.ok(pieces.length > 10, 'on many lines')
  t.equal(pieces.join(''), word, 'all of it, in order')
})

t.test('explicit line breaks in a description are kept', async (t) => {
  const quote = makeQuote({ lines: [makeLine({ description: 'Première ligne\nDeuxième ligne\n\nAprès une ligne vide' })] })
  const lines = (await pdfPagesText(await renderQuotePdf({ quote, company: makeCompany(), logo: null }))).join('\n').split('\n')
  const first = lines.findIndex((line) => line.includes('Première ligne'))
  t.ok(first >= 0)
  t.ok(lines[first + 1]?.includes('Deuxième ligne'), 'second line below the first')
  t.ok(
    lines.slice(first + 2, first + 5).some((line) => line.includes('Après une ligne vide')),
    'then the third, after the blank one'
  )
  t.notOk(lines[first]?.includes('Deuxième'), 'not joined')
})

t.test('a 200-line quote renders well under a second', async (t) => {
  const input = { quote: makeQuote({ lines: manyLines(200) }), company: makeCompany(), logo: null }
  // Fonts read and code warmed up, as in a running server.
  await renderQuotePdf(input)
  await renderQuotePdf(input)
  // Processor time of this process, not wall time: the tests share two cores with other runs.
  const before = process.cpuUsage()
  const bytes = await renderQuotePdf(input)
  const used = process.cpuUsage(before)
  const milliseconds = (used.user + used.system) / 1000
  t.ok(milliseconds < 1000, `${Math.round(milliseconds)} ms of processor time`)
  t.ok(bytes.length < 400_000, `${bytes.length} bytes: the fonts are subset`)
})
