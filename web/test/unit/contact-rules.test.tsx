// The contact form's rules in the browser and in the gateway agree: what the page accepts, the
// API accepts, and a mistake gets the same French message on both sides.
import t from 'tap'
import fc from 'fast-check'
import { checkContactBody as checkOnServer } from '../../../gateway/src/contact/contact-messages.js'
import { CONTACT_MESSAGES, checkContact, type ContactValues } from '@paraphe/shared/contact'
import { firstProblem } from '@/features/contact/lib/contact-rules'

const valid: ContactValues = {
  name: 'Inès Martin',
  email: 'ines@example.fr',
  company: '',
  phone: '',
  subject: 'Autre demande',
  message: 'Bonjour, une question.',
  consent: true
}

t.test('each rule, with its message', async (t) => {
  t.same(checkContact(valid), {})
  t.same(checkContact({ ...valid, name: ' \t ' }), { name: 'Indiquez votre nom.' })
  t.same(checkContact({ ...valid, name: 'x'.repeat(201) }), { name: CONTACT_MESSAGES.nameTooLong })
  t.same(checkContact({ ...valid, email: '' }), { email: 'Indiquez votre adresse e-mail.' })
  for (const email of ['ines', 'ines@example', 'in es@example.fr', 'ines@.fr', 'ines.@example.fr', 'a..b@example.fr']) {
    t.same(checkContact({ ...valid, email }), { email: 'Cette adresse e-mail n’est pas valide.' }, email)
  }
  for (const email of ['ines+devis@example.fr', 'élodie@société.fr', ' ines@example.fr '])
    t.same(checkContact({ ...valid, email }), {}, email)
  t.same(checkContact({ ...valid, company: 'c'.repeat(201) }), { company: CONTACT_MESSAGES.companyTooLong })
  t.same(checkContact({ ...valid, phone: '+33 (0)6 12-34-56-78' }), {})
  t.same(checkContact({ ...valid, phone: '06 12 34 56 7x' }), { phone: 'Ce numéro de téléphone n’est pas valide.' })
  t.same(checkContact({ ...valid, subject: '' }), { subject: 'Choisissez le sujet de votre message.' })
  t.same(checkContact({ ...valid, message: '' }), { message: 'Écrivez votre message.' })
  t.same(checkContact({ ...valid, message: '  123456789  ' }), { message: 'Votre message doit faire au moins 10 caractères.' })
  t.same(checkContact({ ...valid, message: 'é'.repeat(5432) }), {
    message: 'Votre message ne peut pas dépasser 5\u202f000 caractères (5\u202f432 pour l’instant).'
  })
  t.same(checkContact({ ...valid, consent: false }), { consent: CONTACT_MESSAGES.consentMissing })
  t.equal(firstProblem(checkContact({ ...valid, message: '', email: 'x' })), 'email', 'the first in the form’s order')
  t.equal(firstProblem({}), undefined)
})

t.test('the page and the API agree on every input', async (t) => {
  const text = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      '',
      ' ',
      'Inès',
      'ines@example.fr',
      'a@b',
      '.a@b.fr',
      '+33 6 12 34 56 78',
      '123',
      '👍👍👍👍👍👍👍👍👍👍',
      'ligne 1\r\nligne 2 !'
    ),
    fc.string({ minLength: 195, maxLength: 260 }),
    fc.nat({ max: 5_100 }).map((count) => 'm'.repeat(count))
  )
  const values = fc.record({ name: text, email: text, company: text, phone: text, subject: text, message: text, consent: fc.boolean() })
  fc.assert(
    fc.property(values, (input) => {
      const server = checkOnServer(input)
      const page = checkContact(input)
      return JSON.stringify(page) === JSON.stringify(server.ok ? {} : server.fields)
    }),
    { numRuns: 800 }
  )
  t.pass('800 random forms: same verdict, same messages')
})
