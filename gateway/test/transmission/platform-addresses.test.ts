// The plateforme agréée's addresses are typed by the professional, and the gateway calls them with
// a secret: in production they must be https and public (never a service inside our network, nor
// the cloud's metadata address), checked when saved and again on the address each connection
// actually uses (a DNS answer changed later). Outside production the stand-in on 127.0.0.1 is
// reached as usual.
import t from 'tap'
import type { RequestMember } from '../../src/company/membership.js'
import { ApiProblem } from '../../src/errors.js'
import { checkPlatformDestinations, savePlatform } from '../../src/transmission/platform-connection.js'
import { testDatabase } from '../support/databases.js'
import { createFlowClient, type PlatformCredentials } from '../../src/transmission/flow-client.js'
import { connectionProblem, PlatformError } from '../../src/transmission/platform-errors.js'
import { startStandInPa } from '../support/stand-in-pa.js'

const credentials = (apiUrl: string, tokenUrl: string): PlatformCredentials => ({
  apiUrl,
  authKind: 'oauth2',
  tokenUrl,
  clientId: 'paraphe-test',
  secret: 'not sent anywhere'
})

async function refusal(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof PlatformError) return error
    throw error
  }
  throw new Error('the call went through')
}

t.test('in production, an internal or clear address is never called', async (t) => {
  const pa = await startStandInPa()
  t.teardown(() => pa.close())
  const production = createFlowClient({ destination: { production: true } })

  const clear = await refusal(production.check(credentials(pa.url, pa.tokenUrl)))
  t.equal(clear.kind, 'forbidden_address', 'http:// refused')
  t.match(connectionProblem(clear), /^Adresse refusée : .*https:\/\/ est requise.*Indiquez l’adresse publique/)
  t.equal(clear.retryable, false, 'not tried again')

  const loopback = await refusal(production.check(credentials('https://127.0.0.1:8443/pa', 'https://127.0.0.1:8443/token')))
  t.equal(loopback.kind, 'forbidden_address', 'a loopback address refused before connecting')
  const metadata = await refusal(production.check(credentials('https://169.254.169.254/pa', 'https://169.254.169.254/token')))
  t.match(metadata.message, /adresse interne/, 'the cloud metadata address too')

  // A name that resolves inside: refused on the very lookup the connection makes.
  const rebound = createFlowClient({
    destination: { production: true, lookup: async () => [{ address: '10.1.2.3', family: 4 }] }
  })
  const resolved = await refusal(rebound.check(credentials('https://pa.example.fr/v1', 'https://pa.example.fr/token')))
  t.equal(resolved.kind, 'forbidden_address')
  t.match(resolved.message, /pa\.example\.fr résout vers une adresse interne \(10\.1\.2\.3\)/)
  t.equal(pa.deposits.size, 0, 'nothing reached the platform')

  const development = createFlowClient({ destination: { production: false } })
  await development.check({ ...credentials(pa.url, pa.tokenUrl), secret: pa.clientSecret })
  t.pass('outside production, the stand-in on 127.0.0.1 answers the connection test')
})

t.test('in production, saving an internal address is refused with the field’s French message', async (t) => {
  const db = await testDatabase('pglite')
  const owner: RequestMember = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'owner@example.fr',
    role: 'owner',
    aal: 'aal1',
    sessionId: null,
    companyId: '00000000-0000-4000-8000-000000000002',
    requireTwoFactor: false
  }
  const input = { authKind: 'oauth2' as const, clientId: 'paraphe', secret: 'a secret' }
  const settings = { secretsKey: Buffer.alloc(32, 7), production: true }
  const problemOf = async (apiUrl: string, tokenUrl: string) => {
    try {
      // As the route does: the addresses first, outside the transaction, then the save.
      await checkPlatformDestinations({ ...input, apiUrl, tokenUrl }, settings)
      await savePlatform(db, owner, { ...input, apiUrl, tokenUrl }, settings)
    } catch (error) {
      if (error instanceof ApiProblem) return { status: error.statusCode, fields: error.fields }
      throw error
    }
    return null
  }
  const internal = await problemOf('https://10.0.0.5/v1', 'https://auth.pa.example.fr/token')
  t.equal(internal?.status, 400)
  t.match(internal?.fields, { apiUrl: /réseau interne \(10\.0\.0\.5\)/ })
  const metadata = await problemOf('https://51.15.20.30/v1', 'https://169.254.169.254/token')
  t.match(metadata?.fields, { tokenUrl: /réseau interne/ }, 'the token address too, the API address being public')
  const unknown = await problemOf('https://pa.nowhere.invalid/v1', 'https://51.15.20.30/token')
  t.match(unknown?.fields, { apiUrl: /pa\.nowhere\.invalid est introuvable/ }, 'a name that does not resolve')
  const { rows } = await db.query('select 1 from paraphe.platform_connections')
  t.equal(rows.length, 0, 'nothing saved')
})
