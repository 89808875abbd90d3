// The draft's PDF drawn by pdf.js into canvases: the preview shows the very file the client will
// get, not an HTML imitation. This module (and pdf.js with it) is only ever loaded by a dynamic
// import when the preview opens, so neither the public pages nor the editor's first load carry it.
// Its worker is a file of our own origin emitted by Vite: the CSP's `script-src 'self'` covers it.
import { getDocument, GlobalWorkerOptions } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

GlobalWorkerOptions.workerSrc = workerUrl

/** The CSS width the pages are drawn for; the canvas holds that many device pixels times the screen's ratio. */
const PAGE_WIDTH = 800

/** Each page of the PDF in `bytes`, drawn in a canvas of its own (not in the document yet). */
export async function renderPdfPages(bytes: Uint8Array): Promise<HTMLCanvasElement[]> {
  // No eval (the CSP forbids it: pdf.js would report a violation while probing for it).
  const task = getDocument({ data: bytes, isEvalSupported: false })
  const pdf = await task.promise
  try {
    const pages: HTMLCanvasElement[] = []
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number)
      const scale = (PAGE_WIDTH / page.getViewport({ scale: 1 }).width) * Math.min(window.devicePixelRatio || 1, 2)
      const viewport = page.getViewport({ scale })
      const canvas = document.createElement('canvas')
      canvas.width = Math.floor(viewport.width)
      canvas.height = Math.floor(viewport.height)
      await page.render({ canvas, viewport }).promise
      pages.push(canvas)
    }
    return pages
  } finally {
    void task.destroy()
  }
}
