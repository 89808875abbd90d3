// What the gateway and a PDF process (pdf-process.ts) say to each other over the IPC channel,
// serialized by V8 (`serialization: 'advanced'`): byte arrays and dates cross as they are.
import type { PdfOutput, PdfTask } from './pdf-tasks.js'

export type { PdfOutput }

/** A task to run, or a task to drop (it went to the other process meanwhile). */
export type PdfRequest = { id: number; task: PdfTask } | { cancel: number }

export type PdfReply = { id: number; output: PdfOutput } | { id: number; error: string }
