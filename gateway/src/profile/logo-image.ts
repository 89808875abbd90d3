// Logos are PNG or JPEG only: they go into PDFs as they are. SVG is refused rather than
// sanitised, since it can carry scripts and the PDF could not embed it anyway.
import { ApiProblem } from '../errors.js'

export const LOGO_MAX_BYTES = 512_000
export type LogoType = 'image/png' | 'image/jpeg'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function sniff(bytes: Buffer): LogoType | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  return null
}

const notAnImage = () =>
  new ApiProblem(
    415,
    'logo_type',
    'Le logo doit être une image PNG ou JPEG. Les fichiers SVG ne sont pas acceptés : exportez votre logo en PNG.'
  )

/** The image's real type, checked by its content and by decoding it as the PDF will. */
export async function checkedLogo(bytes: Buffer): Promise<LogoType> {
  const type = sniff(bytes)
  if (type === null) throw notAnImage()
  try {
    // Loaded on first upload: pdf-lib stays out of the start-up path.
    const { PDFDocument } = await import('pdf-lib')
    const pdf = await PDFDocument.create()
    // A copy starting at offset 0: pdf-lib's JPEG reader ignores a Buffer's offset in its pool.
    const copy = Uint8Array.from(bytes)
    const image = type === 'image/png' ? await pdf.embedPng(copy) : await pdf.embedJpg(copy)
    if (image.width < 1 || image.height < 1 || image.width > 8000 || image.height > 8000) throw new Error('dimensions')
  } catch {
    throw new ApiProblem(
      415,
      'logo_unreadable',
      'Cette image est illisible ou trop grande (8000 pixels au plus de côté). Essayez de l’exporter à nouveau en PNG.'
    )
  }
  return type
}
