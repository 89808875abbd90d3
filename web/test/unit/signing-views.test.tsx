// The signing page's views rendered in Node: the quote as on its PDF (identity, lines, totals
// per VAT rate, mentions), the form in the order the law asks for with its errors tied to their
// controls, the e-mail code step, declining with its counter, one page per closed state with its
// date and whom to contact, and the guide the prerender keeps. The clicks are driven in
// Chromium (web/test/browser/signing.test.ts).
import t from 'tap'
import { createRef, type ReactNode } from 'react'
import type { CompanyProfile } from '@paraphe/shared/company'
import type { Quote, QuoteContent } from '@paraphe/shared/quote'
import { computeTotals } from '@paraphe/shared/quote-totals'
import type { ClosedView, SigningView } from '@/features/signing/api/signing-api'
import { ClosedLink } from '@/features/signing/components/closed-link'
import { CompanyContact } from '@/features/signing/components/company-contact'
import { DeclineFormView, type DeclineFormViewProps } from '@/features/signing/components/decline-form'
import { LoadingLink, UnknownLink, UnreachableLink } from '@/features/signing/components/link-status'
import { OpenQuote } from '@/features/signing/components/open-quote'
import { formatQuantity } from '@paraphe/shared/decimal-input'
import { companyLegalLines, totalsRows } from '@paraphe/shared/quote-summary-lines'
import { QuoteDocument } from '@/features/signing/components/quote-document'
import { QuoteSummary } from '@/features/signing/components/quote-summary'
import { SignFormView, type SignFormViewProps } from '@/features/signing/components/sign-form-view'
import { SignatureSheet } from '@/features/signing/components/signature-sheet'
import { Component as SigningPage, handle } from '@/features/signing/routes/signature-devis'
import { EMPTY_SIGN_VALUES } from '@/features/signing/lib/sign-form'
import { API_MESSAGES, ApiError, createApiClient } from '@/lib/api-client'
import { SERVICE_UNAVAILABLE, unreadableMessage } from '@/features/signing/lib/api-errors'
import { serverRender } from '../support/server-render.js'

const noop = () => {}

const COMPANY: CompanyProfile = {
  companyName: 'Dupont Rénovation',
  legalForm: 'SARL au capital de 10 000 €',
  address: '12 rue de la Forge\n69003 Lyon',
  siret: '73282932000074',
  registration: 'RCS Lyon 732 829 320',
  vatNumber: 'FR44732829320',
  email: 'contact@dupont-renovation.fr',
  phone: '04 72 00 00 00',
  insurer: 'MAAF Assurances',
  insuranceCoverage: 'France métropolitaine',
  insurancePolicy: '',
  iban: '',
  bic: '',
  mediatorName: '',
  mediatorUrl: '',
  defaultPaymentTerms: '',
  defaultExecutionConditions: '',
  defaultValidityDays: 30,
  franchiseEnBase: false
}

const CONTENT: QuoteContent = {
  client: {
    kind: 'business',
    name: 'Élise Martin',
    company: 'Martin SAS',
    email: 'elise@example.org',
    phone: '06 12 34 56 78',
    address: '5 place Bellecour\n69002 Lyon'
  },
  siteAddress: '8 rue du Chantier\n69007 Lyon',
  title: 'Rénovation de la salle de bains',
  issueDate: '2026-11-21',
  validityDays: 30,
  workStartDate: '2027-01-11',
  workDuration: '3 semaines',
  lines: [
    {
      id: 'l1',
      description: 'Dépose de l’ancienne baignoire',
      quantityMilli: 1000,
      unit: 'forfait',
      unitPriceCents: 35000,
      vatRateBp: 1000,
      discountBp: 0
    },
    {
      id: 'l2',
      description: 'Main-d’œuvre plomberie',
      quantityMilli: 7500,
      unit: 'h',
      unitPriceCents: 4500,
      vatRateBp: 1000,
      discountBp: 1000
    },
    {
      id: 'l3',
      description: 'Receveur de douche 90 × 120',
      quantityMilli: 1000,
      unit: 'u',
      unitPriceCents: 48990,
      vatRateBp: 2000,
      discountBp: 0
    }
  ],
  depositBp: 3000,
  paymentTerms: '30 % à la signature.',
  conditions: 'Devis gratuit.',
  notes: 'Accès par la cour.',
  buildingTrade: true,
  requireEmailCode: false
}

function quoteOf(content: Partial<QuoteContent> = {}, extra: Partial<Quote> = {}): Quote {
  const merged = { ...CONTENT, ...content }
  const franchiseEnBase = extra.franchiseEnBase ?? false
  return {
    ...merged,
    id: 'q-1',
    number: 'DEV-2026-0007',
    status: 'viewed',
    franchiseEnBase,
    totals: computeTotals(merged.lines, { franchiseEnBase, depositBp: merged.depositBp }),
    version: 1,
    createdAt: '2026-11-21T09:00:00Z',
    updatedAt: '2026-11-21T09:00:00Z',
    sentAt: '2026-11-21T09:00:00Z',
    expiresOn: '2026-12-21',
    replacedBy: null,
    ...extra
  }
}

function viewOf(overrides: Partial<SigningView> = {}, quote: Quote = quoteOf()): SigningView {
  return {
    state: 'open',
    quote,
    company: COMPANY,
    documentSha256: 'f'.repeat(64),
    linkExpiresAt: '2026-12-21T22:59:59.999Z',
    signature: null,
    declinedAt: null,
    signedDocument: false,
    hasLogo: false,
    ...overrides
  }
}

const closed = (overrides: Partial<SigningView> & { state: ClosedView['state'] }, quote?: Quote) => viewOf(overrides, quote) as ClosedView

const render = (node: ReactNode, url = '/SignatureDevis') => serverRender(node, { path: url, config: { siteName: 'Paraphe' }, raw: true })

/** The text a reader gets: tags dropped, entities decoded, every kind of space as one. */
function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim()
}

/** The opening tag of the element with this id. */
function tag(html: string, id: string): string {
  return new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? ''
}

const api = createApiClient({ getAccessToken: async () => null, fetch: async () => new Response('{}') })

t.test('the quote as on its PDF: identity, client and site, lines, totals per VAT rate, mentions', async (t) => {
  const quote = quoteOf()
  const html = render(<QuoteDocument quote={quote} company={COMPANY} />)
  const words = text(html)
  for (const expected of [
    'Dupont Rénovation',
    'SIRET 732 829 320 00074',
    'RCS Lyon 732 829 320',
    'TVA intracommunautaire FR44732829320',
    'Tél. : 04 72 00 00 00',
    'Martin SAS Élise Martin',
    'Adresse du chantier 8 rue du Chantier 69007 Lyon',
    'Objet Rénovation de la salle de bains',
    'Date du devis 21 novembre 2026',
    'Validité jusqu’au 21 décembre 2026',
    'Début des travaux 11 janvier 2027',
    'Durée estimée 3 semaines',
    'Main-d’œuvre plomberie 7,5 h 45,00 € 10 % 10 % 303,75 €',
    'TVA 10 % sur 653,75 € 65,38 €',
    'TVA 20 % sur 489,90 € 97,98 €',
    'Total TVA 163,36 €',
    'Total TTC 1 307,01 €',
    'Acompte de 30 % du TTC 392,10 €',
    'Conditions de paiement 30 % à la signature.',
    'Conditions Devis gratuit.',
    'Notes Accès par la cour.',
    'Assurance professionnelle Assureur MAAF Assurances Couverture géographique France métropolitaine'
  ]) {
    t.ok(words.includes(expected), `shows « ${expected} »`)
  }
  t.notOk(words.includes('Police n°'), 'an empty insurance field is left out')
  t.match(html, /<th scope="col">Remise<\/th>/, 'a discount column when a line has one')
  t.match(html, /<td data-label="Prix unitaire HT"[^>]*>/, 'each figure labelled for the phone layout')
  t.match(html, /<abbr title="heure">h<\/abbr>/, 'units spelt out for screen readers')
  t.match(html, /class="signing-doc__lines">12 rue de la Forge\n69003 Lyon</, 'addresses keep their lines')
  t.match(html, /href="mailto:contact@dupont-renovation.fr"/)
  t.match(html, /href="tel:0472000000"/)
  t.equal(formatQuantity(1250125), '1 250,125'.replace(' ', '\u202f'))
})

t.test('what the PDF prints for a private client and a deposit, the page shows before the signature', async (t) => {
  const company = {
    ...COMPANY,
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    mediatorName: 'Médiateur du bâtiment',
    mediatorUrl: 'https://mediateur.example.fr'
  }
  const consumer = quoteOf({ client: { ...CONTENT.client, kind: 'individual', company: '' }, depositBp: 3000 })
  const words = text(render(<QuoteDocument quote={consumer} company={company} />))
  t.match(
    words,
    'Coordonnées bancaires pour l’acompte Titulaire du compte Dupont Rénovation IBAN FR76 3000 6000 0112 3456 7890 189 BIC AGRIFRPP'
  )
  // Statutory texts are folded under their title (« Lire »): in the page, not hidden from it.
  t.match(words, 'Droit de rétractation (client particulier) Lire Le client, consommateur, dispose d’un délai de quatorze jours')
  t.match(words, 'Le formulaire de rétractation figure à la fin du PDF du devis.')
  t.match(
    words,
    'Médiation de la consommation Lire En cas de litige, le client consommateur peut recourir gratuitement au médiateur de la consommation : Médiateur du bâtiment (https://mediateur.example.fr)'
  )
  const business = text(render(<QuoteDocument quote={quoteOf({ depositBp: 0 })} company={company} />))
  t.notMatch(business, /Coordonnées bancaires|rétractation|Médiation/, 'a business client without a deposit: none of it')
})

t.test('under the franchise en base: no VAT column, no VAT number, the legal mention', async (t) => {
  const quote = quoteOf(
    {
      lines: [{ ...(CONTENT.lines[0] as QuoteContent['lines'][number]) }],
      depositBp: 0,
      buildingTrade: false,
      siteAddress: '',
      workStartDate: null,
      workDuration: '',
      paymentTerms: '',
      conditions: '',
      notes: ''
    },
    { franchiseEnBase: true }
  )
  const html = render(<QuoteDocument quote={quote} company={{ ...COMPANY, email: '', phone: '' }} />)
  const words = text(html)
  t.notMatch(html, /<th scope="col">TVA<\/th>/)
  t.notMatch(html, /Remise/)
  t.ok(words.includes('Total HT 350,00 € TVA non applicable, article 293 B du CGI Total TTC 350,00 €'))
  t.notOk(words.includes('Acompte'), 'no deposit row without a deposit')
  t.notOk(words.includes('Assurance professionnelle'), 'insurance only for building trades')
  t.notOk(words.includes('Adresse du chantier'))
  t.notMatch(html, /mailto:|tel:/)
  t.same(companyLegalLines(COMPANY, true), ['SARL au capital de 10 000 €', 'SIRET 732 829 320 00074', 'RCS Lyon 732 829 320'])
  t.same(
    totalsRows(quote).map((row) => row.label),
    ['Total HT', 'TVA non applicable, article 293 B du CGI', 'Total TTC']
  )
})

const formProps = (overrides: Partial<SignFormViewProps> = {}): SignFormViewProps => ({
  view: viewOf(),
  values: EMPTY_SIGN_VALUES,
  problems: {},
  failure: null,
  changed: null,
  pending: false,
  drawn: false,
  code: { kind: 'idle' },
  progress: { done: 0, total: 5, firstMissing: 'signerName' },
  lastStep: false,
  onNextStep: noop,
  padRef: createRef(),
  onChange: noop,
  onDrawnChange: noop,
  onRequestCode: noop,
  onReload: noop,
  onSubmit: noop,
  ...overrides
})

t.test('the form: name, acceptance, mention and pre-work mention before the signature', async (t) => {
  const html = render(<SignFormView {...formProps()} />)
  const order = ['sign-name', 'sign-accepted', 'sign-mention', 'sign-pre-work', 'sign-method-drawn', 'sign-method-typed', 'sign-pad']
  const positions = order.map((id) => html.indexOf(`id="${id}"`))
  t.ok(
    positions.every((position) => position > 0),
    'every control is there'
  )
  t.same(
    [...positions].sort((a, b) => a - b),
    positions,
    'in this order'
  )
  t.match(
    html,
    /<label for="sign-accepted">J’ai lu le devis n° DEV-2026-0007 et j’en accepte le contenu, le prix et les conditions\.<\/label>/
  )
  t.match(html, /<label for="sign-pre-work">Devis reçu avant l’exécution des travaux<\/label>/)
  t.match(text(html), 'Détails techniques Empreinte SHA-256 du document signé : ' + 'f'.repeat(64))
  t.match(html, /href="\/verification"/, 'with a link to the verification page')
  t.match(tag(html, 'sign-name'), /autoComplete="name"|autocomplete="name"/)
  t.match(tag(html, 'sign-mention'), /aria-describedby="sign-mention-hint"/)
  t.match(html, /<canvas[^>]*id="sign-pad"[^>]*role="img"[^>]*aria-label="Cadre de signature, vide"/)
  t.match(html, /Le cadre est vide\./)
  t.match(
    html,
    /<button type="button" class="button button--ghost signing-pad__clear" disabled="">Effacer la signature<\/button>/,
    'nothing to clear yet'
  )
  t.notMatch(html, /id="sign-typed"/, 'the typed name only once chosen')
  t.notMatch(html, /sign-code/, 'no e-mail code unless asked for')
  t.match(
    html,
    /<button type="button" class="button button--primary">Continuer<\/button>/,
    'incomplete: the bar leads to the first missing step'
  )
  t.match(text(html), '0 élément sur 5')
  t.notMatch(html, /role="alert"/)
  const complete = render(<SignFormView {...formProps({ progress: { done: 5, total: 5, firstMissing: undefined } })} />)
  t.match(complete, /<button type="submit" class="button button--primary">Signer le devis<\/button>/, 'complete: the bar signs')
  t.match(text(complete), '5 éléments sur 5')

  const building = render(<SignFormView {...formProps({ view: viewOf({}, quoteOf({ buildingTrade: false }, { number: null })) })} />)
  t.notMatch(building, /sign-pre-work/, 'no pre-work mention outside building trades')
  t.match(building, /J’ai lu le devis et j’en accepte/)
})

t.test('the form’s errors are tied to their controls; a typed signature; a changed quote; a failure', async (t) => {
  const problems = {
    signerName: 'Indiquez vos nom et prénom.',
    accepted: 'Cochez la case pour accepter le devis et ses conditions avant de signer.',
    mention: 'Recopiez la mention « Bon pour accord ».',
    preWorkAcknowledged: 'Cochez la mention « Devis reçu avant l’exécution des travaux ».',
    signature: 'Indiquez vos nom et prénom en haut du formulaire : ils servent de signature.'
  }
  const html = render(
    <SignFormView
      {...formProps({ problems, values: { ...EMPTY_SIGN_VALUES, method: 'typed', signerName: 'Élise' }, drawn: true, pending: true })}
    />
  )
  for (const [id, field] of [
    ['sign-name', 'signerName'],
    ['sign-accepted', 'accepted'],
    ['sign-mention', 'mention'],
    ['sign-pre-work', 'preWorkAcknowledged']
  ] as const) {
    t.match(tag(html, id), /aria-invalid="true"/, `${field}: invalid`)
    t.match(tag(html, id), new RegExp(`aria-describedby="[^"]*${id}-error"`), `${field}: its error read with it`)
    t.match(html, new RegExp(`<p class="field__error[^"]*" id="${id}-error">${problems[field].replace(/[()]/g, '.')}</p>`))
  }
  t.match(tag(html, 'sign-method-typed'), /aria-describedby="sign-signature-error"/, 'the signature’s error on the typed choice')
  t.match(tag(html, 'sign-method-drawn'), /aria-describedby="sign-signature-error"/)
  t.match(html, /<p class="signing-typed__preview">Élise<\/p>/, 'the name typed once, shown as the signature')
  t.match(html, /<div hidden="">/, 'the pad hidden, not removed: its drawing is kept')
  t.match(html, /aria-label="Cadre de signature : signature dessinée"/)
  t.match(html, /disabled="">Signature en cours…<\/button>/, 'busy while sending')

  const changed = render(
    <SignFormView {...formProps({ changed: 'Le devis a changé depuis que vous l’avez ouvert.', failure: 'Le serveur ne répond pas.' })} />
  )
  t.match(
    changed,
    /<div class="notice notice--error" role="alert"><p>Le devis a changé depuis que vous l’avez ouvert\.<\/p><p class="signing-form__reload"><button type="button" class="button button--ghost">Recharger le devis<\/button>/
  )
  t.match(changed, /role="alert">Le serveur ne répond pas\.<\/div>/)
})

t.test('the e-mail code step: the button, the code sent, a refusal, the field', async (t) => {
  const view = viewOf({}, quoteOf({ requireEmailCode: true }))
  const idle = render(<SignFormView {...formProps({ view })} />)
  t.match(idle, /<button type="button" class="button button--ghost">Recevoir le code maintenant<\/button>/)
  t.match(tag(idle, 'sign-code'), /inputMode="numeric"|inputmode="numeric"/)
  t.match(tag(idle, 'sign-code'), /autoComplete="one-time-code"|autocomplete="one-time-code"/)
  t.match(tag(idle, 'sign-code'), /maxLength="6"|maxlength="6"/)
  t.match(idle, /<label for="sign-code">Code à 6 chiffres reçu par e-mail<\/label>/)
  t.ok(idle.indexOf('id="sign-code"') < idle.indexOf('id="sign-method-drawn"'), 'the code before the signature, the last act')
  t.match(render(<SignFormView {...formProps({ view, code: { kind: 'sending' } })} />), /disabled="">Envoi du code…<\/button>/)
  const sent = render(<SignFormView {...formProps({ view, code: { kind: 'sent', sentTo: 'el***@example.org' } })} />)
  t.match(text(sent), 'Recevoir un nouveau code')
  t.match(text(sent), 'Un code vient d’être envoyé à el***@example.org . Vérifiez aussi vos courriers indésirables.')
  const failed = render(
    <SignFormView
      {...formProps({ view, code: { kind: 'failed', message: 'Attendez une minute.' }, problems: { emailCode: 'Ce code est incorrect.' } })}
    />
  )
  t.match(failed, /role="alert">Attendez une minute\.<\/div>/)
  t.match(tag(failed, 'sign-code'), /aria-invalid="true"/)
  t.match(failed, /id="sign-code-error">Ce code est incorrect\.<\/p>/)
})

t.test('the phone’s full-screen sheet: closed, open, and ending with « Signer le devis » once the rest is done', async (t) => {
  const sheet = (open: boolean, lastStep: boolean) =>
    render(
      <SignatureSheet open={open} hint="Signez dans le cadre." lastStep={lastStep} onClear={noop} onClose={noop}>
        <canvas id="sign-pad" />
      </SignatureSheet>
    )
  const closed = sheet(false, false)
  t.match(
    closed,
    /<div class="signing-sheet" hidden="" role="dialog" aria-modal="true" aria-labelledby="sign-sheet-title" tabindex="-1">/,
    'a modal dialog, hidden while closed'
  )
  t.match(closed, /<canvas id="sign-pad"><\/canvas>/, 'the pad stays mounted: its drawing is kept')
  t.notMatch(closed, /<button/, 'no button while closed')
  const open = sheet(true, false)
  t.match(text(open), 'Votre signature Signez dans le cadre. Effacer Annuler Valider')
  const last = sheet(true, true)
  t.match(
    text(last),
    /vous signez électroniquement ce devis ; votre nom, votre e-mail, la date, l’heure, votre adresse IP et votre appareil sont enregistrés dans le dossier de preuve\. Effacer Annuler Signer le devis$/
  )
  t.notMatch(last, />Valider</, 'no detour through the form')
})

const declineProps = (overrides: Partial<DeclineFormViewProps> = {}): DeclineFormViewProps => ({
  companyName: 'Dupont Rénovation',
  open: false,
  reason: '',
  pending: false,
  failure: null,
  onOpen: noop,
  onCancel: noop,
  onChange: noop,
  onSubmit: noop,
  ...overrides
})

t.test('declining: a button, then the reason with its counter', async (t) => {
  const shut = render(<DeclineFormView {...declineProps()} />)
  t.match(shut, /<button type="button" class="button button--ghost">Refuser le devis<\/button>/)
  t.notMatch(shut, /textarea/)
  const open = render(<DeclineFormView {...declineProps({ open: true, reason: 'Trop cher.' })} />)
  t.match(tag(open, 'decline-reason'), /maxLength="500"|maxlength="500"/)
  t.match(tag(open, 'decline-reason'), /aria-describedby="decline-reason-hint decline-reason-count"/)
  t.match(text(open), '10 / 500 caractères')
  t.match(text(open), 'Raison du refus (facultatif) Transmise à Dupont Rénovation, 500 caractères au plus.')
  t.match(open, />Confirmer le refus<\/button>/)
  const busy = render(<DeclineFormView {...declineProps({ open: true, pending: true, failure: 'Le serveur ne répond pas.' })} />)
  t.match(busy, /disabled="">Envoi du refus…<\/button>/)
  t.match(busy, /role="alert">Le serveur ne répond pas\.<\/div>/)
})

t.test('an open link: heading, validity, PDF download, then the quote, the form, declining, the contact', async (t) => {
  const html = render(<OpenQuote api={api} token="tok_en-1" view={viewOf()} onClosed={noop} onReload={noop} />)
  t.match(
    html,
    /<h1 tabindex="-1">Devis n°\u00a0<span class="quote-number">DEV-2026-0007<\/span><\/h1>/,
    'the number never broken at its hyphens'
  )
  t.match(text(html), 'Dupont Rénovation vous a envoyé ce devis : « Rénovation de la salle de bains », 1 307,01 € TTC.')
  t.notMatch(html, /Consulté|Statut/, 'no internal status for the client')
  t.match(
    html,
    /<details class="signing-details"><summary>Détails techniques<\/summary><p>Empreinte SHA-256 du document signé\s:\s<code class="signing-hash">f{64}<\/code>/,
    'the fingerprint behind « Détails techniques »'
  )
  t.match(text(html), 'Valable jusqu’au 21 décembre 2026')
  t.match(html, /<a class="button button--ghost" href="\/api\/sign\/tok_en-1\/pdf" download="">Télécharger le devis \(PDF\)<\/a>/)
  const sections = ['signing-doc-title', 'signing-form-title', 'signing-decline-title', 'signing-contact-title'].map((id) =>
    html.indexOf(`id="${id}"`)
  )
  t.same(
    [...sections].sort((a, b) => a - b),
    sections,
    'in reading order'
  )
  t.ok(sections.every((position) => position > 0))
  t.equal(html.match(/<h1/g)?.length, 1, 'one h1')

  const unnumbered = render(
    <OpenQuote
      api={api}
      token="t"
      view={viewOf({}, quoteOf({}, { number: null, expiresOn: null, status: 'sent' }))}
      onClosed={noop}
      onReload={noop}
    />
  )
  t.match(unnumbered, /<h1 tabindex="-1">Devis<\/h1>/)
  t.notMatch(unnumbered, /badge|signing-status/, 'no status, and no validity line without a date')
  t.notMatch(unnumbered, /Valable jusqu’au/)
  t.match(
    text(render(<QuoteSummary quote={quoteOf({}, { number: null })} companyName="Dupont" />)),
    'Devis Rénovation de la salle de bains Entreprise'
  )
})

t.test('each closed state has its own page, with its date and whom to contact', async (t) => {
  const signedAt = '2026-11-25T14:32:00Z'
  const signed = render(
    <ClosedLink
      token="tok"
      justDone={false}
      view={closed({ state: 'signed', signedDocument: true, signature: { signerName: 'Élise Martin', signedAt, method: 'drawn' } })}
    />
  )
  t.match(signed, /<h1 tabindex="-1">Devis signé<\/h1>/)
  t.match(text(signed), 'Ce devis a été signé le 25 novembre 2026 à 15:32 par Élise Martin.')
  t.notMatch(text(signed), 'Merci')
  t.match(signed, /href="\/api\/sign\/tok\/pdf" download="">Télécharger le devis signé \(PDF\)<\/a>/)
  t.match(signed, /href="\/verification"/)
  t.match(
    text(signed),
    'Devis n° DEV-2026-0007 — Rénovation de la salle de bains Entreprise Dupont Rénovation Date du devis 21 novembre 2026 Montant TTC 1 307,01 €'
  )
  t.match(text(signed), 'E-mail : contact@dupont-renovation.fr Téléphone : 04 72 00 00 00')
  // The quote asks a 30 % deposit: the last screen says how much, and how it will be paid.
  t.match(text(signed), 'Acompte à régler Ce devis prévoit un acompte de 30 % : 392,10 € TTC')
  t.match(text(signed), 'vous enverra la facture d’acompte par e-mail')

  const justSigned = render(<ClosedLink token="tok" justDone view={closed({ state: 'signed', signedDocument: false })} />)
  t.match(text(justSigned), 'Merci ! Votre signature est enregistrée. Ce devis a été signé.')
  t.match(text(justSigned), 'Le PDF signé est en cours de préparation')
  t.notMatch(justSigned, /\/pdf"/, 'no download before the sealed PDF exists')

  const declined = render(<ClosedLink token="tok" justDone view={closed({ state: 'declined', declinedAt: '2026-07-01T08:05:00Z' })} />)
  t.match(declined, /<h1 tabindex="-1">Devis refusé<\/h1>/)
  t.match(text(declined), 'Votre refus a bien été transmis à Dupont Rénovation. Ce devis a été refusé le 1 juillet 2026 à 10:05.')
  t.match(
    text(render(<ClosedLink token="tok" justDone={false} view={closed({ state: 'declined' })} />)),
    'Ce devis a été refusé. Il ne peut plus être signé'
  )

  const expired = render(<ClosedLink token="tok" justDone={false} view={closed({ state: 'expired' })} />)
  t.match(expired, /<h1 tabindex="-1">Devis expiré<\/h1>/)
  t.match(
    text(expired),
    'son lien de signature a expiré le 21 décembre 2026 à 23:59. Il ne peut plus être signé. Pour obtenir un devis à jour, contactez Dupont Rénovation.'
  )

  const cancelled = render(<ClosedLink token="tok" justDone={false} view={closed({ state: 'cancelled' })} />)
  t.match(text(cancelled), 'Dupont Rénovation a annulé ce devis : il ne peut plus être signé.')
  const replaced = render(
    <ClosedLink
      token="tok"
      justDone={false}
      view={closed({ state: 'cancelled' }, quoteOf({}, { replacedBy: 'q-2', status: 'cancelled' }))}
    />
  )
  t.match(replaced, /<h1 tabindex="-1">Devis annulé<\/h1>/)
  t.match(
    text(replaced),
    'Dupont Rénovation a remplacé ce devis par une nouvelle version, qui vous a été envoyée par e-mail : signez-la depuis le lien du dernier e-mail reçu.'
  )

  const revoked = render(<ClosedLink token="tok" justDone={false} view={closed({ state: 'revoked' })} />)
  t.match(revoked, /<h1 tabindex="-1">Lien désactivé<\/h1>/)
  t.match(text(revoked), 'Dupont Rénovation a désactivé ce lien de signature. Demandez-lui un nouveau lien pour signer le devis.')
  for (const html of [signed, declined, expired, cancelled, revoked]) t.equal(html.match(/<h1/g)?.length, 1)
})

t.test('loading, an unknown link, an unreachable server; the contact without details', async (t) => {
  t.match(render(<LoadingLink />), /<h1>Devis à signer<\/h1><p class="signing-loading" role="status">Chargement du devis…<\/p>/)
  const unknown = render(<UnknownLink message="Ce lien de signature n’existe pas." />)
  t.match(unknown, /<h1 tabindex="-1">Lien de signature introuvable<\/h1>/)
  t.match(unknown, /role="status"><p>Ce lien de signature n’existe pas\.<\/p>/)
  t.match(unknown, /<a href="\/SignatureDevis"[^>]*>Comment se passe la signature d’un devis<\/a>/)
  const unreachable = render(<UnreachableLink message="Le serveur ne répond pas." onRetry={noop} />)
  t.match(unreachable, /role="alert"><p>Le serveur ne répond pas\.<\/p>/)
  t.match(unreachable, />Réessayer<\/button>/)
  t.match(text(render(<CompanyContact company={{ ...COMPANY, email: '' }} />)), /nouveau\. Téléphone : 04 72 00 00 00$/)
  t.match(text(render(<CompanyContact company={{ ...COMPANY, phone: '' }} />)), /nouveau\. E-mail : contact@dupont-renovation\.fr$/)
  const bare = render(<CompanyContact company={{ ...COMPANY, email: ' ', phone: '' }} />)
  t.match(text(bare), 'Contactez directement Dupont Rénovation')
  t.notMatch(bare, /<ul/)
})

t.test('the page as prerendered: the guide, also at a link’s address until hydration', async (t) => {
  const guide = render(<SigningPage />)
  t.match(guide, /<h1>Signer un devis<\/h1>/)
  t.match(text(guide), 'Comment se passe la signature')
  t.match(guide, /<a href="\/verification"[^>]*>Vérifier un devis signé<\/a>/)
  t.equal(render(<SigningPage />, '/SignatureDevis?token=abc'), guide, 'the same HTML, so hydration matches')
  t.equal(handle.title, 'Signer un devis')
})

t.test('sections on the client’s page as on the PDF: a heading row, its lines, its subtotal', async (t) => {
  const quote = quoteOf({
    lines: [
      { id: 's1', kind: 'section', title: 'Lot 1 — Plomberie' },
      ...CONTENT.lines.slice(0, 2),
      { id: 's2', kind: 'section', title: 'Lot 2 — Sanitaires' },
      ...CONTENT.lines.slice(2)
    ]
  })
  const html = render(<QuoteDocument quote={quote} company={COMPANY} />)
  t.match(
    html,
    /<tr class="signing-lines__section"><th scope="colgroup" colSpan="7">Lot 1 — Plomberie<\/th><\/tr>/,
    'a heading across the table (discount column shown)'
  )
  t.match(
    html,
    /<tr class="signing-lines__subtotal"><th scope="row" colSpan="6">Sous-total Lot 1 — Plomberie<\/th><td data-label="Sous-total HT"[^>]*>653,75/,
    '350 + 303,75 €'
  )
  const words = text(html)
  t.ok(
    words.includes(
      'Lot 1 — Plomberie Dépose de l’ancienne baignoire 1 forfait 350,00 € 10 % — 350,00 € Main-d’œuvre plomberie 7,5 h 45,00 € 10 % 10 % 303,75 € Sous-total Lot 1 — Plomberie 653,75 € Lot 2 — Sanitaires Receveur'
    ),
    'in the order of the PDF'
  )
  t.match(words, /Sous-total Lot 2 — Sanitaires 489,90 €/)
  t.match(words, /Total TTC 1 307,01 €/, 'the totals are those without sections')
  const franchise = render(
    <QuoteDocument
      quote={quoteOf({ lines: [{ id: 's1', kind: 'section', title: 'Lot 1' }, ...CONTENT.lines.slice(0, 1)] }, { franchiseEnBase: true })}
      company={COMPANY}
    />
  )
  t.match(franchise, /colSpan="5">Lot 1<\/th>/, 'no VAT nor discount column: a narrower heading')
})

t.test('a quote that cannot be read: 502/503/504 say the service is down for a moment, other failures keep their message', async (t) => {
  for (const status of [502, 503, 504]) {
    t.equal(
      unreadableMessage(new ApiError(status, 'database_unavailable', 'Base de données injoignable.')),
      SERVICE_UNAVAILABLE,
      String(status)
    )
  }
  t.equal(SERVICE_UNAVAILABLE, 'Service momentanément indisponible, réessayez dans quelques instants.')
  t.equal(
    unreadableMessage(new ApiError(0, 'network_error', API_MESSAGES.unreachable)),
    API_MESSAGES.unreachable,
    'no network: the visitor’s side'
  )
  t.equal(unreadableMessage(new ApiError(500, 'internal_error', 'Une erreur interne est survenue.')), 'Une erreur interne est survenue.')
})
