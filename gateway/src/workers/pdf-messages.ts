// What the gateway and a PDF process (pdf-process.ts) say to each other over the IPC channel,
// serialized by V8 (`serialization: 'advanced'`): byte arrays and dates cross as they are.
import type { PdfTask } from './pdf-tasks.js'

/** A task to run, or a task to drop (it went to the other process meanwhile). */
export type PdfRequest = { id: number; task: PdfTask } | { cancel: number }

/** A task's result: its document, and for an invoice the Factur-X XML the PDF carries (built once, there). */
export interface PdfOutput {
  bytes: Uint8Array
  xml?: string
}

export type PdfReply = { id: number; output: PdfOutput } | { id: number; error: string }
