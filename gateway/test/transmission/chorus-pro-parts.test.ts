// The Chorus Pro client's edges against a small server answering what each test sets: an answer
// that is no Chorus Pro (not JSON, 404, no token, no list, no deposit number), a refusal with its
// codeRetour, an outage, a slow answer, a kept token ended early, a file over 10 MB; the French
// sentence « Tester la connexion » shows for each failure; the status map; the channel's choice
// for a public buyer; and production's https and public-address rule on saving the access.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import t from 'tap'
import type { InvoiceBuyer } from '@paraphe/shared/invoices/invoice-document'
import type { RequestMember } from '../../src/company/membership.js'
import { ApiProblem } from '../../src/errors.js'
import { channelFor } from '../../src/transmission/channels.js'
import { CHORUS_PRO_MAX_BYTES, createChorusProClient, type ChorusProCredentials } from '../../src/transmission/chorus-pro-client.js'
import { checkChorusProDestinations, chorusProProblem, saveChorusPro } from '../../src/transmission/chorus-pro-connection.js'
import { CHORUS_PRO_STATUS_CODES, lifecycleCodeOfChorusPro } from '../../src/transmission/chorus-pro-statuses.js'
import { PlatformError } from '../../src/transmission/platform-errors.js'

type Answer = { status: number; body: string; delayMs?: number }
let tokenAnswer: Answer = { status: 200, body: JSON.stringify({ access_token: 'jeton-1', expires_in: 3600 }) }
let apiAnswers: Answer[] = []
let tokensGiven = 0
const apiCalls: Array<{ path: string; authorization: string | undefined; account: string | undefined }> = []

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  for await (const _chunk of request) void _chunk
  const answer =
    request.url === '/token'
      ? ((tokensGiven += 1), tokenAnswer)
      : (apiCalls.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          account: request.headers['cpro-account'] as string | undefined
        }),
        apiAnswers.shift() ?? { status: 200, body: '{"codeRetour":0}' })
  if (answer.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, answer.delayMs))
  if (response.destroyed) return
  response.writeHead(answer.status, { 'content-type': 'application/json' })
  response.end(answer.body)
}
const server = createServer((request, response) => void handle(request, response))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
t.teardown(() => {
  server.closeAllConnections()
  server.close()
})
const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
const credentials: ChorusProCredentials = {
  apiUrl: base,
  tokenUrl: `${base}/token`,
  clientId: 'client',
  clientSecret: 'secret',
  accountLogin: 'TECH_1@cpro.fr',
  accountPassword: 'mot:de:passe'
}
const client = createChorusProClient({ destination: { production: false }, timeoutMs: 500 })
const failure = async (promise: Promise<unknown>): Promise<PlatformError> => {
  try {
    await promise
  } catch (error) {
    if (error instanceof PlatformError) return error
    throw error
  }
  throw new Error('expected a PlatformError')
}

t.test('a deposit and a search as Chorus Pro answers them, the technical account on each call', async (t) => {
  apiAnswers = [
    { status: 200, body: JSON.stringify({ codeRetour: 0, numeroFluxDepot: 'FLUX-1' }) },
    {
      status: 200,
      body: JSON.stringify({
        codeRetour: 0,
        listeFactures: [{ identifiantFactureCPP: 7, numeroFacture: 'F-1', statut: 'DEPOSEE' }, { numeroFacture: 'incomplet' }]
      })
    },
    { status: 200, body: JSON.stringify({ codeRetour: 0 }) }
  ]
  t.equal(await client.deposit(credentials, new Uint8Array([1, 2, 3]), 'F-1.pdf'), 'FLUX-1')
  t.same(await client.findInvoices(credentials, 'F-1'), [{ invoiceId: '7', number: 'F-1', status: 'DEPOSEE', flowNumber: null }])
  t.same(await client.findInvoices(credentials, 'F-2'), [], 'no list: none found')
  t.equal(tokensGiven, 1, 'the token is kept between calls')
  t.same(
    apiCalls.map((call) => call.account),
    Array(3).fill(Buffer.from('TECH_1@cpro.fr:mot:de:passe').toString('base64')),
    'cpro-account: base64(login:password)'
  )
})

t.test('a kept token ended early is renewed once', async (t) => {
  const before = tokensGiven
  apiAnswers = [
    { status: 401, body: '{}' },
    { status: 200, body: JSON.stringify({ codeRetour: 0, listeFactures: [] }) }
  ]
  await client.check(credentials)
  t.equal(tokensGiven, before + 1)
})

t.test('what is not Chorus Pro, and what Chorus Pro refuses', async (t) => {
  apiAnswers = [{ status: 200, body: '<html>' }]
  t.match(await failure(client.check(credentials)), { kind: 'not_flow_service', code: 'not_chorus_pro' })
  apiAnswers = [{ status: 404, body: '{}' }]
  t.match(await failure(client.check(credentials)), { kind: 'not_flow_service', status: 404 })
  apiAnswers = [{ status: 200, body: JSON.stringify({ codeRetour: 0, listeFactures: 'non' }) }]
  t.match(await failure(client.check(credentials)), { kind: 'not_flow_service' })
  apiAnswers = [{ status: 200, body: JSON.stringify({ codeRetour: 20003, libelle: 'Fichier non conforme' }) }]
  const refused = await failure(client.deposit(credentials, new Uint8Array([1]), 'F.pdf'))
  t.match(refused, { kind: 'refused', retryable: false, code: '20003', message: /Fichier non conforme/ })
  apiAnswers = [{ status: 200, body: JSON.stringify({ codeRetour: 0 }) }]
  t.match(await failure(client.deposit(credentials, new Uint8Array([1]), 'F.pdf')), {
    kind: 'not_flow_service',
    message: /numeroFluxDepot/
  })
  apiAnswers = [{ status: 503, body: '{}' }]
  t.match(await failure(client.deposit(credentials, new Uint8Array([1]), 'F.pdf')), { kind: 'unavailable', retryable: true })
  apiAnswers = [{ status: 200, body: '{}', delayMs: 2_000 }]
  t.match(await failure(client.check(credentials)), { kind: 'timeout', retryable: true })
  const calls = apiCalls.length
  t.match(await failure(client.deposit(credentials, new Uint8Array(CHORUS_PRO_MAX_BYTES + 1), 'F.pdf')), {
    kind: 'refused',
    code: 'FILE_SIZE_EXCEEDED'
  })
  t.equal(apiCalls.length, calls, 'a file over 10 MB is never sent')
})

t.test('the token address failing, or answering no token', async (t) => {
  const fresh = createChorusProClient({ destination: { production: false } })
  tokenAnswer = { status: 500, body: '{}' }
  t.match(await failure(fresh.check(credentials)), { kind: 'unavailable' })
  tokenAnswer = { status: 200, body: '{"token_type":"Bearer"}' }
  t.match(await failure(fresh.check(credentials)), { kind: 'not_flow_service' })
  tokenAnswer = { status: 401, body: '{}' }
  t.match(await failure(fresh.check(credentials)), { kind: 'credentials_refused', code: 'piste_token' })
  tokenAnswer = { status: 200, body: JSON.stringify({ access_token: 'jeton-2' }) }
  apiAnswers = [{ status: 403, body: '{}' }]
  t.match(await failure(fresh.check(credentials)), { kind: 'credentials_refused', code: 'cpro_account' })
})

t.test('each failure in French for « Tester la connexion »', async (t) => {
  const sentence = (kind: ConstructorParameters<typeof PlatformError>[0], status: number | null = null, code: string | null = null) =>
    chorusProProblem(new PlatformError(kind, 'x.', status, code))
  t.match(sentence('credentials_refused', 401, 'piste_token'), /^Identifiants PISTE refusés/)
  t.match(sentence('credentials_refused', 401, 'cpro_account'), /^Compte technique refusé par Chorus Pro/)
  t.match(sentence('unreachable'), /^Adresse injoignable/)
  t.match(sentence('timeout'), /^Chorus Pro n’a pas répondu à temps/)
  t.match(sentence('unavailable', 503), /momentanément indisponible \(réponse 503\)/)
  t.match(sentence('unavailable'), /réponse \?/)
  t.match(sentence('forbidden_address'), /^Adresse refusée : x\./)
  t.match(sentence('not_flow_service'), /ne répond pas comme l’API Chorus Pro/)
  t.match(sentence('refused', 400, '20001'), /refusé la demande \(réponse 400, 20001\)/)
  t.match(sentence('refused'), /réponse \?\)/)
})

t.test('the status map: the known statuses, in any case; an unknown one is not shown', async (t) => {
  t.equal(lifecycleCodeOfChorusPro('MISE_A_DISPOSITION'), 203)
  t.equal(lifecycleCodeOfChorusPro('rejetee'), 210)
  t.equal(lifecycleCodeOfChorusPro('INCONNU'), null)
  t.ok(
    Object.values(CHORUS_PRO_STATUS_CODES).some((entry) => !entry.confirmed),
    'the unconfirmed matches are marked'
  )
})

t.test('a public buyer goes to Chorus Pro when the company has it, else by e-mail with the reason', async (t) => {
  const buyer: InvoiceBuyer = {
    kind: 'business',
    name: '',
    company: 'Ville de Paris',
    siren: '217500016',
    vatNumber: null,
    address: { lines: ['4 rue de Lobau'], postcode: '75004', city: 'Paris', countryCode: 'FR' },
    deliveryAddress: null,
    email: '',
    publicBuyer: { siret: '21750001600019', serviceCode: '' }
  }
  t.same(channelFor(buyer, true, true), { channel: 'chorus_pro', emailReason: null })
  t.same(channelFor(buyer, true, false), { channel: 'email', emailReason: 'chorus_pro_not_configured' })
  t.same(channelFor({ ...buyer, publicBuyer: null }, true, true), { channel: 'platform', emailReason: null }, 'not public: its PA')
})

t.test('in production the access’s addresses must be https and public', async (t) => {
  const tx = { query: async () => ({ rows: [], rowCount: 0 }) }
  const member = {
    id: 'u',
    email: 'u@example.fr',
    companyId: '00000000-0000-4000-8000-000000000001',
    role: 'owner',
    requireTwoFactor: false
  } as unknown as RequestMember
  const settings = { secretsKey: Buffer.alloc(32), production: true }
  const input = {
    apiUrl: 'http://api.piste.gouv.fr',
    tokenUrl: 'https://oauth.piste.gouv.fr/api/oauth/token',
    clientId: 'c',
    clientSecret: 's',
    accountLogin: 'l',
    accountPassword: 'p'
  }
  const clear = await checkChorusProDestinations(input, settings).catch((error: unknown) => error)
  t.ok(clear instanceof ApiProblem)
  t.match((clear as ApiProblem).fields, { apiUrl: /https:\/\// })
  const internal = await checkChorusProDestinations({ ...input, apiUrl: 'https://127.0.0.1' }, settings).catch((error: unknown) => error)
  t.match((internal as ApiProblem).fields, { apiUrl: /réseau interne/ })
  const colon = await saveChorusPro(tx as never, member, { ...input, accountLogin: 'a:b' }, settings).catch((error: unknown) => error)
  t.match((colon as ApiProblem).fields, { accountLogin: /« : »/ })
})
