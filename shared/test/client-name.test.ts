import t from 'tap'
import { clientDisplayName, clientSalutation } from '../src/quote.js'

t.test('the professional sees a business client under its company name, a person under their name', async (t) => {
  t.equal(clientDisplayName({ kind: 'business', name: 'Élise Martin', company: 'Martin SARL' }), 'Martin SARL')
  t.equal(clientDisplayName({ kind: 'business', name: 'Élise Martin', company: '  ' }), 'Élise Martin')
  t.equal(clientDisplayName({ kind: 'individual', name: ' Élise Martin ', company: 'Martin SARL' }), 'Élise Martin')
  t.equal(
    clientDisplayName({ kind: 'individual', name: '', company: 'Martin SARL' }),
    'Martin SARL',
    'never blank when something was given'
  )
})

t.test('e-mails greet the person, else the company', async (t) => {
  t.equal(clientSalutation({ name: 'Élise Martin', company: 'Martin SARL' }), 'Élise Martin')
  t.equal(clientSalutation({ name: ' ', company: 'Martin SARL' }), 'Martin SARL')
})
