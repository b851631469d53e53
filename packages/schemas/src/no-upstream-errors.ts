/**
 * The messages of a network the registry lists but this server has no node (RPC upstream) of: nothing
 * can be read or sent there, so the API refuses it and the views say so. A module of its own (see
 * errors.ts), re-exported by it.
 */

/** What the API and the views say of such a network. */
export const NOT_AVAILABLE_ON_THIS_SERVER = 'Not available on this server'

/** The API's message for a chain it has no upstream of. */
export function noUpstream(chainId: string): string {
  return `${NOT_AVAILABLE_ON_THIS_SERVER}: no upstream for ${chainId}`
}

/** What a view says of a network this server has no upstream of. */
export function networkNotAvailable(name: string): string {
  return `${name} is not available on this server`
}
