// What the gateway and the embedded database's process (db/pglite-process.ts) say to each other
// besides SQL, which travels over the PostgreSQL socket.

export type ToPgliteProcess =
  | { type: 'open'; dataDir: string | null; socketPath: string; template?: string; load?: Uint8Array<ArrayBuffer> }
  | { type: 'dump'; id: number }
  | { type: 'close' }

export type FromPgliteProcess =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'dumped'; id: number; archive: Uint8Array<ArrayBuffer> }
  | { type: 'dump-failed'; id: number; message: string }
