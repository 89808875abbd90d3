// Text in any script prints in its reading order, on the text layer (pdftotext) and on the page
// as painted (pdftoppm); characters the fonts lack are shown as « � » and the page says why.
import t from 'tap'
import { PDFDocument } from 'pdf-lib'
import { visualRuns } from '../../src/pdf/bidi-runs.js'
import { embedFonts } from '../../src/pdf/fonts.js'
import { drawTextLine } from '../../src/pdf/layout.js'
import { composeSignedPdf } from '../../src/pdf/signed-pdf.js'
import { makeSignedInput } from '../signing/signed-pdf-fixtures.js'
import { normaliseSpaces, pdfPagesText, pdfWords, renderPage } from '../support/pdf-text.js'

const MIXED = 'عربى حداد M. Durand'
// pdftotext marks right-to-left stretches with embedding controls (U+202A–U+202E): not text.
const withoutMarks = (text: string) => normaliseSpaces(text.replace(/[\u202a-\u202e]/g, ''))

t.test('a line is split into runs of one direction, in visual order', async (t) => {
  t.same(visualRuns('Rénovation de la salle d’eau'), [{ text: 'Rénovation de la salle d’eau', rtl: false }], 'French stays one run')
  const runs = visualRuns(MIXED)
  t.same(
    runs.map((run) => run.rtl),
    [true, false],
    'the Arabic words, then the Latin ones'
  )
  t.equal(runs[1]?.text, ' M. Durand', 'the Latin part forwards')
  // Brackets in a right-to-left run are mirrored so that they still open towards their content.
  t.same(
    visualRuns('Client (حداد)')
      .map((run) => run.text)
      .join(''),
    'Client (حداد)'
  )
})

t.test('a mixed Arabic and Latin name and a long French line print in reading order', async (t) => {
  const conditions =
    'Les travaux commencent dans les quinze jours suivant l’acceptation du devis et le versement de l’acompte de 30 %, sauf intempéries ou retard de livraison des matériaux commandés.'
  const pdf = await composeSignedPdf(
    makeSignedInput({
      quote: { conditions, client: { kind: 'individual', name: MIXED, company: '', email: 'client@example.fr', phone: '', address: '' } },
      signature: { signerName: MIXED }
    })
  )
  const pages = (await pdfPagesText(pdf)).map(withoutMarks)
  const text = pages.join(' ')
  // pdftotext puts the space at the direction change before the right-to-left stretch.
  const mixed = 'عربى ?حداد ?M\\. Durand'
  t.match(text, new RegExp(`FR44732829320 ${mixed}`), 'the client’s name in reading order (beside the company column)')
  t.match(text, new RegExp(`Signé électroniquement par ${mixed}`), 'the signer, in the signed block')
  t.match(text, new RegExp(`Signataire ${mixed}`), 'and in the evidence annex')
  t.ok(text.includes(conditions), 'the long French line, wrapped, in order')
  const words = (await pdfWords(pdf)).filter((word) => word.page === 1 && ['M.', 'Durand'].includes(word.text))
  t.ok(words.length >= 2 && (words[0]?.xMax ?? 0) < (words[1]?.xMin ?? 0), 'M. left of Durand')
})

t.test('the Latin part is painted forwards, as the same words drawn alone', async (t) => {
  async function pdfWith(
    draw: (page: ReturnType<PDFDocument['addPage']>, fonts: Awaited<ReturnType<typeof embedFonts>>) => void
  ): Promise<Uint8Array> {
    const doc = await PDFDocument.create()
    const fonts = await embedFonts(doc)
    draw(doc.addPage([400, 100]), fonts)
    return doc.save()
  }
  const mixed = await pdfWith((page, fonts) => drawTextLine(page, MIXED, 20, 50, { font: fonts.regular, size: 20 }))
  const start = (await pdfWords(mixed)).find((word) => word.text === 'M.')?.xMin ?? 0
  const alone = await pdfWith((page, fonts) => drawTextLine(page, 'M. Durand', start, 50, { font: fonts.regular, size: 20 }))
  const dpi = 72
  const [painted, reference] = await Promise.all([renderPage(mixed, 1, dpi), renderPage(alone, 1, dpi)])
  let differing = 0
  let inked = 0
  for (let x = Math.ceil(start); x < painted.width; x += 1) {
    for (let y = 20; y < 60; y += 1) {
      const a = painted.at(x, y)
      const b = reference.at(x, y)
      if (a[0] < 128) inked += 1
      if (Math.abs(a[0] - b[0]) > 40) differing += 1
    }
  }
  t.ok(inked > 100, `${inked} inked pixels where « M. Durand » is`)
  t.ok(differing < inked / 50, `${differing} of them differ from « M. Durand » drawn alone`)
  // Right of the Latin words and left of them: the Arabic words are painted before, not after.
  let inkLeft = 0
  for (let x = 20; x < start - 4; x += 1) for (let y = 20; y < 60; y += 1) if (painted.at(x, y)[0] < 128) inkLeft += 1
  t.ok(inkLeft > 50, 'the Arabic words painted to the left of the Latin ones')
})

t.test('characters the fonts lack are replaced visibly, and the page says so', async (t) => {
  const pdf = await composeSignedPdf(makeSignedInput({ quote: { title: 'Salle de bains 🛁 浴室' } }))
  const [first = '', annex = ''] = (await pdfPagesText(pdf)).map(normaliseSpaces)
  t.match(first, 'Salle de bains � ��')
  t.match(first, '« � » remplace un caractère que ce document ne peut pas imprimer')
  t.match(annex, 'Salle de bains � ��', 'the annex names the document the same way')
  const plain = await composeSignedPdf(makeSignedInput())
  t.notMatch((await pdfPagesText(plain)).join(''), 'remplace un caractère', 'no note when nothing was replaced')
})
