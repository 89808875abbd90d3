// The local mailbox: on a development instance without SMTP, the e-mails the outbox holds (account
// confirmations, signing requests…) listed on one page with their links, as Inbucket or Mailpit
// do for GoTrue. It exists only when NODE_ENV is development, no SMTP is configured and the
// gateway listens on loopback — and answers only loopback clients; 404 otherwise.
import { escapeHtml } from '@paraphe/shared/html-text'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import { errorBody } from '../errors.js'

export const LOCAL_MAILBOX_PATH = '/dev/boite-mail'

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])
const LOOPBACK_CLIENT = /^(127\.|::1$|::ffff:127\.)/

/** Whether this instance shows the local mailbox. */
export function localMailboxEnabled(config: Pick<Config, 'env' | 'host' | 'mail'>): boolean {
  return config.env === 'development' && config.mail.transport === null && LOOPBACK_HOSTS.has(config.host)
}

interface MailRow {
  id: number
  recipient: string
  subject: string
  text_body: string
  created_at: Date
}

/** The text of an e-mail with its web addresses as links (every part escaped). */
function withLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) => (index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('')
}

function page(rows: MailRow[], filter: string): string {
  const items = rows
    .map(
      (row) => `<article>
  <h2>${escapeHtml(row.subject)}</h2>
  <p>À <strong>${escapeHtml(row.recipient)}</strong>, le ${escapeHtml(new Date(row.created_at).toLocaleString('fr-FR', { timeZone: 'Europe/Paris' }))}</p>
  <pre>${withLinks(row.text_body)}</pre>
</article>`
    )
    .join('\n<hr>\n')
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>Boîte de réception locale</title></head>
<body>
<main>
<h1>Boîte de réception locale</h1>
<p>Les e-mails de cette instance de développement (aucun serveur SMTP n’est configuré), du plus récent au plus ancien. Cette page n’existe qu’en développement, sur la boucle locale.</p>
<form method="get" action="${LOCAL_MAILBOX_PATH}"><label for="to">Destinataire</label> <input id="to" name="to" type="email" value="${escapeHtml(filter)}"> <button type="submit">Filtrer</button></form>
${rows.length === 0 ? '<p>Aucun e-mail pour l’instant.</p>' : items}
</main>
</body>
</html>
`
}

export default async function localMailboxRoutes(fastify: FastifyInstance) {
  if (!localMailboxEnabled(fastify.config)) return
  fastify.get<{ Querystring: { to?: string } }>(LOCAL_MAILBOX_PATH, async (request, reply) => {
    if (!LOOPBACK_CLIENT.test(request.socket.remoteAddress ?? ''))
      return reply.code(404).send(errorBody('not_found', 'Cette page n’existe pas.'))
    const filter = typeof request.query.to === 'string' ? request.query.to.trim().toLowerCase().slice(0, 255) : ''
    const { rows } = await fastify.db.query<MailRow>(
      `select id, recipient, subject, text_body, created_at from paraphe.outbox
        where $1 = '' or lower(recipient) = $1 order by id desc limit 100`,
      [filter]
    )
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(rows, filter))
  })
}
