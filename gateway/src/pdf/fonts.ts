// The fonts of every PDF Paraphe produces: DejaVu Sans and DejaVu Sans Bold, embedded and
// subset. The PDF standard fonts only know WinAnsi, which has neither the narrow no-break space
// (U+202F) that fr-FR number formatting puts in `12 345,67 €` nor most non-Latin letters.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import fontkit, { type Font } from '@pdf-lib/fontkit'
import type { PDFDocument, PDFFont } from 'pdf-lib'
import { printableText, type GlyphCheck } from './text-safety.js'
import { outlineText, type TextOutline } from './text-outline.js'

// Resolved through the package rather than a relative path, so the same code works from
// gateway/src (tests) and gateway/dist (production image), wherever npm hoisted the package.
const FONT_DIRECTORY = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf')

export const FONT_FILES = {
  regular: path.join(FONT_DIRECTORY, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIRECTORY, 'DejaVuSans-Bold.ttf'),
  // Dancing Script (SIL Open Font License 1.1), Latin subset as Fontsource ships it (29 kB, WOFF):
  // French letters, œ and typographic quotes included; used for typed signatures only.
  handwriting: createRequire(import.meta.url).resolve('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff')
} as const

export interface FontData {
  regular: Uint8Array
  bold: Uint8Array
  /** fontkit for pdf-lib, handing out the faces parsed once instead of parsing them per document. */
  fontkit: { create: (bytes: Uint8Array) => Font }
  faces: { regular: Font; bold: Font }
  /** True when both faces can draw the code point, so any text can switch weight safely. */
  hasGlyph: GlyphCheck
  /** Bold text as shapes rather than characters, for marks that must not mix with the text. */
  boldOutline: (text: string) => TextOutline
}

let fontData: Promise<FontData> | undefined

async function readFontData(): Promise<FontData> {
  const [regular, bold] = await Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)])
  const regularFace = fontkit.create(regular)
  const boldFace = fontkit.create(bold)
  const faces = [regularFace, boldFace]
  const known = new Map<number, boolean>()
  const hasGlyph: GlyphCheck = (codePoint) => {
    let answer = known.get(codePoint)
    if (answer === undefined) {
      answer = faces.every((face) => face.hasGlyphForCodePoint(codePoint))
      known.set(codePoint, answer)
    }
    return answer
  }
  // A parsed face only gains caches (glyphs, layout tables) as it is used, and subsetting reads
  // it synchronously: documents can share it, which spares most of the work of each PDF.
  const sharedFontkit = {
    create: (bytes: Uint8Array) => (bytes === regular ? regularFace : bytes === bold ? boldFace : fontkit.create(bytes))
  }
  return {
    regular,
    bold,
    fontkit: sharedFontkit,
    faces: { regular: regularFace, bold: boldFace },
    hasGlyph,
    boldOutline: (text) => outlineText(boldFace, text)
  }
}

/** The font files, read once per process (about 1 MB, read for every PDF otherwise). */
export function loadFontData(): Promise<FontData> {
  fontData ??= readFontData()
  return fontData
}

// The parsed face behind each embedded font, to measure text without shaping it.
const facesOfFonts = new WeakMap<PDFFont, Font>()
const advanceCaches = new WeakMap<Font, Map<number, number>>()

/**
 * Width of `text` at size 1 as pdf-lib will draw it: the sum of its glyphs' advance widths.
 * Reading them from the face is much cheaper than pdf-lib's measure, which shapes the text
 * first; with ligatures off, shaping NFC text does not change which glyphs are drawn.
 */
export function unitWidth(font: PDFFont, text: string): number {
  const face = facesOfFonts.get(font)
  if (face === undefined) return font.widthOfTextAtSize(text, 1)
  let advances = advanceCaches.get(face)
  if (advances === undefined) {
    advances = new Map()
    advanceCaches.set(face, advances)
  }
  let width = 0
  for (const character of text) {
    const codePoint = character.codePointAt(0) as number
    let advance = advances.get(codePoint)
    if (advance === undefined) {
      advance = face.glyphForCodePoint(codePoint).advanceWidth / face.unitsPerEm
      advances.set(codePoint, advance)
    }
    width += advance
  }
  return width
}

let handwritingData: Promise<Font> | undefined

/** A typed signature in a handwriting face, where that face has every character of it. */
export interface HandwritingFont {
  font: PDFFont
  /** False when a character is missing: the signature is then drawn in the text face. */
  canDraw: (text: string) => boolean
}

/** Embeds the handwriting face (subset), only in documents that draw a typed signature. */
export async function embedHandwriting(doc: PDFDocument, subsetTag = 'PSIGNT'): Promise<HandwritingFont> {
  handwritingData ??= readFile(FONT_FILES.handwriting).then((bytes) => fontkit.create(bytes))
  const face = await handwritingData
  const bytes = new Uint8Array(await readFile(FONT_FILES.handwriting))
  const font = await doc.embedFont(bytes, { subset: true, customName: `${subsetTag}+DancingScript`, features: { liga: false } })
  facesOfFonts.set(font, face)
  return {
    font,
    canDraw: (text) => [...text].every((character) => character === ' ' || face.hasGlyphForCodePoint(character.codePointAt(0) as number))
  }
}

export interface PdfFonts {
  regular: PDFFont
  bold: PDFFont
  /** Text made drawable by both faces (see text-safety.ts); `\n` kept only when `multiline`. */
  clean: (text: string, options?: { multiline?: boolean }) => string
  boldOutline: FontData['boldOutline']
}

/**
 * Embeds the two faces as subsets. `subsetTag` (six capital letters, the PDF convention for
 * subset names) replaces pdf-lib's random suffix: the same quote must give the same bytes, and
 * a later addition to the document (signature page) embeds its own subsets under another tag.
 */
export async function embedFonts(doc: PDFDocument, subsetTag = 'PQUOTE'): Promise<PdfFonts> {
  if (!/^[A-Z]{6}$/.test(subsetTag)) throw new RangeError('subsetTag must be six capital letters')
  const data = await loadFontData()
  doc.registerFontkit(data.fontkit)
  // Ligatures off: the printed text stays character for character what was typed, for copy,
  // search and text extraction alike.
  const features = { liga: false }
  const [regular, bold] = await Promise.all([
    doc.embedFont(data.regular, { subset: true, customName: `${subsetTag}+DejaVuSans`, features }),
    doc.embedFont(data.bold, { subset: true, customName: `${subsetTag}+DejaVuSans-Bold`, features })
  ])
  facesOfFonts.set(regular, data.faces.regular)
  facesOfFonts.set(bold, data.faces.bold)
  return { regular, bold, clean: (text, options) => printableText(text, data.hasGlyph, options), boldOutline: data.boldOutline }
}
