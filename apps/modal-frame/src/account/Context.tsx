import { QueryClientProvider } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { useController } from '../controller/context.js'
import { useStore } from '../store/useStore.js'
import * as Queries from './Queries.js'

const QueriesContext = createContext<Queries.Queries | null>(null)

/**
 * Gives the account views their queries and TanStack Query's client. Every lazy account view renders
 * inside one, all sharing the frame's cache unless `queries` is given (tests).
 */
export function AccountRoot({ children, queries }: { children: ReactNode; queries?: Queries.Queries }) {
  const controller = useController()
  const value = queries ?? Queries.frame(controller.storage)
  return (
    <QueriesContext value={value}>
      <QueryClientProvider client={value.client}>{children}</QueryClientProvider>
    </QueriesContext>
  )
}

/** The account views' queries. */
export function useQueries(): Queries.Queries {
  const queries = useContext(QueriesContext)
  if (!queries) throw new Error('useQueries outside <AccountRoot>')
  return queries
}

/**
 * The connected account's scope (API, project, address, chain, and the wallet itself when it is the
 * embedded one), or undefined while not connected.
 */
export function useScope(): Queries.Scope | undefined {
  const controller = useController()
  const { address, chainId } = useStore(controller.state)
  const { connectorId } = useStore(controller.connection)
  const { apiUrl, projectId } = controller.env
  // The embedded wallet discovers its own assets (wallet_getAssets): the Tokens tab asks it first.
  const embedded = connectorId !== undefined && controller.connection.current()?.kind === 'embedded'
  const request = controller.connection.request
  return useMemo(
    () =>
      address && chainId && projectId
        ? {
            context: { apiUrl, projectId },
            address,
            chainId,
            wallet: embedded
              ? { request: (method: string, params: unknown) => request(method, params) }
              : undefined,
          }
        : undefined,
    [apiUrl, projectId, address, chainId, embedded, request],
  )
}
