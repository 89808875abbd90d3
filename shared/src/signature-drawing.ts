// A drawn signature's strokes, and whether they make a real drawing rather than a dot or a dash
// (part of the signing form's rules, signing-form.ts; the signed PDF draws the same strokes).

export interface StrokePoint {
  x: number
  y: number
  /** Milliseconds since the epoch, as signature_pad records them. */
  time: number
}

export interface Stroke {
  points: StrokePoint[]
}

/** Below this, a drawing is a dot or a dash, not a signature. */
const MIN_POINTS = 10
const MIN_INK_LENGTH = 80
const MIN_SPAN = 30

/** Total length of the lines drawn, and the size of the box they fill (pad pixels). */
export function drawingExtent(strokes: readonly Stroke[]): { length: number; width: number; height: number; points: number } {
  let length = 0
  let points = 0
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const stroke of strokes) {
    stroke.points.forEach((point, index) => {
      points += 1
      minX = Math.min(minX, point.x)
      maxX = Math.max(maxX, point.x)
      minY = Math.min(minY, point.y)
      maxY = Math.max(maxY, point.y)
      const previous = stroke.points[index - 1]
      if (previous !== undefined) length += Math.hypot(point.x - previous.x, point.y - previous.y)
    })
  }
  return points === 0 ? { length: 0, width: 0, height: 0, points: 0 } : { length, width: maxX - minX, height: maxY - minY, points }
}

/** French message when the drawing is empty or trivial; null when it can stand as a signature. */
export function drawingProblem(strokes: readonly Stroke[]): string | null {
  const extent = drawingExtent(strokes)
  if (extent.points === 0) return 'Dessinez votre signature dans le cadre.'
  if (extent.points < MIN_POINTS || extent.length < MIN_INK_LENGTH || Math.max(extent.width, extent.height) < MIN_SPAN) {
    return 'Cette signature est trop courte : signez comme sur papier, ou tapez votre nom à la place.'
  }
  return null
}
