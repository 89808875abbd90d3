import t from 'tap'
import { parisIsoDate } from '@paraphe/shared/dates'
import { formatEuros, formatVatRate } from '@paraphe/shared/money'
import { normaliseSpaces, pdfText } from '../support/pdf-text.js'
import type { Quote, QuoteSummary } from '@paraphe/shared/quote'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe } from '../support/workspace-users.js'
import { testDatabase } from '../support/databases.js'

const db = await testDatabase('pglite')
const app = await buildWorkspaceApp(db)
t.teardown(() => app.close())
const today = parisIsoDate(new Date())

interface ErrorJson {
  error: { code: string; message: string; fields?: Record<string, string> }
}
const quoteOf = (response: { json: <T>() => T }) => response.json<{ quote: Quote }>().quote

t.test('every private route needs a token', async (t) => {
  const id = '00000000-0000-4000-8000-000000000000'
  const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
    ['GET', '/api/profile'],
    ['PUT', '/api/profile'],
    ['PUT', '/api/profile/logo'],
    ['GET', '/api/profile/logo'],
    ['DELETE', '/api/profile/logo'],
    ['GET', '/api/quotes'],
    ['GET', '/api/quotes/new'],
    ['POST', '/api/quotes'],
    ['GET', `/api/quotes/${id}`],
    ['PUT', `/api/quotes/${id}`],
    ['DELETE', `/api/quotes/${id}`],
    ['POST', `/api/quotes/${id}/send`],
    ['POST', `/api/quotes/${id}/cancel`],
    ['POST', `/api/quotes/${id}/duplicate`],
    ['POST', `/api/quotes/${id}/revise`],
    ['GET', `/api/quotes/${id}/pdf`],
    ['GET', `/api/quotes/${id}/events`]
  ]
  for (const [method, url] of routes) {
    const response = await app.inject({ method, url })
    t.equal(response.statusCode, 401, `${method} ${url}`)
    t.match(response.json<ErrorJson>().error.message, /Connectez-vous/)
  }
})

t.test('a new draft starts from the profile’s defaults and saves with its version', async (t) => {
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', {
    ...COMPLETE_PROFILE,
    defaultValidityDays: 45,
    defaultPaymentTerms: 'Paiement à 30 jours.',
    defaultExecutionConditions: 'Travaux garantis 10 ans.'
  })
  const opened = await user.request('GET', '/api/quotes/new')
  t.equal(opened.statusCode, 200)
  t.match(
    quoteOf(opened),
    {
      id: '',
      version: 0,
      status: 'draft',
      number: null,
      validityDays: 45,
      paymentTerms: 'Paiement à 30 jours.',
      conditions: 'Travaux garantis 10 ans.',
      issueDate: today
    },
    'each default in its own section'
  )
  t.same((await user.request('GET', '/api/quotes')).json<{ quotes: unknown[] }>().quotes, [], '« Nouveau devis » stores nothing by itself')
  const created = await user.request('POST', '/api/quotes')
  t.equal(created.statusCode, 201)
  const draft = quoteOf(created)
  t.match(draft, {
    status: 'draft',
    number: null,
    validityDays: 45,
    paymentTerms: 'Paiement à 30 jours.',
    conditions: 'Travaux garantis 10 ans.',
    issueDate: today,
    version: 1
  })
  t.equal(draft.lines.length, 1, 'one empty line to start typing')

  const saved = await user.request('PUT', `/api/quotes/${draft.id}`, { version: 1, content: completeContent(today) })
  t.equal(saved.statusCode, 200)
  const quote = quoteOf(saved)
  t.equal(quote.version, 2)
  // 350 + 7,5 × 45 = 687,50 at 10 %; 489,90 at 20 %.
  t.same(quote.totals.vat, [
    { rateBp: 1000, baseHtCents: 68750, vatCents: 6875 },
    { rateBp: 2000, baseHtCents: 48990, vatCents: 9798 }
  ])
  t.equal(quote.totals.totalTtcCents, 68750 + 6875 + 48990 + 9798)

  const stale = await user.request('PUT', `/api/quotes/${draft.id}`, { version: 1, content: completeContent(today) })
  t.equal(stale.statusCode, 409, 'a save based on an old version is refused')
  t.equal(stale.json<ErrorJson>().error.code, 'version_conflict')
  t.same(quoteOf(await user.request('GET', `/api/quotes/${draft.id}`)).lines, quote.lines, 'nothing lost')
})

t.test('bad input gets 400 with a French message per field', async (t) => {
  const user = await newUser(app)
  const draft = quoteOf(await user.request('POST', '/api/quotes'))
  const content = completeContent(today)
  const bad = {
    ...content,
    issueDate: '2026-13-40',
    validityDays: 0,
    lines: [{ ...content.lines[0], quantityMilli: 0, vatRateBp: 700, unit: 'litre' }]
  }
  const response = await user.request('PUT', `/api/quotes/${draft.id}`, { version: 1, content: bad })
  t.equal(response.statusCode, 400)
  const { error } = response.json<ErrorJson>()
  t.equal(error.message, 'Certains champs sont invalides.')
  t.match(error.fields, {
    issueDate: 'Format invalide.',
    validityDays: 'La valeur doit être au moins 1.',
    'lines.0.quantityMilli': 'La valeur doit être au moins 1.',
    'lines.0.vatRateBp': 'Valeur non acceptée.',
    'lines.0.unit': 'Valeur non acceptée.'
  })
  const missing = await user.request('PUT', `/api/quotes/${draft.id}`, { content })
  t.same(missing.json<ErrorJson>().error.fields, { version: 'Champ obligatoire.' })
  const junk = await app.inject({
    method: 'PUT',
    url: `/api/quotes/${draft.id}`,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    payload: '{"version":'
  })
  t.equal(junk.statusCode, 400, 'broken JSON is a 400, not a 500')
  const huge = await user.request('PUT', `/api/quotes/${draft.id}`, {
    version: 1,
    content: {
      ...content,
      lines: Array.from({ length: 200 }, (_, index) => ({
        ...content.lines[0],
        id: `x${index}`,
        quantityMilli: 1_000_000_000,
        unitPriceCents: 10_000_000_000
      }))
    }
  })
  t.equal(huge.statusCode, 400, 'totals beyond what can be represented are refused')
  t.equal(quoteOf(await user.request('GET', `/api/quotes/${draft.id}`)).version, 1, 'nothing was saved')
  const badFilter = await user.request('GET', '/api/quotes?status=perdu')
  t.equal(badFilter.statusCode, 400)
})

t.test('a discount in euros: saved and totalled, refused in French when more than its line, never with a percentage', async (t) => {
  const user = await newUser(app)
  const draft = quoteOf(await user.request('POST', '/api/quotes'))
  const content = completeContent(today)
  const first = { ...content.lines[0], quantityMilli: 2000, unitPriceCents: 2_500, discountBp: 0 }
  const saved = await user.request('PUT', `/api/quotes/${draft.id}`, {
    version: 1,
    content: { ...content, lines: [{ ...first, discountCents: 1_000 }] }
  })
  t.equal(saved.statusCode, 200)
  const quote = quoteOf(saved)
  t.match(quote.lines[0], { discountBp: 0, discountCents: 1_000 }, 'stored as typed')
  t.equal(quote.totals.lineHtCents[0], 4_000, '2 × 25 € less 10 €')
  const tooMuch = await user.request('PUT', `/api/quotes/${draft.id}`, {
    version: quote.version,
    content: { ...content, lines: [{ ...first, discountCents: 6_000 }] }
  })
  t.equal(tooMuch.statusCode, 400)
  const message = 'La remise (60,00\u00a0€) dépasse le montant de la ligne (50,00\u00a0€).'
  t.match(tooMuch.json<ErrorJson>().error, { code: 'validation_failed', message, fields: { 'lines.0.discountCents': message } })
  const both = await user.request('PUT', `/api/quotes/${draft.id}`, {
    version: quote.version,
    content: { ...content, lines: [{ ...first, discountBp: 1000, discountCents: 100 }] }
  })
  t.equal(both.statusCode, 400)
  t.match(both.json<ErrorJson>().error.fields, { 'lines.0.discountCents': 'Choisissez une remise en % ou en €, pas les deux.' })
  t.equal(quoteOf(await user.request('GET', `/api/quotes/${draft.id}`)).version, quote.version, 'nothing refused was saved')
})

t.test('unknown, malformed and other accounts’ ids are all 404', async (t) => {
  const owner = await newUser(app)
  const stranger = await newUser(app)
  const draft = quoteOf(await owner.request('POST', '/api/quotes'))
  const attempts: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
    ['GET', ''],
    ['PUT', '', { version: 1, content: completeContent(today) }],
    ['DELETE', ''],
    ['POST', '/send'],
    ['POST', '/cancel'],
    ['POST', '/duplicate'],
    ['POST', '/revise'],
    ['GET', '/pdf'],
    ['GET', '/events']
  ]
  for (const id of [draft.id, '3f1c7a2e-0000-4000-8000-000000000000', 'pas-un-identifiant', "'; drop table paraphe.quotes; --"]) {
    for (const [method, suffix, body] of attempts) {
      const response = await stranger.request(method, `/api/quotes/${encodeURIComponent(id)}${suffix}`, body)
      t.equal(response.statusCode, 404, `${method} ${suffix || '/'} on ${id}`)
      t.equal(response.json<ErrorJson>().error.message, 'Ce devis est introuvable.')
    }
  }
  t.equal(quoteOf(await owner.request('GET', `/api/quotes/${draft.id}`)).version, 1, 'the owner’s draft is untouched')
  t.same((await stranger.request('GET', '/api/quotes')).json<{ quotes: unknown[] }>().quotes, [], 'and not listed')
})

t.test('the list searches and filters, newest first', async (t) => {
  const user = await newUser(app)
  const first = quoteOf(
    await user.request('POST', '/api/quotes', {
      content: {
        title: 'Cuisine',
        client: { kind: 'business', name: 'Paul', company: 'Boulangerie Lefèvre', email: '', phone: '', address: '' }
      }
    })
  )
  const second = quoteOf(await user.request('POST', '/api/quotes', { content: { title: 'Toiture 100% zinc' } }))
  const list = async (query: string) => (await user.request('GET', `/api/quotes${query}`)).json<{ quotes: QuoteSummary[] }>().quotes
  t.same(
    (await list('')).map((quote) => quote.id),
    [second.id, first.id]
  )
  t.equal((await list('')).find((quote) => quote.id === first.id)?.clientName, 'Boulangerie Lefèvre', 'a business is listed by its name')
  t.same(
    (await list('?q=lefèvre')).map((quote) => quote.id),
    [first.id],
    'case-insensitive search on the client'
  )
  t.same(
    (await list('?q=100%25')).map((quote) => quote.id),
    [second.id],
    '% is a character, not a wildcard'
  )
  t.same(
    (await list('?q=_')).map((quote) => quote.id),
    []
  )
  t.same(
    (await list('?q=a%00b')).map((quote) => quote.id),
    [],
    'a NUL character matches nothing (PostgreSQL text never holds one), never a 500'
  )
  t.same((await list('?status=sent')).length, 0)
  t.same((await list('?status=draft')).length, 2)
})

t.test('the list comes a page at a time, with counts per status: no quote is left out', async (t) => {
  const user = await newUser(app)
  const created: string[] = []
  for (let i = 0; i < 105; i += 1)
    created.push(quoteOf(await user.request('POST', '/api/quotes', { content: { title: `Chantier ${i}` } })).id)
  // Forty changed in the same microsecond: the order still has one answer (id breaks the tie).
  await db.query(`update paraphe.quotes set updated_at = '2026-03-02T10:00:00.123456Z' where id = any($1::uuid[])`, [created.slice(20, 60)])
  const { rows } = await db.query<{ id: string }>('select id from paraphe.quotes where company_id = $1 order by updated_at desc, id desc', [
    user.id
  ])
  type Page = { quotes: QuoteSummary[]; nextCursor: string | null; counts: Record<string, number> }
  const pages: Page[] = []
  let cursor: string | null = ''
  while (cursor !== null) {
    const response = await user.request('GET', `/api/quotes${cursor === '' ? '' : `?cursor=${encodeURIComponent(cursor)}`}`)
    t.equal(response.statusCode, 200)
    const page: Page = response.json<Page>()
    pages.push(page)
    cursor = page.nextCursor
  }
  t.same(
    pages.map((page) => page.quotes.length),
    [50, 50, 5],
    'pages of 50, then the rest'
  )
  t.same(
    pages.flatMap((page) => page.quotes.map((quote) => quote.id)),
    rows.map((row) => row.id),
    'every quote once, newest change first'
  )
  t.match(pages[0]?.counts, { all: 105, draft: 105, sent: 0, signed: 0 })

  const small = (await user.request('GET', '/api/quotes?limit=10&status=sent')).json<Page>()
  t.same(small.quotes, [])
  t.equal(small.nextCursor, null)
  t.equal(small.counts.all, 105, 'the counts ignore the status filter (they label its choices)')
  const searched = (await user.request('GET', '/api/quotes?q=chantier%2010')).json<Page>()
  t.same(searched.counts.all, searched.quotes.length, 'but follow the search')
  t.ok(searched.quotes.every((quote) => quote.title.startsWith('Chantier 10')))

  for (const bad of ['nimporte', Buffer.from('2026-03-02T10:00:00Z|x', 'utf8').toString('base64url')]) {
    const refused = await user.request('GET', `/api/quotes?cursor=${bad}`)
    t.equal(refused.statusCode, 400)
    t.match(refused.json<ErrorJson>().error, { code: 'invalid_cursor', message: /rechargez la liste/ })
  }
  const tooMany = await user.request('GET', '/api/quotes?limit=101')
  t.equal(tooMany.statusCode, 400)
  t.match(tooMany.json<ErrorJson>().error, { message: 'Certains champs sont invalides.', fields: { limit: /100/ } })
  // Found by fuzzing: the schema's coercion turned « 1e309 » into Infinity, which reached SQL (500).
  for (const path of ['/api/quotes?limit=1e309', '/api/items?limit=1e309', '/api/v1/quotes?limit=-1e309']) {
    const infinite = await user.request('GET', path)
    t.match(
      { status: infinite.statusCode, error: infinite.json<ErrorJson>().error },
      { status: /^40[01]$/, error: { message: /[a-zé]/ } },
      `${path}: refused in French, not a 500`
    )
  }
  t.match((await user.request('GET', '/api/quotes?limit=1e309')).json<ErrorJson>().error, {
    code: 'validation_failed',
    fields: { limit: 'Ce nombre est trop grand.' }
  })
  // The same coercion in a JSON body: a string « 1e309 » where a number is expected (fuzzing again).
  const inBody = await user.request('PUT', '/api/invoices/reminder-settings', { reminderDays: ['1e309'] })
  t.equal(inBody.statusCode, 400, 'an infinite number in a body is refused, not a 500')
  t.match(inBody.json<ErrorJson>().error, { code: 'validation_failed', fields: { 'reminderDays.0': 'Ce nombre est trop grand.' } })
  const kept = await user.request('GET', '/api/invoices/reminder-settings')
  t.notMatch(kept.body, /Infinity|null/, 'nothing stored')
})

t.test('sending checks the mandatory mentions, numbers the quote and freezes it', async (t) => {
  const user = await newUser(app)
  const draft = quoteOf(await user.request('POST', '/api/quotes'))
  const incomplete = await user.request('POST', `/api/quotes/${draft.id}/send`)
  t.equal(incomplete.statusCode, 422)
  const { error } = incomplete.json<ErrorJson>()
  t.equal(error.code, 'quote_incomplete')
  t.match(error.fields, {
    profile: /raison sociale.*SIRET/,
    'client.name': 'Indiquez le nom du client.',
    'client.email': /adresse e-mail du client/,
    'lines.0.description': 'Décrivez cette ligne.'
  })

  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  await user.request('PUT', `/api/quotes/${draft.id}`, { version: 1, content: completeContent(today) })
  const sent = await user.request('POST', `/api/quotes/${draft.id}/send`)
  t.equal(sent.statusCode, 200)
  const body = sent.json<{ quote: Quote; signingUrl: string }>()
  t.equal(body.quote.number, `DEV-${today.slice(0, 4)}-0001`)
  t.equal(body.quote.status, 'sent')
  t.match(body.signingUrl, /^http:\/\/127\.0\.0\.1:3000\/SignatureDevis\?token=[A-Za-z0-9_-]{43}$/)
  const queued = await db.query<{ recipient: string; subject: string; text_body: string; reply_to: string; sender_name: string }>(
    `select recipient, subject, text_body, reply_to, sender_name from paraphe.outbox where company_id = $1 and kind = 'signing-request'`,
    [user.id]
  )
  t.equal(queued.rows.length, 1, 'the client’s e-mail is queued with the send')
  t.match(queued.rows[0], {
    recipient: 'elise.martin@example.org',
    subject: `Devis ${body.quote.number} de Dupont Rénovation à signer`,
    reply_to: COMPLETE_PROFILE.email,
    // The client sees who writes to them; answering reaches the company.
    sender_name: `${COMPLETE_PROFILE.companyName} via ${app.config.runtime.siteName}`
  })
  t.ok(queued.rows[0]?.text_body.includes(body.signingUrl), 'with the signing link')
  const stored = await db.query<{ token_hash: Buffer }>('select token_hash from paraphe.signing_links where quote_id = $1', [draft.id])
  const token = new URL(body.signingUrl).searchParams.get('token') as string
  t.notOk(
    Buffer.from(stored.rows[0]?.token_hash ?? [])
      .toString('latin1')
      .includes(token),
    'the token itself is not stored'
  )
  t.equal(Buffer.from(stored.rows[0]?.token_hash ?? []).length, 32, 'only its SHA-256')

  const edit = await user.request('PUT', `/api/quotes/${draft.id}`, { version: 2, content: completeContent(today) })
  t.equal(edit.statusCode, 409)
  t.equal(edit.json<ErrorJson>().error.code, 'quote_frozen')
  t.equal((await user.request('DELETE', `/api/quotes/${draft.id}`)).statusCode, 409, 'a sent quote is kept')
  t.equal((await user.request('POST', `/api/quotes/${draft.id}/send`)).statusCode, 409, 'sent once')

  const revised = await user.request('POST', `/api/quotes/${draft.id}/revise`)
  t.equal(revised.statusCode, 201)
  const copy = quoteOf(revised)
  t.match(copy, { status: 'draft', number: null, title: 'Rénovation de la salle de bains' })
  const old = quoteOf(await user.request('GET', `/api/quotes/${draft.id}`))
  t.match(old, { status: 'cancelled', replacedBy: copy.id, number: body.quote.number })
  const events = (await user.request('GET', `/api/quotes/${draft.id}/events`)).json<{ events: Array<{ type: string; label: string }> }>()
    .events
  t.same(
    events.map((event) => event.type),
    ['sent', 'cancelled', 'revised']
  )
  t.equal(events[0]?.label, 'Devis envoyé pour signature')

  const second = await user.request('POST', `/api/quotes/${copy.id}/send`)
  t.equal(quoteOf(second).number, `DEV-${today.slice(0, 4)}-0002`, 'the next number, no gap')
  const cancelled = await user.request('POST', `/api/quotes/${copy.id}/cancel`)
  t.equal(quoteOf(cancelled).status, 'cancelled')
  t.equal((await user.request('POST', `/api/quotes/${copy.id}/cancel`)).statusCode, 409, 'cancelled once')

  const duplicate = await user.request('POST', `/api/quotes/${draft.id}/duplicate`)
  t.match(quoteOf(duplicate), { status: 'draft', number: null, client: { name: 'Élise Martin' } })
  const removed = await user.request('DELETE', `/api/quotes/${quoteOf(duplicate).id}`)
  t.equal(removed.statusCode, 204)
  t.equal((await user.request('GET', `/api/quotes/${quoteOf(duplicate).id}`)).statusCode, 404)
  t.equal((await user.request('POST', `/api/quotes/${quoteOf(duplicate).id}/cancel`)).statusCode, 404)
})

t.test('an expired validity window cannot be sent', async (t) => {
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = quoteOf(await user.request('POST', '/api/quotes', { content: { ...completeContent('2020-01-01'), validityDays: 30 } }))
  const response = await user.request('POST', `/api/quotes/${draft.id}/send`)
  t.equal(response.statusCode, 422)
  t.match(response.json<ErrorJson>().error.fields, { issueDate: /déjà expiré/ })
  const draftAgain = await user.request('POST', `/api/quotes/${draft.id}/cancel`)
  t.equal(draftAgain.statusCode, 409, 'a draft is deleted, not cancelled')
})

t.test('Découverte sends 3 quotes a month; the 4th is refused with a link to the plans, Pro is unlimited', async (t) => {
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const sendNew = async () => {
    const draft = quoteOf(await user.request('POST', '/api/quotes', { content: completeContent(today) }))
    return user.request('POST', `/api/quotes/${draft.id}/send`)
  }
  for (let index = 0; index < 3; index += 1) t.equal((await sendNew()).statusCode, 200)
  const refused = await sendNew()
  t.equal(refused.statusCode, 403)
  t.equal(refused.json<ErrorJson>().error.code, 'plan_limit')
  t.match(refused.json<ErrorJson>().error.message, /Découverte.*3 devis par mois.*\/tarifs/)
  await subscribe(db, user.id, 'pro')
  const accepted = await sendNew()
  t.equal(accepted.statusCode, 200)
  t.equal(quoteOf(accepted).number, `DEV-${today.slice(0, 4)}-0004`, 'the refused send used no number')
})

t.test('the PDF of a draft and of a sent quote', async (t) => {
  const user = await newUser(app)
  await user.request('PUT', '/api/profile', COMPLETE_PROFILE)
  const draft = quoteOf(await user.request('POST', '/api/quotes', { content: completeContent(today) }))
  const draftPdf = await user.request('GET', `/api/quotes/${draft.id}/pdf`)
  t.equal(draftPdf.statusCode, 200)
  t.equal(draftPdf.headers['content-type'], 'application/pdf')
  t.equal(draftPdf.headers['content-disposition'], 'attachment; filename="Devis-brouillon.pdf"')
  t.match(normaliseSpaces(await pdfText(draftPdf.rawPayload)), /BROUILLON/)

  const sent = quoteOf(await user.request('POST', `/api/quotes/${draft.id}/send`))
  // A later profile change does not alter what was sent.
  await user.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, companyName: 'Nouveau Nom SARL' })
  const response = await user.request('GET', `/api/quotes/${draft.id}/pdf`)
  t.equal(response.headers['content-disposition'], `attachment; filename="Devis-${sent.number}.pdf"`)
  const text = normaliseSpaces(await pdfText(response.rawPayload))
  for (const expected of [
    `Devis n° ${sent.number}`,
    'Dupont Rénovation',
    'SIRET 732 829 320 00074',
    'FR44732829320',
    'Élise Martin',
    normaliseSpaces(formatEuros(sent.totals.totalTtcCents)),
    normaliseSpaces(`TVA ${formatVatRate(1000)}`),
    normaliseSpaces(`TVA ${formatVatRate(2000)}`),
    'Valable jusqu’au',
    'Main-d’œuvre plomberie',
    'Devis reçu avant l’exécution des travaux'
  ]) {
    t.ok(text.includes(expected), `the PDF shows « ${expected} »`)
  }
  t.notOk(text.includes('Nouveau Nom SARL'), 'the identity is the one frozen at sending')
  t.same(
    Buffer.from((await user.request('GET', `/api/quotes/${draft.id}/pdf`)).rawPayload),
    Buffer.from(response.rawPayload),
    'the same bytes every time'
  )
})

t.test(
  'the profile in steps: a first quote sent with the first step only, the insurance asked at the first building-trade quote',
  async (t) => {
    const user = await newUser(app)
    const firstStep = {
      ...COMPLETE_PROFILE,
      insurer: '',
      insuranceCoverage: '',
      insurancePolicy: '',
      iban: '',
      bic: '',
      defaultPaymentTerms: '',
      defaultExecutionConditions: ''
    }
    t.equal((await user.request('PUT', '/api/profile', firstStep)).statusCode, 200)
    const building = quoteOf(await user.request('POST', '/api/quotes'))
    await user.request('PUT', `/api/quotes/${building.id}`, { version: 1, content: completeContent(today) })
    const refused = await user.request('POST', `/api/quotes/${building.id}/send`)
    t.equal(refused.statusCode, 422)
    t.same(
      refused.json<ErrorJson>().error.fields,
      {
        'profile.insurance':
          'Pour un devis de travaux du bâtiment, votre assurance professionnelle (décennale) doit figurer sur le devis\u202f: indiquez l’assureur et la couverture géographique dans votre profil.'
      },
      'only the insurance, said in French'
    )
    const other = quoteOf(await user.request('POST', '/api/quotes'))
    await user.request('PUT', `/api/quotes/${other.id}`, { version: 1, content: { ...completeContent(today), buildingTrade: false } })
    t.equal(
      (await user.request('POST', `/api/quotes/${other.id}/send`)).statusCode,
      200,
      'a quote that needs no insurance is sent (its deposit without an IBAN too)'
    )
    await user.request('PUT', '/api/profile', { ...firstStep, insurer: 'MAAF Assurances', insuranceCoverage: 'France métropolitaine' })
    t.equal((await user.request('POST', `/api/quotes/${building.id}/send`)).statusCode, 200, 'sent once the insurance is given')
  }
)
