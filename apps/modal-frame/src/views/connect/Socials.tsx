import type * as Features from '../../features/Features.js'
import * as Names from '../../social/Names.js'

const GLYPHS: Record<Features.Social, string> = {
  google: 'G',
  x: '𝕏',
  farcaster: 'F',
  discord: 'D',
  apple: '',
  github: 'GH',
  facebook: 'f',
}

/**
 * One button per enabled social provider, named by the provider. Pointing at one or focusing it is the
 * hint that a social login may follow.
 */
export function Socials(props: {
  socials: Features.Social[]
  onPick: (social: Features.Social) => void
  onHint: () => void
}) {
  return (
    <ul className="fd-socials" aria-label="Social login">
      {props.socials.map((social) => (
        <li key={social}>
          <button
            type="button"
            className="fd-social"
            data-social={social}
            aria-label={Names.SOCIAL_NAMES[social]}
            title={Names.SOCIAL_NAMES[social]}
            onClick={() => props.onPick(social)}
            onPointerEnter={props.onHint}
            onFocus={props.onHint}
          >
            <span aria-hidden="true">{GLYPHS[social] || Names.SOCIAL_NAMES[social][0]}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
