// The layout pieces the signing step reuses: wrapping, embedded fonts, a page of labelled
// lines appended after the quote, and where the client's signature goes.
import { readFile } from 'node:fs/promises'
import t from 'tap'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { embedFonts, FONT_FILES, unitWidth } from '../../src/pdf/fonts.js'
import { addLabelledLinesPage } from '../../src/pdf/labelled-lines.js'
import { CONTENT_BOTTOM, CONTENT_LEFT, CONTENT_RIGHT, CONTENT_TOP, limitLines, textWidth, wrapText } from '../../src/pdf/layout.js'
import { decoratePages } from '../../src/pdf/page-decoration.js'
import { layoutQuotePdf, savePdf } from '../../src/pdf/quote-pdf.js'
import { embeddedCharacters, normaliseSpaces, pdfPagesText, pdfWords, type PdfWord } from '../support/pdf-text.js'
import { makeCompany, makeQuote } from './quote-fixtures.js'

const doc = await PDFDocument.create()
const fonts = await embedFonts(doc)
const font = fonts.regular
const size = 10

t.test('wrapping keeps words, line breaks and no-break spaces', async (t) => {
  const text = 'Fourniture et pose d’un receveur de douche extra-plat, y compris siphon et raccordement.'
  const width = 120
  const lines = wrapText(text, font, size, width)
  t.ok(lines.length > 2, `${lines.length} lines`)
  for (const line of lines) t.ok(textWidth(line, font, size) <= width, `« ${line} » fits`)
  t.equal(lines.join(' '), text, 'cut at spaces only')

  t.same(wrapText('un\n\ndeux', font, size, 200), ['un', '', 'deux'], 'explicit and blank lines kept')
  t.same(wrapText('', font, size, 200), [''], 'an empty text is one empty line')
  t.same(wrapText('a   b ', font, size, 200), ['a b'], 'runs of spaces collapsed')

  const amount = '12\u202f345,67\u00a0€'
  const narrow = Math.max(textWidth('Total', font, size), textWidth(amount, font, size)) + 1
  t.same(wrapText(`Total ${amount}`, font, size, narrow), ['Total', amount], 'an amount is never split at its no-break spaces')
})

t.test('a word wider than the line is cut between characters, never inside one', async (t) => {
  const word = 'q\u0307'.repeat(60) // q with a combining dot: one character, two code points
  const lines = wrapText(word, font, size, 50)
  t.ok(lines.length > 3)
  t.equal(lines.join(''), word, 'nothing lost')
  for (const line of lines) {
    t.ok(line.startsWith('q'), 'no line starts with a lone accent')
    t.ok(textWidth(line, font, size) <= 50)
  }
})

t.test('text is measured as pdf-lib draws it, without shaping it each time', async (t) => {
  for (const text of ['Désignation', 'Total TTC 12\u202f345,67\u00a0€', 'Main-d’œuvre « fi » ffl', 'Ελληνικά 😀']) {
    for (const face of [fonts.regular, fonts.bold]) {
      t.ok(Math.abs(unitWidth(face, text) - face.widthOfTextAtSize(text, 1)) < 1e-9, `« ${text} » in ${face.name}`)
    }
  }
  // A font not embedded by embedFonts (a standard one) is measured by pdf-lib itself.
  const helvetica = doc.embedStandardFont(StandardFonts.Helvetica)
  t.ok(Math.abs(textWidth('Devis', helvetica, 10) - helvetica.widthOfTextAtSize('Devis', 10)) < 1e-9)
})

t.test('capped fields end with an ellipsis', async (t) => {
  t.same(limitLines(['un', 'deux', 'trois'], 2), ['un', 'deux …'])
  t.same(limitLines(['un'], 2), ['un'])
})

t.test('fonts are subset under the tag asked for, and the tag is checked', async (t) => {
  const other = await PDFDocument.create({ updateMetadata: false })
  const signed = await embedFonts(other, 'PSIGNE')
  other.addPage().drawText('Signé', { font: signed.bold, size: 12 })
  other.getPage(0).drawText('Preuve', { font: signed.regular, size: 12 })
  const names = [...(await embeddedCharacters(await other.save())).keys()].sort()
  t.same(names, ['PSIGNE+DejaVuSans', 'PSIGNE+DejaVuSans-Bold'])
  // Another font can still be embedded in the same document.
  const mono = await other.embedFont(await readFile(FONT_FILES.regular.replace('DejaVuSans.ttf', 'DejaVuSansMono.ttf')), { subset: true })
  t.ok(mono.widthOfTextAtSize('iiii', 10) === mono.widthOfTextAtSize('MMMM', 10), 'a monospaced face, not one of ours')
  await t.rejects(embedFonts(other, 'psigne'), RangeError)
  await t.rejects(embedFonts(other, 'TROPLONG'), RangeError)
})

t.test('a page of labelled lines appended after the quote, as the evidence page will be', async (t) => {
  const {
    doc: quoteDoc,
    fonts: quoteFonts,
    signatureArea
  } = await layoutQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: null })
  const quotePages = quoteDoc.getPageCount()

  // The client's signature box: on the last quote page, inside the printable area.
  t.equal(signatureArea.pageIndex, quotePages - 1)
  t.ok(signatureArea.x >= CONTENT_LEFT && signatureArea.x + signatureArea.width <= CONTENT_RIGHT)
  t.ok(signatureArea.y >= CONTENT_BOTTOM && signatureArea.y + signatureArea.height <= CONTENT_TOP)
  t.ok(signatureArea.width > 150 && signatureArea.height > 50, 'room for a signature')

  const journal = Array.from({ length: 160 }, (_, index) => `événement${index + 1}`).join(' ')
  const flow = addLabelledLinesPage(quoteDoc, quoteFonts, 'Dossier de preuve', [
    { label: 'Signataire', value: 'Éloïse Cœur <eloise.coeur@example.fr>' },
    { label: 'Signé le', value: '21 novembre 2026 à 14:03:07 (heure de Paris)' },
    { label: 'Empreinte SHA-256 du devis tel que présenté au client', value: 'a'.repeat(64) },
    { label: 'Journal', value: `${journal}\n${journal}\n${journal}\n${journal}\n${journal}\n${journal}` }
  ])
  t.ok(flow.doc.getPageCount() > quotePages + 1, 'a long value continues on another page')
  const added = quoteDoc.getPages().slice(quotePages)
  decoratePages(added, quoteFonts, { footer: 'Paraphe – dossier de preuve', runningHeader: 'Dossier de preuve (suite)', draftBanner: null })

  const bytes = await savePdf(quoteDoc)
  const pages = (await pdfPagesText(bytes)).map(normaliseSpaces)
  const evidence = pages.slice(quotePages)
  t.ok((evidence[0] as string).trim().startsWith('Dossier de preuve Signataire'), 'title first')
  t.ok((evidence[0] as string).includes('Signataire Éloïse Cœur <eloise.coeur@example.fr>'), 'label beside its value')
  t.ok((evidence[0] as string).includes('Signé le 21 novembre 2026 à 14:03:07 (heure de Paris)'))
  const events = pages.join(' ').match(/événement\d+/g) ?? []
  t.equal(events.length, 6 * 160, 'every event of the journal, none lost at the page break')
  t.ok((evidence[1] as string).includes('Dossier de preuve (suite)'))
  t.ok((evidence.at(-1) as string).includes(`Page ${evidence.length} / ${evidence.length}`))

  // The labels line up in one column, the values in another.
  const words = await pdfWords(bytes)
  const left = (text: string) => words.find((word) => word.page === quotePages + 1 && word.text === text)?.xMin
  t.equal(Math.round(left('Signataire') ?? -1), Math.round(CONTENT_LEFT))
  t.equal(Math.round(left('Éloïse') ?? -1), Math.round(left('21') ?? -2), 'values aligned')
  // A label too long for its column wraps inside it, under its first line.
  const evidenceWords = words.filter((word) => word.page === quotePages + 1)
  const labelStart = evidenceWords.find((word) => word.text === 'Empreinte') as PdfWord
  const labelEnd = evidenceWords.find((word) => word.text === 'client') as PdfWord
  const hash = evidenceWords.find((word) => word.text === 'a'.repeat(64)) as PdfWord
  t.ok(labelEnd.yMin > labelStart.yMin, 'the label goes on a second line')
  t.ok(labelEnd.xMax < hash.xMin, 'left of the value')
  t.equal(Math.round(hash.yMin), Math.round(labelStart.yMin), 'the value beside the label’s first line')
})
