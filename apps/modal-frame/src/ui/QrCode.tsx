import { useMemo } from 'react'
import * as Qr from './Qr.js'

/** The WalletConnect mark, drawn in a 40 x 40 box. */
const WALLETCONNECT_MARK =
  'M12.5 16.2c4.1-4 10.9-4 15 0l.5.5c.2.2.2.5 0 .7l-1.7 1.7c-.1.1-.3.1-.4 0l-.7-.7c-2.9-2.8-7.5-2.8-10.4 0l-.7.7c-.1.1-.3.1-.4 0L12 17.4c-.2-.2-.2-.5 0-.7zm18.5 3.5 1.5 1.5c.2.2.2.5 0 .7l-6.8 6.7c-.2.2-.5.2-.7 0l-4.8-4.7c0-.1-.1-.1-.2 0l-4.8 4.7c-.2.2-.5.2-.7 0L7.6 21.9c-.2-.2-.2-.5 0-.7l1.5-1.5c.2-.2.5-.2.7 0l4.8 4.7c.1.1.1.1.2 0l4.8-4.7c.2-.2.5-.2.7 0l4.8 4.7c.1.1.1.1.2 0l4.8-4.7c.2-.2.5-.2.7 0z'

/** What sits in the middle of the code: nothing, the WalletConnect mark, or a wallet's image. */
export type Logo =
  | { kind: 'none' }
  | { kind: 'walletconnect' }
  | { kind: 'wallet'; image: string | undefined; name: string }

/**
 * A QR code as an SVG image with an accessible name. Always dark on light, whatever the theme, so
 * cameras read it.
 */
export function QrCode(props: { value: string; label: string; logo: Logo }) {
  const withLogo = props.logo.kind !== 'none'
  const code = useMemo(() => Qr.render(props.value, withLogo), [props.value, withLogo])
  const box = code.logo
  return (
    <svg
      className="fd-qr-svg"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${code.side} ${code.side}`}
      shapeRendering="crispEdges"
    >
      <rect width={code.side} height={code.side} fill="#fff" />
      <path d={code.path} fill="#000" />
      {box && props.logo.kind === 'walletconnect' ? (
        <g transform={`translate(${box.x} ${box.x}) scale(${box.size / 40})`} shapeRendering="auto">
          <rect width="40" height="40" rx="10" fill="#3396ff" />
          <path d={WALLETCONNECT_MARK} fill="#fff" />
        </g>
      ) : null}
      {box && props.logo.kind === 'wallet' ? (
        props.logo.image ? (
          <image href={props.logo.image} x={box.x} y={box.x} width={box.size} height={box.size} />
        ) : (
          <text
            x={box.x + box.size / 2}
            y={box.x + box.size / 2}
            dy=".35em"
            textAnchor="middle"
            fontSize={box.size * 0.7}
            fontWeight="700"
            fill="#000"
          >
            {props.logo.name[0]}
          </text>
        )
      ) : null}
    </svg>
  )
}
