import * as Errors from '@frontdoor/schemas/errors'

/**
 * The error view (lazy chunk): a view was opened with data its route's schema refuses, so it is not
 * rendered; the modal says so instead of crashing. The detail names the view and what did not fit.
 */
export default function ErrorView({ view, error }: { view: string; error: string }) {
  return (
    <div className="fd-alert" role="alert" data-view-error={view}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-alert-icon">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </svg>
      <p className="fd-alert-title">{Errors.FRAME.SOMETHING_WENT_WRONG}</p>
      <p className="fd-alert-detail">
        The {view} view cannot open with this data ({error}). Go back or close and try again.
      </p>
    </div>
  )
}
