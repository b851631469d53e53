/** Two colors from an address, for the generated avatar of an account without a profile image. */
function colors(address: string): [string, string] {
  const hex = address.replace(/^0x/i, '').padEnd(12, '0')
  const hue = (offset: number) => Number.parseInt(hex.slice(offset, offset + 3), 16) % 360
  return [`hsl(${hue(0)} 75% 60%)`, `hsl(${hue(6)} 75% 45%)`]
}

/** An account's avatar: its profile image, or a gradient made from its address. Decorative. */
export function Avatar({
  address,
  src,
  size = 64,
}: {
  address: string
  src?: string | undefined
  size?: number
}) {
  const [from, to] = colors(address)
  return (
    <span
      className="fd-avatar"
      aria-hidden="true"
      style={{ width: size, height: size, background: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {src ? <img src={src} alt="" width={size} height={size} /> : null}
    </span>
  )
}

/** A token's or network's icon: its image, or its first letters. Decorative. */
export function Icon({ src, label, size = 36 }: { src?: string | undefined; label: string; size?: number }) {
  return (
    <span className="fd-token-icon" aria-hidden="true" style={{ width: size, height: size }}>
      {src ? <img src={src} alt="" width={size} height={size} /> : label.slice(0, 2).toUpperCase()}
    </span>
  )
}
