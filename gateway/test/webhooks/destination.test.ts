// The SSRF rule of webhooks in a production configuration: https only, public addresses only, at
// registration (checkWebhookUrl) and at delivery on the addresses the socket uses (a name that
// resolves elsewhere later — DNS rebinding — or that names loopback is refused without connecting).
import t from 'tap'
import type { LookupAddress } from 'node:dns'
import { checkWebhookUrl, isForbiddenAddress } from '../../src/webhooks/destination.js'
import { postWebhook } from '../../src/webhooks/post-event.js'
import { startReceiver } from '../support/webhook-receiver.js'

const PUBLIC_V4: LookupAddress = { address: '93.184.215.14', family: 4 }
const fixed =
  (...addresses: LookupAddress[]) =>
  async () =>
    addresses
const production = (lookup: () => Promise<readonly LookupAddress[]>) => ({ production: true, lookup })

t.test('addresses a production webhook never reaches', async (t) => {
  const forbidden = [
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'pas-une-ip'
  ]
  for (const address of forbidden) t.ok(isForbiddenAddress(address), `${address} refused`)
  for (const address of ['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '::ffff:93.184.215.14']) {
    t.notOk(isForbiddenAddress(address), `${address} allowed`)
  }
})

t.test('registration in production: French refusals, the name resolved', async (t) => {
  const problem = async (url: string, lookup = fixed(PUBLIC_V4)) => {
    const checked = await checkWebhookUrl(url, production(lookup))
    return 'problem' in checked ? checked.problem : null
  }
  t.equal(await problem('https://erp.exemple.fr/hooks'), null, 'a public https address is accepted')
  t.match(await problem('http://erp.exemple.fr/hooks'), /https:\/\//, 'http refused')
  t.match(await problem('https://127.0.0.1:8443/'), /réseau interne \(127\.0\.0\.1\)/)
  t.match(await problem('https://[::1]/'), /réseau interne \(::1\)/)
  t.match(await problem('https://[::ffff:192.168.0.1]/'), /réseau interne/)
  t.match(await problem('https://10.1.2.3/'), /réseau interne/)
  t.match(
    await problem('https://erp.exemple.fr/', fixed({ address: '192.168.0.10', family: 4 })),
    /réseau interne \(erp\.exemple\.fr\)/,
    'a name resolving to a private address'
  )
  t.match(
    await problem('https://erp.exemple.fr/', fixed(PUBLIC_V4, { address: '::1', family: 6 })),
    /réseau interne/,
    'one internal address among public ones is enough'
  )
  t.match(await problem('https://localhost/', fixed({ address: '127.0.0.1', family: 4 })), /réseau interne/)
  t.match(
    await problem('https://inconnu.exemple.fr/', async () => {
      throw new Error('ENOTFOUND')
    }),
    /introuvable/
  )
  t.match(await problem('https://vide.exemple.fr/', fixed()), /introuvable/)
  t.match(await problem('https://moi:secret@erp.exemple.fr/'), /identifiant/)
  t.match(await problem('https://erp.exemple.fr/#x'), /fragment/)
  t.match(await problem('erp.exemple.fr'), /pas une URL valide/)
  t.match(await problem('ftp://erp.exemple.fr/'), /https:\/\//)
  t.match(await problem('   '), /Indiquez/)
  t.match(await problem(`https://erp.exemple.fr/${'a'.repeat(2000)}`), /2000 caractères/)
  const development = await checkWebhookUrl('http://127.0.0.1:9/hooks', { production: false })
  t.ok('url' in development, 'outside production, http on loopback is allowed (tests, local development)')
})

t.test('delivery in production: connected only to the addresses checked for that very socket', async (t) => {
  const receiver = await startReceiver(t)
  const port = new URL(receiver.url).port
  const send = (url: string, lookup: () => Promise<readonly LookupAddress[]>) =>
    postWebhook(new URL(url), '{}', {}, production(lookup), 5_000).then(
      () => 'sent',
      (error: Error) => error.message
    )
  // Registered while it named a public address, the name now answers loopback (rebinding): refused.
  t.match(await send(`https://hooks.exemple.fr:${port}/`, fixed({ address: '127.0.0.1', family: 4 })), /adresse interne \(127\.0\.0\.1\)/)
  t.match(await send(`https://hooks.exemple.fr:${port}/`, fixed({ address: '::ffff:127.0.0.1', family: 6 })), /adresse interne/)
  t.match(
    await send(`https://127.0.0.1:${port}/`, fixed(PUBLIC_V4)),
    /adresse interne/,
    'an IP literal is checked too (no lookup happens for it)'
  )
  t.match(await send(`http://hooks.exemple.fr:${port}/`, fixed(PUBLIC_V4)), /https:\/\/ seulement/)
  t.equal(receiver.received.length, 0, 'the receiver on loopback was never reached')
  // Outside production the same loopback receiver is reached (what the delivery tests rely on).
  const answer = await postWebhook(
    new URL(receiver.url),
    '{"a":1}',
    { 'x-test': '1' },
    { production: false, lookup: fixed({ address: '127.0.0.1', family: 4 }) },
    5_000
  )
  t.same(answer, { statusCode: 200, excerpt: 'ok' })
  const named = await postWebhook(
    new URL(`http://receiver.test:${port}/`),
    '{}',
    {},
    { production: false, lookup: fixed({ address: '127.0.0.1', family: 4 }) },
    5_000
  )
  t.equal(named.statusCode, 200, 'a name is connected to the address the lookup gave')
  t.equal(receiver.received.length, 2)
})

t.test('no answer within the time limit: the attempt fails', async (t) => {
  const { createServer } = await import('node:net')
  const sockets: Array<{ destroy: () => void }> = []
  const silent = createServer((socket) => void sockets.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  t.teardown(() => {
    for (const socket of sockets) socket.destroy()
    silent.close()
  })
  const { port } = silent.address() as { port: number }
  const started = Date.now()
  const outcome = await postWebhook(new URL(`http://127.0.0.1:${port}/`), '{}', {}, { production: false }, 300).then(
    () => 'answered',
    (error: Error) => error.message
  )
  t.match(outcome, /Pas de réponse en 0,3 s/)
  t.ok(Date.now() - started < 5_000, 'cut at the limit')
})
