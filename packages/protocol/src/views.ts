/**
 * The modal's views, named as spec section 2 and ARCHITECTURE.md section 5, plus Send, Receive, Buy and Pay,
 * and CallsStatus (EIP-5792's wallet_showCallsStatus of the embedded wallet).
 * A plain list with no zod, so the host SDK can check a view name without shipping a validator.
 */
export const VIEWS = [
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingFarcaster',
  'EmailLogin',
  'EmailVerifyOtp',
  'Account',
  'ProfileWallets',
  'UpdateEmailWallet',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Swap',
  'SwitchNetwork',
  'SwitchActiveChain',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'Send',
  'Receive',
  'Buy',
  'Pay',
  'CallsStatus',
] as const
