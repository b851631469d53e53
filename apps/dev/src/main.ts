// The API as `npm start` runs it: `node --import tsx apps/dev/src/main.ts`. The production API
// (apps/api/src/main.ts) with the development stand-ins: the devnets' token registry and AMM prices,
// the dev account's name and the dev OIDC provider (see StandIns.ts).
import * as Server from '@frontdoor/api/Server'
import * as StandIns from './StandIns.js'

await Server.run({
  env: process.env,
  label: 'api (with the development stand-ins)',
  ...StandIns.all(process.env),
})
