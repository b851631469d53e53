import jsQR from 'jsqr'
import { describe, expect, test } from 'vitest'
import * as Qr from './Qr.js'

const URI = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'3c'.repeat(32)}&expiryTimestamp=1700000300`

/** Draws a rendered code into RGBA pixels (`scale` px per module), as a camera would see it. */
function rasterize(code: Qr.Code, scale = 4) {
  const width = code.side * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const match of code.path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const mx = Number(match[1])
    const my = Number(match[2])
    for (let y = my * scale; y < (my + 1) * scale; y++)
      for (let x = mx * scale; x < (mx + 1) * scale; x++)
        pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3)
  }
  return { pixels, width }
}

describe('render', () => {
  test('a pairing URI decodes back to itself', () => {
    const code = Qr.render(URI)
    const { pixels, width } = rasterize(code)
    expect(jsQR(pixels, width, width)?.data).toBe(URI)
    expect(code.logo).toBeUndefined()
  })

  test('with the centre cleared for a logo, it still decodes', () => {
    const plain = Qr.render(URI)
    const code = Qr.render(URI, true)
    expect(code.logo).toBeDefined()
    const logo = code.logo as { x: number; size: number }
    expect(logo.size % 2).toBe(1)
    expect(logo.size / (code.side - 2 * Qr.QUIET_ZONE)).toBeLessThanOrEqual(Qr.LOGO_FRACTION)
    // Centred: as many modules left of the box as right of it.
    expect(logo.x * 2 + logo.size).toBe(code.side)
    expect(code.modules).toBeLessThan(plain.modules)
    const { pixels, width } = rasterize(code)
    expect(jsQR(pixels, width, width)?.data).toBe(URI)
  })

  test('a quiet zone around the code', () => {
    const code = Qr.render(URI)
    const coordinates = [...code.path.matchAll(/M(\d+) (\d+)/g)].flatMap((m) => [Number(m[1]), Number(m[2])])
    expect(Math.min(...coordinates)).toBe(Qr.QUIET_ZONE)
    expect(Math.max(...coordinates)).toBe(code.side - Qr.QUIET_ZONE - 1)
  })
})
