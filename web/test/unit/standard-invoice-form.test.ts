// « Nouvelle facture » as typed, in Node: every missing or malformed field named in French before
// anything is sent (client, address without a postcode, a business client's SIREN, each line's
// designation, quantity and price), the request the gateway receives (French decimals read by
// the shared parsers), the totals preview by the quote's rule, a saved client picked (its SIREN
// from its SIRET; a public buyer's SIRET, code service and engagement number carried to the
// request for Chorus Pro), and a draft's request shown back as it was typed.
import t from 'tap'
import type { SavedClient } from '@/lib/clients-api'
import {
  EMPTY_STANDARD_FORM,
  formOfRequest,
  newLine,
  previewTotals,
  readStandardForm,
  vatRateOf,
  withSavedClient
} from '@/features/invoices/lib/standard-invoice-form'

const line = (change: Partial<ReturnType<typeof newLine>>) => ({ ...newLine(), ...change })

t.test('every problem named before sending', async (t) => {
  const read = readStandardForm({
    ...EMPTY_STANDARD_FORM,
    clientKind: 'business',
    address: '8 rue Mercière, Lyon',
    siren: '1234',
    lines: []
  })
  t.same(read, {
    ok: false,
    problems: {
      'client.name': 'Indiquez la société du client.',
      'client.address': 'L’adresse du client doit comporter le code postal et la ville (par exemple 69003 Lyon).',
      clientSiren: 'Le SIREN compte 9 chiffres (les 9 premiers du SIRET).',
      lines: 'Ajoutez au moins une ligne à la facture.'
    }
  })
  const lines = readStandardForm({
    ...EMPTY_STANDARD_FORM,
    name: 'Paul Girard',
    address: '69002 Lyon',
    lines: [line({ description: ' ', quantity: '0', unitPrice: '12,345' })]
  })
  t.same(lines, {
    ok: false,
    problems: {
      'lines.0.description': 'Décrivez la prestation ou le produit.',
      'lines.0.quantity': 'La quantité doit être supérieure à zéro.',
      'lines.0.unitPrice': 'Le montant doit être un nombre, avec au plus 2 décimales (par exemple 1 234,50).'
    }
  })
  t.match(
    readStandardForm({ ...EMPTY_STANDARD_FORM, address: '69002 Lyon', lines: [newLine()] }),
    { ok: false, problems: { 'client.name': 'Indiquez le nom du client.' } },
    'a private client by name'
  )
})

t.test('the request and its preview', async (t) => {
  const form = {
    ...EMPTY_STANDARD_FORM,
    clientKind: 'business' as const,
    company: ' Bâti Rhône SAS ',
    email: 'compta@bati-rhone.fr',
    address: '3 rue de la Part-Dieu\n69003 Lyon',
    siren: '732 829 320',
    title: 'Dépannage',
    lines: [
      line({ description: 'Réparation d’une fuite', quantity: '2', unitPrice: '60' }),
      line({ description: 'Joint', quantity: '1,5', unitPrice: '12,50', vatRateBp: 1000 })
    ]
  }
  t.same(readStandardForm(form), {
    ok: true,
    request: {
      kind: 'standard',
      client: {
        kind: 'business',
        name: 'Bâti Rhône SAS',
        company: 'Bâti Rhône SAS',
        email: 'compta@bati-rhone.fr',
        address: '3 rue de la Part-Dieu\n69003 Lyon'
      },
      lines: [
        { description: 'Réparation d’une fuite', quantityMilli: 2000, unitPriceCents: 6000, vatRateBp: 2000 },
        { description: 'Joint', quantityMilli: 1500, unitPriceCents: 1250, vatRateBp: 1000 }
      ],
      title: 'Dépannage',
      clientSiren: '732829320'
    }
  })
  // 120 € at 20 % and 18,75 € at 10 %: the quote's per-rate rounding.
  t.match(previewTotals(form.lines, false), { totalHtCents: 13_875, totalVatCents: 2400 + 188, totalTtcCents: 13_875 + 2588 })
  t.match(
    previewTotals(form.lines, true),
    { totalHtCents: 13_875, totalVatCents: 0, totalTtcCents: 13_875 },
    'under the 293 B franchise the preview shows no VAT, as the invoice will'
  )
  t.match(
    previewTotals([line({ unitPrice: 'abc' })], false),
    { totalHtCents: 0, totalTtcCents: 0 },
    'a line that does not parse yet counts for nothing'
  )
  t.equal(vatRateOf('550'), 550)
  t.equal(vatRateOf('1234'), 2000, 'an unknown rate falls back to 20 %')

  const request = readStandardForm(form)
  if (!request.ok) throw new Error('the form reads')
  const back = formOfRequest(request.request)
  t.match(back, { clientKind: 'business', company: 'Bâti Rhône SAS', siren: '732829320', title: 'Dépannage' })
  t.same(
    back.lines.map(({ description, quantity, unitPrice, vatRateBp }) => ({ description, quantity, unitPrice, vatRateBp })),
    [
      { description: 'Réparation d’une fuite', quantity: '2', unitPrice: '60,00', vatRateBp: 2000 },
      { description: 'Joint', quantity: '1,5', unitPrice: '12,50', vatRateBp: 1000 }
    ],
    'a draft shown back as typed'
  )
  t.match(formOfRequest({ kind: 'standard' }), { clientKind: 'individual', name: '', lines: [] })
})

t.test('a saved client picked', async (t) => {
  const saved: SavedClient = {
    id: 'c1',
    kind: 'business',
    name: 'Claire Roux',
    company: 'Syndic Bellevue',
    email: 'claire@bellevue.fr',
    phone: '',
    address: '1 quai Saint-Antoine\n69002 Lyon',
    siteAddress: '',
    siret: '732 829 320 00074',
    notes: '',
    publicBuyer: false,
    serviceCode: '',
    updatedAt: '2026-11-01T00:00:00Z'
  }
  t.match(
    withSavedClient(EMPTY_STANDARD_FORM, saved),
    { clientKind: 'business', name: 'Claire Roux', company: 'Syndic Bellevue', email: 'claire@bellevue.fr', siren: '732829320' },
    'its SIREN from its SIRET'
  )
  t.match(withSavedClient({ ...EMPTY_STANDARD_FORM, siren: '111111111' }, { ...saved, kind: 'individual', siret: '' }), {
    clientKind: 'individual',
    siren: '111111111'
  })
})

t.test('a saved public buyer picked: its SIRET, code service and engagement number go to the request', async (t) => {
  const mairie: SavedClient = {
    id: 'c2',
    kind: 'business',
    name: 'Service des écoles',
    company: 'Ville de Paris',
    email: '',
    phone: '',
    address: '4 rue de Lobau\n75004 Paris',
    siteAddress: '',
    siret: '217 500 016 00019',
    notes: '',
    publicBuyer: true,
    serviceCode: 'ECOLES-75',
    updatedAt: '2026-11-01T00:00:00Z'
  }
  const picked = withSavedClient(EMPTY_STANDARD_FORM, mairie)
  t.same(picked.publicBuyer, { siret: '21750001600019', serviceCode: 'ECOLES-75' })
  const typed = { ...picked, engagement: ' EJ-2026-0042 ', lines: [line({ description: 'Peinture du préau', unitPrice: '2500' })] }
  const read = readStandardForm(typed)
  t.match(read, {
    ok: true,
    request: {
      clientSiren: '217500016',
      publicBuyer: { siret: '21750001600019', serviceCode: 'ECOLES-75' },
      engagementNumber: 'EJ-2026-0042'
    }
  })
  if (!read.ok) throw new Error('the form reads')
  t.match(formOfRequest(read.request), { publicBuyer: { siret: '21750001600019' }, engagement: 'EJ-2026-0042' }, 'a draft keeps them')
  t.match(readStandardForm({ ...typed, engagement: 'E'.repeat(51) }), {
    ok: false,
    problems: { engagementNumber: 'Le numéro d’engagement compte au plus 50 caractères.' }
  })
  // Another client picked, or a private person: no longer an invoice for Chorus Pro.
  t.match(withSavedClient(typed, { ...mairie, publicBuyer: false }), { publicBuyer: null, engagement: '' })
  const individual = readStandardForm({ ...typed, clientKind: 'individual', name: 'Paul Girard' })
  t.ok(individual.ok && individual.request.publicBuyer === undefined && individual.request.engagementNumber === undefined)
})
