import * as SupportedChains from '@frontdoor/schemas/api/supported-chains'
import { useEffect, useState } from 'react'
import * as Api from '../api/Api.js'

/**
 * Which chains this server serves: those its RPC proxy has an upstream (node) of, as
 * `GET /v1/supported-chains` lists them. The registry names more networks than that (the embedded
 * wallet's ~24 EVM chains, Solana's clusters); on one without an upstream nothing can be read or sent,
 * so the views say 'X is not available on this server' rather than show empty balances or spin.
 * Read once per frame load (a failed reading is tried again next time); loaded with the account
 * views, never on the first open.
 */

const readings = new Map<string, Promise<ReadonlySet<string>>>()
/** What each API answered, once it did: a view mounted later knows at once. */
const answered = new Map<string, ReadonlySet<string>>()
/** Everything served: what the views assume when the list cannot be read (they behave as before). */
const UNKNOWN = { has: () => true } as const

/** The CAIP-2 chains the API at `apiUrl` serves, read once per frame load. */
export function chains(apiUrl: string): Promise<ReadonlySet<string>> {
  let reading = readings.get(apiUrl)
  if (!reading) {
    // One attempt: while it is out the account views wait, and without an answer they go on as before.
    reading = Api.get(
      apiUrl + SupportedChains.SUPPORTED_CHAINS_PATH,
      SupportedChains.SupportedChainsResponse,
      0,
    ).then(
      (body) => {
        const served = new Set(body.http)
        answered.set(apiUrl, served)
        return served
      },
      (error: unknown) => {
        readings.delete(apiUrl)
        throw error
      },
    )
    readings.set(apiUrl, reading)
  }
  return reading
}

/**
 * The chains the API serves: undefined while the list is first read; everything when it cannot be
 * read (the views then behave as for served chains).
 */
export function useChains(apiUrl: string): Pick<ReadonlySet<string>, 'has'> | undefined {
  const [served, setServed] = useState<Pick<ReadonlySet<string>, 'has'> | undefined>(() =>
    answered.get(apiUrl),
  )
  useEffect(() => {
    if (served) return
    let live = true
    chains(apiUrl).then(
      (set) => live && setServed(set),
      () => live && setServed(UNKNOWN),
    )
    return () => {
      live = false
    }
  }, [apiUrl, served])
  return served
}

/** Whether the API serves `chainId` (CAIP-2): undefined while the list is first read, then true or false. */
export function useServed(apiUrl: string, chainId: string): boolean | undefined {
  return useChains(apiUrl)?.has(chainId)
}
