// What the gateway and the embedded database's thread (db/pglite-worker.ts) say to each other
// besides SQL, which travels over the PostgreSQL socket.

export type ToPgliteWorker =
  /** `existing`: a restart, which must find the folder it served (never start an empty one in its place). */
  | { type: 'open'; dataDir: string | null; socketPath: string; template?: string; load?: Uint8Array<ArrayBuffer>; existing?: boolean }
  | { type: 'dump'; id: number }
  /** Tests only: PGlite's next call hangs or throws (db/pglite-worker.ts). */
  | { type: 'drill'; kind: 'hang' | 'throw' }
  | { type: 'close' }

export type FromPgliteWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'dumped'; id: number; archive: Uint8Array<ArrayBuffer> }
  | { type: 'dump-failed'; id: number; message: string }
  /** The drill is armed: the next call into PGlite fails as asked. */
  | { type: 'drilled' }
