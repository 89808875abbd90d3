// The company profile's checks in the browser: the same shared rules as the gateway for SIRET and
// VAT numbers, so the professional sees the mistake before sending; and the logo file's checks.
import t from 'tap'
import { EMPTY_PROFILE } from '@paraphe/shared/company'
import { firstProblem, profileFormOf, readProfileForm } from '@/features/profile/lib/profile-form'
import { LOGO_MAX_BYTES, logoFileProblem } from '@/features/profile/lib/logo-file'

const filled = {
  ...profileFormOf(EMPTY_PROFILE),
  companyName: 'Menuiserie Martin',
  siret: ' 732 829 320 00074 ',
  vatNumber: 'FR44732829320',
  email: ' contact@martin.fr ',
  defaultValidityDays: ' 45 '
}

t.test('a profile that is well-formed is what gets sent', async (t) => {
  t.equal(profileFormOf(EMPTY_PROFILE).defaultValidityDays, '30')
  t.match(readProfileForm(filled), {
    ok: true,
    profile: {
      companyName: 'Menuiserie Martin',
      siret: '732 829 320 00074',
      vatNumber: 'FR44732829320',
      email: 'contact@martin.fr',
      defaultValidityDays: 45
    }
  })
  t.match(
    readProfileForm(profileFormOf(EMPTY_PROFILE)),
    { ok: true, profile: EMPTY_PROFILE },
    'an empty profile can be saved (completed later)'
  )
})

t.test('bank details and the mediator: checked as the gateway checks them, sent normalised', async (t) => {
  t.match(
    readProfileForm({ ...filled, iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agrifrpp', mediatorUrl: ' https://www.cm2c.net ' }),
    {
      ok: true,
      profile: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP', mediatorUrl: 'https://www.cm2c.net' }
    }
  )
  const wrong = readProfileForm({ ...filled, iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRI', mediatorUrl: 'cm2c' })
  t.match(wrong, { ok: false, errors: { iban: /clé de contrôle incorrecte/, bic: /8 ou 11 caractères/, mediatorUrl: /adresse complète/ } })
  if (!wrong.ok) t.equal(firstProblem(wrong.errors), 'iban')
})

t.test('each wrong value gets its French message, and the focus goes to the first', async (t) => {
  const read = readProfileForm({
    ...filled,
    siret: '732 829 320 00075',
    vatNumber: 'FR00732829320',
    email: 'contact@',
    defaultValidityDays: '0'
  })
  t.equal(read.ok, false)
  if (read.ok) return
  t.match(read.errors, {
    siret: /clé de contrôle incorrecte/,
    vatNumber: /la clé ne correspond pas au SIREN/,
    email: /ne semble pas valide/,
    defaultValidityDays: /de 1 à 365/
  })
  t.equal(firstProblem(read.errors), 'siret')
  t.equal(firstProblem({ email: 'x', vatNumber: 'y' }), 'vatNumber', 'in the order of the page')
  t.equal(firstProblem({}), undefined)
  const short = readProfileForm({ ...filled, siret: '1234', vatNumber: '' })
  t.match(short, { ok: false, errors: { siret: 'Le SIRET compte 14 chiffres.' } })
  const otherCompany = readProfileForm({ ...filled, vatNumber: 'FR40123456789' })
  t.match(otherCompany, { ok: false })
  const mismatch = readProfileForm({ ...filled, siret: '', vatNumber: 'ABC' })
  t.match(mismatch, { ok: false, errors: { vatNumber: /s’écrit FR/ } })
  t.match(readProfileForm({ ...filled, defaultValidityDays: 'trente' }), { ok: false, errors: { defaultValidityDays: /jours/ } })
})

t.test('the logo file: PNG or JPEG up to 500 Ko; SVG refused with the reason', async (t) => {
  t.equal(logoFileProblem({ type: 'image/png', name: 'logo.png', size: 20_000 }), null)
  t.equal(logoFileProblem({ type: 'image/jpeg', name: 'logo.jpg', size: LOGO_MAX_BYTES }), null)
  t.match(logoFileProblem({ type: 'image/svg+xml', name: 'logo.svg', size: 2_000 }), /Les logos SVG ne sont pas acceptés/)
  t.match(logoFileProblem({ type: '', name: 'LOGO.SVG', size: 2_000 }), /SVG/, 'by its name when the type is unknown')
  t.equal(logoFileProblem({ type: 'image/webp', name: 'logo.webp', size: 2_000 }), 'Choisissez une image PNG ou JPEG.')
  t.equal(
    logoFileProblem({ type: 'image/png', name: 'logo.png', size: 634_880 }),
    'Cette image pèse 620\u00a0Ko\u202f: le logo doit faire 500\u00a0Ko au plus. Réduisez-la, puis réessayez.'
  )
})
