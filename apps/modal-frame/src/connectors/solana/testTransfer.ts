/**
 * Solana wire transactions for the connectors' tests, built byte by byte (a legacy System transfer),
 * so the tests do not share the parser's code.
 */

const SYSTEM_PROGRAM = new Uint8Array(32)

/** A legacy wire transaction: `from` pays and sends `lamports` to `to`; its one signature slot empty. */
export function transfer(from: Uint8Array, to: Uint8Array, lamports = 1000n) {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  const message = Uint8Array.from([
    ...[1, 0, 1], // one signer, no read-only signer, one read-only unsigned account (the program)
    3,
    ...from,
    ...to,
    ...SYSTEM_PROGRAM,
    ...new Uint8Array(32).fill(7), // the recent blockhash
    1,
    ...[2, 2, 0, 1, data.length],
    ...data,
  ])
  return { message, wire: Uint8Array.from([1, ...new Uint8Array(64), ...message]) }
}
