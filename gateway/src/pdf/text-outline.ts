// Text turned into vector shapes: for marks such as the draft watermark, which must be seen on
// the page but must not mix stray letters into the text that viewers extract, copy or search.
import type { Font, GlyphPosition } from '@pdf-lib/fontkit'

/** Text as an SVG path (y pointing down) at 1 unit per em, and its advance width in ems. */
export interface TextOutline {
  svgPath: string
  width: number
}

// fontkit's paths are absolute commands with y pointing up; SVG's y points down. Every command
// (M, L, Q, C) takes x y pairs, so the numbers alternate x, y.
function toSvgPath(fontPath: string, shiftX: number, unitsPerEm: number): string {
  let index = 0
  return fontPath.replace(/-?\d*\.?\d+(?:e[-+]?\d+)?/gi, (number) => {
    const value = Number(number)
    index += 1
    return String(index % 2 === 1 ? (value + shiftX) / unitsPerEm : -value / unitsPerEm)
  })
}

export function outlineText(face: Font, text: string): TextOutline {
  const run = face.layout(text)
  let penX = 0
  const parts = run.glyphs.map((glyph, index) => {
    const part = toSvgPath(glyph.path.toSVG(), penX, face.unitsPerEm)
    penX += (run.positions[index] as GlyphPosition).xAdvance
    return part
  })
  return { svgPath: parts.join(' '), width: penX / face.unitsPerEm }
}
