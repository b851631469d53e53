import { useEffect, useRef, useState } from 'react'
import type * as Embedded from '../../connectors/embedded/Embedded.js'
import { useController } from '../../controller/context.js'
import './approve.css'

/**
 * The ApproveTransaction view (lazy chunk): the auth frame itself, drawn over this view's area, shows
 * what is asked with 'Approve' and 'Decline'. The modal cannot script that frame, so the decision is
 * the user's own. Leaving the view (closing the modal) aborts what is still waiting for a decision.
 */
export default function ApproveTransaction() {
  const controller = useController()
  const area = useRef<HTMLDivElement>(null)
  const [embedded, setEmbedded] = useState<Embedded.Embedded | undefined>()

  useEffect(() => {
    let alive = true
    controller.embedded().then((connector) => {
      if (alive) setEmbedded(connector)
    })
    return () => {
      alive = false
    }
  }, [controller])

  useEffect(() => {
    const target = area.current
    if (!embedded || !target) return
    const frame = embedded.frame()
    void embedded.syncTheme(controller.state.get().theme)
    // The view fills the card's bottom: the frame takes the card's corner radius there.
    const card = target.closest('.fd-card')
    const place = () => {
      const rect = target.getBoundingClientRect()
      const radius = card ? getComputedStyle(card).borderBottomLeftRadius : '0'
      frame.show({ top: rect.top, left: rect.left, width: rect.width, height: rect.height, radius })
    }
    place()
    // After the App's own focus move for the new view (parent effects run after this one).
    const focusing = setTimeout(() => frame.focus(), 0)
    const resize = new ResizeObserver(place)
    resize.observe(target)
    window.addEventListener('resize', place)
    return () => {
      clearTimeout(focusing)
      resize.disconnect()
      window.removeEventListener('resize', place)
      frame.hide()
      embedded.abort()
    }
  }, [controller, embedded])

  return (
    <div ref={area} className="fd-approve" aria-busy={embedded === undefined}>
      <p className="fd-muted" role="status">
        Review the request in the wallet window.
      </p>
    </div>
  )
}
