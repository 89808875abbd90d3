// The drawn signature's strokes: kept in the pad's CSS pixels, scaled when the pad changes size
// (rotation, resized window), and trimmed to what the gateway accepts.
import type { DrawnSignature, StrokePoint } from '../api/signing-api'

/** What signature_pad's toData() gives for each stroke (its drawing options besides). */
export interface PointGroupLike {
  points: ReadonlyArray<StrokePoint & { pressure?: number }>
}

/** The gateway's limits (shared/src/api/signing-schemas.ts). */
export const STROKE_LIMITS = { strokes: 100, pointsPerStroke: 2000 } as const

/** The same strokes in a pad `sx` times wider and `sy` times taller; other fields kept. */
export function scaleGroups<T extends PointGroupLike>(groups: readonly T[], sx: number, sy: number): T[] {
  return groups.map((group) => ({ ...group, points: group.points.map((point) => ({ ...point, x: point.x * sx, y: point.y * sy })) }))
}

/** Every `step`-th point of a long stroke, always ending with its last point. */
function thin(points: readonly StrokePoint[], max: number): readonly StrokePoint[] {
  if (points.length <= max) return points
  const step = (points.length - 1) / (max - 1)
  return Array.from({ length: max }, (_, index) => points[Math.round(index * step)] as StrokePoint)
}

const round = (value: number) => Math.round(value * 10) / 10
const within = (value: number, max: number) => Math.min(Math.max(value, 0), max)

/**
 * The signature to send: points rounded to 0.1 px and kept inside the pad (a stroke begun on the
 * phone's frame may start under the sheet's title), within the gateway's limits.
 */
export function drawnSignature(groups: readonly PointGroupLike[], padWidth: number, padHeight: number): DrawnSignature {
  return {
    method: 'drawn',
    strokes: groups
      .filter((group) => group.points.length > 0)
      .slice(0, STROKE_LIMITS.strokes)
      .map((group) => ({
        points: thin(group.points, STROKE_LIMITS.pointsPerStroke).map((point) => ({
          x: round(within(point.x, padWidth)),
          y: round(within(point.y, padHeight)),
          time: Math.round(point.time)
        }))
      })),
    padWidth: Math.round(padWidth),
    padHeight: Math.round(padHeight)
  }
}

/** A stroke that stays within a few pixels: a tap (the one that opened the phone's sheet), not ink. */
export function isTap(points: readonly StrokePoint[]): boolean {
  const xs = points.map((point) => point.x)
  const ys = points.map((point) => point.y)
  return Math.max(...xs) - Math.min(...xs) < 4 && Math.max(...ys) - Math.min(...ys) < 4
}

interface Box {
  left: number
  top: number
  width: number
  height: number
}

/**
 * A point on the form's signature frame carried to the same place of the sheet's pad: a finger
 * put on the frame goes on drawing in the sheet that opens over it, where the pad sits elsewhere
 * (the frame is low on the screen, the pad fills the top), so its moves are carried there too.
 */
export function carryPoint(x: number, y: number, from: Box, to: Box): { x: number; y: number } {
  const along = (value: number, start: number, length: number, target: number, targetLength: number) =>
    length > 0 ? target + ((value - start) / length) * targetLength : target + targetLength / 2
  return { x: along(x, from.left, from.width, to.left, to.width), y: along(y, from.top, from.height, to.top, to.height) }
}
