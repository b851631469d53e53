import type * as Transaction from '@frontdoor/schemas/entities/transaction'
import type * as TransactionsView from '@frontdoor/schemas/presentation/transactions'
import * as Usd from '../../account/Usd.js'
import { Icon } from '../../ui/Avatar.js'
import * as Activity from './Activity.js'

/**
 * The Activity tab: transactions grouped by year, then month, newest first; amounts with 3 decimals and
 * the sign of their operation type; pending and failed ones marked.
 */
export function ActivityTab({
  groups,
  status,
  apiUrl,
  hasMore,
  loadingMore,
  onMore,
}: {
  groups: TransactionsView.YearGroup[]
  status: 'pending' | 'error' | 'success'
  apiUrl: string
  hasMore: boolean
  loadingMore: boolean
  onMore: () => void
}) {
  if (status === 'pending' && groups.length === 0)
    return <div className="fd-spinner" role="status" aria-label="Loading activity" />
  if (groups.length === 0) return <p className="fd-empty">No activity yet.</p>
  return (
    <div className="fd-activity">
      {groups.map((year) => (
        <section key={year.year} aria-label={String(year.year)}>
          <h2 className="fd-group-year">{year.year}</h2>
          {year.months.map((month) => (
            <section key={month.month} aria-label={`${Activity.monthName(month.month)} ${year.year}`}>
              <h3 className="fd-group-month">{Activity.monthName(month.month)}</h3>
              <ul className="fd-rows">
                {month.transactions.map((tx) => (
                  <Row key={tx.id} transaction={tx} apiUrl={apiUrl} />
                ))}
              </ul>
            </section>
          ))}
        </section>
      ))}
      {hasMore ? (
        <button
          type="button"
          className="fd-button"
          data-variant="secondary"
          disabled={loadingMore}
          aria-busy={loadingMore}
          onClick={onMore}
        >
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  )
}

function Row({ transaction, apiUrl }: { transaction: Transaction.Transaction; apiUrl: string }) {
  const parts = Activity.parts(transaction)
  const status = transaction.metadata.status
  const first = parts[0]
  return (
    <li className="fd-row" data-status={status}>
      <Icon
        src={Usd.imageUrl(apiUrl, first?.iconUrl)}
        label={first?.text.replace(/^[-+\d.,\s]+/, '') || '?'}
      />
      <span className="fd-row-main">
        <span className="fd-row-title">
          {Activity.title(transaction)}
          {status !== 'confirmed' ? (
            <span className="fd-status">{status === 'pending' ? 'Pending' : 'Failed'}</span>
          ) : null}
        </span>
        <span className="fd-row-sub">{parts.map((p) => p.text).join(Activity.separator(transaction))}</span>
      </span>
      <span className="fd-row-end fd-muted">{Activity.day(transaction)}</span>
    </li>
  )
}
