import t from 'tap'
import { EMPTY_PROFILE, type CompanyProfile } from '../src/company.js'
import { bankDetailsRequest, FIRST_STEP_FIELDS, insuranceRequest, isFirstStepField, sendingProfileGaps } from '../src/profile-steps.js'

const firstStep: CompanyProfile = {
  ...EMPTY_PROFILE,
  companyName: 'Plomberie Durand',
  legalForm: 'EI',
  address: '5 rue Nationale, 37000 Tours',
  siret: '732 829 320 00074',
  vatNumber: 'FR44732829320'
}

t.test('the first step asks the seller’s mentions, not the 17 fields', async (t) => {
  t.ok(FIRST_STEP_FIELDS.length <= 9, `${FIRST_STEP_FIELDS.length} fields`)
  for (const field of ['companyName', 'address', 'siret', 'vatNumber', 'franchiseEnBase'] as const) t.ok(isFirstStepField(field), field)
  for (const field of ['insurer', 'iban', 'bic', 'mediatorName', 'defaultPaymentTerms'] as const)
    t.notOk(isFirstStepField(field), `${field}: later`)
})

t.test('what a quote needs from the profile depends on the quote', async (t) => {
  t.same(
    sendingProfileGaps(firstStep, { buildingTrade: false }),
    { identity: [], insurance: [] },
    'the first step is enough for a first quote'
  )
  t.same(
    sendingProfileGaps(firstStep, { buildingTrade: true }),
    { identity: [], insurance: ['l’assureur', 'la couverture géographique'] },
    'building work: the décennale'
  )
  t.same(
    sendingProfileGaps({ ...firstStep, insurer: 'MAAF', insuranceCoverage: 'France' }, { buildingTrade: true }).insurance,
    [],
    'the policy number stays optional'
  )
  t.same(sendingProfileGaps(EMPTY_PROFILE, { buildingTrade: false }).identity, [
    'la raison sociale',
    'l’adresse',
    'le SIRET',
    'le numéro de TVA intracommunautaire'
  ])
})

t.test('each later step asked with a French sentence, none once given', async (t) => {
  t.equal(
    insuranceRequest({ ...firstStep, insurer: 'MAAF' }),
    'Pour un devis de travaux du bâtiment, votre assurance professionnelle (décennale) doit figurer sur le devis\u202f: indiquez la couverture géographique dans votre profil.'
  )
  t.equal(insuranceRequest({ ...firstStep, insurer: 'MAAF', insuranceCoverage: 'France' }), null)
  t.match(
    bankDetailsRequest(firstStep, 'invoice'),
    /^Ajoutez vos coordonnées bancaires \(IBAN et BIC\) à votre profil\u202f: elles figureront sur la facture/
  )
  t.match(bankDetailsRequest(firstStep, 'deposit'), /régler l’acompte par virement/)
  t.equal(bankDetailsRequest({ ...firstStep, iban: 'FR7630006000011234567890189' }, 'invoice'), null)
})
