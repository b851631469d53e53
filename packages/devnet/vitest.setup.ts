import * as Compile from './src/Compile.js'
import * as Deployment from './src/Deployment.js'

/**
 * Compiles our contracts and the ERC-4337 ones once, before the test files start (in parallel, each
 * seeding a devnet): on a fresh clone they would otherwise each run solc on a cold `.cache/`.
 */
export default function setup(): void {
  Compile.contracts()
  Compile.packaged(Deployment.ACCOUNT_ABSTRACTION_SOURCES)
}
