// A real SMTP server for the tests (the `smtp-server` package) on 127.0.0.1: it accepts what
// nodemailer sends, keeps every message, and reads enough MIME (headers with encoded words,
// multipart bodies, quoted-printable and base64) to check recipients, subject, text, HTML and
// attachments. It can be stopped and started again on the same port, to play an SMTP outage, and
// it calls hooks when a message arrives and when it is accepted, for drills that kill the sender
// at those moments.
import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server'

export interface ReceivedAttachment {
  filename: string
  contentType: string
  content: Buffer
}

export interface ReceivedMail {
  /** SMTP envelope: who the server was asked to deliver to. */
  envelope: { from: string; to: string[] }
  /** The login the client authenticated with, if any. */
  user: string | null
  /** Decoded header values by lower-case name (the first of each). */
  headers: Map<string, string>
  messageId: string
  subject: string
  from: string
  to: string
  replyTo: string | null
  /** Line breaks as `\n`. */
  text: string
  html: string
  attachments: ReceivedAttachment[]
  raw: string
}

/** An SMTP refusal the server answers with (e.g. 451 to play a temporary failure). */
export interface Refusal {
  responseCode: number
  message: string
}

export interface TestSmtpServer {
  port: number
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string
  messages: ReceivedMail[]
  /** Refuses each message's DATA while set (the connection itself works). */
  refuse: Refusal | null
  /** While set, the server answers each message only once this promise settles (a slow server). */
  hold: Promise<unknown> | null
  /**
   * Called when a message's DATA has ended, before the server answers it: the moment to kill the
   * sender while the answer is pending (with `hold`).
   */
  onArrival: ((raw: string) => void) | null
  /** Called right after the server has answered a message 250: the moment to kill the sender before it records the send. */
  onAccepted: ((mail: ReceivedMail) => void) | null
  running: () => boolean
  stop: () => Promise<void>
  /** Listens again on the same port. */
  start: () => Promise<void>
  /** Resolves when `predicate` holds for the messages received (checked on each arrival). */
  waitFor: (predicate: (messages: ReceivedMail[]) => boolean, timeoutMs?: number) => Promise<ReceivedMail[]>
}

// -----------------------------------------------------------------------------------------------
// MIME, as much as the tests need

interface Part {
  headers: Map<string, string>
  body: string
}

function splitHeaders(raw: string): Part {
  const end = raw.search(/\r?\n\r?\n/)
  const head = end === -1 ? raw : raw.slice(0, end)
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '')
  const headers = new Map<string, string>()
  // Folded lines continue the previous header.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function qpBytes(text: string): Buffer {
  const bytes: number[] = []
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string
    const hex = text.slice(index + 1, index + 3)
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      index += 2
    } else bytes.push(...Buffer.from(char, 'utf8'))
  }
  return Buffer.from(bytes)
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), adjacent ones joined before decoding. */
export function decodeWords(value: string): string {
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1')
  let out = ''
  let pending: Buffer[] = []
  let last = 0
  const flush = () => {
    out += Buffer.concat(pending).toString('utf8')
    pending = []
  }
  for (const match of joined.matchAll(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g)) {
    const index = match.index
    if (index > last) {
      flush()
      out += joined.slice(last, index)
    }
    const [, , encoding, data = ''] = match
    pending.push(encoding?.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : qpBytes(data.replaceAll('_', ' ')))
    last = index + match[0].length
  }
  flush()
  return out + joined.slice(last)
}

/** `multipart/mixed; boundary="x"` → `{ type: 'multipart/mixed', params: { boundary: 'x' } }`. */
function parseParams(value: string): { type: string; params: Record<string, string> } {
  const [type = '', ...rest] = value.split(';')
  const params: Record<string, string> = {}
  for (const part of rest) {
    const equals = part.indexOf('=')
    if (equals === -1) continue
    const key = part.slice(0, equals).trim().toLowerCase()
    let param = part
      .slice(equals + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1')
    // RFC 2231 (`filename*=utf-8''Devis%20sign%C3%A9.pdf`).
    if (key.endsWith('*')) {
      param = decodeURIComponent(param.replace(/^[^']*'[^']*'/, ''))
      params[key.slice(0, -1)] = param
    } else params[key] = decodeWords(param)
  }
  return { type: type.trim().toLowerCase(), params }
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
  if (encoding === 'quoted-printable') return qpBytes(part.body.replace(/=\r?\n/g, ''))
  return Buffer.from(part.body, 'utf8')
}

function leaves(part: Part): Part[] {
  const { type, params } = parseParams(part.headers.get('content-type') ?? 'text/plain')
  if (!type.startsWith('multipart/') || params.boundary === undefined) return [part]
  const delimiter = `--${params.boundary}`
  const sections = part.body.split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`))
  // The preamble before the first delimiter and the epilogue after the last hold no part.
  return sections.slice(1, -1).flatMap((section) => leaves(splitHeaders(section)))
}

export function parseMail(raw: string, envelope: ReceivedMail['envelope'], user: string | null = null): ReceivedMail {
  const message = splitHeaders(raw)
  const headers = new Map([...message.headers].map(([name, value]) => [name, decodeWords(value)]))
  let text = ''
  let html = ''
  const attachments: ReceivedAttachment[] = []
  for (const leaf of leaves(message)) {
    const { type, params } = parseParams(leaf.headers.get('content-type') ?? 'text/plain')
    const disposition = parseParams(leaf.headers.get('content-disposition') ?? 'inline')
    const content = decodeBody(leaf)
    if (disposition.type === 'attachment') {
      attachments.push({ filename: disposition.params.filename ?? params.name ?? '', contentType: type, content })
    } else if (type === 'text/html') html += content.toString('utf8')
    else if (type === 'text/plain') text += content.toString('utf8').replace(/\r\n/g, '\n')
  }
  return {
    envelope,
    user,
    headers,
    messageId: headers.get('message-id') ?? '',
    subject: headers.get('subject') ?? '',
    from: headers.get('from') ?? '',
    to: headers.get('to') ?? '',
    replyTo: headers.get('reply-to') ?? null,
    text,
    html,
    attachments,
    raw
  }
}

// -----------------------------------------------------------------------------------------------
// The server

function envelopeOf(session: SMTPServerSession): ReceivedMail['envelope'] {
  const from = session.envelope.mailFrom
  return { from: from === false ? '' : from.address, to: session.envelope.rcptTo.map((address) => address.address) }
}

export interface SmtpServerOptions {
  /** Default: a free port. */
  port?: number
  /** When set, the server offers AUTH (over plain SMTP, loopback only) and requires this login. */
  login?: { user: string; pass: string }
}

export async function startSmtpServer({ port = 0, login }: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = []
  const watchers = new Set<() => void>()
  let server: SMTPServer | null = null

  const create = () =>
    new SMTPServer({
      // Plain SMTP on loopback: no STARTTLS (nodemailer would reject a self-signed certificate);
      // a login only when asked for.
      disabledCommands: login === undefined ? ['STARTTLS', 'AUTH'] : ['STARTTLS'],
      authOptional: login === undefined,
      allowInsecureAuth: true,
      onAuth(auth, _session, callback) {
        if (login !== undefined && auth.username === login.user && auth.password === login.pass) callback(null, { user: auth.username })
        else callback(Object.assign(new Error('Identifiants refusés'), { responseCode: 535 }))
      },
      logger: false,
      disableReverseLookup: true,
      closeTimeout: 200,
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          handle.onArrival?.(raw)
          const answer = () => {
            const refusal = handle.refuse
            if (refusal !== null) {
              callback(Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode }))
              return
            }
            const user = typeof session.user === 'string' ? session.user : null
            const mail = parseMail(raw, envelopeOf(session), user)
            messages.push(mail)
            for (const watcher of watchers) watcher()
            callback()
            handle.onAccepted?.(mail)
          }
          void Promise.resolve(handle.hold).then(answer, answer)
        })
      }
    })

  const listen = async (onPort: number): Promise<number> => {
    const next = create()
    // A client that vanishes mid-session (a gateway killed by a test while it delivers) resets
    // its connection; smtp-server re-emits that on the server, which would throw in the test
    // process. A real SMTP server drops such a session and goes on: so does this one.
    next.on('error', () => undefined)
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject)
      next.listen(onPort, '127.0.0.1', () => {
        next.server.off('error', reject)
        resolve()
      })
    })
    server = next
    return (next.server.address() as AddressInfo).port
  }

  const actualPort = await listen(port)
  const handle: TestSmtpServer = {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    refuse: null,
    hold: null,
    onArrival: null,
    onAccepted: null,
    running: () => server !== null,
    async stop() {
      const current = server
      if (current === null) return
      server = null
      await new Promise<void>((resolve) => current.close(() => resolve()))
    },
    async start() {
      if (server === null) await listen(actualPort)
    },
    waitFor(predicate, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(messages)) return
          watchers.delete(check)
          clearTimeout(timer)
          resolve([...messages])
        }
        const timer = setTimeout(() => {
          watchers.delete(check)
          reject(new Error(`SMTP test server: condition not met after ${timeoutMs} ms (${messages.length} messages received)`))
        }, timeoutMs)
        watchers.add(check)
        check()
      })
    }
  }
  return handle
}
