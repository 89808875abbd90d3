// PostgreSQL text cannot hold a NUL character: a field carrying one is refused with this message
// where it is checked, rather than failing in SQL.
export const NUL_CHARACTER_MESSAGE = 'Ce texte contient un caractère invalide.'

export function holdsNul(text: string): boolean {
  return text.includes('\u0000')
}
