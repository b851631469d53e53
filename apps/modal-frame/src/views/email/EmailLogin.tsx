import { useController } from '../../app/context.js'

/** The email login view (lazy chunk). The one-time-code flow arrives with the embedded wallet. */
export default function EmailLogin() {
  const { router } = useController()
  const email = router.get().data?.email
  return (
    <div className="fd-placeholder" role="status">
      <p className="fd-placeholder-title">{typeof email === 'string' ? email : 'Email'}</p>
      <p className="fd-muted">Email login is not available yet. Choose another option for now.</p>
    </div>
  )
}
