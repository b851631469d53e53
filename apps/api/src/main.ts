// The production API process: `node --import tsx apps/api/src/main.ts`. Reads its settings from the
// environment and starts with no development stand-in (no devnet registry, dev names or dev OIDC
// provider; `npm start` runs apps/dev/src/main.ts, which adds them).
import * as Server from './Server.js'

await Server.run({ env: process.env, label: 'api' })
