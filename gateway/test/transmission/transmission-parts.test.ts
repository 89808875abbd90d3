// The transmission's small parts: the sealed secret opens only with its key and for its company;
// the secrets key is generated once and read again; every platform failure has its French
// sentence and its retry decision; the form's rules; the French labels of the statuses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { lifecycleEventType, lifecycleLabel, needsCorrection } from '@paraphe/shared/invoices/lifecycle-statuses'
import { checkPlatformForm, platformUrl } from '@paraphe/shared/platform-connection'
import { channelFor } from '../../src/transmission/channels.js'
import { parseFlow } from '../../src/transmission/flow-client.js'
import { connectionProblem, PlatformError, type PlatformErrorKind } from '../../src/transmission/platform-errors.js'
import { openSecret, sealSecret } from '../../src/transmission/secret-box.js'
import { loadOrCreateSecretsKey, secretsKeyPath } from '../../src/transmission/secrets-key.js'

const companyA = '11111111-1111-4111-8111-111111111111'
const companyB = '22222222-2222-4222-8222-222222222222'

t.test('a sealed secret opens with its key, for its company only', async (t) => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'paraphe-secrets-'))
  t.teardown(() => rmSync(folder, { recursive: true, force: true }))
  const key = await loadOrCreateSecretsKey(folder)
  t.same(await loadOrCreateSecretsKey(folder), key, 'generated once, then read')
  const sealed = sealSecret(key, companyA, 'client-secret-42')
  t.notMatch(sealed, 'client-secret-42')
  t.equal(openSecret(key, companyA, sealed), 'client-secret-42')
  t.throws(() => openSecret(key, companyB, sealed), 'another company’s row does not open it')
  t.throws(() => openSecret(Buffer.alloc(32, 7), companyA, sealed), 'another key does not open it')
  t.throws(() => openSecret(key, companyA, sealed.slice(3)), /unknown format/)
  writeFileSync(secretsKeyPath(folder), 'trop-court\n')
  await t.rejects(loadOrCreateSecretsKey(folder), /32 bytes/)
})

t.test('each platform failure: its French sentence and whether to try again', async (t) => {
  const cases: Array<[PlatformErrorKind, RegExp, boolean]> = [
    ['unreachable', /^Adresse injoignable/, true],
    ['timeout', /pas répondu à temps/, true],
    ['unavailable', /indisponible \(réponse 503\)/, true],
    ['credentials_refused', /^Identifiants refusés/, false],
    ['not_flow_service', /XP Z12-013/, false],
    ['refused', /refusé la demande \(réponse 503, CODE\)/, false]
  ]
  for (const [kind, sentence, retryable] of cases) {
    const error = new PlatformError(kind, 'x', 503, 'CODE')
    t.match(connectionProblem(error), sentence, kind)
    t.equal(error.retryable, retryable, `${kind} retryable: ${retryable}`)
  }
  t.match(connectionProblem(new PlatformError('refused', 'x')), /réponse \?\)/)
})

t.test('the form’s rules', async (t) => {
  t.equal(platformUrl(' https://api.pa.fr/ '), 'https://api.pa.fr')
  t.equal(platformUrl('https://user:pw@api.pa.fr'), null, 'no credentials in an address')
  t.equal(platformUrl('api.pa.fr'), null)
  const apiKey = checkPlatformForm({ apiUrl: 'https://api.pa.fr', authKind: 'api_key', tokenUrl: '', clientId: '', secret: ' clé ' }, false)
  t.same(apiKey, { ok: true, value: { apiUrl: 'https://api.pa.fr', authKind: 'api_key', tokenUrl: null, clientId: null, secret: 'clé' } })
  t.match(checkPlatformForm({ apiUrl: 'https://api.pa.fr', authKind: 'api_key', tokenUrl: '', clientId: '', secret: '' }, false), {
    ok: false,
    problems: { secret: 'Indiquez la clé d’API.' }
  })
})

t.test('which way an invoice leaves, and what the statuses are called', async (t) => {
  const address = { lines: ['1 rue de la Paix'], postcode: '69001', city: 'Lyon', countryCode: 'FR' }
  const buyer = {
    kind: 'business' as const,
    name: 'A',
    company: 'B',
    siren: '552100554',
    vatNumber: null,
    address,
    deliveryAddress: null,
    email: ''
  }
  t.same(channelFor(buyer, true), { channel: 'platform', emailReason: null })
  t.same(channelFor(buyer, false), { channel: 'email', emailReason: 'no_platform' })
  t.same(
    channelFor({ ...buyer, address: { ...address, countryCode: 'BE' } }, true),
    { channel: 'email', emailReason: null },
    'a foreign buyer'
  )
  t.equal(lifecycleLabel(210, 'Commande non reçue'), 'Refusée : Commande non reçue')
  t.equal(lifecycleLabel(299), 'Statut 299')
  t.equal(lifecycleEventType(204), 'platform_status')
  t.ok(needsCorrection(213))
  t.notOk(needsCorrection(205))
  t.equal(parseFlow({ nothing: true }), null)
  t.match(parseFlow({ flowId: 'f', lifecycle: { statusCode: '212' } }), {
    flowId: 'f',
    updatedAt: new Date(0).toISOString(),
    lifecycle: { code: 212 }
  })
})
