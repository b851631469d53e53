import jsQR from 'jsqr'
import { describe, expect, test } from 'vitest'
import * as AddressQr from './AddressQr.js'

/** Draws the code's path into RGBA pixels (`scale` px per module), as a camera would see it. */
function rasterize(code: { side: number; d: string }, scale = 4) {
  const width = code.side * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const match of code.d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const mx = Number(match[1])
    const my = Number(match[2])
    for (let y = my * scale; y < (my + 1) * scale; y++)
      for (let x = mx * scale; x < (mx + 1) * scale; x++)
        pixels.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3)
  }
  return { pixels, width }
}

describe('path', () => {
  test('an address decodes back to itself', () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const { pixels, width } = rasterize(AddressQr.path(address))
    expect(jsQR(pixels, width, width)?.data).toBe(address)
  })
})
