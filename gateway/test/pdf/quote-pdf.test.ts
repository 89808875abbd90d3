// The quote PDF as the client reads it: mentions, amounts, VAT, drafts, logo, metadata.
import t from 'tap'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { renderQuotePdf } from '../../src/pdf/quote-pdf.js'
import { embeddedCharacters, normaliseSpaces, pdfImages, pdfInfo, pdfPagesText, pdfText, renderPage } from '../support/pdf-text.js'
import { JPEG_LOGO, makeCompany, makeLine, makePng, makeQuote } from './quote-fixtures.js'

/** The text, no-break spaces read as spaces and runs of blanks collapsed (layout columns). */
async function readableText(bytes: Uint8Array): Promise<string> {
  return normaliseSpaces(await pdfText(bytes))
}

const threeLines = () => [
  makeLine({ description: 'Meuble vasque en chêne', quantityMilli: 2000, unit: 'u', unitPriceCents: 123_456, vatRateBp: 2000 }),
  makeLine({ description: 'Main-d’œuvre plomberie', quantityMilli: 1500, unit: 'h', unitPriceCents: 4500, vatRateBp: 1000 }),
  makeLine({ description: 'Faïence murale', quantityMilli: 10_000, unit: 'm²', unitPriceCents: 1234, vatRateBp: 2000, discountBp: 1000 })
]

t.test('a sent quote carries the French mandatory mentions', async (t) => {
  // At 20 %: the housing-work certification of the reduced rates (tested on its own below) would take a second page.
  const quote = makeQuote({
    siteAddress: '3 impasse du Chantier\n38100 Grenoble',
    notes: 'Prévoir l’accès au compteur d’eau.',
    lines: [makeLine({ vatRateBp: 2000 })]
  })
  const bytes = await renderQuotePdf({ quote, company: makeCompany(), logo: null })
  const text = await readableText(bytes)
  const expected = [
    'Devis n° DEV-2026-0042',
    'Date du devis : 21 novembre 2026',
    'Valable jusqu’au 21 décembre 2026',
    // The company: identity, registration, VAT number, contact.
    'Maçonnerie Œuvre & Fils',
    'SARL au capital de 10 000 €',
    '12 rue de l’Église',
    'SIRET 732 829 320 00074',
    'RCS Lyon 732 829 320',
    'TVA intracommunautaire FR44732829320',
    'contact@oeuvre-et-fils.fr',
    'Tél. 04 78 00 00 00',
    // The client and the work site.
    'CLIENT',
    'Éloïse Cœur',
    '8 allée des Pêcheurs',
    '38000 Grenoble',
    'eloise.coeur@example.fr',
    'Tél. 06 12 34 56 78',
    'ADRESSE DU CHANTIER',
    '3 impasse du Chantier',
    'Objet : Rénovation de la salle d’eau',
    'Début des travaux : 11 janvier 2027',
    'Durée estimée : 3 semaines',
    // Terms, insurance (building trade), acceptance.
    'Conditions de paiement',
    'Solde à réception de facture, par virement sous 30 jours.',
    'Travaux réalisés selon les règles de l’art.',
    'Notes',
    'Prévoir l’accès au compteur d’eau.',
    'Assurance professionnelle',
    'Assureur Assurances Mutuelles du Bâtiment',
    'Couverture géographique France métropolitaine',
    'Police n° DEC-2026-4417',
    'Bon pour accord',
    'Devis valable jusqu’au 21 décembre 2026.',
    'Devis reçu avant l’exécution des travaux',
    'Date :',
    'Signature du client :',
    'Maçonnerie Œuvre & Fils – SIRET 732 829 320 00074',
    'Page 1 / 1'
  ]
  for (const mention of expected) t.ok(text.includes(mention), `shows « ${mention} »`)
  t.notOk(text.includes('BROUILLON'), 'a sent quote is no draft')
  t.notOk(text.includes('Remise'), 'no discount column without a discount')
})

t.test('a discount in euros prints as « 50,00 € », a percentage as « 10 % », each line’s total after it', async (t) => {
  const quote = makeQuote({
    lines: [
      makeLine({
        description: 'Receveur de douche extra-plat',
        quantityMilli: 1000,
        unit: 'u',
        unitPriceCents: 42_000,
        vatRateBp: 2000,
        discountBp: 0,
        discountCents: 5_000
      }),
      makeLine({
        description: 'Faïence murale',
        quantityMilli: 10_000,
        unit: 'm²',
        unitPriceCents: 1234,
        vatRateBp: 2000,
        discountBp: 1000
      })
    ]
  })
  const text = await readableText(await renderQuotePdf({ quote, company: makeCompany(), logo: null }))
  const has = (expected: string, why: string) => t.ok(text.includes(normaliseSpaces(expected)), `${why}: « ${normaliseSpaces(expected)} »`)
  has('Désignation Qté Unité PU HT TVA Remise Total HT', 'the discount column')
  has(
    `Receveur de douche extra-plat 1 u ${formatEuros(42_000)} ${formatVatRate(2000)} ${formatEuros(5_000)} ${formatEuros(37_000)}`,
    'an amount: 420 € less 50 €'
  )
  has(`Faïence murale 10 m² ${formatEuros(1234)} ${formatVatRate(2000)} ${formatVatRate(1000)} ${formatEuros(11_106)}`, 'a percentage')
  has(`Total HT ${formatEuros(48_106)}`, 'the totals follow')
})

t.test('a quote outside the building trades has no insurance block nor pre-work mention', async (t) => {
  const quote = makeQuote({ buildingTrade: false, siteAddress: '', workStartDate: null, workDuration: '', notes: '' })
  const text = await readableText(await renderQuotePdf({ quote, company: makeCompany(), logo: null }))
  t.notOk(text.includes('Assurance professionnelle'))
  t.notOk(text.includes('Devis reçu avant'))
  t.notOk(text.includes('ADRESSE DU CHANTIER'), 'no work-site block without a work-site address')
  t.notOk(text.includes('Début des travaux'))
  t.notOk(text.includes('Notes'))
  t.ok(text.includes('Bon pour accord'), 'the acceptance area is always there')
})

t.test('lines at two VAT rates give one VAT line per rate, on its base', async (t) => {
  const quote = makeQuote({ lines: threeLines(), depositBp: 3000 })
  const bytes = await renderQuotePdf({ quote, company: makeCompany(), logo: null })
  const text = await readableText(bytes)
  const has = (expected: string, why: string) => t.ok(text.includes(normaliseSpaces(expected)), `${why}: « ${expected} »`)
  // Lines: quantity, unit, unit price, rate, discount, total HT.
  has(`Meuble vasque en chêne 2 u ${formatEuros(123_456)} ${formatVatRate(2000)} ${formatEuros(246_912)}`, 'first line')
  has(`Main-d’œuvre plomberie 1,5 h ${formatEuros(4500)} ${formatVatRate(1000)} ${formatEuros(6750)}`, 'decimal quantity')
  has(`Faïence murale 10 m² ${formatEuros(1234)} ${formatVatRate(2000)} ${formatVatRate(1000)} ${formatEuros(11_106)}`, 'discounted line')
  has('Désignation Qté Unité PU HT TVA Remise Total HT', 'discount column shown')
  // Totals, exactly as formatEuros writes them.
  has(`Total HT ${formatEuros(264_768)}`, 'total HT')
  has(`TVA 10 % sur ${formatEuros(6750)} ${formatEuros(675)}`, 'VAT at 10 %')
  has(`TVA 20 % sur ${formatEuros(258_018)} ${formatEuros(51_604)}`, 'VAT at 20 %')
  has(`Total TVA ${formatEuros(52_279)}`, 'total VAT')
  has(`Total TTC ${formatEuros(317_047)}`, 'total TTC')
  has(`Acompte de 30 % du TTC ${formatEuros(95_114)}`, 'deposit')
  t.equal(normaliseSpaces(formatEuros(317_047)), '3 170,47 €', 'the amounts read as a French reader expects')
  t.notOk(text.includes('TVA 5,5'), 'no line for a rate not used')

  // pdftotext shows the narrow no-break space as a space: the fonts' glyph maps prove it is the
  // real character, in both weights (the TTC is bold).
  t.ok(formatEuros(317_047).includes('\u202f'), 'formatEuros uses U+202F')
  const fonts = await embeddedCharacters(bytes)
  t.same([...fonts.keys()].sort(), ['PQUOTE+DejaVuSans', 'PQUOTE+DejaVuSans-Bold'], 'DejaVu Sans, regular and bold, subset')
  for (const [name, characters] of fonts) t.ok(characters.has('\u202f'), `${name} holds the narrow no-break space`)
  const regular = fonts.get('PQUOTE+DejaVuSans') as Set<string>
  for (const character of ['€', '’', 'œ', 'é', 'ï', '²', '\u00a0']) t.ok(regular.has(character), `regular face holds « ${character} »`)
})

t.test('French characters come out as typed', async (t) => {
  const notes = 'Pose d’un œil-de-bœuf – façade « Été » : 15 € le mètre, Noël à l’Haÿ-les-Roses, ÇÀ ÊTRE.'
  const description = 'Cœur de porte, déjà traité'
  const quote = makeQuote({ notes, lines: [makeLine({ description })], client: { ...makeQuote().client, name: 'Zoë Lefèvre-Cœur' } })
  const raw = await pdfText(await renderQuotePdf({ quote, company: makeCompany(), logo: null }))
  t.ok(raw.includes(notes), 'notes intact')
  t.ok(raw.includes(description), 'description intact')
  t.ok(raw.includes('Zoë Lefèvre-Cœur'), 'client name intact')
  t.ok(raw.includes('Maçonnerie Œuvre & Fils'), 'company name intact')
  t.notOk(raw.includes('ﬁ'), 'no ligature glyphs in the text')
})

t.test('under the franchise en base no VAT is shown, and the legal mention is', async (t) => {
  const quote = makeQuote({ franchiseEnBase: true, lines: threeLines() })
  const text = await readableText(await renderQuotePdf({ quote, company: makeCompany({ franchiseEnBase: true }), logo: null }))
  t.ok(text.includes('TVA non applicable, article 293 B du CGI'))
  t.ok(text.includes(normaliseSpaces(`Total HT ${formatEuros(264_768)}`)))
  t.ok(text.includes(normaliseSpaces(`Total TTC ${formatEuros(264_768)}`)), 'TTC equals HT')
  t.notOk(/TVA \d/.test(text), 'no VAT line')
  t.notOk(text.includes('TVA intracommunautaire'), 'no VAT number')
  t.ok(text.includes('Désignation Qté Unité PU HT Remise Total HT'), 'no VAT column')
})

t.test('a reduced rate for housing work puts the client’s certification on the quote they sign', async (t) => {
  const certification = 'Le client atteste que les travaux portent sur des locaux à usage d’habitation achevés depuis plus de deux ans'
  const reduced = await readableText(
    await renderQuotePdf({ quote: makeQuote({ lines: threeLines() }), company: makeCompany(), logo: null })
  )
  t.ok(reduced.includes('Attestation du client – TVA à taux réduit'), 'its heading, with a line at 10 %')
  t.ok(reduced.includes(certification), 'and the wording the client certifies by signing')
  const standard = await readableText(
    await renderQuotePdf({
      quote: makeQuote({ lines: [makeLine({ vatRateBp: 2000 }), makeLine({ vatRateBp: 2000 })] }),
      company: makeCompany(),
      logo: null
    })
  )
  t.notOk(standard.includes('Attestation du client'), 'not on a quote at 20 % only')
  const franchise = await readableText(
    await renderQuotePdf({
      quote: makeQuote({ franchiseEnBase: true, lines: threeLines() }),
      company: makeCompany({ franchiseEnBase: true }),
      logo: null
    })
  )
  t.notOk(franchise.includes('Attestation du client'), 'not under the franchise en base (no VAT charged)')
})

t.test('a draft says so on every page and in its title', async (t) => {
  const lines = Array.from({ length: 60 }, (_, index) => makeLine({ description: `Poste ${index + 1}` }))
  const bytes = await renderQuotePdf({
    quote: makeQuote({ number: null, status: 'draft', sentAt: null, lines }),
    company: makeCompany(),
    logo: null
  })
  const pages = await pdfPagesText(bytes)
  t.ok(pages.length >= 2, 'several pages')
  for (const [index, page] of pages.entries()) {
    t.ok(normaliseSpaces(page).includes('BROUILLON – sans valeur contractuelle'), `banner on page ${index + 1}`)
  }
  t.ok(normaliseSpaces(pages[0] as string).includes('Devis (brouillon)'))
  t.notOk(pages.join('').includes('DEV-'), 'no number')
  for (const page of pages)
    t.equal(page.split('BROUILLON').length - 1, 1, 'the diagonal watermark is drawn as shapes, not stray letters in the text')
  const info = await pdfInfo(bytes)
  t.equal(info.get('Title'), 'Devis (brouillon)')
  // A draft is dated by its last change.
  t.equal(info.get('CreationDate'), 'Sat Nov 21 10:00:00 2026 UTC')
})

/** Pixels tinted red in the middle third of the first page, where the watermark crosses. */
async function reddishPixels(bytes: Uint8Array): Promise<number> {
  const image = await renderPage(bytes, 1)
  let count = 0
  for (let y = Math.floor(image.height / 3); y < (2 * image.height) / 3; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const [red, green, blue] = image.at(x, y)
      if (red > 200 && red - green > 8 && red - blue > 8) count += 1
    }
  }
  return count
}

t.test('a draft shows a watermark across the page, a sent quote does not', async (t) => {
  const draft = await reddishPixels(
    await renderQuotePdf({ quote: makeQuote({ number: null, status: 'draft' }), company: makeCompany(), logo: null })
  )
  const sent = await reddishPixels(await renderQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: null }))
  t.ok(draft > 200, `${draft} tinted pixels on the draft`)
  t.equal(sent, 0)
})

t.test('document properties: title, producer, A4, dates from the quote', async (t) => {
  const info = await pdfInfo(await renderQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: null }))
  t.equal(info.get('Title'), 'Devis DEV-2026-0042')
  t.equal(info.get('Author'), 'Maçonnerie Œuvre & Fils')
  t.equal(info.get('Subject'), 'Rénovation de la salle d’eau')
  t.equal(info.get('Creator'), 'Paraphe')
  t.equal(info.get('Producer'), 'Paraphe')
  t.match(info.get('Page size'), /^595\.2\d x 841\.8\d pts \(A4\)$/)
  t.equal(info.get('CreationDate'), 'Sat Nov 21 10:30:00 2026 UTC', 'the sending time')
  t.equal(info.get('ModDate'), 'Sat Nov 21 10:30:00 2026 UTC')
})

t.test('the same quote always gives the same bytes', async (t) => {
  const input = () => ({
    quote: makeQuote({ lines: threeLines(), number: null }),
    company: makeCompany(),
    logo: { bytes: makePng(120, 40), type: 'image/png' as const }
  })
  const [first, second] = await Promise.all([renderQuotePdf(input()), renderQuotePdf(input())])
  const later = await new Promise<Uint8Array>((resolve) => setTimeout(() => resolve(renderQuotePdf(input())), 1100))
  t.ok(Buffer.from(first).equals(Buffer.from(second)), 'identical when rendered together')
  t.ok(Buffer.from(first).equals(Buffer.from(later)), 'identical a second later')
  const changed = await renderQuotePdf({ ...input(), quote: makeQuote({ lines: threeLines(), number: null, title: 'Autre objet' }) })
  t.notOk(Buffer.from(first).equals(Buffer.from(changed)), 'a change shows in the bytes')
})

t.test('the logo is embedded, PNG or JPEG, scaled with its proportions', async (t) => {
  const png = await pdfImages(
    await renderQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: { bytes: makePng(300, 100), type: 'image/png' } })
  )
  const pngImage = png.find((image) => image.type === 'image')
  t.match(pngImage, { page: 1, width: 300, height: 100 }, 'PNG on the first page')
  t.ok(
    png.some((image) => image.type === 'smask'),
    'with its transparency'
  )
  t.equal(pngImage?.xPpi, pngImage?.yPpi, 'proportions kept')

  // Handed over as a view into a larger buffer, the way Node hands out request bodies and rows.
  const pooled = Buffer.concat([Buffer.alloc(13), JPEG_LOGO]).subarray(13)
  const jpeg = await pdfImages(
    await renderQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: { bytes: pooled, type: 'image/jpeg' } })
  )
  t.match(jpeg, [{ page: 1, type: 'image', width: 48, height: 24, encoding: 'jpeg' }], 'JPEG kept as JPEG')

  // A tall logo is bound by the box height: it still keeps its proportions.
  const tall = await pdfImages(
    await renderQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: { bytes: makePng(100, 400), type: 'image/png' } })
  )
  const tallImage = tall.find((image) => image.type === 'image')
  t.equal(tallImage?.xPpi, tallImage?.yPpi)
  t.ok((tallImage?.yPpi ?? 0) > 400, 'scaled down to fit the header (400 px in less than 64 pt)')

  const none = await pdfImages(await renderQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: null }))
  t.same(none, [], 'no logo, no image')
})

t.test('an unreadable logo leaves the quote without a logo instead of failing', async (t) => {
  const broken = makePng(50, 50).slice(0, 40)
  const bytes = await renderQuotePdf({ quote: makeQuote(), company: makeCompany(), logo: { bytes: broken, type: 'image/png' } })
  t.same(await pdfImages(bytes), [])
  t.ok((await readableText(bytes)).includes('Devis n° DEV-2026-0042'))
  const notJpeg = await renderQuotePdf({
    quote: makeQuote(),
    company: makeCompany(),
    logo: { bytes: new Uint8Array([1, 2, 3]), type: 'image/jpeg' }
  })
  t.same(await pdfImages(notJpeg), [])
})

t.test('a client company is shown above the contact name', async (t) => {
  const client = {
    kind: 'business' as const,
    name: 'M. Paul Martin',
    company: 'Boulangerie Martin SAS',
    email: '',
    phone: '',
    address: '1 place du Marché'
  }
  const text = await pdfText(await renderQuotePdf({ quote: makeQuote({ client }), company: makeCompany(), logo: null }))
  const order = ['CLIENT', 'Boulangerie Martin SAS', 'M. Paul Martin', '1 place du Marché'].map((part) => text.indexOf(part))
  t.ok(
    order.every((position) => position >= 0),
    'all shown'
  )
  t.same(
    [...order].sort((a, b) => a - b),
    order,
    'in that order'
  )
  t.notOk(text.includes('Tél. 06'), 'no phone line without a phone')
})
