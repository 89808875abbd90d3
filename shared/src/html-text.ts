// HTML and JSON escaping for text the build and the gateway put into pages.
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')
}

/** JSON safe to put inside <script type="application/json">: no `</script>` breakout. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
}

/** Replaces every key of `values` found in `text` (one pass, so values are never re-scanned). */
export function substitute(text: string, values: ReadonlyMap<string, string>): string {
  if (values.size === 0) return text
  const pattern = new RegExp([...values.keys()].map(escapeRegExp).join('|'), 'g')
  // The pattern only matches keys of `values`.
  return text.replace(pattern, (match) => values.get(match) as string)
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
