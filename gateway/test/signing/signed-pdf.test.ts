// The signed copy as a reader gets it (pdftotext, pdftoppm): one « Bon pour accord » block with
// the boxes ticked once, the signature beside the totals when there is room, page numbers that
// run through the quote and its evidence annex, a typed signature in a handwriting face.
import t from 'tap'
import { composeSignedPdf } from '../../src/pdf/signed-pdf.js'
import { makeLine, manyLines } from '../pdf/quote-fixtures.js'
import { embeddedCharacters, normaliseSpaces, pdfPagesText } from '../support/pdf-text.js'
import { makeSignedInput } from './signed-pdf-fixtures.js'

t.test('the signed block prints each box once, ticked, with date, mention, signer', async (t) => {
  const pages = (await pdfPagesText(await composeSignedPdf(makeSignedInput()))).map(normaliseSpaces)
  const text = pages.join('\n')
  t.equal(text.match(/Devis reçu avant l’exécution des travaux/g)?.length, 2, 'the mention once in the block, once in the evidence')
  t.match(text, /☑ Devis reçu avant l’exécution des travaux/)
  t.match(text, /☑ Devis lu et accepté : contenu, prix et conditions/)
  t.notMatch(text, /☐/, 'no unticked box anywhere')
  t.match(text, /22 novembre 2026/)
  t.match(text, /« Bon pour accord »/)
  t.match(text, /Signé électroniquement par Éloïse Cœur/)
})

t.test('page numbers run through the quote and its annex', async (t) => {
  const pages = (await pdfPagesText(await composeSignedPdf(makeSignedInput({ quote: { lines: manyLines(40) } })))).map(normaliseSpaces)
  t.ok(pages.length >= 3, `${pages.length} pages`)
  pages.forEach((page, index) => t.match(page, `Page ${index + 1} / ${pages.length}`, `page ${index + 1} of ${pages.length}`))
  t.match(pages.at(-1) ?? '', /Annexe – Dossier de preuve de la signature|Annexe : dossier de preuve/)
})

t.test('the block is never alone on a page: it goes under the totals when the conditions fill page 1', async (t) => {
  const article = (index: number) => `Article ${index + 1} : les travaux sont réalisés selon les règles de l’art et les normes en vigueur.`
  let movedUnderTotals = 0
  // From conditions that leave room for the block after them to conditions that run onto page 2.
  for (let count = 24; count <= 40; count += 2) {
    const conditions = Array.from({ length: count }, (_, index) => article(index)).join('\n')
    // At 20 %: no housing-work certification between the conditions and the block.
    const pages = (
      await pdfPagesText(await composeSignedPdf(makeSignedInput({ quote: { conditions, lines: [makeLine({ vatRateBp: 2000 })] } })))
    ).map(normaliseSpaces)
    const blockPage = pages.find((page) => page.includes('Bon pour accord')) ?? ''
    t.ok(
      ['Total TTC', 'Article ', 'Assureur'].some((content) => blockPage.includes(content)),
      `${count} articles: the block shares its page with the quote`
    )
    const first = pages[0] ?? ''
    if (first.includes('Bon pour accord') && first.indexOf('Bon pour accord') < first.indexOf('Article 1 :')) movedUnderTotals += 1
  }
  t.ok(movedUnderTotals > 0, `${movedUnderTotals} lengths put the block under the totals, before the conditions`)
})

t.test('a typed signature is drawn in the embedded handwriting face', async (t) => {
  const pdf = await composeSignedPdf(
    makeSignedInput({ signature: { method: 'typed', strokes: null, padWidth: null, padHeight: null, typedText: 'Éloïse Cœur' } })
  )
  const fonts = await embeddedCharacters(pdf)
  const handwriting = [...fonts.entries()].find(([name]) => name.endsWith('+DancingScript'))
  t.ok(handwriting, `fonts: ${[...fonts.keys()].join(', ')}`)
  t.same([...(handwriting?.[1] ?? [])].sort(), [...new Set('Éloïse Cœur')].sort(), 'the name’s letters, from the handwriting subset')
  t.ok(pdf.length < 200_000, `${pdf.length} bytes`)
})

const IBAN = 'FR7630006000011234567890189'

t.test('bank details print when a deposit is asked, and only then', async (t) => {
  const company = { iban: IBAN, bic: 'AGRIFRPP' }
  const withDeposit = normaliseSpaces(
    (await pdfPagesText(await composeSignedPdf(makeSignedInput({ quote: { depositBp: 3000 }, company })))).join('\n')
  )
  t.match(withDeposit, 'Acompte de 30 % du TTC')
  t.match(withDeposit, 'Coordonnées bancaires pour l’acompte')
  t.match(withDeposit, 'IBAN FR76 3000 6000 0112 3456 7890 189')
  t.match(withDeposit, 'BIC AGRIFRPP')
  t.match(withDeposit, 'Titulaire du compte Maçonnerie Œuvre & Fils')
  const without = normaliseSpaces(
    (await pdfPagesText(await composeSignedPdf(makeSignedInput({ quote: { depositBp: 0 }, company })))).join('\n')
  )
  t.notMatch(without, 'IBAN', 'no deposit: no bank details')
})

t.test('a private client gets the withdrawal right, its form and the mediator; a business does not', async (t) => {
  const company = { mediatorName: 'Médiateur de la consommation CM2C', mediatorUrl: 'https://www.cm2c.net' }
  const client = {
    kind: 'individual' as const,
    name: 'Éloïse Cœur',
    company: '',
    email: 'eloise.coeur@example.fr',
    phone: '',
    address: '8 allée des Pêcheurs\n38000 Grenoble'
  }
  // At 20 %: the mentions studied here stay on their pages without the housing-work certification.
  const pages = (
    await pdfPagesText(await composeSignedPdf(makeSignedInput({ quote: { client, lines: [makeLine({ vatRateBp: 2000 })] }, company })))
  ).map(normaliseSpaces)
  const text = pages.join('\n')
  t.match(text, 'Droit de rétractation (client particulier)')
  t.match(text, 'dispose d’un délai de quatorze jours à compter de la signature du devis')
  t.match(text, 'Médiation de la consommation')
  t.match(text, 'Médiateur de la consommation CM2C (https://www.cm2c.net)')
  const form = pages.find((page) => page.includes('Formulaire de rétractation')) ?? ''
  t.match(form, 'À l’attention de Maçonnerie Œuvre & Fils, 12 rue de l’Église, 69003 Lyon, contact@oeuvre-et-fils.fr :')
  t.match(form, 'rétractation du contrat portant sur la prestation de services ci-dessous (devis n° DEV-2026-0042)')
  t.match(form, 'Nom du (des) consommateur(s) :')
  pages.forEach((page, index) => t.match(page, `Page ${index + 1} / ${pages.length}`, `page ${index + 1} numbered in the one file`))

  const business = normaliseSpaces((await pdfPagesText(await composeSignedPdf(makeSignedInput({ company })))).join('\n'))
  t.notMatch(business, 'rétractation', 'a business client: no withdrawal mentions')
  t.notMatch(business, 'Médiation', 'nor the consumer mediator')
})

t.test('a timestamped seal is announced in the evidence annex, with its authority', async (t) => {
  const text = normaliseSpaces(
    (await pdfPagesText(await composeSignedPdf({ ...makeSignedInput(), timestampAuthority: 'freetsa.org' }))).join('\n')
  )
  t.match(text, 'Horodatage Le sceau porte un jeton d’horodatage RFC 3161 de l’autorité freetsa.org')
  t.notMatch(
    normaliseSpaces((await pdfPagesText(await composeSignedPdf(makeSignedInput()))).join('\n')),
    'Horodatage',
    'none without an authority'
  )
})
