// Whatever was typed or pasted, the quote still renders: characters the fonts lack become a
// visible « � », invisible and control characters go, and nothing is drawn as an empty box.
import t from 'tap'
import { loadFontData } from '../../src/pdf/fonts.js'
import { renderQuotePdf } from '../../src/pdf/quote-pdf.js'
import { printableText } from '../../src/pdf/text-safety.js'
import { embeddedCharacters, normaliseSpaces, pdfInfo, pdfText, pdfWords, type PdfWord } from '../support/pdf-text.js'
import { makeCompany, makeLine, makeQuote } from './quote-fixtures.js'

const { hasGlyph } = await loadFontData()

t.test('text is normalised and cleaned for the fonts', async (t) => {
  t.equal(printableText('Cafe\u0301 cre\u0300me', hasGlyph), 'Café crème', 'decomposed accents composed (NFC)')
  t.equal(printableText('un\r\ndeux\rtrois\u2028quatre', hasGlyph, { multiline: true }), 'un\ndeux\ntrois\nquatre', 'line breaks unified')
  t.equal(printableText('un\ndeux', hasGlyph), 'un deux', 'a single-line field gets a space')
  t.equal(printableText('a\tb', hasGlyph), 'a b', 'tab as a space')
  t.equal(printableText('bi\u0000p\u0007\u001b!', hasGlyph), 'bip!', 'control characters dropped')
  t.equal(printableText('fin\uD800 et \uDC00début', hasGlyph), 'fin� et �début', 'lone surrogates replaced')
  t.equal(printableText('浴室', hasGlyph), '��', 'CJK the fonts lack replaced')
  t.equal(printableText('Mur 🧱', hasGlyph), 'Mur �', 'an emoji the fonts lack replaced')
  t.equal(printableText('\u{E0067}x\u{1D173}', hasGlyph), 'x', 'invisible tags and format characters dropped')
  t.equal(printableText('12\u202f345,67\u00a0€ l’œuvre', hasGlyph), '12\u202f345,67\u00a0€ l’œuvre', 'French typography untouched')
  t.equal(printableText('', hasGlyph), '')
})

t.test('a quote full of emoji, CJK, control characters and broken surrogates still renders', async (t) => {
  const nasty = 'Salle de bain 🛁 浴室\u0000\u0007 fin\uD800 😀\u200D\uFE0F 🧱 عربي Ελληνικά ✓\u202E'
  const quote = makeQuote({
    title: `Titre ${nasty}`,
    client: {
      kind: 'individual',
      name: `Client ${nasty}`,
      company: `Société ${nasty}`,
      email: 'x@example.fr',
      phone: `\u0001${nasty}`,
      address: nasty
    },
    siteAddress: nasty,
    workDuration: nasty,
    lines: [makeLine({ description: `Ligne ${nasty}\n${nasty}` })],
    paymentTerms: nasty,
    conditions: nasty,
    notes: nasty
  })
  const company = makeCompany({
    companyName: `Entreprise ${nasty}`,
    legalForm: nasty,
    address: nasty,
    registration: nasty,
    insurer: nasty,
    insuranceCoverage: nasty
  })
  const bytes = await renderQuotePdf({ quote, company, logo: null })
  const text = normaliseSpaces(await pdfText(bytes))
  t.ok(text.includes('Ligne Salle de bain'), 'the line is there')
  t.ok(text.includes('Objet : Titre Salle de bain'), 'the title is there')
  t.ok(text.includes('Entreprise Salle de bain'), 'the company is there')
  t.ok(text.includes('�� fin�'), 'missing glyphs shown as « � »')
  t.ok(text.includes('😀'), 'an emoji DejaVu has is kept')
  t.ok(text.includes('Ελληνικά'), 'Greek is kept')
  t.equal((await pdfInfo(bytes)).get('Title'), 'Devis DEV-2026-0042')
  for (const [name, characters] of await embeddedCharacters(bytes)) {
    t.notOk(characters.has('浴'), `${name}: no empty box for a character it lacks`)
    t.notOk(
      [...characters].some((character) => /\p{Cc}/u.test(character)),
      `${name}: no control character`
    )
  }
})

t.test('an empty draft and malformed dates render without failing', async (t) => {
  const quote = makeQuote({
    number: null,
    status: 'draft',
    sentAt: null,
    updatedAt: 'pas une date',
    issueDate: 'bientôt',
    workStartDate: '',
    client: { kind: 'individual', name: '', company: '', email: '', phone: '', address: '' },
    title: '',
    lines: [],
    paymentTerms: '',
    conditions: ''
  })
  const bytes = await renderQuotePdf({
    quote,
    company: makeCompany({ siret: '', phone: '', vatNumber: '', insurer: '', insuranceCoverage: '', insurancePolicy: '' }),
    logo: null
  })
  const text = normaliseSpaces(await pdfText(bytes))
  t.ok(text.includes('Aucune ligne pour l’instant.'), 'an empty table says so')
  t.ok(text.includes('Date du devis : bientôt'), 'a malformed date is printed as typed')
  t.ok(text.includes('Valable 30 jours'), 'the validity falls back to its duration')
  t.ok(text.includes('Total TTC 0,00 €'))
  t.notOk(text.includes('SIRET'), 'no SIRET line without a SIRET')
  t.notOk(text.includes('Assurance professionnelle'), 'no insurance block without an insurer')
  t.notOk((await pdfInfo(bytes)).has('CreationDate'), 'no date rather than a wrong one')
})

t.test('a huge amount is printed whole, in a smaller size rather than cut', async (t) => {
  const line = makeLine({ quantityMilli: 500_000_000, unitPriceCents: 10_000_000_000, vatRateBp: 2000 })
  const bytes = await renderQuotePdf({ quote: makeQuote({ lines: [line] }), company: makeCompany(), logo: null })
  const text = normaliseSpaces(await pdfText(bytes))
  t.ok(text.includes('500 000 forfait 100 000 000,00 € 20 % 50 000 000 000 000,00 €'), 'quantity, unit price and line total')
  t.ok(text.includes('Total TTC 60 000 000 000 000,00 €'))
  // On the table row: the line total stays right of the rate and inside the right margin.
  const words = await pdfWords(bytes)
  const rate = words.find((word) => word.text === '%' && word.page === 1) as PdfWord
  const row = words.filter((word) => word.page === 1 && Math.abs(word.yMin - rate.yMin) < 3)
  const total = row.filter((word) => word.xMin > rate.xMax)
  t.same(total.map((word) => word.text).join(' '), '50 000 000 000 000,00 €', 'the whole total after the rate')
  t.ok(Math.max(...total.map((word) => word.xMax)) <= 595.28 - 42 + 0.5, 'within the right margin')
  t.ok((total[0] as PdfWord).yMax - (total[0] as PdfWord).yMin < rate.yMax - rate.yMin, 'in a smaller size than the rate')
})
