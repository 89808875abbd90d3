// What the gateway and its PDF process (pdf-process.ts) say to each other over the IPC channel,
// serialized by V8 (`serialization: 'advanced'`): byte arrays and dates cross as they are.
import type { PdfTask } from './pdf-tasks.js'

export interface PdfRequest {
  id: number
  task: PdfTask
}

export type PdfReply = { id: number; bytes: Uint8Array } | { id: number; error: string }
