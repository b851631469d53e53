import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

/** One tab: its name (the accessible name, a contract), an optional badge and its panel. */
export type Tab = {
  id: string
  label: string
  badge?: { text: string; description: string }
  panel: () => ReactNode
}

/**
 * Tabs with the ARIA tabs pattern: a tablist whose tabs move with the arrow keys (Home and End too),
 * automatic activation, one tab stop, and the selected panel labelled by its tab.
 */
export function Tabs({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: Tab[]
  selected: string
  onSelect: (id: string) => void
  label: string
}) {
  const base = useId()
  const list = useRef<HTMLDivElement>(null)
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current?.id)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1
    const tab = tabs[next]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.id)
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus()
  }

  return (
    <div className="fd-tabs">
      <div ref={list} className="fd-tablist" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.id === current?.id
          return (
            <button
              key={tab.id}
              id={`${base}-tab-${tab.id}`}
              type="button"
              role="tab"
              className="fd-tab"
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              {...(tab.badge ? { 'aria-describedby': `${base}-badge-${tab.id}` } : {})}
            >
              {tab.label}
              {tab.badge ? (
                <span className="fd-tab-badge" aria-hidden="true">
                  {tab.badge.text}
                </span>
              ) : null}
            </button>
          )
        })}
      </div>
      {/* Badge descriptions stay out of the tabs' names ('Activity' is a contract). */}
      <div hidden>
        {tabs.map((tab) =>
          tab.badge ? (
            <span key={tab.id} id={`${base}-badge-${tab.id}`}>
              {tab.badge.description}
            </span>
          ) : null,
        )}
      </div>
      {current ? (
        <div
          className="fd-tabpanel"
          role="tabpanel"
          id={`${base}-panel-${current.id}`}
          aria-labelledby={`${base}-tab-${current.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the ARIA tabs pattern makes the panel a tab stop, so a panel without controls (a token list) is reachable
          tabIndex={0}
        >
          {current.panel()}
        </div>
      ) : null}
    </div>
  )
}
