// PostgreSQL's wire protocol on a Unix socket, answered by PGlite, inside the embedded database's
// thread. In place of @electric-sql/pglite-socket's server, which hands PGlite one protocol message
// at a time and writes each message's answer on its own: a query with parameters is five messages
// (Parse, Bind, Describe, Execute, Sync), so five calls and five socket writes, each a system call,
// one event-loop turn apart. Here everything a read brought is given to PGlite in one call and its
// answer written once: measured on the API reads bench (issue 28), see the README's figures.
// PGlite accepts several messages in one call and answers them in order, an error skipping to the
// next Sync as a server does. PGlite is also one session for every connection: each
// connection's prepared statements are kept apart under a prefix of its own
// (db/wire-statement-names.ts), so an operator's `psql` or a tool on the socket leaves the
// gateway's statements alone.
import type { PGlite } from '@electric-sql/pglite'
import { createServer, type Server, type Socket } from 'node:net'
import { closeStatements, endsIdle, prefixStatementNames, SYNC_MESSAGE } from './wire-statement-names.js'

/** The first 4 bytes after the length of an SSLRequest, a CancelRequest, and protocol 3.0's StartupMessage. */
const SSL_REQUEST = 80877103
const CANCEL_REQUEST = 80877102
const PROTOCOL_3 = 196608
/** The Terminate message's type byte ('X'): the client leaves; PGlite is never told (it would end its backend). */
const TERMINATE = 0x58

interface Connection {
  socket: Socket
  closed: boolean
  /** Bytes received and not yet a whole message. */
  pending: Buffer
  started: boolean
  /** Put before each of its statement names: `c<n>.`, unique for the server's life. */
  prefix: string
  /** Its prepared statements (the server's names), closed when it leaves. */
  statements: Set<string>
}

interface Batch {
  connection: Connection
  messages: Buffer
  /** A startup message: the connection begins. */
  startup?: true
}

export class PgliteWireServer {
  private readonly server: Server
  private readonly connections = new Set<Connection>()
  private readonly queue: Batch[] = []
  /** Statements of connections gone, to close before the next batch. */
  private leftBehind: string[] = []
  private nextConnection = 0
  private running = false
  /**
   * The connection PGlite is in the middle of serving (a transaction open, or an extended-protocol
   * sequence not yet synced): nobody else's messages run before its ReadyForQuery outside a
   * transaction, so no one meets its transaction, its unnamed statement or its portals.
   */
  private owner: Connection | null = null

  /** `onFailure`: PGlite threw (not an SQL error, which it answers): its state is unknown, the thread ends. */
  constructor(
    private readonly db: PGlite,
    private readonly onFailure: (error: unknown) => void
  ) {
    this.server = createServer((socket) => this.accept(socket))
  }

  listen(socketPath: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(socketPath, () => {
        this.server.off('error', reject)
        resolve()
      })
    })
  }

  async stop(): Promise<void> {
    for (const connection of this.connections) connection.socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private accept(socket: Socket): void {
    this.nextConnection += 1
    const connection: Connection = {
      socket,
      closed: false,
      pending: Buffer.alloc(0),
      started: false,
      prefix: `c${this.nextConnection}.`,
      statements: new Set()
    }
    this.connections.add(connection)
    socket.setNoDelay(true)
    socket.on('data', (data: Buffer) => this.received(connection, data))
    // A reset by the gateway (its connection dropped) is only the end of that connection.
    socket.on('error', () => socket.destroy())
    socket.on('close', () => this.closed(connection))
  }

  private received(connection: Connection, data: Buffer): void {
    let buffer = connection.pending.length === 0 ? data : Buffer.concat([connection.pending, data])
    // Whole messages at the start of `buffer`, given to PGlite together.
    let whole = 0
    let leaving = false
    for (;;) {
      const available = buffer.length - whole
      if (!connection.started) {
        if (available < 8) break
        const length = buffer.readInt32BE(0)
        const code = buffer.readInt32BE(4)
        if (length < 8 || code === CANCEL_REQUEST || (code !== SSL_REQUEST && code !== PROTOCOL_3)) {
          connection.socket.destroy()
          return
        }
        if (available < length) break
        // No TLS on a local socket: « N », and the client goes on in clear. The startup message
        // goes alone: PGlite answers it on a path of its own (authentication, settings).
        if (code === SSL_REQUEST) connection.socket.write('N')
        else this.enqueue({ connection, messages: buffer.subarray(0, length), startup: true })
        connection.started = code === PROTOCOL_3
        buffer = buffer.subarray(length)
        continue
      }
      if (available < 5) break
      const length = 1 + buffer.readInt32BE(whole + 1)
      if (length < 5) {
        connection.socket.destroy()
        return
      }
      if (available < length) break
      if (buffer[whole] === TERMINATE) {
        leaving = true
        break
      }
      whole += length
    }
    if (whole > 0) this.enqueue({ connection, messages: buffer.subarray(0, whole) })
    connection.pending = leaving ? Buffer.alloc(0) : Buffer.from(buffer.subarray(whole))
    if (leaving) connection.socket.end()
  }

  private enqueue(batch: Batch): void {
    this.queue.push(batch)
    void this.drain()
  }

  /** Runs the batches in order, one at a time, a transaction's owner before anyone else. */
  private async drain(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      for (;;) {
        if (this.owner?.closed === true) {
          // What it left unfinished ends with it: a sequence not synced (a Sync closes it), an
          // open transaction (rolled back, as a server does when a backend's client goes).
          await this.run(SYNC_MESSAGE)
          if (this.db.isInTransaction()) await this.db.exec('rollback')
          this.owner = null
        }
        if (this.owner === null && this.leftBehind.length > 0) {
          const names = this.leftBehind
          this.leftBehind = []
          await this.run(closeStatements(names))
        }
        const index = this.queue.findIndex((batch) => this.owner === null || batch.connection === this.owner)
        if (index === -1) return
        const [batch] = this.queue.splice(index, 1) as [Batch]
        const { connection } = batch
        let messages = batch.messages
        if (batch.startup !== true) {
          const rewritten = prefixStatementNames(messages, connection.prefix)
          messages = rewritten.messages
          for (const name of rewritten.closed) connection.statements.delete(name)
          // A Parse that fails leaves a name here that PGlite never prepared: closing it later is no error.
          for (const name of rewritten.parsed) connection.statements.add(name)
        }
        const answer = await this.run(messages)
        this.owner = endsIdle(answer) ? null : connection
        if (!connection.socket.destroyed && answer.length > 0) connection.socket.write(answer)
      }
    } catch (error) {
      this.onFailure(error)
    } finally {
      this.running = false
    }
  }

  /** Gives PGlite these messages in one call; its whole answer. */
  private async run(messages: Buffer): Promise<Buffer> {
    // The streaming call: execProtocolRaw would also parse every message of the answer into
    // objects for PGlite's own query API (a quarter of the thread's time on API reads).
    const chunks: Buffer[] = []
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(messages, {
        // The folder is PGlite's Node file system, written through as PostgreSQL writes (its
        // syncToFs is for the browser's stores, a no-op here): skipped, and with it a lock and
        // two turns of the thread's event loop for every call.
        syncToFs: false,
        // A view into PGlite's memory, reused by the next call: copied.
        onRawData: (chunk) => chunks.push(Buffer.from(chunk))
      })
    )
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)
  }

  private closed(connection: Connection): void {
    connection.closed = true
    this.connections.delete(connection)
    for (let i = this.queue.length - 1; i >= 0; i -= 1) if (this.queue[i]?.connection === connection) this.queue.splice(i, 1)
    // Its statements would stay in PGlite's one session for good: closed at the next turn.
    if (connection.statements.size > 0) {
      this.leftBehind.push(...connection.statements)
      connection.statements.clear()
    }
    void this.drain()
  }
}
