import type * as Messages from '@frontdoor/host-sdk/messages'
import type { CSSProperties } from 'react'

/** The CSS custom properties for a page's theme variables (the stylesheet has the defaults). */
export function variables(theme: Messages.ThemeVariables): CSSProperties {
  const style: Record<string, string> = {}
  if (theme.accent) style['--fd-accent'] = theme.accent
  if (theme.font) style['--fd-font'] = theme.font
  if (theme.radius !== undefined) style['--fd-radius'] = `${theme.radius}px`
  return style as CSSProperties
}
