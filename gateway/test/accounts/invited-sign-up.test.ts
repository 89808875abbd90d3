// Signing up from a team invitation on the embedded accounts: the invitation's link already proved
// the address, so the account is confirmed and signed in at once (no second e-mail), and joins
// the company with that session. The token proves only its own address, only while the
// invitation is open, and is never kept in the account's metadata.
import { randomUUID } from 'node:crypto'
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../helper.js'
import { COMPLETE_PROFILE, subscribe } from '../support/workspace-users.js'

const PASSWORD = 'une phrase de passe solide'
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.fr`

const app: FastifyInstance = await buildApp({ AUTH_RATE_LIMIT_PER_MINUTE: '10000' })
t.teardown(() => app.close())

async function call(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) {
  const response = await app.inject({
    method,
    url,
    headers: { 'x-supabase-api-version': '2024-01-01', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> })
  })
  const json: Record<string, unknown> = response.body === '' ? {} : response.json<Record<string, unknown>>()
  return { status: response.statusCode, json }
}

async function mailsTo(to: string): Promise<Array<{ kind: string; text_body: string }>> {
  return (await app.db.query<{ kind: string; text_body: string }>('select kind, text_body from paraphe.outbox where recipient = $1', [to]))
    .rows
}

/** An owner on the Entreprise plan (signed up, confirmed, signed in) who invites `to`; the link's token. */
async function invitation(to: string): Promise<string> {
  const owner = address('proprietaire')
  t.equal((await call('POST', '/auth/v1/signup', { email: owner, password: PASSWORD })).status, 200)
  await app.db.query('update paraphe_auth.users set email_confirmed_at = now() where email = $1', [owner])
  const session = await call('POST', '/auth/v1/token?grant_type=password', { email: owner, password: PASSWORD })
  const token = session.json.access_token as string
  await subscribe(app.db, (session.json.user as { id: string }).id, 'entreprise')
  await call('PUT', '/api/profile', COMPLETE_PROFILE, token)
  t.equal((await call('POST', '/api/company/invitations', { email: to }, token)).status, 201, `${to} invited`)
  const mail = (await mailsTo(to)).find((entry) => entry.kind === 'company-invitation')
  const link = /token=([A-Za-z0-9_-]{43})/.exec(mail?.text_body ?? '')?.[1]
  if (link === undefined) throw new Error(`no invitation e-mail to ${to}`)
  return link
}

t.test('from the invitation: signed in at once, no confirmation e-mail, joined with that session', async (t) => {
  const colleague = address('collegue')
  const token = await invitation(colleague)
  const signup = await call('POST', '/auth/v1/signup', {
    email: colleague.toUpperCase(),
    password: PASSWORD,
    data: { invitation_token: token }
  })
  t.equal(signup.status, 200)
  t.type(signup.json.access_token, 'string', 'a session at once')
  const user = signup.json.user as { email_confirmed_at: string | null; user_metadata: Record<string, unknown> }
  t.ok(user.email_confirmed_at, 'the address counts as confirmed')
  t.notOk('invitation_token' in user.user_metadata, 'the token is not kept in the metadata')
  t.same(
    (await mailsTo(colleague)).map((mail) => mail.kind),
    ['company-invitation'],
    'one e-mail: the invitation, no confirmation'
  )
  const joined = await call('POST', '/api/invitations/accept', { token }, signup.json.access_token as string)
  t.equal(joined.status, 200, 'the new account joins the company')
  const stored = await app.db.query<{ user_metadata: Record<string, unknown> }>(
    'select user_metadata from paraphe_auth.users where email = $1',
    [colleague]
  )
  t.notOk('invitation_token' in (stored.rows[0]?.user_metadata ?? {}), 'nor in the database')
})

t.test('the token proves its own address only, and only while the invitation is open', async (t) => {
  const invited = address('invite')
  const token = await invitation(invited)
  const other = address('autre')
  const elsewhere = await call('POST', '/auth/v1/signup', { email: other, password: PASSWORD, data: { invitation_token: token } })
  t.equal(elsewhere.status, 200)
  t.equal(elsewhere.json.access_token, undefined, 'another address: no session')
  t.same(
    (await mailsTo(other)).map((mail) => mail.kind),
    ['account-confirmation'],
    'it confirms its address as usual'
  )
  const forged = await call('POST', '/auth/v1/signup', {
    email: address('faux'),
    password: PASSWORD,
    data: { invitation_token: 'x'.repeat(43) }
  })
  t.equal(forged.json.access_token, undefined, 'an unknown token proves nothing')

  await app.db.query('update paraphe.company_invitations set cancelled_at = now() where lower(email) = $1', [invited])
  const cancelled = await call('POST', '/auth/v1/signup', { email: invited, password: PASSWORD, data: { invitation_token: token } })
  t.equal(cancelled.json.access_token, undefined, 'a cancelled invitation: no session')
})
