import type { VIEWS } from '@frontdoor/protocol/views'
import { Directory } from '@frontdoor/schemas'
import * as z from 'zod/mini'

/**
 * The schema of the data each view is opened with, declared once. A leaf: it imports no view, so the
 * router (which type-checks `push(view, data)` against it) and the views (which take their data's
 * type from it) do not import the route table of components (app/Routes.tsx), nor each other.
 */

/** The data of a view opened with none. */
const NONE = z.undefined()

/** ConnectingExternal for an injected wallet of the page, named by its EIP-6963 rdns. */
export const InjectedData = z.object({ rdns: z.string().check(z.minLength(1)), name: z.string() })
/** The data of ConnectingExternal for an injected wallet. */
export type InjectedData = z.output<typeof InjectedData>

/** ConnectingExternal for a social login, whose popup the Connect click opened. */
export const SocialData = z.object({ social: z.string().check(z.minLength(1)), name: z.string() })
/** The data of ConnectingExternal for a social login. */
export type SocialData = z.output<typeof SocialData>

/** ConnectingWalletConnect for a wallet picked in a list (absent: any wallet, the WalletConnect mark). */
export const WalletConnectData = z.optional(
  z.object({
    id: z.string().check(z.minLength(1)),
    name: z.string(),
    image_url: z.optional(z.string()),
    wallet: z.optional(Directory.Wallet),
  }),
)
/** The data of ConnectingWalletConnect. */
export type WalletConnectData = z.output<typeof WalletConnectData>

/** EmailLogin: the address the Connect view took. */
export const EmailData = z.object({ email: z.string().check(z.minLength(1)) })
/** The data of EmailLogin. */
export type EmailData = z.output<typeof EmailData>

/** ApproveTransaction: the RPC method the embedded wallet asks the user to approve. */
const ApproveData = z.object({ method: z.string() })

/** CallsStatus: the EIP-5792 batch id whose status the embedded wallet shows (wallet_showCallsStatus). */
const CallsData = z.object({ id: z.string() })

/** RegisterAccountNameSuccess: the name just registered. */
const NameData = z.object({ name: z.string().check(z.minLength(1)) })

/** Buy: what to preset, e.g. `{ amount: '50', asset: 'ETH' }` (the amount in the payment currency). */
const BuyData = z.optional(
  z.object({
    amount: z.optional(z.string()),
    asset: z.optional(z.string()),
    currency: z.optional(z.enum(['USD', 'EUR'])),
  }),
)
/** The data of Buy. */
export type BuyData = z.output<typeof BuyData>

/** ConnectingFarcaster: the provider picked (always farcaster today). */
const FarcasterData = z.optional(z.object({ social: z.string() }))

/** Every view of the modal (spec section 2) with the schema of its data. */
export const SCHEMAS = {
  Connect: NONE,
  AllWallets: NONE,
  ConnectingExternal: z.union([InjectedData, SocialData]),
  ConnectingWalletConnect: WalletConnectData,
  ConnectingWalletConnectBasic: NONE,
  ConnectingFarcaster: FarcasterData,
  EmailLogin: EmailData,
  EmailVerifyOtp: NONE,
  Account: NONE,
  ProfileWallets: NONE,
  UpdateEmailWallet: NONE,
  SIWXSignMessage: NONE,
  ApproveTransaction: ApproveData,
  Swap: NONE,
  SwitchNetwork: NONE,
  SwitchActiveChain: NONE,
  UnsupportedChain: NONE,
  RegisterAccountName: NONE,
  RegisterAccountNameSuccess: NameData,
  Send: NONE,
  Receive: NONE,
  Pay: NONE,
  Buy: BuyData,
  CallsStatus: CallsData,
} satisfies { [V in (typeof VIEWS)[number]]: z.ZodMiniType }

/** A view's name. */
type View = keyof typeof SCHEMAS

/** The data `view` takes when it is pushed (before its schema's defaults and transforms). */
export type Input<V extends View> = z.input<(typeof SCHEMAS)[V]>

/** The data `view` renders with, once its schema parsed it. */
export type Data<V extends View> = z.output<(typeof SCHEMAS)[V]>
