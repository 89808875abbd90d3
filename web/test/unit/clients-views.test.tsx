// The saved clients in Node, as the prerender renders them: the form for a private person and a
// company with its French messages, the list with its edit and confirmed delete, a client's page
// with their quotes; in the quote editor, the saved clients offered as one types, a pick filling
// the client section and linking the quote, « Enregistrer ce client ». The controls' handlers are
// called as a click or a keystroke would, and what they hand to the page is checked. The flows
// run in Chromium (web/test/browser/clients.test.ts).
import t from 'tap'
import { isValidElement, type ReactElement, type ReactNode } from 'react'
import type { QuoteContent, QuoteSummary } from '@paraphe/shared/quote'
import { savedClientOfQuote } from '@paraphe/shared/saved-clients'
import { sectionOf, WorkspaceNav } from '@/app/workspace/workspace-nav'
import { ApiError, createApiClient } from '@/lib/api-client'
import type { SavedClient } from '@/lib/clients-api'
import { ClientFormView, type ClientFormViewProps } from '@/features/clients/components/client-form-view'
import { ClientSheet } from '@/features/clients/components/client-sheet'
import { ClientsListView, type ClientsListViewProps } from '@/features/clients/components/clients-list-view'
import { ClientsTable } from '@/features/clients/components/clients-table'
import { clientFormOf, clientInputOf, EMPTY_CLIENT_FORM, type ClientForm } from '@/features/clients/lib/client-form'
import { Component as ClientsPage } from '@/features/clients/routes/clients'
import { Component as ClientPage } from '@/features/clients/routes/client'
import { ClientPicker, ClientPickerView, ClientSuggestions, type ClientPickerViewProps } from '@/features/quotes/components/client-picker'
import { DraftForm } from '@/features/quotes/components/draft-form'
import { clientSearchText } from '@/features/quotes/hooks/use-client-suggestions'
import { canonicalContent } from '@/features/quotes/lib/content'
import { editorReducer, formOf, liveTotals, pickedClient, readForm, type EditorAction } from '@/features/quotes/lib/quote-form'
import { serverRender } from '../support/server-render.js'
import { draftContent, quoteClient } from '../../../gateway/test/support/quote-content.js'

const noop = () => {}
const api = createApiClient({ getAccessToken: async () => null })

const render = (node: ReactNode, url = '/') => serverRender(node, { path: url, workspace: { api } })

type Props = Record<string, unknown> & { children?: ReactNode }

/** Every element of a view's tree (function components left closed), to call their handlers. */
function elements(node: ReactNode, found: Array<ReactElement<Props>> = []): Array<ReactElement<Props>> {
  if (Array.isArray(node)) node.forEach((child: ReactNode) => elements(child, found))
  else if (isValidElement<Props>(node)) {
    found.push(node)
    elements(node.props.children, found)
    for (const value of Object.values(node.props)) if (isValidElement(value)) elements(value, found)
  }
  return found
}

/** The handler `name` of the element whose id (or text) is `key`. */
function handler(tree: ReactNode, key: string, name = 'onChange'): (value: unknown) => void {
  const element = elements(tree).find(
    (one) =>
      one.props['id'] === key || one.props['aria-label'] === key || (typeof one.props.children === 'string' && one.props.children === key)
  )
  const found = element?.props[name]
  if (typeof found !== 'function') throw new Error(`no ${name} on ${key}`)
  return found as (value: unknown) => void
}

const event = (value = '') => ({ target: { value }, preventDefault: noop })

const ines: SavedClient = {
  id: 'c1',
  kind: 'individual',
  name: 'Inès Dupont',
  company: '',
  email: 'ines@example.fr',
  phone: '06 12 34 56 78',
  address: '3 place Bellecour\n69002 Lyon',
  siteAddress: '',
  siret: '',
  notes: '',
  publicBuyer: false,
  serviceCode: '',
  updatedAt: '2026-11-20T08:00:00Z'
}
const syndic: SavedClient = {
  id: 'c2',
  kind: 'business',
  name: 'Marc Petit',
  company: 'Syndic Bellevue',
  email: 'contact@bellevue.example',
  phone: '',
  address: '10 quai Perrache',
  siteAddress: 'Résidence Bellevue',
  siret: '73282932000074',
  notes: 'Code portail 1234',
  publicBuyer: false,
  serviceCode: '',
  updatedAt: '2026-11-20T08:00:00Z'
}

t.test('the form: a private person or a company, checked with the gateway’s rules and messages', async (t) => {
  t.same(clientInputOf({ ...EMPTY_CLIENT_FORM, name: '  Inès ' }), { ok: true, input: { ...EMPTY_CLIENT_FORM, name: 'Inès' } })
  t.same(clientInputOf({ ...EMPTY_CLIENT_FORM, kind: 'business', email: 'x@' }), {
    ok: false,
    problems: { company: 'Indiquez le nom de la société.', email: 'Cette adresse e-mail ne semble pas valide (exemple : nom@domaine.fr).' }
  })
  t.same(
    clientInputOf({ ...EMPTY_CLIENT_FORM, name: 'Inès', siret: '123' }),
    { ok: true, input: { ...EMPTY_CLIENT_FORM, name: 'Inès' } },
    'a private person’s hidden SIRET is not sent'
  )
  t.match(clientInputOf({ ...clientFormOf(syndic), siret: '123' }), { ok: false, problems: { siret: 'Le SIRET compte 14 chiffres.' } })
  t.same(clientFormOf(syndic), {
    kind: 'business',
    name: 'Marc Petit',
    company: 'Syndic Bellevue',
    email: 'contact@bellevue.example',
    phone: '',
    address: '10 quai Perrache',
    siteAddress: 'Résidence Bellevue',
    siret: '73282932000074',
    notes: 'Code portail 1234',
    publicBuyer: false,
    serviceCode: ''
  })

  const person = render(
    <ClientFormView
      idPrefix="client-new"
      form={EMPTY_CLIENT_FORM}
      problems={{ name: 'Indiquez le nom du client.' }}
      working={false}
      submitLabel="Enregistrer le client"
      onChange={noop}
      onSubmit={noop}
    />
  )
  t.match(person, /<legend class="choice-group__legend">Type de client<\/legend>/)
  t.match(person, /id="client-new-kind-individual"[^>]*checked=""/)
  t.match(person, /<label for="client-new-name">Nom du client<\/label>/)
  t.match(person, /id="client-new-name-error"[^>]*>Indiquez le nom du client\./)
  t.notMatch(person, /client-new-company|client-new-siret/, 'no company name nor SIRET for a private person')
  t.match(person, /Adresse du chantier<span class="field__optional"> \(facultatif\)<\/span>/)
  t.match(person, /Pour vous seulement : elles ne figurent pas sur les devis\./)
  t.notMatch(person, />Annuler</, 'a new client has nothing to cancel')
  const company = render(
    <ClientFormView
      idPrefix="client-edit"
      form={clientFormOf(syndic)}
      problems={{}}
      working
      submitLabel="Enregistrer les modifications"
      onChange={noop}
      onSubmit={noop}
      onCancel={noop}
    />
  )
  t.match(company, /<label for="client-edit-company">Société<\/label>/)
  t.match(company, /<label for="client-edit-name">Nom du contact<span class="field__optional"> \(facultatif\)<\/span><\/label>/)
  t.match(company, /<label for="client-edit-siret">SIRET<span class="field__optional">/)
  t.match(company, /disabled="">Enregistrer les modifications<\/button><button type="button" class="button button--ghost">Annuler/)

  // What each control hands to the page.
  const changes: ClientForm[] = []
  const actions: string[] = []
  const props: ClientFormViewProps = {
    idPrefix: 'c',
    form: EMPTY_CLIENT_FORM,
    problems: {},
    working: false,
    submitLabel: 'OK',
    onChange: (form) => changes.push(form),
    onSubmit: () => actions.push('submit'),
    onCancel: () => actions.push('cancel')
  }
  const tree = ClientFormView({ ...props, form: { ...EMPTY_CLIENT_FORM, kind: 'business' } })
  handler(tree, 'c-kind-individual')(event())
  for (const id of ['c-company', 'c-name', 'c-email', 'c-phone', 'c-siret', 'c-address', 'c-site', 'c-notes'])
    handler(tree, id)(`${id} typed`)
  handler(tree, 'c-kind-business')(event())
  ;(elements(tree).find((one) => one.type === 'form')?.props['onSubmit'] as (event: unknown) => void)(event())
  handler(tree, 'Annuler', 'onClick')(event())
  t.equal(changes[0]?.kind, 'individual', 'the kind chosen')
  t.same(
    changes
      .slice(1, 9)
      .map((form) =>
        [form.company, form.name, form.email, form.phone, form.siret, form.address, form.siteAddress, form.notes].find(
          (value) => value !== ''
        )
      ),
    [
      'c-company typed',
      'c-name typed',
      'c-email typed',
      'c-phone typed',
      'c-siret typed',
      'c-address typed',
      'c-site typed',
      'c-notes typed'
    ],
    'each field lands in its own key'
  )
  t.equal(changes[9]?.kind, 'business')
  t.same(actions, ['submit', 'cancel'])
})

t.test('the list: the name each client goes by, a link to their page, edit in place and confirmed delete', async (t) => {
  const list = render(
    <ClientsTable
      clients={[ines, syndic]}
      working={false}
      confirmingDelete={null}
      editing={null}
      onEdit={noop}
      onAskDelete={noop}
      onDelete={noop}
    />
  )
  t.match(list, /<a class="items-list__designation" href="\/espace\/clients\/c1">Inès Dupont<\/a>/)
  t.match(
    list,
    /<a class="items-list__designation" href="\/espace\/clients\/c2">Syndic Bellevue<\/a><span class="badge">Professionnel<\/span>/,
    'a company by its name'
  )
  t.match(list, /ines@example\.fr · 06 12 34 56 78/)
  t.match(list, /Marc Petit · contact@bellevue\.example/)
  t.match(list, /aria-label="Modifier Syndic Bellevue"/)
  t.match(list, /aria-label="Supprimer Inès Dupont"/)
  const confirming = render(
    <ClientsTable
      clients={[ines, syndic]}
      working={false}
      confirmingDelete="c2"
      editing={null}
      onEdit={noop}
      onAskDelete={noop}
      onDelete={noop}
    />
  )
  t.equal(confirming.match(/Confirmer la suppression/g)?.length, 1, 'only the client asked')
  const editing = render(
    <ClientsTable
      clients={[ines, syndic]}
      working={false}
      confirmingDelete={null}
      editing={{ id: 'c1', form: <p>formulaire</p> }}
      onEdit={noop}
      onAskDelete={noop}
      onDelete={noop}
    />
  )
  t.match(editing, /<li class="items-list__item items-list__item--editing"><p>formulaire<\/p><\/li>/)

  const calls: string[] = []
  const props = {
    clients: [ines, syndic],
    working: false,
    editing: null,
    onEdit: (client: SavedClient) => calls.push(`edit ${client.id}`),
    onAskDelete: (client: SavedClient | null) => calls.push(`ask ${client?.id ?? 'none'}`),
    onDelete: (client: SavedClient) => calls.push(`delete ${client.id}`)
  }
  const idle = ClientsTable({ ...props, confirmingDelete: null })
  handler(idle, 'Modifier Inès Dupont', 'onClick')(event())
  handler(idle, 'Supprimer Syndic Bellevue', 'onClick')(event())
  const asked = ClientsTable({ ...props, confirmingDelete: 'c2' })
  handler(asked, 'Confirmer la suppression', 'onClick')(event())
  handler(asked, 'Annuler', 'onClick')(event())
  t.same(calls, ['edit c1', 'ask c2', 'delete c2', 'ask none'])
})

t.test('« Mes clients » in each state: loading, failed, none yet, none matching, some, more than shown', async (t) => {
  const calls: string[] = []
  const base: ClientsListViewProps = {
    load: { kind: 'loading' },
    search: '',
    working: false,
    confirmingDelete: null,
    editing: null,
    onSearch: (search) => calls.push(`search ${search}`),
    onRetry: () => calls.push('retry'),
    onEdit: noop,
    onAskDelete: noop,
    onDelete: noop
  }
  t.match(render(<ClientsListView {...base} />), /<label for="clients-search">Rechercher<\/label>[\s\S]*Chargement…/)
  t.match(
    render(<ClientsListView {...base} load={{ kind: 'failed', error: new ApiError(0, 'network', 'Le serveur ne répond pas.') }} />),
    /role="alert"><p>Le serveur ne répond pas\.<\/p><button[^>]*>Réessayer</
  )
  t.match(
    render(<ClientsListView {...base} load={{ kind: 'ready', data: { clients: [], total: 0 } }} />),
    /Aucun client pour l’instant : enregistrez-en un ci-dessus, ou depuis un devis avec « Enregistrer ce client »\./
  )
  t.match(
    render(<ClientsListView {...base} search="zz" load={{ kind: 'ready', data: { clients: [], total: 0 } }} />),
    /Aucun client ne correspond à cette recherche\./
  )
  t.match(
    render(<ClientsListView {...base} load={{ kind: 'ready', data: { clients: [ines], total: 1 } }} />),
    /role="status">1 client<\/p><ul class="items-list">/
  )
  t.match(
    render(<ClientsListView {...base} load={{ kind: 'ready', data: { clients: [ines, syndic], total: 250 } }} />),
    /250 clients \(les 2 premiers affichés : précisez la recherche\)/
  )
  const failed = ClientsListView({ ...base, load: { kind: 'failed', error: new ApiError(500, 'x', 'Erreur') } })
  handler(failed, 'clients-search')(event('bell'))
  const retry = elements(failed).find((one) => one.props['onRetry'] !== undefined)?.props['onRetry'] as () => void
  retry()
  t.same(calls, ['search bell', 'retry'], 'the search typed and « Réessayer » reach the page')
})

const quote = (overrides: Partial<QuoteSummary>): QuoteSummary => ({
  id: 'q1',
  number: 'DEV-2026-0007',
  status: 'sent',
  title: 'Salle de bains',
  clientName: 'Inès Dupont',
  totalTtcCents: 123_456,
  issueDate: '2026-11-21',
  expiresOn: '2026-12-21',
  createdAt: '2026-11-21T08:00:00Z',
  updatedAt: '2026-11-21T08:00:00Z',
  sentAt: '2026-11-21T09:00:00Z',
  ...overrides
})

t.test('a client’s page: details, « Nouveau devis pour ce client » and their quotes', async (t) => {
  const page = render(
    <ClientSheet
      page={{ client: syndic, quotes: [quote({}), quote({ id: 'q2', number: null, status: 'draft', title: '', totalTtcCents: 0 })] }}
    />
  )
  t.match(page, /<h1>Syndic Bellevue<\/h1>/)
  t.match(page, /<a class="button button--primary" href="\/espace\/devis\/nouveau\?client=c2">Nouveau devis pour ce client<\/a>/)
  t.match(page, /<dt>Contact<\/dt><dd>Marc Petit<\/dd>/)
  t.match(page, /<dt>SIRET<\/dt><dd>732 829 320 00074<\/dd>/)
  t.match(page, /<dt>Adresse du chantier<\/dt><dd>Résidence Bellevue<\/dd>/)
  t.notMatch(page, /<dt>Téléphone<\/dt>/, 'an empty detail is left out')
  t.match(
    page,
    /<a href="\/espace\/devis\/q1">DEV-2026-0007 — Salle de bains<\/a><\/td><td><span class="badge badge--envoye">Envoyé<\/span><\/td><td>21 novembre 2026<\/td><td class="client-quotes__amount">1 234,56 €<\/td>/
  )
  t.match(page, /<a href="\/espace\/devis\/q2">Brouillon<\/a><\/td><td><span class="badge">Brouillon<\/span>/)
  t.match(page, /<a href="\/espace\/clients">← Tous les clients<\/a>/)
  const none = render(<ClientSheet page={{ client: ines, quotes: [] }} />)
  t.match(none, /<dt>Type<\/dt><dd>Particulier<\/dd>/)
  t.notMatch(none, /<dt>Contact<\/dt>/)
  t.match(none, /Aucun devis pour l’instant/)
  t.notMatch(none, /<table/)
})

t.test('the pages as prerendered: loading, « Clients » in the navigation between « Devis » and « Articles »', async (t) => {
  t.match(
    render(<ClientsPage />),
    /<h1>Clients<\/h1>[\s\S]*<h2 id="clients-new">Nouveau client<\/h2>[\s\S]*Chargement…/,
    'the form above the list, as on Articles'
  )
  t.match(render(<ClientPage />, '/espace/clients/c1'), /<h1>Client<\/h1>[\s\S]*Chargement…/)
  t.equal(sectionOf('/espace/clients'), 'clients')
  t.equal(sectionOf('/espace/clients/c1'), 'clients')
  t.equal(sectionOf('/espace/clientsx'), null)
  const nav = render(<WorkspaceNav />, '/espace/clients/c1')
  t.match(
    nav,
    />Devis<\/a><\/li><li><a class="workspace-nav__link" href="\/espace\/factures">Factures<\/a><\/li><li><a class="workspace-nav__link" aria-current="true" href="\/espace\/clients">Clients<\/a><\/li><li><a class="workspace-nav__link" href="\/espace\/articles">Articles</
  )
})

// A draft whose client the pick replaces, with a work site already typed.
const content = draftContent({ client: quoteClient({ name: 'Ancien nom' }), siteAddress: 'Chantier déjà saisi' })

t.test('in the editor: a pick fills the client section and links the quote; the link is saved and can be undone', async (t) => {
  const form = formOf(content)
  t.notOk('savedClientId' in form, 'a quote without a link')
  const picked = editorReducer(form, pickedClient(syndic))
  t.same(picked.client, {
    kind: 'business',
    name: 'Marc Petit',
    company: 'Syndic Bellevue',
    email: 'contact@bellevue.example',
    phone: '',
    address: '10 quai Perrache'
  })
  t.equal(picked.siteAddress, 'Résidence Bellevue', 'the client’s work site')
  t.equal(picked.savedClientId, 'c2')
  t.equal(editorReducer(form, pickedClient(ines)).siteAddress, 'Chantier déjà saisi', 'a client without a work site leaves the typed one')
  const read = readForm(picked)
  t.equal(read.ok && read.content.savedClientId, 'c2', 'the link is part of what autosave sends')
  t.equal(
    JSON.stringify(canonicalContent({ ...content, client: picked.client, siteAddress: picked.siteAddress, savedClientId: 'c2' })),
    JSON.stringify(read.ok ? read.content : null),
    'and compares with the server’s answer'
  )
  t.same(formOf({ ...content, savedClientId: 'c2' }).savedClientId, 'c2', 'a linked quote opens linked')
  const unlinked = editorReducer(picked, { type: 'link-client', savedClientId: null })
  t.notOk('savedClientId' in unlinked, 'unlinked')
  t.equal(unlinked.client.company, 'Syndic Bellevue', 'the fields stay as filled')
  t.notOk('savedClientId' in (readForm(unlinked).ok ? (readForm(unlinked) as { content: QuoteContent }).content : {}))
  t.equal(
    editorReducer(form, { type: 'link-client', savedClientId: 'c9' }).savedClientId,
    'c9',
    'a client just saved from the editor is linked'
  )
  t.same(
    savedClientOfQuote(picked.client, picked.siteAddress),
    { ...clientFormOf(syndic), siret: '', notes: '' },
    '« Enregistrer ce client » keeps the typed client and work site'
  )

  t.equal(clientSearchText('  '), null, 'nothing typed: nothing asked')
  t.equal(clientSearchText(' in '), 'in')
  t.equal(clientSearchText('x'.repeat(121)), null)
})

t.test('in the editor: the picker in each state', async (t) => {
  t.equal(render(<ClientSuggestions clients={null} onPick={noop} />), '', 'nothing typed: nothing offered')
  t.match(render(<ClientSuggestions clients={[]} onPick={noop} />), /aria-live="polite">Aucun client enregistré ne correspond\.<\/p>/)
  const offered = render(<ClientSuggestions clients={[ines, syndic]} onPick={noop} />)
  t.match(offered, /2 clients enregistrés correspondent\./)
  t.match(offered, /<ul class="item-suggestions__list" aria-label="Clients enregistrés">/)
  t.match(
    offered,
    /<button type="button" class="item-suggestions__item"><span class="item-suggestions__designation">Syndic Bellevue<\/span><span class="item-suggestions__price">contact@bellevue\.example<\/span><\/button>/
  )
  t.match(render(<ClientSuggestions clients={[ines]} onPick={noop} />), /1 client enregistré correspond\./)
  const picks: string[] = []
  const suggestions = ClientSuggestions({ clients: [ines], onPick: (client) => picks.push(client.id) })
  const button = elements(suggestions).find((one) => one.type === 'button')
  ;(button?.props['onClick'] as () => void)()
  let prevented = false
  ;(button?.props['onMouseDown'] as (event: { preventDefault: () => void }) => void)({ preventDefault: () => (prevented = true) })
  t.same(picks, ['c1'])
  t.ok(prevented, 'a pointer pick keeps the focus in the search until the click lands')

  const form = formOf(content)
  const base: ClientPickerViewProps = {
    form,
    query: '',
    suggestions: null,
    saveState: { kind: 'idle' },
    onQuery: noop,
    onPick: noop,
    onSave: noop,
    onUnlink: noop
  }
  const idle = render(<ClientPickerView {...base} />)
  t.match(idle, /<label for="quote-client-search">Choisir un client enregistré<\/label><input id="quote-client-search" type="search"/)
  t.match(idle, />Enregistrer ce client<\/button><span class="line-card__saved" aria-live="polite"><\/span>/)
  t.match(render(<ClientPickerView {...base} saveState={{ kind: 'saving' }} />), /disabled="">Enregistrer ce client/)
  t.match(
    render(<ClientPickerView {...base} saveState={{ kind: 'failed', text: 'Ce client est déjà enregistré.' }} />),
    /line-card__saved--failed" aria-live="polite">Ce client est déjà enregistré\./
  )
  const linked = render(
    <ClientPickerView {...base} form={{ ...form, savedClientId: 'c2' }} saveState={{ kind: 'done', text: 'Coordonnées reprises.' }} />
  )
  t.match(
    linked,
    /<a href="\/espace\/clients\/c2">Fiche du client enregistré<\/a><button type="button" class="button button--ghost button--small">Ne plus lier ce devis au client<\/button>/
  )
  t.notMatch(linked, /Enregistrer ce client/, 'a linked client is saved already')
  t.match(linked, /Coordonnées reprises\./)
  const calls: string[] = []
  const handlers = {
    onQuery: (query: string) => calls.push(`query ${query}`),
    onSave: () => calls.push('save'),
    onUnlink: () => calls.push('unlink')
  }
  const tree = ClientPickerView({ ...base, ...handlers })
  handler(tree, 'quote-client-search')(event('dup'))
  handler(tree, 'Enregistrer ce client', 'onClick')(event())
  handler(
    ClientPickerView({ ...base, ...handlers, form: { ...form, savedClientId: 'c2' } }),
    'Ne plus lier ce devis au client',
    'onClick'
  )(event())
  t.same(calls, ['query dup', 'save', 'unlink'])

  const actions: EditorAction[] = []
  const inForm = render(
    <DraftForm form={form} errors={{}} live={liveTotals(form, false)} franchiseEnBase={false} dispatch={(action) => actions.push(action)} />
  )
  t.match(inForm, /<legend class="form-section__legend">Client<\/legend><div class="client-picker">/, 'the picker heads the client section')
  t.match(render(<ClientPicker form={form} dispatch={noop} />), /Choisir un client enregistré/)
})
