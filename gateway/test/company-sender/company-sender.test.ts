// The company's own sender address (Entreprise): set by the owner, confirmed by the link sent to
// it, its DKIM key looked up in DNS (a DNS server on loopback), and then the client's e-mails leave
// from it, DKIM-signed — verified by mailauth against the key that server publishes. Until then,
// and after a downgrade, they keep the « via » form.
import { Resolver } from 'node:dns/promises'
import { dkimVerify } from 'mailauth/lib/dkim/verify.js'
import { parisIsoDate } from '@paraphe/shared/dates'
import type { SenderAnswer } from '@paraphe/shared/api/company-sender-schemas'
import { createSmtpMailer } from '../../src/mail/mailer.js'
import { createOutboxWorker } from '../../src/mail/worker.js'
import { asMember } from '../support/as-member.js'
import { forEachEngine } from '../support/databases.js'
import { chunked, startDnsServer } from '../support/dns-server.js'
import { startSmtpServer } from '../support/smtp-server.js'
import { buildWorkspaceApp, COMPLETE_PROFILE, completeContent, newUser, subscribe, type TestUser } from '../support/workspace-users.js'

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } }
const SITE = { address: 'contact@paraphe.example', name: 'Paraphe' }
const SPF_INCLUDE = '_spf.relais.example'

forEachEngine('company sender address', async (t, db) => {
  const dns = await startDnsServer()
  t.teardown(() => dns.stop())
  const smtp = await startSmtpServer()
  t.teardown(() => smtp.stop())
  const app = await buildWorkspaceApp(db, { DNS_SERVERS: dns.address, SENDER_SPF_INCLUDE: SPF_INCLUDE })
  t.teardown(() => app.close())
  const worker = createOutboxWorker({
    db,
    mailer: createSmtpMailer({ host: '127.0.0.1', port: smtp.port, secure: false, user: null, pass: null }, SITE),
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    retryDelayMs: () => 0
  })
  worker.start()
  t.teardown(() => worker.stop())

  async function owner(plan: 'pro' | 'entreprise' = 'entreprise'): Promise<TestUser> {
    const user = await newUser(app)
    t.equal(
      (await user.request('PUT', '/api/profile', { ...COMPLETE_PROFILE, companyName: 'Durand Plomberie', email: user.email })).statusCode,
      200
    )
    await subscribe(db, user.id, plan)
    return user
  }

  const sender = async (user: TestUser) => (await user.request('GET', '/api/company/sender')).json<SenderAnswer>()

  /** The link of the last confirmation e-mail queued for this company. */
  async function confirmationLink(user: TestUser): Promise<URL> {
    const { rows } = await db.query<{ text_body: string }>(
      `select text_body from paraphe.outbox where company_id = $1 and kind = 'sender-confirmation' order by id desc limit 1`,
      [user.id]
    )
    const link = /https?:\/\/\S+\/api\/sender-confirmation\?token=[\w-]+/.exec(rows[0]?.text_body ?? '')?.[0]
    if (link === undefined) throw new Error('no confirmation link')
    return new URL(link)
  }

  /** Sends a quote to its client and lets the worker deliver what is due; the client's e-mail. */
  async function sendQuote(user: TestUser) {
    const created = await user.request('POST', '/api/quotes', { content: completeContent(parisIsoDate(new Date())) })
    const id = created.json<{ quote: { id: string } }>().quote.id
    t.equal((await user.request('POST', `/api/quotes/${id}/send`)).statusCode, 200)
    const before = smtp.messages.length
    await worker.wake()
    const mail = smtp.messages
      .slice(before)
      .find((message) => message.to === 'elise.martin@example.org' && / à signer$/.test(message.subject))
    if (mail === undefined) throw new Error('the signing request was not sent')
    return mail
  }

  await t.test('refused in French without the plan, to members, and for addresses that cannot work', async (t) => {
    const pro = await owner('pro')
    const refused = await pro.request('PUT', '/api/company/sender', { address: 'devis@durand-plomberie.fr' })
    t.equal(refused.statusCode, 403)
    t.match(
      refused.json<ErrorJson>().error.message,
      /^L’envoi des e-mails depuis votre propre adresse est inclus dans la formule Entreprise/
    )
    t.match(
      await sender(pro),
      { sender: null, included: false, viaName: 'Durand Plomberie via Paraphe' },
      'the page shows the « via » form'
    )

    const boss = await owner()
    const member = await newUser(app)
    await db.query(`insert into paraphe.company_members (user_id, company_id, role, email) values ($1, $2, 'member', $3)`, [
      member.id,
      boss.id,
      member.email
    ])
    const notOwner = await member.request('PUT', '/api/company/sender', { address: 'devis@durand-plomberie.fr' })
    t.equal(notOwner.statusCode, 403)
    t.equal(notOwner.json<ErrorJson>().error.code, 'owner_only')
    t.equal((await member.request('GET', '/api/company/sender')).statusCode, 403)

    for (const [address, message] of [
      ['pas-une-adresse', /^Cette adresse e-mail n’est pas valide/],
      ['   ', /^Indiquez l’adresse d’expédition\.$/],
      ['durand@gmail.com', /^Les adresses gmail\.com ne peuvent pas servir : il faut une adresse de votre propre nom de domaine/]
    ] as const) {
      const answer = await boss.request('PUT', '/api/company/sender', { address })
      t.equal(answer.statusCode, 400, address)
      t.match(answer.json<ErrorJson>().error.fields?.address, message)
    }
    const tooLong = await boss.request('PUT', '/api/company/sender', { address: `${'a'.repeat(250)}@x.fr` })
    t.equal(tooLong.statusCode, 400, 'longer than an address may be')
    t.equal((await boss.request('PUT', '/api/company/sender', {})).statusCode, 400)
    t.match(await sender(boss), { sender: null, included: true })
  })

  await t.test('set, confirmed by its link, found in DNS: the client’s e-mails leave from it, DKIM-signed', async (t) => {
    const boss = await owner()
    t.equal((await sendQuote(boss)).from, 'Durand Plomberie via Paraphe <contact@paraphe.example>', 'before: the « via » form')

    const set = await boss.request('PUT', '/api/company/sender', { address: ' Devis@Durand-Plomberie.fr ' })
    t.equal(set.statusCode, 200)
    const answer = set.json<SenderAnswer>()
    t.match(answer.sender, { address: 'Devis@durand-plomberie.fr', state: 'awaiting-confirmation', confirmedAt: null, checkedAt: null })
    const [dkim, spf] = answer.sender?.records ?? []
    t.match(dkim, {
      purpose: 'dkim',
      type: 'TXT',
      name: /^paraphe\d{6}\._domainkey\.durand-plomberie\.fr$/,
      value: /^v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA[A-Za-z0-9+/=]+$/,
      found: null
    })
    t.same(spf, { purpose: 'spf', type: 'TXT', name: 'durand-plomberie.fr', value: `v=spf1 include:${SPF_INCLUDE} ~all`, found: null })
    t.notMatch(set.body, /PRIVATE KEY/, 'the private key never leaves the gateway')
    const denied = await asMember(db, { sub: boss.id, email: boss.email, role: 'authenticated' }, (tx) =>
      tx.query('select dkim_private_key from paraphe.company_senders')
    ).catch((error: Error) => error)
    t.match(denied, { message: /permission denied/ }, 'not even readable by the owner through the database')

    const again = await boss.request('POST', '/api/company/sender/confirmation')
    t.equal(again.statusCode, 429, 'one link a minute')
    t.match(again.json<ErrorJson>().error.message, /^Le lien vient d’être envoyé : patientez une minute/)

    await worker.wake()
    const confirmation = smtp.messages.find((message) => message.to === 'Devis@durand-plomberie.fr')
    t.ok(confirmation, 'the confirmation e-mail goes to that address')
    t.equal(confirmation?.subject, 'Confirmez l’adresse d’expédition Devis@durand-plomberie.fr')
    t.equal(
      (await sendQuote(boss)).from,
      'Durand Plomberie via Paraphe <contact@paraphe.example>',
      'not confirmed yet: still the « via » form'
    )

    const link = await confirmationLink(boss)
    const stranger = await app.inject({ url: `${link.pathname}?token=${'A'.repeat(43)}` })
    t.equal(stranger.statusCode, 303)
    t.equal(stranger.headers.location, '/espace/expediteur?confirmation=invalid', 'a made-up token confirms nothing')
    const confirmed = await app.inject({ url: `${link.pathname}${link.search}` })
    t.equal(confirmed.headers.location, '/espace/expediteur?confirmation=ok')
    t.equal(
      (await app.inject({ url: `${link.pathname}${link.search}` })).headers.location,
      '/espace/expediteur?confirmation=invalid',
      'the link serves once'
    )
    t.equal((await sender(boss)).sender?.state, 'awaiting-dns')
    t.equal((await boss.request('POST', '/api/company/sender/confirmation')).statusCode, 409, 'nothing to confirm again')

    const unpublished = (await boss.request('POST', '/api/company/sender/check')).json<SenderAnswer>()
    t.match(unpublished.sender, { state: 'awaiting-dns', records: [{ found: false }, { found: false }] }, 'nothing published yet')
    t.ok(unpublished.sender?.checkedAt)
    t.equal(
      (await sendQuote(boss)).from,
      'Durand Plomberie via Paraphe <contact@paraphe.example>',
      'key not in DNS: still the « via » form'
    )

    // The owner publishes the records, as a registrar's zone editor does (long values split in 255-character strings).
    dns.txt.set(dkim?.name ?? '', [chunked(dkim?.value ?? '')])
    dns.txt.set('durand-plomberie.fr', [['v=spf1 mx include:_spf.relais.example -all'], ['google-site-verification=abc']])
    const published = (await boss.request('POST', '/api/company/sender/check')).json<SenderAnswer>()
    t.match(published.sender, { state: 'active', records: [{ found: true }, { found: true }] })
    t.ok(dns.questions.includes(dkim?.name ?? ''), 'asked to the configured DNS server')

    const mail = await sendQuote(boss)
    t.equal(mail.from, 'Durand Plomberie <Devis@durand-plomberie.fr>', 'from the company’s own address, under its name')
    t.equal(mail.envelope.from, SITE.address, 'bounces still come back to the operator')
    t.equal(mail.replyTo, boss.email, 'answers go to the company')
    const resolver = new Resolver()
    resolver.setServers([dns.address])
    const verified = await dkimVerify(Buffer.from(mail.raw), {
      resolver: (name: string, type: string) => resolver.resolve(name, type as 'TXT')
    })
    const result = verified.results[0]
    t.equal(result?.status.result, 'pass', `DKIM verified by mailauth against the published key (${result?.status.comment ?? ''})`)
    t.equal(result?.signingDomain, 'durand-plomberie.fr')

    await subscribe(db, boss.id, 'pro')
    t.equal(
      (await sendQuote(boss)).from,
      'Durand Plomberie via Paraphe <contact@paraphe.example>',
      'after a downgrade: the « via » form again'
    )
    await subscribe(db, boss.id, 'entreprise')
    dns.txt.delete(dkim?.name ?? '')
    t.equal(
      (await boss.request('POST', '/api/company/sender/check')).json<SenderAnswer>().sender?.state,
      'awaiting-dns',
      'a key withdrawn from DNS stops it at the next check'
    )
  })

  await t.test('another company never sees it; removing it goes back to the « via » form', async (t) => {
    const boss = await owner()
    t.equal((await boss.request('PUT', '/api/company/sender', { address: 'devis@martin-elec.fr' })).statusCode, 200)
    const other = await owner()
    t.match(await sender(other), { sender: null }, 'another company has none')
    t.equal((await other.request('DELETE', '/api/company/sender')).statusCode, 404)
    t.equal((await sender(boss)).sender?.address, 'devis@martin-elec.fr', 'still there')
    const replaced = (await boss.request('PUT', '/api/company/sender', { address: 'contact@martin-elec.fr' })).json<SenderAnswer>()
    t.equal(replaced.sender?.address, 'contact@martin-elec.fr', 'a new address replaces the old one')
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from paraphe.company_senders where company_id = $1', [
      boss.id
    ])
    t.equal(rows[0]?.n, 1)
    t.equal((await boss.request('DELETE', '/api/company/sender')).statusCode, 204)
    t.match(await sender(boss), { sender: null, included: true })
    t.equal((await boss.request('POST', '/api/company/sender/check')).statusCode, 404)
  })

  await t.test('a DNS that does not answer: said in French, nothing recorded', async (t) => {
    const lost = await buildWorkspaceApp(db, { DNS_SERVERS: '127.0.0.1:9' })
    t.teardown(() => lost.close())
    const boss = await owner()
    const user = {
      ...boss,
      request: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
        lost.inject({
          method,
          url,
          headers: { authorization: `Bearer ${boss.token}` },
          ...(body === undefined ? {} : { payload: body as object })
        })
    }
    t.equal((await user.request('PUT', '/api/company/sender', { address: 'devis@nulle-part.fr' })).statusCode, 200)
    const check = await user.request('POST', '/api/company/sender/check')
    t.equal(check.statusCode, 502)
    t.equal(check.json<ErrorJson>().error.message, 'Le DNS de votre domaine n’a pas répondu : réessayez dans quelques minutes.')
    t.equal((await sender(boss)).sender?.checkedAt, null)
  })
})
