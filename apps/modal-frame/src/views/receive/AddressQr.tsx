import { useMemo } from 'react'
import { encode } from 'uqr'

/** Light modules around the code, in modules. */
const QUIET_ZONE = 2

/** The dark modules of a QR code of `text` as one SVG path, and the side in modules (quiet zone included). */
export function path(text: string): { side: number; d: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 0 })
  let d = ''
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) if (data[y]?.[x]) d += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`
  return { side: size + 2 * QUIET_ZONE, d }
}

/** A QR code of an address as an SVG image with an accessible name, dark on light in both themes. */
export function AddressQr({ value, label }: { value: string; label: string }) {
  const code = useMemo(() => path(value), [value])
  return (
    <svg
      className="fd-receive-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${code.side} ${code.side}`}
      shapeRendering="crispEdges"
    >
      <rect width={code.side} height={code.side} fill="#fff" />
      <path d={code.d} fill="#000" />
    </svg>
  )
}
