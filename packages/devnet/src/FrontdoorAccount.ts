/**
 * The viem smart account of the devnet's `FrontdoorAccountFactory` (contracts/FrontdoorAccount.sol):
 * one copy, in @frontdoor/smart-account (the API's embedded wallet uses it too). Pass
 * `contracts: Deployment.forChain(id).accountAbstraction`, or leave it out for the devnets' addresses.
 */
export {
  addressOf,
  DOMAIN,
  encodeCalls,
  MESSAGE_TYPES,
  type Options,
  replaySafeTypedData,
  toFrontdoorAccount,
  USER_OPERATION_TYPEHASH,
  userOperationTypedData,
} from '@frontdoor/smart-account'
