// Credentials never reach the logs: signing and confirmation tokens in URLs, the headers the auth
// proxy forwards.
import t from 'tap'
import { redactedUrl } from '../../src/http/log-redaction.js'
import { buildApp } from '../helper.js'

t.test('query parameters that carry a credential are masked, the rest kept', async (t) => {
  t.equal(redactedUrl('/SignatureDevis?token=abc&vue=1'), '/SignatureDevis?token=[masqué]&vue=1')
  t.equal(
    redactedUrl('/auth/v1/verify?token=t0k&type=signup&redirect_to=https://x'),
    '/auth/v1/verify?token=[masqué]&type=signup&redirect_to=https://x'
  )
  t.equal(redactedUrl('/x?refresh_token=1&Code=2&api%5Fkey=3&flag'), '/x?refresh_token=[masqué]&Code=[masqué]&api%5Fkey=[masqué]&flag')
  t.equal(redactedUrl('/tarifs'), '/tarifs')
})

t.test('request logs of pages and of the auth proxy hold no credential', async (t) => {
  const logs: Array<Record<string, unknown>> = []
  const app = await buildApp(
    {
      LOG_LEVEL: 'info',
      STATIC_LOG_LEVEL: 'info',
      AUTH_UPSTREAM_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJlLWZvci10ZXN0cw'
    },
    { logs }
  )
  t.teardown(() => app.close())
  t.equal((await app.inject({ url: '/SignatureDevis?token=jeton-secret-de-signature' })).statusCode, 200)
  const proxied = await app.inject({
    url: '/auth/v1/verify?token=jeton-secret-de-confirmation&type=signup',
    headers: { authorization: 'Bearer jeton-secret-d-acces', apikey: 'cle-secrete' }
  })
  t.equal(proxied.statusCode, 503, 'the upstream is down: answered (503, come back in a moment), and logged as such')
  const text = JSON.stringify(logs)
  t.match(text, /\/SignatureDevis\?token=\[masqué\]/, 'the page request is logged, its token masked')
  t.match(text, /auth upstream failed/)
  t.notMatch(text, /jeton-secret|cle-secrete/, 'no token anywhere in the logs')
})
