// The embedded database's hang guard. Its thread serves every connection through one queue
// (db/pglite-wire-server.ts); if a call into PGlite never returns (a query stuck in WASM),
// nothing is answered again, not even a new connection's handshake. The signs: work is waiting
// (a query, a transaction, a connection being opened or queued for) and none has ended for a
// long while. A deadline per query would not see a stuck handshake, and counting from when work
// starts would take a burst of 50 sends, each waiting its turn for the one connection, for a hang.

export interface StallDeadline {
  /** Work waiting and none ended for this long: stuck (generous: the slowest legitimate query stays far below). */
  ms: number
  /** Called once per stall (the supervisor ends the database's thread, which fails the waiting work, and starts it again). */
  onStalled: (error: Error) => void
}

/** Returns the wrapper every piece of work on the database goes through. */
export function watchForStalls(deadline: StallDeadline): <T>(work: () => Promise<T>) => Promise<T> {
  let waiting = 0
  let lastEnded = Date.now()
  let timer: NodeJS.Timeout | undefined
  const check = (): void => {
    if (Date.now() - lastEnded < deadline.ms) return
    // Counted from now again: one report per stall, the next only if it lasts another deadline.
    lastEnded = Date.now()
    deadline.onStalled(new Error(`La base de données intégrée n’a pas répondu en ${Math.round(deadline.ms / 1000)} s : redémarrage.`))
  }
  return async (work) => {
    if (waiting++ === 0) {
      lastEnded = Date.now()
      // Checked a few times per deadline; unref'd: it never keeps a gateway that is closing alive.
      timer = setInterval(check, Math.max(50, Math.min(1_000, deadline.ms / 4)))
      timer.unref()
    }
    try {
      return await work()
    } finally {
      lastEnded = Date.now()
      if (--waiting === 0) clearInterval(timer)
    }
  }
}
