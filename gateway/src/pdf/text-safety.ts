// Makes any user text drawable with the embedded fonts. Text comes from forms and the API
// (pasted from e-mails, phones, spreadsheets): a character the font has no glyph for would
// print as an empty box or make pdf-lib throw, and a PDF that fails to render is a quote that
// cannot be sent. So every string goes through here before it is measured or drawn.

/** Tells whether the embedded fonts can draw a code point. */
export type GlyphCheck = (codePoint: number) => boolean

/**
 * What replaces a character no font can draw (emoji, CJK…): the replacement character « � »,
 * visible and distinct from a real question mark; each page that shows one says why in its
 * footer (page-decoration.ts).
 */
export const REPLACEMENT = '\ufffd'

// eslint-disable-next-line no-control-regex -- the vertical tab is a line break to replace
const LINE_BREAKS = /\r\n|[\r\u000b\f\u0085\u2028\u2029]/g
// Invisible characters (variation selectors, zero-width joiners, BOM…) are dropped rather than
// replaced: a `?` after each emoji selector would be noise.
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}$/u
const CONTROL = /^\p{Cc}$/u

/**
 * The text as it will be printed: NFC (so « é » typed as e + accent uses the one glyph), line
 * breaks unified to `\n` (kept when `multiline`, otherwise turned into spaces), tabs as spaces,
 * control and invisible characters dropped, and any other character the fonts lack — lone
 * surrogates included — replaced by « � ».
 */
export function printableText(text: string, hasGlyph: GlyphCheck, options: { multiline?: boolean } = {}): string {
  const multiline = options.multiline === true
  const unified = text.normalize('NFC').replace(LINE_BREAKS, '\n')
  let result = ''
  for (const character of unified) {
    if (character === '\n') {
      result += multiline ? '\n' : ' '
      continue
    }
    if (character === '\t') {
      result += ' '
      continue
    }
    const codePoint = character.codePointAt(0) as number
    if (CONTROL.test(character)) continue
    if (hasGlyph(codePoint)) {
      result += character
      continue
    }
    if (IGNORABLE.test(character)) continue
    result += REPLACEMENT
  }
  return result
}
