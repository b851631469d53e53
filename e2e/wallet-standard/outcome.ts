// What the Solana dApps of the e2e pages (wallet-standard/dapp.ts, solana-script-tag/dapp.ts) answer
// across page.evaluate: bundled into each dApp, and the specs read its type.

/** A dApp call's answer: the wallet's result, or its error's code and message. */
export type Outcome<T> = { result: T } | { code: number | undefined; message: string }

/** Runs `run`: its result, or what its error says (an Error does not cross page.evaluate whole). */
export async function outcome<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { result: await run() }
  } catch (error) {
    const e = error as { code?: number; message: string }
    return { code: e.code, message: e.message }
  }
}

/** Bytes in base64, as the dApps hand keys and signatures to the specs. */
export const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
