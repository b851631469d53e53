import { createHash } from 'node:crypto'

/** The size of generated icons, in CSS pixels. */
export const ICON_SIZE_PX = 96

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** Up to two initials of a label: `Aurora Vault` -> `AV`, `usdc` -> `US`. */
export function initials(label: string): string {
  const words = label.split(/[\s_.-]+/).filter(Boolean)
  const letters = words.length >= 2 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? '?').slice(0, 2)
  return letters.toUpperCase()
}

/**
 * A deterministic SVG: a gradient (two hues from a hash of `seed`) behind the initials of `label`.
 * `shape: 'circle'` for currencies and tokens, a rounded square for wallets and assets.
 */
export function svg(options: { seed: string; label: string; shape?: 'square' | 'circle' }): string {
  const hash = createHash('sha256').update(options.seed).digest()
  const hueA = ((hash[0]! << 8) | hash[1]!) % 360
  const hueB = (hueA + 40 + (hash[2]! % 100)) % 360
  const angle = hash[3]! % 2 === 0 ? 'x2="1" y2="1"' : 'x2="0" y2="1"'
  const size = ICON_SIZE_PX
  const frame =
    options.shape === 'circle'
      ? `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="url(#g)"/>`
      : `<rect width="${size}" height="${size}" rx="${size / 4}" fill="url(#g)"/>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" ${angle}>`,
    `<stop offset="0" stop-color="hsl(${hueA} 70% 55%)"/><stop offset="1" stop-color="hsl(${hueB} 70% 40%)"/>`,
    '</linearGradient></defs>',
    frame,
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size * 0.38}" font-weight="700" fill="#fff">${escapeXml(initials(options.label))}</text>`,
    '</svg>',
  ].join('')
}

/** A strong ETag of a body. */
export function etag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`
}
