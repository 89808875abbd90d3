// Two-factor sign-in on the embedded accounts, through Supabase Auth's MFA API as supabase-js
// calls it, on both engines: codes are computed here from the secret the enrolment shows, as an
// authenticator app would. What a user or an attacker would notice: the level of the tokens, a
// wrong, replayed or foreign code refused, /api closed to a password alone once a factor exists,
// recovery codes that work once, the throttle, the open sessions and the security e-mails.
import type { Test } from 'tap'
import { decodeJwt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db/database.js'
import type { AccountSettings } from '../../src/accounts/account-service.js'
import { buildApp } from '../helper.js'
import { forEachEngine } from '../support/databases.js'

const PASSWORD = 'une phrase de passe solide'
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
let counter = 0
const newEmail = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}@example.fr`
let ipCounter = 1
const newIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`

/** The code an authenticator app shows for `secret`, `ahead` steps of 30 s from now. */
const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 })

type Json = Record<string, unknown>
interface Reply {
  status: number
  json: Json
}

interface Client {
  ip: string
  userAgent: string
}

async function gateway(t: Test, db: Database, accounts: Partial<AccountSettings> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ AUTH_AUTOCONFIRM: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, { database: db, accounts })
  t.teardown(() => app.close())
  return app
}

function caller(app: FastifyInstance, client: Client = { ip: newIp(), userAgent: FIREFOX }) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: Json): Promise<Reply> => {
    const response = await app.inject({
      method,
      url,
      remoteAddress: client.ip,
      headers: {
        'x-supabase-api-version': '2024-01-01',
        'user-agent': client.userAgent,
        ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
      },
      ...(body === undefined ? {} : { payload: body })
    })
    return { status: response.statusCode, json: response.body === '' ? {} : response.json<Json>() }
  }
  return {
    client,
    call,
    signIn: async (email: string) => {
      const reply = await call('POST', '/auth/v1/token?grant_type=password', undefined, { email, password: PASSWORD })
      if (reply.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(reply.json)}`)
      return reply.json as { access_token: string; refresh_token: string }
    },
    enrol: async (token: string, friendlyName?: string) => {
      const reply = await call('POST', '/auth/v1/factors', token, {
        factor_type: 'totp',
        ...(friendlyName === undefined ? {} : { friendly_name: friendlyName })
      })
      if (reply.status !== 200) throw new Error(`enrolment failed: ${JSON.stringify(reply.json)}`)
      return reply.json as { id: string; type: string; friendly_name: string; totp: { qr_code: string; secret: string; uri: string } }
    },
    /** challenge then verify, as supabase.auth.mfa.challengeAndVerify does. */
    prove: async (token: string, factorId: string, code: string): Promise<Reply> => {
      const challenge = await call('POST', `/auth/v1/factors/${factorId}/challenge`, token)
      if (challenge.status !== 200) return challenge
      return call('POST', `/auth/v1/factors/${factorId}/verify`, token, { challenge_id: challenge.json.id, code })
    }
  }
}

async function newAccount(app: FastifyInstance, name: string, client?: Client) {
  const email = newEmail(name)
  const user = caller(app, client)
  const signedUp = await user.call('POST', '/auth/v1/signup', undefined, { email, password: PASSWORD })
  if (signedUp.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(signedUp.json)}`)
  return { email, user, token: (signedUp.json as { access_token: string }).access_token }
}

/** An account with a verified factor; `token` is the aal2 session that verified it. */
async function withFactor(app: FastifyInstance, name: string, client?: Client) {
  const account = await newAccount(app, name, client)
  const factor = await account.user.enrol(account.token)
  const verified = await account.user.prove(account.token, factor.id, codeOf(factor.totp.secret))
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.json)}`)
  return {
    ...account,
    factor,
    secret: factor.totp.secret,
    token: verified.json.access_token as string,
    refresh: verified.json.refresh_token as string
  }
}

async function mails(db: Database, to: string): Promise<Array<{ kind: string; text_body: string }>> {
  return (
    await db.query<{ kind: string; text_body: string }>('select kind, text_body from paraphe.outbox where recipient = $1 order by id', [to])
  ).rows
}

forEachEngine('TOTP factors, the Supabase Auth way', async (t, db) => {
  const app = await gateway(t, db)

  await t.test('enrol → challenge → verify: an aal2 session with totp then password in amr, kept by a refresh', async (t) => {
    const { email, user, token } = await newAccount(app, 'enrol')
    t.equal(decodeJwt(token).aal, 'aal1', 'a password gives aal1')
    const factor = await user.enrol(token, 'Téléphone')
    t.equal(factor.type, 'totp')
    t.equal(factor.friendly_name, 'Téléphone')
    t.match(factor.totp.qr_code, /^<svg[\s\S]*<\/svg>\s*$/, 'the QR code as SVG text (supabase-js makes it a data URI)')
    t.match(factor.totp.secret, /^[A-Z2-7]{32}$/, 'a 160-bit base32 secret')
    t.match(factor.totp.uri, /^otpauth:\/\/totp\/Paraphe:.+\?.*secret=[A-Z2-7]{32}/)
    t.ok(factor.totp.uri.includes(encodeURIComponent(email)), 'labelled with the address')

    const before = await user.call('GET', '/auth/v1/user', token)
    t.same(
      (before.json.factors as Json[]).map((f) => [f.id, f.factor_type, f.status, f.friendly_name]),
      [[factor.id, 'totp', 'unverified', 'Téléphone']]
    )
    t.notOk(JSON.stringify(before.json).includes(factor.totp.secret), 'the secret is never sent again')
    const stored = await db.query<{ secret_sealed: string }>('select secret_sealed from paraphe_auth.mfa_factors where id = $1', [
      factor.id
    ])
    t.notOk(stored.rows[0]?.secret_sealed.includes(factor.totp.secret), 'the secret is sealed at rest')

    const challenge = await user.call('POST', `/auth/v1/factors/${factor.id}/challenge`, token)
    t.equal(challenge.status, 200)
    t.equal(challenge.json.type, 'totp')
    t.ok(Math.abs((challenge.json.expires_at as number) - (Date.now() / 1000 + 300)) < 10, 'expires in 5 minutes')
    const verified = await user.call('POST', `/auth/v1/factors/${factor.id}/verify`, token, {
      challenge_id: challenge.json.id,
      code: codeOf(factor.totp.secret)
    })
    t.equal(verified.status, 200)
    const claims = decodeJwt(verified.json.access_token as string)
    t.equal(claims.aal, 'aal2')
    t.same(
      (claims.amr as Json[]).map((entry) => entry.method),
      ['totp', 'password']
    )
    t.equal(((verified.json.user as Json).factors as Json[])[0]?.status, 'verified')

    const refreshed = await user.call('POST', '/auth/v1/token?grant_type=refresh_token', undefined, {
      refresh_token: verified.json.refresh_token
    })
    t.equal(refreshed.status, 200)
    t.equal(decodeJwt(refreshed.json.access_token as string).aal, 'aal2', 'a refresh keeps the level')
    t.ok(
      (await mails(db, email)).some((mail) => mail.kind === 'account-factor-added'),
      'the owner is told by e-mail'
    )
  })

  await t.test('a wrong code, a replayed code and a code of another factor are refused', async (t) => {
    const alice = await withFactor(app, 'alice')
    const bob = await withFactor(app, 'bob')
    const session = await alice.user.signIn(alice.email)

    const wrong = await alice.user.prove(session.access_token, alice.factor.id, codeOf(alice.secret) === '000000' ? '111111' : '000000')
    t.equal(wrong.status, 422)
    t.equal(wrong.json.code, 'mfa_verification_failed')
    const replayed = await alice.user.prove(session.access_token, alice.factor.id, codeOf(alice.secret))
    t.equal(replayed.status, 422, 'the code that verified the factor does not work twice')
    t.equal(replayed.json.code, 'mfa_verification_failed')
    const foreign = await alice.user.prove(session.access_token, alice.factor.id, codeOf(bob.secret, 1))
    t.equal(foreign.status, 422, "bob's code does not open alice's factor")
    const othersFactor = await alice.user.call('POST', `/auth/v1/factors/${bob.factor.id}/challenge`, session.access_token)
    t.equal(othersFactor.status, 404)
    t.equal(othersFactor.json.code, 'mfa_factor_not_found')

    const next = await alice.user.prove(session.access_token, alice.factor.id, codeOf(alice.secret, 1))
    t.equal(next.status, 200, 'the next code works')
    t.equal(decodeJwt(next.json.access_token as string).aal, 'aal2')

    const elsewhere = caller(app)
    const challenge = await alice.user.call('POST', `/auth/v1/factors/${alice.factor.id}/challenge`, session.access_token)
    const moved = await elsewhere.call('POST', `/auth/v1/factors/${alice.factor.id}/verify`, session.access_token, {
      challenge_id: challenge.json.id,
      code: '123456'
    })
    t.equal(moved.json.code, 'mfa_ip_address_mismatch', 'a challenge is verified from the address that asked for it')
  })

  await t.test('once a factor exists, /api refuses a password-only (aal1) session', async (t) => {
    const { email, user, token: before } = await newAccount(app, 'api')
    t.equal((await user.call('GET', '/api/session', before)).status, 200, 'without a factor, aal1 is enough')
    const factor = await user.enrol(before)
    const verified = await user.prove(before, factor.id, codeOf(factor.totp.secret))
    const aal2 = verified.json.access_token as string
    t.equal((await user.call('GET', '/api/session', aal2)).status, 200)

    const other = caller(app)
    const aal1 = (await other.signIn(email)).access_token
    const refused = await other.call('GET', '/api/session', aal1)
    t.equal(refused.status, 403)
    t.equal((refused.json.error as Json).code, 'aal2_required')
    t.match((refused.json.error as Json).message, /application d’authentification/)
    t.equal((await other.call('GET', '/api/quotes', aal1)).status, 403, 'the data too')
    t.equal(
      (await user.call('POST', '/auth/v1/factors', aal1, { factor_type: 'totp' })).json.code,
      'insufficient_aal',
      'no second factor added at aal1'
    )
    const unenrol = await other.call('DELETE', `/auth/v1/factors/${factor.id}`, aal1)
    t.equal(unenrol.status, 403, 'nor the factor removed with the password alone')
    t.equal(unenrol.json.code, 'insufficient_aal')

    const removed = await user.call('DELETE', `/auth/v1/factors/${factor.id}`, aal2)
    t.same(removed.json, { id: factor.id })
    t.equal((await other.call('GET', '/api/session', aal1)).status, 200, 'without the factor, the password is enough again')
    t.ok((await mails(db, email)).some((mail) => mail.kind === 'account-factor-removed'))
  })

  await t.test('turning the factor on ends the sessions opened with the password alone', async (t) => {
    const { email, user, token } = await newAccount(app, 'others')
    const laptop = caller(app, { ip: newIp(), userAgent: CHROME })
    const old = await laptop.signIn(email)
    const factor = await user.enrol(token)
    await user.prove(token, factor.id, codeOf(factor.totp.secret))
    const closed = await laptop.call('GET', '/api/session', old.access_token)
    t.equal(closed.status, 401)
    t.equal((closed.json.error as Json).code, 'session_closed')
    const refresh = await laptop.call('POST', '/auth/v1/token?grant_type=refresh_token', undefined, { refresh_token: old.refresh_token })
    t.equal(refresh.status, 400, 'its refresh token is dead too')
  })

  await t.test('recovery codes: made at aal2, shown once, each usable once, its use e-mailed', async (t) => {
    const owner = await withFactor(app, 'recovery')
    const aal1 = await caller(app).signIn(owner.email)
    t.equal(
      (await owner.user.call('POST', '/auth/v1/paraphe/recovery-codes', aal1.access_token)).status,
      403,
      'not with the password alone'
    )
    const made = await owner.user.call('POST', '/auth/v1/paraphe/recovery-codes', owner.token)
    const codes = made.json.codes as string[]
    t.equal(codes.length, 10)
    t.equal(new Set(codes).size, 10)
    const rows = await db.query<{ code_hash: string }>(
      'select code_hash from paraphe_auth.recovery_codes r join paraphe_auth.users u on u.id = r.user_id where u.email = $1',
      [owner.email]
    )
    t.notOk(
      rows.rows.some((row) => codes.some((code) => row.code_hash.includes(code))),
      'hashed at rest'
    )

    const phone = caller(app)
    const session = await phone.signIn(owner.email)
    const used = await phone.call('POST', '/auth/v1/paraphe/recovery-codes/verify', session.access_token, {
      code: ` ${codes[3]?.toUpperCase()} `
    })
    t.equal(used.status, 200, 'as typed: case and spaces do not matter')
    const claims = decodeJwt(used.json.access_token as string)
    t.equal(claims.aal, 'aal2')
    t.equal((claims.amr as Json[])[0]?.method, 'recovery_code')
    t.equal((await phone.call('GET', '/api/session', used.json.access_token as string)).status, 200)

    const again = await phone.signIn(owner.email)
    const twice = await phone.call('POST', '/auth/v1/paraphe/recovery-codes/verify', again.access_token, { code: codes[3] })
    t.equal(twice.status, 422, 'a code works once')
    t.equal(twice.json.code, 'mfa_verification_failed')
    const left = await owner.user.call('GET', '/auth/v1/paraphe/recovery-codes', owner.token)
    t.same(left.json, { remaining: 9 })
    const notice = (await mails(db, owner.email)).find((mail) => mail.kind === 'account-recovery-code-used')
    t.match(notice?.text_body, /Codes restants\u202f?: ?9|Codes restants[^\n]*9/)
  })

  await t.test('the open sessions: device, current one, closing another ends its next request', async (t) => {
    const { email, user, token } = await newAccount(app, 'sessions', { ip: newIp(), userAgent: FIREFOX })
    const laptop = caller(app, { ip: newIp(), userAgent: CHROME })
    const other = await laptop.signIn(email)
    const listed = await user.call('GET', '/auth/v1/paraphe/sessions', token)
    const sessions = listed.json.sessions as Array<{ id: string; device: string; current: boolean }>
    t.same(sessions.map((s) => s.device).sort(), ['Chrome sur Linux', 'Firefox sur Windows'])
    const current = sessions.find((s) => s.current)
    t.equal(current?.device, 'Firefox sur Windows')
    t.notOk(JSON.stringify(listed.json).includes(laptop.client.ip), 'no address shown')
    const target = sessions.find((s) => !s.current) as { id: string }
    t.equal((await laptop.call('GET', '/api/session', other.access_token)).status, 200)
    t.equal((await user.call('DELETE', `/auth/v1/paraphe/sessions/${target.id}`, token)).status, 204)
    const refused = await laptop.call('GET', '/api/session', other.access_token)
    t.equal(refused.status, 401, 'its next request is refused, before its token expires')
    t.equal((refused.json.error as Json).code, 'session_closed')
    t.equal((await user.call('DELETE', `/auth/v1/paraphe/sessions/${target.id}`, token)).status, 404)
    t.ok(
      (await mails(db, email)).some((mail) => mail.kind === 'account-new-device' && mail.text_body.includes('Chrome sur Linux')),
      'a new device is e-mailed'
    )
  })
})

forEachEngine('second-factor codes are throttled per factor and per address', async (t, db) => {
  const app = await gateway(t, db, { codeFailures: { max: 3, windowSeconds: 900 } })
  const shared = { ip: newIp(), userAgent: FIREFOX }
  const alice = await withFactor(app, 'throttle-a', shared)
  const session = await alice.user.signIn(alice.email)
  const wrong = codeOf(alice.secret, 1) === '000000' ? '111111' : '000000'
  for (let attempt = 0; attempt < 3; attempt++) {
    t.equal((await alice.user.prove(session.access_token, alice.factor.id, wrong)).status, 422)
  }
  const limited = await alice.user.prove(session.access_token, alice.factor.id, codeOf(alice.secret, 1))
  t.equal(limited.status, 429, 'then even the right code waits')
  t.equal(limited.json.code, 'over_request_rate_limit')

  const bob = await withFactor(app, 'throttle-b', { ip: newIp(), userAgent: FIREFOX })
  const sameAddress = caller(app, shared)
  const bobSession = await sameAddress.signIn(bob.email)
  const fromThere = await sameAddress.prove(bobSession.access_token, bob.factor.id, codeOf(bob.secret, 1))
  t.equal(fromThere.status, 429, 'the address that failed is held back for other accounts too')
  const bobElsewhere = caller(app)
  const fresh = await bobElsewhere.signIn(bob.email)
  t.equal((await bobElsewhere.prove(fresh.access_token, bob.factor.id, codeOf(bob.secret, 1))).status, 200, 'another address is not')
})

forEachEngine('MFA requests refused with GoTrue’s codes', async (t, db) => {
  const app = await gateway(t, db)
  const { user, token } = await newAccount(app, 'refusals', { ip: newIp(), userAgent: '' })
  const enrolAs = (body: Json) => user.call('POST', '/auth/v1/factors', token, body)
  t.equal((await enrolAs({ factor_type: 'phone' })).json.code, 'mfa_phone_enroll_not_enabled')
  t.equal((await enrolAs({ factor_type: 'webauthn' })).json.code, 'mfa_webauthn_enroll_not_enabled')
  t.equal((await enrolAs({ factor_type: 'sms' })).status, 400)
  const factor = await user.enrol(token, 'Téléphone')
  const verified = await user.prove(token, factor.id, codeOf(factor.totp.secret))
  const aal2 = verified.json.access_token as string
  const conflict = await user.call('POST', '/auth/v1/factors', aal2, { factor_type: 'totp', friendly_name: 'Téléphone' })
  t.equal(conflict.json.code, 'mfa_factor_name_conflict', 'one name per factor')

  const verifyAs = (body: Json) => user.call('POST', `/auth/v1/factors/${factor.id}/verify`, aal2, body)
  t.equal((await verifyAs({ code: '123456' })).status, 400, 'a challenge is needed')
  t.equal((await verifyAs({ challenge_id: '00000000-0000-4000-8000-000000000000', code: '123456' })).json.code, 'mfa_challenge_not_found')
  const challenge = await user.call('POST', `/auth/v1/factors/${factor.id}/challenge`, aal2)
  await db.query(`update paraphe_auth.mfa_challenges set created_at = now() - interval '6 minutes' where id = $1`, [challenge.json.id])
  const late = await verifyAs({ challenge_id: challenge.json.id, code: codeOf(factor.totp.secret, 1) })
  t.equal(late.status, 422)
  t.equal(late.json.code, 'mfa_challenge_expired', 'a challenge lasts five minutes')

  t.equal((await user.call('POST', '/auth/v1/paraphe/recovery-codes/verify', aal2, {})).status, 400, 'a recovery code is needed')
  const aal1 = await user.signIn((await user.call('GET', '/auth/v1/user', aal2)).json.email as string)
  t.equal((await user.call('GET', '/auth/v1/paraphe/recovery-codes', aal1.access_token)).json.code, 'insufficient_aal')
  t.equal((await user.call('GET', '/auth/v1/paraphe/sessions', aal1.access_token)).status, 403, 'the sessions need the second factor too')
  const listed = await user.call('GET', '/auth/v1/paraphe/sessions', aal2)
  t.ok(
    (listed.json.sessions as Array<{ device: string }>).some((s) => s.device === 'Appareil inconnu'),
    'no user agent: an unknown device'
  )
})
