// Text in any script printed in its reading order. pdf-lib draws a string as one run that
// fontkit shapes, and fontkit reverses a whole run when its first script is right-to-left: a
// client named « عربى حداد M. Durand » came out with « M. Durand » backwards. The Unicode
// bidirectional algorithm (bidi-js) splits each line into runs of one direction and orders them
// as a reader expects; each run is then drawn on its own, left to right on the page.
import { createRequire } from 'node:module'
import type { Bidi } from 'bidi-js'

// bidi-js is a CommonJS module whose export is the factory itself; its typings describe it as
// an ES default export, which NodeNext resolution does not see as callable.
const bidi = (createRequire(import.meta.url)('bidi-js') as () => Bidi)()

/** A piece of a line, in visual order, as it must be handed to pdf-lib. */
export interface VisualRun {
  text: string
  /** Read right to left (an odd embedding level). */
  rtl: boolean
}

// Characters that can make a line bidirectional: right-to-left letters and Arabic digits.
const BIDI_TRIGGER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u
const RTL_SCRIPT =
  /\p{Script=Arabic}|\p{Script=Hebrew}|\p{Script=Syriac}|\p{Script=Thaana}|\p{Script=Nko}|\p{Script=Samaritan}|\p{Script=Mandaic}/u
const SCRIPT_SPECIFIC = /[^\p{Script=Common}\p{Script=Inherited}]/u

/** Whether a run holds right-to-left letters: text to measure with shaping, not glyph by glyph. */
export function hasRtlScript(text: string): boolean {
  return RTL_SCRIPT.test(text)
}

/** fontkit reverses a run when the first character of a specific script is of a right-to-left one. */
function fontkitReverses(text: string): boolean {
  const first = SCRIPT_SPECIFIC.exec(text)
  return first !== null && RTL_SCRIPT.test(first[0])
}

const reversed = (text: string): string => [...text].reverse().join('')

/** A run's text such that fontkit's drawing, left to right, shows it in the run's direction. */
function forFontkit(text: string, rtl: boolean): string {
  const mirrored = rtl ? [...text].map((character) => bidi.getMirroredCharacter(character) ?? character).join('') : text
  return fontkitReverses(mirrored) === rtl ? mirrored : reversed(mirrored)
}

/**
 * One line (no line breaks) as runs in visual order, left to right. The paragraph direction is
 * left to right: the documents are French, laid out from the left.
 */
export function visualRuns(line: string): VisualRun[] {
  if (!BIDI_TRIGGER.test(line)) return [{ text: line, rtl: false }]
  const { levels } = bidi.getEmbeddingLevels(line, 'ltr')
  const runs: { text: string; level: number }[] = []
  for (let index = 0; index < line.length; index += 1) {
    const level = levels[index] as number
    const last = runs.at(-1)
    if (last !== undefined && last.level === level) last.text += line[index]
    else runs.push({ text: line[index] as string, level })
  }
  // Rule L2: from the highest level down to the lowest odd one, reverse every sequence of runs
  // at that level or above.
  const highest = Math.max(...runs.map((run) => run.level))
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : Infinity)))
  for (let level = highest; level >= lowestOdd; level -= 1) {
    let start = 0
    while (start < runs.length) {
      if ((runs[start]?.level ?? 0) < level) {
        start += 1
        continue
      }
      let end = start
      while (end < runs.length && (runs[end]?.level ?? 0) >= level) end += 1
      runs.splice(start, end - start, ...runs.slice(start, end).reverse())
      start = end
    }
  }
  return runs.map((run) => ({ text: forFontkit(run.text, run.level % 2 === 1), rtl: run.level % 2 === 1 }))
}
