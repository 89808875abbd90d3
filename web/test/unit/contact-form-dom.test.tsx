// The public contact form in a DOM, posting to the real gateway (which serves the page in
// production, hence the page's relative '/api/contact' resolved against it): an empty form puts
// the focus on the first field to fix; a sent message says where the answer goes, and « Écrire
// un autre message » keeps the name and address; a gateway that cannot be reached keeps the text.
import './dom/register.js'
import t from 'tap'
import { fireEvent, screen } from '@testing-library/dom'
import { createApiClient } from '@/lib/api-client'
import { ContactForm } from '@/features/contact/components/contact-form'
import { press, renderPage, startGateway, textOf, typeInto } from './dom/page.js'

const gateway = await startGateway()
t.teardown(gateway.close)
const nodeFetch = globalThis.fetch
t.teardown(() => {
  globalThis.fetch = nodeFetch
})
const api = createApiClient({ getAccessToken: async () => null })

t.test('an empty form, then a message sent, then another one', async (t) => {
  globalThis.fetch = gateway.fetch
  t.teardown(renderPage(<ContactForm />, { api }))
  await press('Envoyer le message')
  await screen.findAllByText(/./, { selector: '.field__error' })
  t.equal(document.activeElement, screen.getByLabelText(/^Nom/), 'the first field to fix takes the focus')

  typeInto(/^Nom/, 'Élise Martin')
  typeInto(/^E-mail/, 'elise.martin@example.org')
  typeInto(/^Message/, 'Bonjour, je voudrais un devis pour ma salle de bains.')
  fireEvent.click(screen.getByLabelText(/^J’accepte/))
  await press('Envoyer le message')
  t.ok(await screen.findByRole('heading', { name: 'Message envoyé' }))
  t.match(textOf(document.querySelector('.notice--success')), /elise\.martin@example\.org/, 'says where the answer goes')

  await press('Écrire un autre message')
  t.equal((await screen.findByLabelText<HTMLInputElement>(/^Nom/)).value, 'Élise Martin', 'the name is kept')
  t.equal(screen.getByLabelText<HTMLTextAreaElement>(/^Message/).value, '', 'the message is emptied')
})

t.test('a gateway that cannot be reached: the text is kept and the failure said', async (t) => {
  globalThis.fetch = (input, init) => nodeFetch(new URL(String(input), 'http://127.0.0.1:9'), init)
  t.teardown(renderPage(<ContactForm />, { api }))
  await screen.findByLabelText(/^Nom/)
  typeInto(/^Nom/, 'Élise Martin')
  typeInto(/^E-mail/, 'elise.martin@example.org')
  typeInto(/^Message/, 'Bonjour, je voudrais un devis pour ma salle de bains.')
  fireEvent.click(screen.getByLabelText(/^J’accepte/))
  await press('Envoyer le message')
  t.match(textOf(await screen.findByRole('alert')), /[a-zé]/, 'the failure is said in French')
  t.equal(
    screen.getByLabelText<HTMLTextAreaElement>(/^Message/).value,
    'Bonjour, je voudrais un devis pour ma salle de bains.',
    'nothing typed is lost'
  )
})
