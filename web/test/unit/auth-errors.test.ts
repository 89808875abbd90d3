// Every Supabase Auth error the account pages can get has a French explanation.
import t from 'tap'
import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/auth-js'
import { AUTH_ERROR_MESSAGES, describeAuthError, GENERIC_AUTH_ERROR } from '@/features/auth/lib/auth-errors'

const normal = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

t.test('the codes the pages can receive, each with its French message', async (t) => {
  const expected: Record<string, RegExp> = {
    invalid_credentials: /^Adresse e-mail ou mot de passe incorrect\.$/,
    email_not_confirmed: /n’est pas encore confirmée/,
    user_already_exists: /Un compte existe déjà/,
    email_exists: /Un compte existe déjà/,
    same_password: /déjà votre mot de passe actuel/,
    over_request_rate_limit: /Trop de tentatives/,
    over_email_send_rate_limit: /Un e-mail vient déjà d’être envoyé/,
    otp_expired: /il a expiré ou a déjà servi/,
    flow_state_expired: /a expiré/,
    flow_state_not_found: /n’est plus valable/,
    bad_code_verifier: /navigateur où vous avez fait la demande/,
    validation_failed: /incomplètes ou invalides/,
    email_address_invalid: /n’est pas valide/,
    signup_disabled: /inscriptions sont fermées/,
    session_not_found: /session a pris fin/,
    user_not_found: /n’existe plus/
  }
  for (const [code, message] of Object.entries(expected)) {
    const described = describeAuthError(new AuthApiError('English message from GoTrue', 400, code))
    t.equal(described.code, code, code)
    t.match(normal(described.message), message, `${code}: French`)
    t.notMatch(described.message, /English/, `${code}: never GoTrue's English text`)
  }
  for (const message of Object.values(AUTH_ERROR_MESSAGES))
    t.notMatch(message, / [:;?!»]|« /, 'narrow no-break spaces in French punctuation')
})

t.test('weak_password lists the reasons Supabase gives', async (t) => {
  t.equal(
    normal(describeAuthError(new AuthWeakPasswordError('Password should be at least 10 characters.', 422, ['length'])).message),
    'Ce mot de passe est trop faible : il doit contenir au moins 12 caractères.'
  )
  const several = describeAuthError({ code: 'weak_password', status: 422, reasons: ['characters', 'pwned', 'unknown-reason', 7] })
  t.equal(several.code, 'weak_password')
  t.match(normal(several.message), /minuscules, des majuscules.* ; il figure dans des fuites/)
  t.equal(
    normal(describeAuthError({ code: 'weak_password' }).message),
    'Ce mot de passe est trop faible : il doit contenir au moins 12 caractères.',
    'no reasons: the rule'
  )
  t.equal(describeAuthError({ name: 'AuthWeakPasswordError', reasons: [] }).code, 'weak_password')
})

t.test('the service unreachable: network failure, 502, 503, 504', async (t) => {
  for (const error of [
    new AuthRetryableFetchError('Failed to fetch', 0),
    new AuthRetryableFetchError('{}', 502),
    new AuthRetryableFetchError('{}', 503),
    new AuthRetryableFetchError('{}', 504),
    { status: 504 },
    { status: 0 }
  ]) {
    const described = describeAuthError(error)
    t.equal(described.code, 'service_unavailable')
    t.match(described.message, /injoignable/)
  }
})

t.test('rate limits, with and without a code', async (t) => {
  t.equal(describeAuthError({ status: 429 }).code, 'rate_limited')
  t.match(describeAuthError({ status: 429 }).message, /Trop de tentatives/)
  t.equal(describeAuthError(new AuthApiError('rate', 429, 'over_request_rate_limit')).code, 'over_request_rate_limit')
})

t.test('a missing session, the gateway’s own codes, unknown errors', async (t) => {
  t.equal(describeAuthError(new AuthSessionMissingError()).code, 'session_not_found')
  t.match(describeAuthError({ code: 'pkce_code_verifier_not_found' }).message, /navigateur où vous avez fait la demande/)
  t.match(describeAuthError({ code: 'auth_not_configured' }).message, /pas configurés/)
  t.same(describeAuthError(new AuthApiError('teapot', 418, 'something_new')), { code: 'something_new', message: GENERIC_AUTH_ERROR })
  t.same(describeAuthError(new Error('boom')), { code: 'unknown', message: GENERIC_AUTH_ERROR })
  t.same(describeAuthError('a string'), { code: 'unknown', message: GENERIC_AUTH_ERROR })
  t.same(describeAuthError(null), { code: 'unknown', message: GENERIC_AUTH_ERROR })
  t.equal(describeAuthError({ code: 'toString' }).code, 'toString', 'no prototype lookup')
  t.equal(describeAuthError({ status: 500 }).message, GENERIC_AUTH_ERROR, '500 is a failure, not unreachability')
})
