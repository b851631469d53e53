import type * as HostModal from '@frontdoor/protocol/host-modal'
import type { CSSProperties } from 'react'

/** The CSS custom properties for a page's theme variables (the stylesheet has the defaults). */
export function variables(theme: HostModal.ThemeVariables): CSSProperties {
  const style: Record<string, string> = {}
  if (theme.accent) style['--fd-accent'] = theme.accent
  if (theme.font) style['--fd-font'] = theme.font
  if (theme.radius !== undefined) style['--fd-radius'] = `${theme.radius}px`
  return style as CSSProperties
}
