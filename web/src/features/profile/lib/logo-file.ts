// The logo file, checked before it is sent: the gateway accepts PNG and JPEG up to 500 Ko (and
// says so again if the browser guessed the type wrong).

export const LOGO_MAX_BYTES = 512_000
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const

export function logoFileProblem(file: { type: string; name: string; size: number }): string | null {
  if (file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name)) {
    return 'Les logos SVG ne sont pas acceptés (ils ne peuvent pas figurer tels quels dans un PDF)\u202f: exportez votre logo en PNG ou en JPEG, puis choisissez ce fichier.'
  }
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'Choisissez une image PNG ou JPEG.'
  if (file.size > LOGO_MAX_BYTES) {
    return `Cette image pèse ${Math.round(file.size / 1024)}\u00a0Ko\u202f: le logo doit faire 500\u00a0Ko au plus. Réduisez-la, puis réessayez.`
  }
  return null
}
