// The /contact page rendered in Node as the prerender does, and the form in each state: field
// errors tied to their control, the failure alert, sending, the confirmation, the hidden field.
// The clicks themselves are driven in Chromium by web/test/browser/contact.test.ts.
import t from 'tap'
import type { ReactNode } from 'react'
import { placeholderRuntimeConfig } from '@paraphe/shared/runtime-config'
import { ContactFormView, ContactSent, EMPTY_CONTACT, type ContactFormViewProps } from '@/features/contact/components/contact-form-view'
import { checkContact } from '@paraphe/shared/contact'
import { postContact } from '@/features/contact/lib/post-contact'
import { Component as ContactPage, handle } from '@/features/contact/routes/contact'
import { API_MESSAGES, createApiClient, type ApiClient } from '@/lib/api-client'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const render = (node: ReactNode) =>
  serverRender(node, {
    config: { operator: { ...placeholderRuntimeConfig().operator, email: 'contact@paraphe.example', phone: '01 23 45 67 89' } }
  })

const props = (overrides: Partial<ContactFormViewProps> = {}): ContactFormViewProps => ({
  values: EMPTY_CONTACT,
  website: '',
  problems: {},
  failure: null,
  pending: false,
  ready: true,
  onChange: noop,
  onWebsiteChange: noop,
  onSubmit: noop,
  ...overrides
})

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  return new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? ''
}

t.test('the page as prerendered: the company’s details beside a real form, inert until hydration', async (t) => {
  const html = render(<ContactPage />)
  t.match(html, /<h1>Nous contacter<\/h1>/)
  t.match(html, /href="mailto:contact@paraphe.example"/, 'the e-mail address stays')
  t.match(html, /href="tel:01 23 45 67 89"/, 'the phone number stays')
  t.match(html, /sous deux jours ouvrés/)
  t.match(html, /<h2 id="contact-form-title">Formulaire de contact<\/h2>/)
  t.notMatch(html, /ne peut pas encore envoyer/, 'no more “cannot send yet”')
  t.match(
    html,
    /<button type="submit" class="button button--primary" disabled="">Envoyer le message<\/button>/,
    'disabled before hydration'
  )
  t.match(handle.description, /formulaire/)
})

t.test('an untouched form: labels, optional fields marked, no error announced', async (t) => {
  const html = render(<ContactFormView {...props()} />)
  const labels: ReadonlyArray<readonly [string, string]> = [
    ['contact-name', 'Nom'],
    ['contact-email', 'E-mail'],
    ['contact-subject', 'Sujet'],
    ['contact-message', 'Message']
  ]
  for (const [id, label] of labels) {
    t.match(html, new RegExp(`<label for="${id}">${label}</label>`), label)
  }
  t.match(html, /<label for="contact-company">Entreprise <span class="field__optional">\(facultatif\)<\/span><\/label>/)
  t.match(html, /<label for="contact-phone">Téléphone <span class="field__optional">\(facultatif\)<\/span><\/label>/)
  t.notMatch(tag(html, 'contact-company'), /required/, 'an optional field is not announced as required')
  t.match(tag(html, 'contact-name'), /required=""/)
  t.match(tag(html, 'contact-phone'), /type="tel"/)
  t.match(tag(html, 'contact-email'), /autocomplete="email"/i)
  t.notMatch(html, /aria-invalid/)
  t.match(tag(html, 'contact-message'), /aria-describedby="contact-message-hint"/, 'the message’s hint is read with it')
  t.match(html, /Entre 10 et 5 000 caractères/)
  t.match(html, /<option value="Question sur le service" selected="">/, 'a subject chosen by default')
  t.match(html, /href="\/privacy"[^>]*>politique de confidentialité<\/a>/)
  t.notMatch(html, /role="alert"/)
  t.match(html, /<button type="submit" class="button button--primary">Envoyer le message<\/button>/)
})

t.test('the hidden field: out of reach of people, keyboards and screen readers', async (t) => {
  const html = render(<ContactFormView {...props()} />)
  t.match(html, /<div class="contact__trap" aria-hidden="true"><label for="contact-website">/)
  const input = tag(html, 'contact-website')
  t.match(input, /name="website"/)
  t.match(input, /tabindex="-1"/i)
  t.match(input, /autocomplete="off"/i)
})

t.test('errors: under their field, tied to it, the field marked invalid', async (t) => {
  const problems = checkContact({ ...EMPTY_CONTACT, email: 'ines@', message: 'Court', phone: 'abc' })
  const html = render(
    <ContactFormView {...props({ problems, values: { ...EMPTY_CONTACT, email: 'ines@', message: 'Court', phone: 'abc' } })} />
  )
  t.match(tag(html, 'contact-name'), /aria-invalid="true"/)
  t.match(tag(html, 'contact-name'), /aria-describedby="contact-name-error"/)
  t.match(html, /<p class="field__error" id="contact-name-error">Indiquez votre nom.<\/p>/)
  t.match(html, /id="contact-email-error">Cette adresse e-mail n’est pas valide.</)
  t.match(html, /id="contact-phone-error">Ce numéro de téléphone n’est pas valide.</)
  t.match(tag(html, 'contact-message'), /aria-describedby="contact-message-hint contact-message-error"/)
  t.match(html, /id="contact-message-error">Votre message doit faire au moins 10 caractères.</)
  t.match(tag(html, 'contact-consent'), /aria-invalid="true"/)
  t.match(html, /class="field__error field__error--checkbox" id="contact-consent-error">Cochez la case/)
  t.match(html, /<div class="field field--checkbox field--invalid">/)
  t.notMatch(tag(html, 'contact-company'), /aria-invalid/, 'a valid field is not marked')
  t.match(tag(html, 'contact-email'), /value="ines@"/, 'what was typed stays')
})

t.test('sending, a failure, and the confirmation', async (t) => {
  const sending = render(<ContactFormView {...props({ pending: true })} />)
  t.match(sending, /disabled="">Envoi en cours…<\/button>/)
  const failed = render(
    <ContactFormView
      {...props({
        failure: 'Le serveur ne répond pas. Vérifiez votre connexion, puis réessayez.',
        values: { ...EMPTY_CONTACT, message: 'Mon long message' }
      })}
    />
  )
  t.match(failed, /<div class="notice notice--error" role="alert">Le serveur ne répond pas./)
  t.match(failed, /Mon long message<\/textarea>/, 'the text is kept')
  const sent = render(<ContactSent email="ines@example.fr" onAgain={noop} />)
  t.match(sent, /<h2 id="contact-sent-title" tabindex="-1">Message envoyé<\/h2>/i)
  t.match(sent, /role="status"/)
  t.match(sent, /à <strong>ines@example.fr<\/strong>, en principe sous deux jours ouvrés/)
  t.match(sent, /Écrire un autre message/)
})

t.test('sending: what the gateway receives, and the message shown for each failure', async (t) => {
  const requests: Array<{ url: string; init: RequestInit }> = []
  let answer: () => Promise<Response> = async () => new Response(JSON.stringify({ ok: true }), { status: 201 })
  const api = createApiClient({
    getAccessToken: async () => null,
    fetch: async (input: RequestInfo | URL, init: RequestInit = {}) => {
      requests.push({ url: String(input), init })
      return answer()
    }
  })
  const values = { ...EMPTY_CONTACT, name: 'Inès', email: ' ines@example.fr ', message: 'Bonjour, une question.', consent: true }

  t.same(await postContact(api, values, ''), { ok: true, email: 'ines@example.fr' })
  t.equal(requests[0]?.url, '/api/contact')
  t.equal(requests[0]?.init.method, 'POST')
  t.same(JSON.parse(String(requests[0]?.init.body)), { ...values, website: '' }, 'the form as typed, with the hidden field')

  answer = async () =>
    new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Vous avez envoyé plusieurs messages en peu de temps.' } }), {
      status: 429
    })
  t.same(await postContact(api, values, ''), { ok: false, message: 'Vous avez envoyé plusieurs messages en peu de temps.' })
  answer = () => Promise.reject(new TypeError('Failed to fetch'))
  t.same(await postContact(api, values, ''), { ok: false, message: API_MESSAGES.unreachable })
  const throwing: ApiClient = { ...api, post: () => Promise.reject(new Error('bug')) }
  t.same(await postContact(throwing, values, ''), { ok: false, message: API_MESSAGES.failed })
})
