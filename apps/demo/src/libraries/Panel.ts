// The page the viem and ethers examples share: status, account, network and one output per action,
// each with a test id. The library code lives in each page's main.ts; this only draws and wires buttons.
import * as Devnets from './Devnets.js'

/** What the buttons do (each page calls its library). */
export type Actions = {
  connect: () => Promise<string>
  signMessage: (message: string) => Promise<string>
  sendTransaction: (to: string) => Promise<string>
  switchChain: (chainId: number) => Promise<string>
  disconnect: () => Promise<string>
}

/** The connection as the page last read it through its library. */
export type Connection = { status: string; address: string | undefined; chainId: number | undefined }

const OUTPUTS = {
  connect: 'connect-result',
  signMessage: 'signature',
  sendTransaction: 'tx-hash',
  switchChain: 'switch-result',
  disconnect: 'disconnect-result',
} as const

/**
 * Draws the page into `root` and wires its buttons to `actions`: an action's output shows `pending`
 * while its promise runs, then the result or `error <code>: <message>`.
 */
export function mount(root: HTMLElement, title: string, actions: Actions) {
  root.innerHTML = `
    <div class="app">
      <header class="topbar">
        <span class="brand"><span class="logo" aria-hidden="true"></span> ${title}</span>
        <span class="row">
          <button type="button" class="button" data-action="connect">Connect</button>
          <button type="button" class="button secondary" data-action="disconnect">Disconnect</button>
        </span>
      </header>
      <main class="grid">
        <section class="card" aria-labelledby="connection-title">
          <h2 id="connection-title">Connection</h2>
          <dl>
            <dt>Status</dt><dd data-testid="status">disconnected</dd>
            <dt>Account</dt><dd data-testid="account">—</dd>
            <dt>Network</dt><dd data-testid="network">—</dd>
            <dt>Connect</dt><dd data-testid="connect-result">idle</dd>
          </dl>
          <div class="row">
            ${Devnets.CHAINS.map((c) => `<button type="button" class="button secondary" data-action="switchChain" data-chain="${c.id}">Switch to ${c.id}</button>`).join('')}
          </div>
          <p>Switch: <output data-testid="switch-result">idle</output></p>
        </section>
        <section class="card" aria-labelledby="actions-title">
          <h2 id="actions-title">Actions</h2>
          <label class="balance">Message <input data-testid="message" value="Hello from ${title}" /></label>
          <div class="row"><button type="button" class="button secondary" data-action="signMessage">Sign message</button></div>
          <p>Signature: <output data-testid="signature">idle</output></p>
          <label class="balance">Send 0.001 ETH to <input data-testid="to" value="${Devnets.DEFAULT_RECEIVER}" /></label>
          <div class="row"><button type="button" class="button secondary" data-action="sendTransaction">Send transaction</button></div>
          <p>Transaction: <output data-testid="tx-hash">idle</output></p>
          <p>Disconnect: <output data-testid="disconnect-result">idle</output></p>
        </section>
      </main>
    </div>`
  const byTestId = (id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`)!
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
        output.textContent = `error ${Devnets.describeError(error)}`
      },
    )
  })

  return {
    /** Shows the connection as read through the library. */
    show(connection: Connection) {
      const chain = Devnets.chainOf(connection.chainId)
      byTestId('status').textContent = connection.status
      byTestId('account').textContent = connection.address ?? '—'
      byTestId('network').textContent = chain
        ? `${chain.name} (${chain.id})`
        : String(connection.chainId ?? '—')
    },
  }
}
