// POST /api/contact: a message is stored and reaches the operator's mailbox (a real SMTP server
// in process) with Reply-To set to the visitor; each mistake gets its French message; robots
// filling the hidden field get a success that stores nothing; an hourly budget per address.
import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../src/db/database.js'
import { CONTACT_MESSAGES } from '@paraphe/shared/contact'
import { CONTACT_ANSWERS } from '../../src/contact/contact-messages.js'
import { buildApp } from '../helper.js'
import { forEachEngine, testDatabase } from '../support/databases.js'
import { startSmtpServer } from '../support/smtp-server.js'

const smtp = await startSmtpServer()
t.teardown(() => smtp.stop())

const OPERATOR = 'accueil@paraphe.example'
// As behind a Caddy on the loopback, trusted by the operator: each test's address comes from X-Forwarded-For.
const env = { SMTP_URL: smtp.url, OPERATOR_EMAIL: OPERATOR, SMTP_ADMIN_EMAIL: 'ne-pas-repondre@paraphe.example', TRUST_PROXY: 'loopback' }

let lastIp = 0
/** A documentation address (TEST-NET-3) per test, so budgets stay apart. */
const newIp = () => `203.0.113.${++lastIp}`

const valid = {
  name: '  Inès   Martin ',
  email: 'ines.martin@example.fr',
  company: 'Martin & Fils',
  phone: '+33 6 12 34 56 78',
  subject: 'Abonnement et facturation',
  message: 'Bonjour,\r\nje voudrais passer à l’offre Pro <b>dès lundi</b>.',
  consent: true,
  website: ''
}

async function app(
  t: Test,
  extraEnv: NodeJS.ProcessEnv = {},
  options: { database?: Database; logs?: Array<Record<string, unknown>> } = {}
) {
  const fastify = await buildApp({ ...env, ...extraEnv }, options)
  t.teardown(() => fastify.close())
  return fastify
}

function post(fastify: FastifyInstance, body: unknown, ip = newIp()) {
  return fastify.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    payload: typeof body === 'string' ? body : JSON.stringify(body)
  })
}

async function storedFrom(db: Database, ip: string) {
  const result = await db.query<{ name: string; email: string; company: string; phone: string; subject: string; message: string }>(
    'select name, email, company, phone, subject, message from paraphe.contact_messages where client_ip = $1 order by id',
    [ip]
  )
  return result.rows
}

forEachEngine('a valid message is stored and e-mailed to the operator, Reply-To the visitor', async (t, db) => {
  const fastify = await app(t, {}, { database: db })
  const ip = newIp()
  const arrived = smtp.waitFor((messages) => messages.some((mail) => mail.subject.includes(`#${ip}`)))
  const response = await post(fastify, { ...valid, subject: `${valid.subject} #${ip}` }, ip)
  t.equal(response.statusCode, 201)
  t.same(response.json(), { ok: true })
  t.equal(response.headers['cache-control'], 'no-store')

  t.same(
    await storedFrom(db, ip),
    [
      {
        name: 'Inès Martin',
        email: 'ines.martin@example.fr',
        company: 'Martin & Fils',
        phone: '+33 6 12 34 56 78',
        subject: `Abonnement et facturation #${ip}`,
        message: 'Bonjour,\nje voudrais passer à l’offre Pro <b>dès lundi</b>.'
      }
    ],
    'stored as normalised'
  )

  const mail = (await arrived).find((received) => received.subject.includes(`#${ip}`))
  t.same(mail?.envelope.to, [OPERATOR], 'to the operator')
  t.equal(mail?.replyTo, 'ines.martin@example.fr', 'a reply goes to the visitor')
  t.equal(mail?.from, 'Paraphe <ne-pas-repondre@paraphe.example>')
  t.equal(mail?.subject, `[Paraphe] Abonnement et facturation #${ip} — Inès Martin`)
  t.match(mail?.text, 'Nom\u202f: Inès Martin\nE-mail\u202f: ines.martin@example.fr\nEntreprise\u202f: Martin & Fils')
  t.match(mail?.text, '> Bonjour,\n> je voudrais passer à l’offre Pro <b>dès lundi</b>.')
  t.match(mail?.html, 'l’offre Pro &lt;b&gt;dès lundi&lt;/b&gt;.')
})

t.test('each mistake is answered 400 with its own French message, and nothing is stored', async (t) => {
  const fastify = await app(t)
  const db = await testDatabase('pglite')
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['no name', { name: '   ' }, { name: 'Indiquez votre nom.' }],
    ['a name too long', { name: 'N'.repeat(201) }, { name: CONTACT_MESSAGES.nameTooLong }],
    ['no e-mail', { email: '' }, { email: 'Indiquez votre adresse e-mail.' }],
    ['an e-mail without domain', { email: 'ines@' }, { email: 'Cette adresse e-mail n’est pas valide.' }],
    ['an e-mail with a space', { email: 'ines martin@example.fr' }, { email: CONTACT_MESSAGES.emailInvalid }],
    ['an e-mail with two dots', { email: 'ines..martin@example.fr' }, { email: CONTACT_MESSAGES.emailInvalid }],
    ['an e-mail starting with a dot', { email: '.ines@example.fr' }, { email: CONTACT_MESSAGES.emailInvalid }],
    ['an e-mail too long', { email: `${'a'.repeat(250)}@example.fr` }, { email: CONTACT_MESSAGES.emailInvalid }],
    ['a company too long', { company: 'C'.repeat(201) }, { company: CONTACT_MESSAGES.companyTooLong }],
    ['a phone with letters', { phone: '06 douze' }, { phone: 'Ce numéro de téléphone n’est pas valide.' }],
    ['a phone too short', { phone: '123' }, { phone: CONTACT_MESSAGES.phoneInvalid }],
    ['no subject', { subject: '' }, { subject: 'Choisissez le sujet de votre message.' }],
    ['a subject too long', { subject: 'S'.repeat(201) }, { subject: CONTACT_MESSAGES.subjectTooLong }],
    ['no message', { message: ' \n ' }, { message: 'Écrivez votre message.' }],
    ['a message too short', { message: 'Bonjour' }, { message: 'Votre message doit faire au moins 10 caractères.' }],
    [
      'a message too long',
      { message: 'm'.repeat(5001) },
      { message: 'Votre message ne peut pas dépasser 5\u202f000 caractères (5\u202f001 pour l’instant).' }
    ],
    ['no consent', { consent: false }, { consent: 'Cochez la case pour que nous puissions utiliser ces informations et vous répondre.' }],
    ['a name that is not text', { name: { first: 'Inès' } }, { name: CONTACT_MESSAGES.nameMissing }]
  ]
  for (const [what, change, fields] of cases) {
    const ip = newIp()
    const response = await post(fastify, { ...valid, ...change }, ip)
    t.equal(response.statusCode, 400, what)
    t.same(response.json(), { error: { code: 'validation_failed', message: 'Certains champs sont à corriger.', fields } }, what)
    t.same(await storedFrom(db, ip), [], `${what}: nothing stored`)
  }
  const missingConsent = await post(fastify, { ...valid, consent: undefined })
  t.same(Object.keys(missingConsent.json<{ error: { fields: object } }>().error.fields), ['consent'], 'consent must be given')
  const emojiMessage = await post(fastify, { ...valid, message: '👍'.repeat(10) })
  t.equal(emojiMessage.statusCode, 201, 'characters are counted as people see them')
  const all = await post(fastify, {})
  t.same(
    Object.keys(all.json<{ error: { fields: object } }>().error.fields).sort(),
    ['consent', 'email', 'message', 'name', 'subject'],
    'every problem at once'
  )
})

t.test('junk never causes a 500', async (t) => {
  const fastify = await app(t)
  const broken = await post(fastify, '{"name": "Inès",')
  t.equal(broken.statusCode, 400, 'malformed JSON')
  t.match(broken.json(), { error: { message: 'La requête est invalide.' } })
  for (const body of ['[]', '"bonjour"', 'null', '42']) {
    const response = await post(fastify, body)
    t.equal(response.statusCode, 400, body)
    t.match(response.json(), { error: { code: 'validation_failed', fields: { name: CONTACT_MESSAGES.nameMissing } } }, body)
  }
  const text = await fastify.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/plain' }, payload: 'bonjour' })
  t.equal(text.statusCode, 400, 'plain text is no form')
  const urlEncoded = await fastify.inject({
    method: 'POST',
    url: '/api/contact',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'name=In%C3%A8s'
  })
  t.equal(urlEncoded.statusCode, 415)
  t.match(urlEncoded.json(), { error: { message: 'Ce type de contenu n’est pas accepté.' } })
  const huge = await post(fastify, { ...valid, message: 'x'.repeat(70_000) })
  t.equal(huge.statusCode, 413)
  t.match(huge.json(), { error: { message: 'Le contenu envoyé est trop volumineux.' } })
  const get = await fastify.inject({ method: 'GET', url: '/api/contact' })
  t.equal(get.statusCode, 404)
})

t.test('a robot filling the hidden field gets the very answer a person gets, and nothing is stored or sent', async (t) => {
  const logs: Array<Record<string, unknown>> = []
  const fastify = await app(t, { LOG_LEVEL: 'info' }, { logs })
  const db = await testDatabase('pglite')
  const person = await post(fastify, valid, newIp())
  t.equal(person.statusCode, 201)
  const before = (await db.query<{ count: number }>('select count(*)::integer as count from paraphe.outbox')).rows[0]?.count
  const ip = newIp()
  for (const website of ['https://spam.example', 42]) {
    const response = await post(fastify, { ...valid, website }, ip)
    t.equal(response.statusCode, person.statusCode, 'same status as a person’s message')
    t.same(response.json(), person.json(), 'same body as a person’s message')
    t.equal(response.headers['content-type'], person.headers['content-type'])
  }
  const invalidToo = await post(fastify, { website: 'x' }, ip)
  t.equal(invalidToo.statusCode, 201, 'robots learn nothing from validation either')
  t.same(await storedFrom(db, ip), [])
  t.equal(
    (await db.query<{ count: number }>('select count(*)::integer as count from paraphe.outbox')).rows[0]?.count,
    before,
    'no e-mail queued'
  )
  t.equal(logs.filter((entry) => entry.msg === 'contact form: hidden field filled in, message dropped' && entry.ip === ip).length, 3)
  const blank = await post(fastify, { ...valid, website: '   ' }, ip)
  t.equal(blank.statusCode, 201, 'blank is empty')
})

t.test('an hourly budget per address: then 429 with a French message and Retry-After', async (t) => {
  const fastify = await app(t, { CONTACT_RATE_LIMIT_PER_HOUR: '2' })
  const ip = newIp()
  t.equal((await post(fastify, valid, ip)).statusCode, 201)
  t.equal((await post(fastify, { ...valid, message: '' }, ip)).statusCode, 400, 'a mistake does not use the budget')
  t.equal((await post(fastify, valid, ip)).statusCode, 201)
  const refused = await post(fastify, valid, ip)
  t.equal(refused.statusCode, 429)
  t.same(refused.json(), { error: { code: 'rate_limited', message: CONTACT_ANSWERS.rateLimited } })
  t.match(CONTACT_ANSWERS.rateLimited, /Réessayez d’ici une heure/)
  const retryAfter = Number(refused.headers['retry-after'])
  t.ok(retryAfter > 3000 && retryAfter <= 3600, `Retry-After ${retryAfter} s: when the oldest message leaves the hour`)
  t.equal((await post(fastify, valid, newIp())).statusCode, 201, 'another address has its own budget')
  const db = await testDatabase('pglite')
  t.equal((await storedFrom(db, ip)).length, 2, 'the refused one was not stored')

  // The budget is read from the database: a restarted gateway keeps it.
  const restarted = await app(t, { CONTACT_RATE_LIMIT_PER_HOUR: '2' })
  t.equal((await post(restarted, valid, ip)).statusCode, 429)
})
