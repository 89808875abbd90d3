// The seller and the buyer as an invoice states them: the free-text addresses of the workspace read
// into the structured ones the XML needs, and every missing mandatory mention refused in French
// (a 422 naming the fields) rather than an invoice the validators would reject.
import t from 'tap'
import { buyerOf, postalAddress, sellerOf } from '../../src/invoices/invoice-parties.js'
import { ApiProblem } from '../../src/errors.js'
import { makeCompany } from '../pdf/quote-fixtures.js'

const refusal = (work: () => unknown): ApiProblem => {
  try {
    work()
  } catch (error) {
    if (error instanceof ApiProblem) return error
    throw error
  }
  throw new Error('not refused')
}

t.test('addresses typed as text become street lines, postcode and city', async (t) => {
  t.same(postalAddress('12 rue des Lilas\n69003 Lyon'), { lines: ['12 rue des Lilas'], postcode: '69003', city: 'Lyon', countryCode: 'FR' })
  t.same(
    postalAddress('12 rue des Lilas, 75008 PARIS CEDEX 08, France'),
    { lines: ['12 rue des Lilas'], postcode: '75008', city: 'PARIS CEDEX 08', countryCode: 'FR' },
    'on one line, « France » dropped'
  )
  t.same(
    postalAddress('Bâtiment B 38000 Grenoble'),
    { lines: ['Bâtiment B'], postcode: '38000', city: 'Grenoble', countryCode: 'FR' },
    'the street before the postcode on its line'
  )
  t.same(
    postalAddress('Résidence Les Pins\nBâtiment C\nEscalier 2\n4 allée des Cèdres\n13008 Marseille')?.lines,
    ['Résidence Les Pins', 'Bâtiment C', 'Escalier 2, 4 allée des Cèdres'],
    'three street lines at most: the rest joins the last one'
  )
  t.equal(postalAddress('12 rue des Lilas, Lyon'), null, 'no postcode: nothing to state')
  t.equal(postalAddress(''), null, 'empty')
})

t.test('the seller: a complete profile, and each missing mention named', async (t) => {
  const seller = sellerOf(makeCompany({ iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agri frpp' }))
  t.equal(seller.siren, seller.siret.slice(0, 9), 'the SIREN from the SIRET')
  t.equal(seller.iban, 'FR7630006000011234567890189', 'IBAN without spaces, upper case')
  t.equal(seller.bic, 'AGRIFRPP')
  t.ok(seller.vatNumber?.startsWith('FR'), 'the VAT number')

  const unnamed = refusal(() => sellerOf(makeCompany({ companyName: ' ', address: 'Lyon' })))
  t.equal(unnamed.statusCode, 422)
  t.equal(unnamed.code, 'profile_incomplete')
  t.match(unnamed.message, /Complétez le profil/)
  t.ok(unnamed.fields?.companyName !== undefined && unnamed.fields.address !== undefined, 'the name and the address named')
  t.ok(refusal(() => sellerOf(makeCompany({ siret: '123' }))).fields?.siret !== undefined, 'a SIRET that is not one')
  t.match(
    refusal(() => sellerOf(makeCompany({ vatNumber: '' }))).fields?.vatNumber ?? '',
    /obligatoire sur une facture avec TVA/,
    'VAT charged without a VAT number'
  )
  t.ok(
    refusal(() => sellerOf(makeCompany({ vatNumber: 'FR00123456789' }))).fields?.vatNumber !== undefined,
    'a VAT number that is not the company’s'
  )
  t.equal(
    sellerOf(makeCompany({ vatNumber: '', franchiseEnBase: true })).vatNumber,
    null,
    'under the franchise en base, no VAT number needed'
  )
})

t.test('the buyer: business or private, billing and work site addresses', async (t) => {
  const business = {
    kind: 'business' as const,
    name: 'Claire Martin',
    company: 'Martin Immobilier',
    email: ' compta@martin.fr ',
    address: '3 quai Perrache\n69002 Lyon'
  }
  const stated = buyerOf(business, { siren: '732829320', vatNumber: 'FR44732829320', siteAddress: '8 allée des Pêcheurs\n38000 Grenoble' })
  t.equal(stated.company, 'Martin Immobilier')
  t.equal(stated.siren, '732829320')
  t.equal(stated.email, 'compta@martin.fr')
  t.equal(stated.deliveryAddress?.city, 'Grenoble', 'the work site, a delivery address of its own')
  t.equal(
    buyerOf(business, { siren: '732829320', siteAddress: '3 quai Perrache, 69002 Lyon' }).deliveryAddress,
    null,
    'the site at the billing address: not repeated'
  )

  const noSiren = refusal(() => buyerOf(business, {}))
  t.equal(noSiren.code, 'invoice_incomplete')
  t.match(noSiren.fields?.clientSiren ?? '', /SIREN du client professionnel est obligatoire/)
  const badSite = refusal(() => buyerOf(business, { siren: '732829320', siteAddress: 'au fond du jardin' }))
  t.ok(badSite.fields?.siteAddress !== undefined, 'a site address without postcode')
  const nobody = refusal(() => buyerOf({ ...business, name: '', company: '', address: 'Lyon' }, { siren: '732829320' }))
  t.ok(nobody.fields?.['client.name'] !== undefined && nobody.fields['client.address'] !== undefined, 'no name, no postcode')

  const person = buyerOf(
    {
      kind: 'individual',
      name: 'Éloïse Cœur',
      company: 'ignorée',
      email: 'eloise@example.fr',
      address: '8 allée des Pêcheurs\n38000 Grenoble'
    },
    { siren: '732829320', vatNumber: 'FR44732829320' }
  )
  t.same(
    [person.company, person.siren, person.vatNumber, person.deliveryAddress],
    ['', null, null, null],
    'a private client: no company, SIREN or VAT number stated'
  )
})
