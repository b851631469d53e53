/** Formats a wei amount (hex or bigint) as ether with up to 4 decimals. */
export function ether(value: string | bigint): string {
  const wei = typeof value === 'bigint' ? value : BigInt(value)
  const whole = wei / 10n ** 18n
  const fraction = ((wei % 10n ** 18n) * 10_000n) / 10n ** 18n
  return fraction === 0n ? `${whole}` : `${whole}.${fraction.toString().padStart(4, '0').replace(/0+$/, '')}`
}

/** 0x1234…abcdef */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-6)}`
}
