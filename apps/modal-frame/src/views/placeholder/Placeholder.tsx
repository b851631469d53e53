/** What a flow that is not built yet shows: an honest state, never a fake connection. */
export default function Placeholder() {
  return (
    <div className="fd-placeholder" role="status">
      <p className="fd-placeholder-title">Not available yet</p>
      <p className="fd-muted">This way of connecting is coming soon. Choose another option for now.</p>
    </div>
  )
}
