/**
 * The keys of the local devnets, which everyone knows: Hardhat's standard mnemonic funds them. The
 * devnets use them; the API refuses to let them own anything outside development.
 */

/** Hardhat's standard mnemonic (public knowledge: never hold value with it). */
export const PUBLIC_DEV_MNEMONIC = 'test test test test test test test test test test test junk'

/** How many accounts of {@link PUBLIC_DEV_MNEMONIC} the devnets fund (m/44'/60'/0'/0/0-19). */
export const PUBLIC_DEV_ACCOUNT_COUNT = 20
