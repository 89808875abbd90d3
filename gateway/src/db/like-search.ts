// Searching text with LIKE, what is typed matched literally: one place for the escaping the quote
// list and the saved items share.

/** `text` with LIKE's wildcards (% and _) and its escape character made literal. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/** `<expression> like …` per word typed (at most 8), each pushed to `params`, all to be matched. */
export function wordConditions(search: string | undefined, expression: string, params: unknown[]): string[] {
  const words =
    search
      ?.trim()
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word !== '')
      .slice(0, 8) ?? []
  return words.map((word) => {
    // PostgreSQL text never holds a NUL character (and refuses one as a parameter): no match.
    if (word.includes('\u0000')) return 'false'
    params.push(`%${likeLiteral(word)}%`)
    return `${expression} like $${params.length}`
  })
}
