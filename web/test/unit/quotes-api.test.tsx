// The workspace's API access against the real gateway (PGlite, tokens signed like Supabase
// Auth's): what the pages send and receive — field errors of a refused form, the PDF with its
// file name, the logo as raw bytes — and the errors a page shows when something goes wrong.
import t from 'tap'
import type { AddressInfo } from 'node:net'
import { parisIsoDate } from '@paraphe/shared/dates'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser } from '../../../gateway/test/support/workspace-users.js'
import { pdfText } from '../../../gateway/test/support/pdf-text.js'
import { ApiError } from '@/lib/api-client'
import { asApiError, createApiClient, errorFields } from '@/lib/api-client'
import { filenameFromDisposition } from '@/lib/api-client'
import { quotesApi } from '@/features/quotes/api/quotes-api'
import { profileApi } from '@/features/profile/api/profile-api'
import { actionProblem, localProblem } from '@/features/quotes/lib/action-problems'
import { NOT_SAVED, performQuoteAction, type ActionEffects } from '@/features/quotes/lib/quote-actions'
import type { DownloadedFile } from '@/lib/api-client'
import type { Quote, QuoteContent } from '@paraphe/shared/quote'
import { getProfile } from '@/hooks/use-profile'

const app = await buildWorkspaceApp()
await app.listen({ host: '127.0.0.1', port: 0 })
t.teardown(() => app.close())
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
// The browser resolves '/api/…' against the page; Node needs the origin.
const local: typeof fetch = (input, init) => fetch(new URL(String(input), origin), init)

async function workspaceApi() {
  const user = await newUser(app)
  return createApiClient({ getAccessToken: async () => user.token, fetch: local })
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

t.test('a draft through its life: create, save with versions, send, PDF, events, cancel', async (t) => {
  const api = await workspaceApi()
  await profileApi.save(api, COMPLETE_PROFILE)
  const draft = await quotesApi.create(api)
  t.match(draft, { status: 'draft', number: null, version: 1 })
  const content = completeContent(parisIsoDate(new Date()))
  const saved = await quotesApi.save(api, draft.id, draft.version, content)
  t.equal(saved.version, 2)
  t.equal(saved.totals.totalTtcCents, 134_413)

  const stale = await quotesApi.save(api, draft.id, 1, content).catch((error: unknown) => error)
  t.match(stale, { status: 409, code: 'version_conflict' }, 'an older version is refused')

  const refused = await quotesApi
    .save(api, draft.id, 2, { ...content, lines: [{ ...content.lines[0]!, description: 'x'.repeat(2001) }] })
    .catch((error: unknown) => error)
  t.ok(refused instanceof ApiError)
  t.match(errorFields(refused), { 'lines.0.description': /2000 caractères/ }, 'the field of the refused value')

  const list = await quotesApi.list(api, { status: 'draft', q: 'salle de bains' })
  t.same(
    list.quotes.map((quote) => quote.id),
    [draft.id]
  )
  t.match(list, { nextCursor: null, counts: { all: 1, draft: 1 } })
  t.same((await quotesApi.list(api, { status: 'sent', q: '' })).quotes, [])

  const pdf = await quotesApi.pdf(api, draft.id)
  t.equal(pdf.filename, 'Devis-brouillon.pdf')
  t.match(await pdfText(new Uint8Array(await pdf.blob.arrayBuffer())), /Total TTC\s+1\s344,13\s€/)

  const sent = await quotesApi.send(api, draft.id)
  t.match(sent.quote, { status: 'sent', number: /^DEV-\d{4}-0001$/ })
  t.match(sent.signingUrl, /\/SignatureDevis\?token=/)
  t.equal((await quotesApi.pdf(api, draft.id)).filename, `Devis-${sent.quote.number}.pdf`)
  t.match(await quotesApi.events(api, draft.id), [{ type: 'sent', label: 'Devis envoyé pour signature' }])
  const frozen = await quotesApi.save(api, draft.id, sent.quote.version, content).catch((error: unknown) => error)
  t.match(frozen, { status: 409, code: 'quote_frozen' })
  t.match(await quotesApi.remove(api, draft.id).catch((error: unknown) => error), { status: 409 })

  const copy = await quotesApi.duplicate(api, draft.id)
  t.match(copy, { status: 'draft', title: content.title })
  await quotesApi.remove(api, copy.id)
  t.match(await quotesApi.get(api, copy.id).catch((error: unknown) => error), { status: 404, code: 'not_found' })

  const revised = await quotesApi.revise(api, draft.id)
  t.match(await quotesApi.get(api, draft.id), { status: 'cancelled', replacedBy: revised.id })
  const other = await quotesApi.create(api)
  await quotesApi.save(api, other.id, other.version, content)
  await quotesApi.send(api, other.id)
  t.match(await quotesApi.cancel(api, other.id), { status: 'cancelled' })
})

t.test('sending an incomplete quote: what is missing, by field', async (t) => {
  const api = await workspaceApi()
  const draft = await quotesApi.create(api)
  const error = await quotesApi.send(api, draft.id).catch((caught: unknown) => caught)
  t.match(error, { status: 422, code: 'quote_incomplete' })
  const problem = actionProblem('send', error)
  t.match(problem, { message: /Il manque des informations/, planLimit: false })
  t.match(problem.fields, {
    profile: /Complétez votre profil/,
    'client.email': /adresse e-mail du client/,
    title: /titre/,
    'lines.0.description': /Décrivez/
  })
})

t.test('the profile: checked, normalised, and the logo as raw bytes', async (t) => {
  const api = await workspaceApi()
  const empty = await getProfile(api)
  t.match(empty, { profile: { companyName: '', defaultValidityDays: 30 }, logo: null })
  const wrong = await profileApi.save(api, { ...COMPLETE_PROFILE, siret: '732 829 320 00075' }).catch((error: unknown) => error)
  t.match(errorFields(wrong), { siret: /clé de contrôle/ })
  const saved = await profileApi.save(api, COMPLETE_PROFILE)
  t.equal(saved.profile.siret, '73282932000074')

  const svg = await profileApi.uploadLogo(api, new Blob(['<svg/>']), 'image/svg+xml').catch((error: unknown) => error)
  t.match(svg, { status: 415, message: /SVG/ })
  const logo = await profileApi.uploadLogo(api, new Blob([PNG]), 'image/png')
  t.match(logo, { type: 'image/png' })
  const back = await profileApi.logo(api)
  t.same(Buffer.from(await back.arrayBuffer()), PNG, 'the same bytes')
  t.equal(await profileApi.removeLogo(api), null)
  t.match(await profileApi.logo(api).catch((error: unknown) => error), { status: 404, message: /Aucun logo/ })
})

t.test('without a token, or without a server', async (t) => {
  const anonymous = createApiClient({ getAccessToken: async () => null, fetch: local })
  t.match(await quotesApi.list(anonymous, { status: null, q: '' }).catch((error: unknown) => error), { status: 401 })
  t.match(await profileApi.logo(anonymous).catch((error: unknown) => error), { status: 401, message: /Connectez-vous/ })
  const down: typeof fetch = async () => {
    throw new TypeError('fetch failed')
  }
  const offline = createApiClient({ getAccessToken: async () => 'jwt', fetch: down })
  t.match(await offline.download('/api/quotes/x/pdf').catch((error: unknown) => error), {
    status: 0,
    code: 'network_error',
    message: /ne répond pas/
  })
  t.match(await offline.get('/api/quotes').catch((error: unknown) => error), { status: 0, code: 'network_error' })
  const aborted = new AbortController()
  aborted.abort()
  t.match(
    await offline.download('/api/quotes/x/pdf', { signal: aborted.signal }).catch((error: unknown) => error),
    { name: 'TypeError' },
    'an abort is not a network failure'
  )
  const broken = createApiClient({ getAccessToken: async () => 'jwt', fetch: async () => new Response('<html>', { status: 502 }) })
  t.match(await broken.download('/api/x').catch((error: unknown) => error), { status: 502, code: 'http_502', message: /ne répond pas/ })
  const teapot = createApiClient({ getAccessToken: async () => 'jwt', fetch: async () => new Response('nope', { status: 418 }) })
  t.match(await teapot.upload('/api/x', new Blob([]), 'image/png').catch((error: unknown) => error), {
    status: 418,
    message: /n’a pas pu traiter/
  })
  const failing = createApiClient({
    getAccessToken: async () => {
      throw new Error('storage')
    }
  })
  t.match(await failing.get('/api/x').catch((error: unknown) => error), { message: 'storage' }, 'not an API error')
})

t.test('small parts: field messages, file names, errors as the pages show them', async (t) => {
  t.same(errorFields(new Error('x')), {})
  t.same(errorFields(new ApiError(404, 'not_found', 'x')), {}, 'an error without fields')
  t.equal(filenameFromDisposition('attachment; filename="Devis-DEV-2026-0001.pdf"'), 'Devis-DEV-2026-0001.pdf')
  t.equal(filenameFromDisposition('attachment; filename=Devis.pdf'), 'Devis.pdf')
  t.equal(filenameFromDisposition('attachment; filename="Devis.pdf"; filename*=UTF-8\'\'Devis%20%C3%A9t%C3%A9.pdf'), 'Devis été.pdf')
  t.equal(
    filenameFromDisposition('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="secours.pdf"'),
    'secours.pdf',
    'a broken escape falls back'
  )
  t.equal(filenameFromDisposition('attachment'), null)
  t.equal(filenameFromDisposition('attachment; filename=""'), null)
  t.equal(filenameFromDisposition(null), null)
  const apiError = new ApiError(500, 'x', 'y')
  t.equal(asApiError(apiError), apiError)
  t.match(asApiError(new Error('z')), { status: 0, code: 'unknown', message: 'Error: z' })

  t.match(actionProblem('send', new ApiError(403, 'plan_limit', 'Limite atteinte : passez à l’offre Pro.')), {
    message: /offre Pro/,
    planLimit: true
  })
  t.match(actionProblem('pdf', new ApiError(401, 'token_expired', 'x')), {
    message: 'Le PDF n’a pas pu être téléchargé\u202f: votre session a expiré, reconnectez-vous.'
  })
  t.match(actionProblem('cancel', new ApiError(409, 'quote_closed', 'Déjà clos.')), {
    message: 'Le devis n’a pas été annulé\u202f: Déjà clos.'
  })
  t.match(actionProblem('duplicate', 'boom'), { message: 'Le devis n’a pas été dupliqué\u202f: boom' })
  t.same(localProblem('À corriger.'), { message: 'À corriger.', fields: {}, planLimit: false })
})

t.test('each action of the quote page: what it asks the gateway, where it leads', async (t) => {
  const api = await workspaceApi()
  await profileApi.save(api, COMPLETE_PROFILE)
  const content = completeContent(parisIsoDate(new Date()))
  const created = await quotesApi.create(api)
  const draft = await quotesApi.save(api, created.id, created.version, content)
  const seen: {
    navigated: Array<[string, string]>
    changed: Array<[Quote, string | undefined]>
    files: Array<[DownloadedFile, string]>
    saves: number
  } = {
    navigated: [],
    changed: [],
    files: [],
    saves: 0
  }
  const effects = (saveResult = true): ActionEffects => ({
    navigate: (to, state) => void seen.navigated.push([to, state.notice]),
    onChanged: (quote, url) => void seen.changed.push([quote, url]),
    saveFile: (file, name) => void seen.files.push([file, name]),
    saveFirst: async () => {
      seen.saves++
      return saveResult
    }
  })

  t.same(await performQuoteAction('pdf', api, draft, effects(false)), localProblem(NOT_SAVED), 'an unsaved draft is not printed')
  t.equal(seen.files.length, 0)
  t.equal(await performQuoteAction('pdf', api, draft, effects()), null)
  t.equal(seen.files[0]?.[0].filename, 'Devis-brouillon.pdf')
  t.equal(seen.files[0]?.[1], 'Devis-brouillon.pdf', 'the fallback name')
  t.equal(await performQuoteAction('duplicate', api, draft, effects()), null)
  const [copyPath, copyNotice] = seen.navigated[0] ?? []
  t.match(copyPath, /^\/espace\/devis\/[0-9a-f-]{36}$/)
  t.equal(copyNotice, 'duplicated')
  const copy = { ...draft, id: copyPath!.split('/').at(-1)! }
  t.equal(await performQuoteAction('delete', api, copy, effects()), null)
  t.same(seen.navigated[1], ['/espace', 'quote-deleted'])
  t.equal(await performQuoteAction('send', api, draft, effects()), null)
  const [sent, signingUrl] = seen.changed[0] ?? []
  t.match(sent, { status: 'sent', number: /^DEV-/ })
  t.match(signingUrl, /SignatureDevis\?token=/)
  t.equal(seen.saves, 4, 'saved first: PDF (twice), duplicate, send')
  t.equal(await performQuoteAction('pdf', api, sent!, { ...effects(), saveFirst: undefined }), null)
  t.equal(seen.files[1]?.[1], `Devis-${sent!.number}.pdf`)
  t.equal(await performQuoteAction('revise', api, sent!, effects()), null)
  t.match(seen.navigated[2], [/^\/espace\/devis\//, 'revised'])
  const other = await quotesApi.create(api)
  await quotesApi.save(api, other.id, other.version, content)
  const otherSent = (await quotesApi.send(api, other.id)).quote
  t.equal(await performQuoteAction('cancel', api, otherSent, effects()), null)
  t.match(seen.changed[1], [{ status: 'cancelled' }, undefined])
  t.match(await performQuoteAction('cancel', api, otherSent, effects()), { message: /^Le devis n’a pas été annulé/ }, 'twice: refused')
  t.match(await performQuoteAction('delete', api, otherSent, effects()), { message: /^Le brouillon n’a pas été supprimé/ })
})

t.test('« Relancer » and the plan refusals as the quote page gets them from the gateway', async (t) => {
  const api = await workspaceApi()
  await profileApi.save(api, COMPLETE_PROFILE)
  const content = completeContent(parisIsoDate(new Date()))
  const sendOne = async (overrides: Partial<QuoteContent> = {}) => {
    const created = await quotesApi.create(api)
    return quotesApi.save(api, created.id, created.version, { ...content, ...overrides })
  }
  let reminded = 0
  const effects: ActionEffects = {
    navigate: () => undefined,
    onChanged: () => undefined,
    saveFile: () => undefined,
    onReminded: () => void reminded++
  }

  // The e-mail code on Découverte: refused at sending, the pricing page linked by its full address.
  const withCode = await sendOne({ requireEmailCode: true })
  const refused = await performQuoteAction('send', api, withCode, effects)
  t.match(refused, {
    planLimit: true,
    message: new RegExp(
      `formule Pro, pas dans votre formule Découverte. Passez à la formule Pro : ${new URL('/tarifs', app.config.publicUrl).href.replace(/[.]/g, '\\.')}$`
    )
  })

  const sent = (await quotesApi.send(api, (await sendOne()).id)).quote
  t.equal(await performQuoteAction('remind', api, sent, effects), null)
  t.equal(reminded, 1, 'the page learns the client was reminded')
  const again = await performQuoteAction('remind', api, sent, effects)
  t.match(again, { planLimit: false, message: /moins de 20 heures .* Prochaine relance possible le \d+ \S+ \d{4} à \d{2}:\d{2}/ })
  t.equal(reminded, 1)

  // The second and third sends of the month go, the fourth meets the wall with its link.
  for (let index = 0; index < 2; index++) await quotesApi.send(api, (await sendOne()).id)
  t.match(await performQuoteAction('send', api, await sendOne(), effects), { planLimit: true, message: /3 devis par mois.*\/tarifs$/ })
})
