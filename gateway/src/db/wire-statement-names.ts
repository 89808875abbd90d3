// Each connection's prepared statements kept apart on the embedded database. PGlite is one
// backend, so one namespace of prepared statements for every client of its socket: the gateway's
// `paraphe_19` and an operator's `psql` or tool would share it, and a statement one of them
// prepares, closes or redefines would be the other's. The wire server gives each connection a
// prefix of its own and rewrites the statement names of the messages that carry one (Parse, Bind,
// Describe and Close of a statement); the answers carry no statement name, so nothing is rewritten
// back. Portals need no prefix: a connection keeps PGlite to itself from its first message to its
// ReadyForQuery (db/pglite-wire-server.ts), and a portal never outlives that.
// Kept apart rather than outside connections refused: an operator's `psql` or a tool reading the
// data is worth having, and the protocol's statements were what one connection took from another.
// What a client does to the session in SQL still acts on the one session (SET at session level,
// DEALLOCATE ALL, DISCARD ALL): those are for the gateway alone, not for an outside client.

const PARSE = 0x50 // 'P'
const BIND = 0x42 // 'B'
const DESCRIBE = 0x44 // 'D'
const CLOSE = 0x43 // 'C'
const STATEMENT = 0x53 // 'S', in Describe and Close: a statement, not a portal ('P')
const SYNC = 0x53 // 'S', as a message type

/** Where the statement's name starts in a message of this type (after its 5-byte header), or -1 for none. */
function statementNameAt(message: Buffer): number {
  switch (message[0]) {
    case PARSE:
      return 5
    case BIND:
      // The portal's name first, then the statement's.
      return message.indexOf(0, 5) + 1
    case DESCRIBE:
    case CLOSE:
      return message[5] === STATEMENT ? 6 : -1
    default:
      return -1
  }
}

/** The message with `prefix` before its statement's name; the unnamed statement ('') stays unnamed. */
function prefixed(message: Buffer, start: number, prefix: Buffer): Buffer | null {
  const end = message.indexOf(0, start)
  // An empty name (the unnamed statement), or a malformed message that PGlite will refuse itself.
  if (start <= 0 || end <= start) return null
  const rewritten = Buffer.concat([message.subarray(0, start), prefix, message.subarray(start)])
  rewritten.writeInt32BE(rewritten.length - 1, 1)
  return rewritten
}

export interface RewrittenBatch {
  messages: Buffer
  /** Statement names (the server's, prefixed) this batch prepared with Parse. */
  parsed: string[]
  /** Statement names (the server's) this batch closed with Close. */
  closed: string[]
}

/**
 * `messages`: whole frontend messages (after the startup). Returns them with every statement name
 * prefixed, and which names were prepared or closed, so that the server can close the ones a
 * connection leaves behind.
 */
export function prefixStatementNames(messages: Buffer, prefix: string): RewrittenBatch {
  const prefixBytes = Buffer.from(prefix)
  const parts: Buffer[] = []
  const parsed: string[] = []
  const closed: string[] = []
  let changed = false
  for (let at = 0; at + 5 <= messages.length;) {
    const length = 1 + messages.readInt32BE(at + 1)
    const message = messages.subarray(at, at + length)
    at += length
    const rewritten = prefixed(message, statementNameAt(message), prefixBytes)
    if (rewritten === null) {
      parts.push(message)
      continue
    }
    changed = true
    parts.push(rewritten)
    if (message[0] === PARSE || message[0] === CLOSE) {
      const nameStart = statementNameAt(rewritten)
      const name = rewritten.toString('utf8', nameStart, rewritten.indexOf(0, nameStart))
      if (message[0] === PARSE) parsed.push(name)
      else closed.push(name)
    }
  }
  return { messages: changed ? Buffer.concat(parts) : messages, parsed, closed }
}

/** Close messages for these statements, then a Sync: what a connection left prepared goes with it. */
export function closeStatements(names: Iterable<string>): Buffer {
  const parts: Buffer[] = []
  for (const name of names) {
    const bytes = Buffer.from(name)
    const message = Buffer.alloc(1 + 4 + 1 + bytes.length + 1)
    message[0] = CLOSE
    message.writeInt32BE(message.length - 1, 1)
    message[5] = STATEMENT
    bytes.copy(message, 6)
    parts.push(message)
  }
  parts.push(SYNC_MESSAGE)
  return Buffer.concat(parts)
}

/** A lone Sync: ends whatever extended-protocol sequence a client left unfinished. */
export const SYNC_MESSAGE = Buffer.from([SYNC, 0, 0, 0, 4])

const READY_FOR_QUERY = 0x5a // 'Z'
const IDLE = 0x49 // 'I'

/**
 * Whether PGlite's answer ends with ReadyForQuery outside a transaction: the connection is
 * between requests, and another may have PGlite. Any other ending (inside a transaction, an
 * extended-protocol sequence not yet synced, a COPY under way) keeps PGlite for this connection.
 */
export function endsIdle(answer: Buffer): boolean {
  let last = -1
  for (let at = 0; at + 5 <= answer.length; at += 1 + answer.readInt32BE(at + 1)) last = at
  return last !== -1 && answer[last] === READY_FOR_QUERY && answer.length - last === 6 && answer[last + 5] === IDLE
}
