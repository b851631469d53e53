/**
 * Frontdoor's release: the host SDK's version (`@frontdoor/host-sdk`'s package.json, which npm
 * publishes and `/sdk/<version>/sdk.js` is named after; version.test.ts fails when the two disagree).
 * Every part reports it as `sv`: the host SDK in its handshake, the modal before the handshake, the
 * auth frame, and both frame servers. `npm run release:version` raises both together.
 */
export const SDK_VERSION = '0.1.0'
