// The saved clients' rules, shared by the page, the editor and the gateway: a private person by
// their name, a company by its name, the e-mail and SIRET checked, every text's limit, each
// refusal in French; a saved client copied into a quote, and a quote's client saved.
import t from 'tap'
import {
  checkSavedClient,
  EMPTY_SAVED_CLIENT,
  quoteClientOf,
  savedClientName,
  savedClientOfQuote,
  type SavedClientInput
} from '../src/saved-clients.js'

const person: SavedClientInput = { ...EMPTY_SAVED_CLIENT, name: 'Inès Dupont', email: 'ines@example.fr' }
const company: SavedClientInput = {
  ...EMPTY_SAVED_CLIENT,
  kind: 'business',
  company: 'Syndic Bellevue',
  name: 'Marc Petit',
  siret: ' 732 829 320 00074 '
}

t.test('what is required, by kind, and how values are kept', async (t) => {
  t.same(
    checkSavedClient({ ...person, name: ' Inès Dupont ', phone: ' 06 12 ' }),
    { ok: true, client: { ...person, phone: '06 12' } },
    'texts trimmed'
  )
  t.match(checkSavedClient(company), { ok: true, client: { siret: '73282932000074' } }, 'the SIRET kept as its digits')
  t.same(checkSavedClient({ ...company, name: '' }).ok, true, 'a company without a contact name')
  t.same(checkSavedClient({ ...EMPTY_SAVED_CLIENT }), { ok: false, problems: { name: 'Indiquez le nom du client.' } })
  t.same(checkSavedClient({ ...company, company: ' ' }), { ok: false, problems: { company: 'Indiquez le nom de la société.' } })
  t.same(checkSavedClient({ ...person, kind: 'robot' as SavedClientInput['kind'] }), {
    ok: false,
    problems: { kind: 'Choisissez particulier ou professionnel.' }
  })
  t.same(checkSavedClient({ ...person, email: 'ines@exemple' }), {
    ok: false,
    problems: { email: 'Cette adresse e-mail ne semble pas valide (exemple : nom@domaine.fr).' }
  })
  t.same(checkSavedClient({ ...person, siret: '73282932000074' }), {
    ok: false,
    problems: { siret: 'Seul un client professionnel a un SIRET.' }
  })
  t.same(checkSavedClient({ ...company, siret: '1234' }), { ok: false, problems: { siret: 'Le SIRET compte 14 chiffres.' } })
  const long = checkSavedClient({ ...person, name: 'x'.repeat(121), siteAddress: 'y'.repeat(301), notes: 'z'.repeat(4001) })
  t.same(
    checkSavedClient({ ...person, notes: 'a\u0000b' }),
    { ok: false, problems: { notes: 'Ce texte contient un caractère invalide.' } },
    'a NUL character, which PostgreSQL cannot store'
  )
  t.same(
    long,
    { ok: false, problems: { name: 'Au plus 120 caractères.', siteAddress: 'Au plus 300 caractères.', notes: 'Au plus 4000 caractères.' } },
    'each limit, with the field’s own message first'
  )
})

t.test('a saved client and a quote’s client, both ways', async (t) => {
  t.equal(savedClientName(company), 'Syndic Bellevue', 'a company goes by its name')
  t.equal(savedClientName(person), 'Inès Dupont')
  t.same(
    quoteClientOf({ ...company, email: 'c@b.fr', phone: '04', address: 'Lyon', notes: 'à garder pour soi' }),
    { kind: 'business', name: 'Marc Petit', company: 'Syndic Bellevue', email: 'c@b.fr', phone: '04', address: 'Lyon' },
    'notes and SIRET stay out of the quote'
  )
  t.same(savedClientOfQuote({ kind: 'individual', name: 'Paul', company: '', email: 'p@x.fr', phone: '', address: 'Lyon' }, 'Chantier'), {
    ...EMPTY_SAVED_CLIENT,
    name: 'Paul',
    email: 'p@x.fr',
    address: 'Lyon',
    siteAddress: 'Chantier'
  })
})
