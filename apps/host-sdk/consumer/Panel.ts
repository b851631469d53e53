// The page of every consumer project (scripts/package-check.ts copies it beside each package's page): status,
// account, network and one output per action, each with a test id, as the demo's library pages have them
// (e2e/libraries/flow.ts drives both). It only draws and wires buttons; each page's index calls its package.

/** What the buttons do (each page calls its package). */
export type Actions = {
  connect: () => Promise<string>
  signMessage: (message: string) => Promise<string>
  sendTransaction: (to: string) => Promise<string>
  switchChain: (chainId: number) => Promise<string>
  disconnect: () => Promise<string>
}

/** The connection as the page last read it through its package. */
export type Connection = { status: string; address: string | undefined; chainId: number | undefined }

/** The dev stack's devnets (the page names them itself: `networks: [31337, 31338]` are ids only). */
export const CHAIN_IDS = [31337, 31338] as const

/** Where the page sends 0.001 ETH by default (dev account 1; the end-to-end test fills in its own). */
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** 0.001 ETH in wei, as the hex quantity of `eth_sendTransaction`. */
export const VALUE = '0x38d7ea4c68000'

const OUTPUTS = {
  connect: 'connect-result',
  signMessage: 'signature',
  sendTransaction: 'tx-hash',
  switchChain: 'switch-result',
  disconnect: 'disconnect-result',
} as const

/** An error as the page shows it: `code: message` for EIP-1193 errors, else the message's first line. */
function describe(error: unknown): string {
  const e = error as { code?: unknown; shortMessage?: string; message?: string }
  const text = (e.shortMessage ?? e.message ?? String(error)).split('\n')[0]
  return typeof e.code === 'number' || typeof e.code === 'string' ? `${e.code}: ${text}` : String(text)
}

/**
 * Draws the page into `root` and wires its buttons to `actions`: an action's output shows `pending` while
 * its promise runs, then the result or `error <code>: <message>`.
 */
export function mount(root: HTMLElement, title: string, actions: Actions) {
  root.innerHTML = `
    <h1>${title}</h1>
    <p><button type="button" data-action="connect">Connect</button>
      <button type="button" data-action="disconnect">Disconnect</button></p>
    <dl>
      <dt>Status</dt><dd data-testid="status">disconnected</dd>
      <dt>Account</dt><dd data-testid="account">—</dd>
      <dt>Network</dt><dd data-testid="network">—</dd>
      <dt>Connect</dt><dd data-testid="connect-result">idle</dd>
    </dl>
    <p>${CHAIN_IDS.map((id) => `<button type="button" data-action="switchChain" data-chain="${id}">Switch to ${id}</button>`).join(' ')}
      <output data-testid="switch-result">idle</output></p>
    <p><label>Message <input data-testid="message" value="Hello from ${title}" /></label>
      <button type="button" data-action="signMessage">Sign message</button>
      <output data-testid="signature">idle</output></p>
    <p><label>Send 0.001 ETH to <input data-testid="to" value="${RECEIVER}" /></label>
      <button type="button" data-action="sendTransaction">Send transaction</button>
      <output data-testid="tx-hash">idle</output></p>
    <p>Disconnect: <output data-testid="disconnect-result">idle</output></p>`
  const byTestId = (id: string) => root.querySelector(`[data-testid="${id}"]`) as HTMLElement
  const input = (id: string) => (byTestId(id) as HTMLInputElement).value

  root.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('button[data-action]')
    if (!button) return
    const action = button.dataset.action as keyof Actions
    const output = byTestId(OUTPUTS[action])
    const run = {
      connect: () => actions.connect(),
      signMessage: () => actions.signMessage(input('message')),
      sendTransaction: () => actions.sendTransaction(input('to')),
      switchChain: () => actions.switchChain(Number(button.dataset.chain)),
      disconnect: () => actions.disconnect(),
    }[action]
    output.textContent = 'pending'
    run().then(
      (result) => {
        output.textContent = result
      },
      (error: unknown) => {
        output.textContent = `error ${describe(error)}`
      },
    )
  })

  return {
    /** Shows the connection as read through the package. */
    show(connection: Connection) {
      const known = CHAIN_IDS.find((id) => id === connection.chainId)
      byTestId('status').textContent = connection.status
      byTestId('account').textContent = connection.address ?? '—'
      byTestId('network').textContent = known
        ? `Devnet ${known} (${known})`
        : String(connection.chainId ?? '—')
    },
  }
}

/** `message` as the hex of its UTF-8 bytes (`personal_sign`'s first parameter). */
export function utf8Hex(message: string): string {
  return `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`
}
