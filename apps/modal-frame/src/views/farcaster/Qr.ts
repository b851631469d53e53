import { encode } from 'uqr'

/**
 * A QR code as one SVG path: each dark module a 1 x 1 square, so the whole code draws in a single
 * element at any size.
 */
export function path(text: string): { size: number; d: string } {
  const qr = encode(text, { ecc: 'M', border: 2 })
  let d = ''
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return { size: qr.size, d }
}
