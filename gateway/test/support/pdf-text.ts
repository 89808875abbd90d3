// What a reader gets out of a PDF, through poppler's own tools (pdftotext, pdfinfo, pdfimages):
// the tests judge the documents the way a viewer or a search index reads them.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'

const run = promisify(execFile)

/** The bytes written to a private temporary directory for the time of `use`. */
async function withPdfFile<T>(bytes: Uint8Array, use: (file: string, directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'paraphe-pdf-'))
  try {
    const file = path.join(directory, 'document.pdf')
    await writeFile(file, bytes)
    return await use(file, directory)
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}

/** Runs a poppler tool on the bytes; its standard output. */
function onFile(bytes: Uint8Array, command: string, args: (file: string) => string[]): Promise<string> {
  return withPdfFile(bytes, async (file) => (await run(command, args(file), { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).stdout)
}

/** `pdftotext -layout` in UTF-8: one string per page. */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const text = await onFile(bytes, 'pdftotext', (file) => ['-layout', '-enc', 'UTF-8', file, '-'])
  // pdftotext ends every page with a form feed.
  return text.split('\f').slice(0, -1)
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfPagesText(bytes)).join('\n')
}

/** `pdfinfo` as a map: Title, Creator, Producer, Pages, Page size… */
export async function pdfInfo(bytes: Uint8Array): Promise<Map<string, string>> {
  const output = await onFile(bytes, 'pdfinfo', (file) => ['-enc', 'UTF-8', file])
  const entries = output
    .split('\n')
    .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match): [string, string] => [match[1] as string, match[2] as string])
  return new Map(entries)
}

export interface PdfImage {
  page: number
  width: number
  height: number
  /** `image`, `smask` (a PNG's transparency)… */
  type: string
  /** `jpeg`, `image` (deflated pixels)… */
  encoding: string
  /** Resolution as placed on the page: equal when the image keeps its proportions. */
  xPpi: number
  yPpi: number
}

/** `pdfimages -list`: the images a viewer would show. */
export async function pdfImages(bytes: Uint8Array): Promise<PdfImage[]> {
  const output = await onFile(bytes, 'pdfimages', (file) => ['-list', file])
  // Two header lines, then: page num type width height color comp bpc enc interp object ID x-ppi y-ppi size ratio
  return output
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [page, , type, width, height, , , , encoding, , , , xPpi, yPpi] = line.trim().split(/\s+/)
      return {
        page: Number(page),
        width: Number(width),
        height: Number(height),
        type: type as string,
        encoding: encoding as string,
        xPpi: Number(xPpi),
        yPpi: Number(yPpi)
      }
    })
}

/** Plain spaces for the no-break ones (U+00A0, U+202F) and runs of white space collapsed. */
export function normaliseSpaces(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ')
}

/**
 * The characters each embedded font can show, read from its ToUnicode map (glyph → text): a
 * character is there only when its glyph was embedded in the subset, so this tells what
 * pdftotext cannot (it prints U+202F as a plain space).
 */
export async function embeddedCharacters(bytes: Uint8Array): Promise<Map<string, Set<string>>> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const fonts = new Map<string, Set<string>>()
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue
    const name = (object.get(PDFName.of('BaseFont')) as PDFName).decodeText()
    const stream = doc.context.lookup(object.get(PDFName.of('ToUnicode')))
    if (!(stream instanceof PDFRawStream)) throw new Error(`no ToUnicode map for ${name}`)
    const cmap = new TextDecoder().decode(decodePDFRawStream(stream).decode())
    const characters = new Set<string>()
    // pdf-lib writes one `<glyph id> <UTF-16BE text>` line per embedded glyph (bfchar).
    for (const [, , text] of cmap.matchAll(/^<([0-9a-fA-F]{4})> <([0-9a-fA-F]+)>$/gm)) {
      const units = (text as string).match(/.{4}/g)?.map((unit) => Number.parseInt(unit, 16)) ?? []
      characters.add(String.fromCharCode(...units))
    }
    fonts.set(name, characters)
  }
  return fonts
}

export interface PdfWord {
  page: number
  text: string
  xMin: number
  xMax: number
  yMin: number
  yMax: number
}

/** `pdftotext -bbox`: every word with its box (points, from the top-left corner). */
export async function pdfWords(bytes: Uint8Array): Promise<PdfWord[]> {
  const html = await onFile(bytes, 'pdftotext', (file) => ['-bbox', '-enc', 'UTF-8', file, '-'])
  const words: PdfWord[] = []
  let page = 0
  for (const match of html.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[0] === '<page ') {
      page += 1
      continue
    }
    const [, xMin, yMin, xMax, yMax, text] = match as unknown as [string, string, string, string, string, string]
    words.push({ page, text: decodeEntities(text), xMin: Number(xMin), xMax: Number(xMax), yMin: Number(yMin), yMax: Number(yMax) })
  }
  return words
}

function decodeEntities(text: string): string {
  return text.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] as string
  )
}

export interface PageImage {
  width: number
  height: number
  /** The RGB colour of a pixel, from the top-left corner. */
  at: (x: number, y: number) => [number, number, number]
}

/** One page as poppler paints it (`pdftoppm`), at a low resolution: what a reader sees. */
export async function renderPage(bytes: Uint8Array, page: number, dpi = 24): Promise<PageImage> {
  return withPdfFile(bytes, async (file, directory) => {
    const out = path.join(directory, 'page')
    await run('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, out])
    const ppm = await readFile(`${out}.ppm`)
    // Binary PPM: "P6\n<width> <height>\n255\n" then the pixels.
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 32).toString('latin1'))
    if (header === null) throw new Error('not a PPM image')
    const width = Number(header[1])
    const pixels = new Uint8Array(ppm.subarray(header[0].length))
    return {
      width,
      height: Number(header[2]),
      at: (x, y) => {
        const offset = (y * width + x) * 3
        return [pixels[offset] as number, pixels[offset + 1] as number, pixels[offset + 2] as number]
      }
    }
  })
}
