// The accountant's ZIP of Factur-X PDFs, streamed with yazl (maintained, one small dependency,
// Info-ZIP compatible, UTF-8 names): each entry's PDF is read only when the archive reaches it
// (`addReadStreamLazy`), so a year of invoices never sits in memory — one PDF at a time does.
import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'

export interface ZipPdfEntry {
  id: string
  name: string
  modified: Date
}

/**
 * The archive as a stream. `readPdf` is called once per entry, in order, when the previous one is
 * written; a failure ends the stream with that error (the answer, already begun, is cut short).
 */
export function zipOfPdfs(entries: readonly ZipPdfEntry[], readPdf: (id: string) => Promise<Uint8Array>): Readable {
  const zip = new ZipFile()
  const output = zip.outputStream as Readable
  zip.on('error', (error: Error) => output.destroy(error))
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.name, { mtime: entry.modified, mode: 0o100644 }, (callback) => {
      readPdf(entry.id).then(
        (pdf) => callback(null, Readable.from([Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)])),
        (error: unknown) => callback(error, Readable.from([]))
      )
    })
  }
  zip.end()
  return output
}
