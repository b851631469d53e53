import { encode } from 'uqr'

/**
 * A QR code as one SVG path: each dark module a 1x1 square, in module units, with a quiet zone.
 * Error correction Q (25%), so a logo over the centre (at most {@link LOGO_FRACTION} of the width)
 * leaves the code readable.
 */

/** Quiet zone on each side, in modules (the standard asks for 4; 2 is enough inside a white card). */
export const QUIET_ZONE = 2

/** The largest part of the width a centred logo may take. */
export const LOGO_FRACTION = 0.22

/** A rendered code: the side in modules (quiet zone included), the dark modules as a path, the logo box. */
export type Code = {
  side: number
  path: string
  logo: { x: number; size: number } | undefined
  modules: number
}

/**
 * Encodes `text`; with `withLogo`, the modules under a centred square are left light for the logo.
 *
 * @example
 * const { side, path } = Qr.render('wc:…')
 * // <svg viewBox={`0 0 ${side} ${side}`}><path d={path} /></svg>
 */
export function render(text: string, withLogo = false): Code {
  const { data, size } = encode(text, { ecc: 'Q', border: 0 })
  const side = size + 2 * QUIET_ZONE
  let logo: Code['logo']
  if (withLogo) {
    // An odd number of modules keeps the box centred on the grid.
    let logoSize = Math.floor(size * LOGO_FRACTION)
    if (logoSize % 2 === 0) logoSize -= 1
    logo = { x: QUIET_ZONE + (size - logoSize) / 2, size: logoSize }
  }
  const parts: string[] = []
  let modules = 0
  for (let y = 0; y < size; y++) {
    const row = data[y] ?? []
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue
      const px = x + QUIET_ZONE
      const py = y + QUIET_ZONE
      if (logo && px >= logo.x && px < logo.x + logo.size && py >= logo.x && py < logo.x + logo.size) continue
      parts.push(`M${px} ${py}h1v1h-1z`)
      modules++
    }
  }
  return { side, path: parts.join(''), logo, modules }
}
