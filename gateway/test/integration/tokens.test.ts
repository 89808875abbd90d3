import t from 'tap'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'
import { createTokenVerifier } from '../../src/auth/token-verifier.js'
import { buildApp } from '../helper.js'

const SECRET = 'un-secret-de-test-suffisamment-long-pour-hs256'
const USER_ID = '0b7f4a52-8d7e-4c39-9a3c-5d2f1e6b8a90'

function hs256(claims: Record<string, unknown>, { secret = SECRET, expiresIn = '1h' }: { secret?: string; expiresIn?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret))
}
const userClaims = {
  sub: USER_ID,
  aud: 'authenticated',
  role: 'authenticated',
  email: 'artisan@example.fr',
  aal: 'aal1',
  session_id: 's-1'
}

/** A JWKS endpoint whose keys a test can swap, as a key rotation on the auth server does. */
async function jwksServer() {
  let keys: JWK[] = []
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/.well-known/jwks.json' ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setKeys: (next: JWK[]) => void (keys = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('ES256')
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid }).setIssuedAt().setExpirationTime('1h').sign(privateKey)
  return { jwk, sign }
}

const jwks = await jwksServer()
t.teardown(jwks.close)
const app = await buildApp({ AUTH_UPSTREAM_URL: jwks.url, SUPABASE_ANON_KEY: await hs256({ role: 'anon' }), SUPABASE_JWT_SECRET: SECRET })
t.teardown(() => app.close())
const session = (authorization?: string) =>
  app.inject({ url: '/api/session', headers: authorization === undefined ? {} : { authorization } })

t.test('a valid access token identifies the user', async (t) => {
  const response = await session(`Bearer ${await hs256(userClaims)}`)
  t.equal(response.statusCode, 200)
  t.same(response.json(), { user: { id: USER_ID, email: 'artisan@example.fr', role: 'authenticated', aal: 'aal1' } })
  t.equal(response.headers['cache-control'], 'no-store')
  const minimal = await session(`Bearer ${await hs256({ sub: USER_ID, aud: 'authenticated', role: 'authenticated' })}`)
  t.same(minimal.json(), { user: { id: USER_ID, email: null, role: 'authenticated', aal: 'aal1' } })
})

t.test('refused tokens get 401 with a French message', async (t) => {
  const cases: Array<[string, string | undefined, string]> = [
    ['no token', undefined, 'token_missing'],
    ['not a bearer', 'Basic dXNlcjpwYXNz', 'token_missing'],
    ['garbage', 'Bearer pas-un-jeton', 'token_invalid'],
    ['expired', `Bearer ${await hs256(userClaims, { expiresIn: '-1m' })}`, 'token_expired'],
    ['wrong secret', `Bearer ${await hs256(userClaims, { secret: 'un-autre-secret-tout-aussi-long-que-le-vrai' })}`, 'token_invalid'],
    ['wrong audience', `Bearer ${await hs256({ ...userClaims, aud: 'autre-chose' })}`, 'token_invalid'],
    ['anon key', `Bearer ${await hs256({ role: 'anon', iss: 'supabase' })}`, 'token_invalid'],
    ['anon key with the audience', `Bearer ${await hs256({ role: 'anon', aud: 'authenticated' })}`, 'not_a_user'],
    ['service key', `Bearer ${await hs256({ role: 'service_role', aud: 'authenticated' })}`, 'not_a_user'],
    ['no subject', `Bearer ${await hs256({ aud: 'authenticated', role: 'authenticated' })}`, 'not_a_user'],
    [
      'unsigned',
      `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(userClaims)).toString('base64url')}.`,
      'token_invalid'
    ]
  ]
  for (const [name, header, code] of cases) {
    const response = await session(header)
    t.equal(response.statusCode, 401, name)
    const body = response.json<{ error: { code: string; message: string } }>()
    t.equal(body.error.code, code, name)
    t.match(body.error.message, /[a-zé]/, `${name}: message`)
    t.match(String(response.headers['www-authenticate']), /^Bearer/, `${name}: WWW-Authenticate`)
  }
  t.match((await session(`Bearer ${await hs256(userClaims, { expiresIn: '-1m' })}`)).json(), {
    error: { message: 'Votre session a expiré : reconnectez-vous.' }
  })
})

t.test('asymmetric tokens are checked against the JWKS, and a rotated key is picked up', async (t) => {
  const first = await signingKey('cle-1')
  const second = await signingKey('cle-2')
  jwks.setKeys([first.jwk])
  const viaApp = await session(`Bearer ${await first.sign(userClaims)}`)
  t.equal(viaApp.statusCode, 200, 'through the gateway')

  const verify = createTokenVerifier(
    { jwtSecret: null, jwksUrl: new URL(`${jwks.url}/.well-known/jwks.json`) },
    { fetchTimeoutMs: 2000, cooldownMs: 0 }
  )
  t.equal((await verify(await first.sign(userClaims))).id, USER_ID)
  jwks.setKeys([first.jwk, second.jwk])
  t.equal((await verify(await second.sign(userClaims))).email, 'artisan@example.fr', 'new key id: the set is fetched again')
  jwks.setKeys([second.jwk])
  const forged = await signingKey('cle-2')
  await t.rejects(verify(await forged.sign(userClaims)), { code: 'token_invalid' }, 'same kid, other key: refused')
  await t.rejects(verify(await hs256(userClaims)), { code: 'token_invalid' }, 'HS256 without a configured secret is refused')
})
