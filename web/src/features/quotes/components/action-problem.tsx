import { useEffect, useRef } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@paraphe/shared/paths'
import { PROFILE_SECTIONS } from '@paraphe/shared/profile-steps'
import type { ActionProblem } from '../lib/action-problems'

const WEB_ADDRESS = /https?:\/\/\S+/

/** The gateway's message, its web addresses (the pricing page of a plan refusal) made links. */
function MessageWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/)
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    )
  )
}

/**
 * What went wrong with an action: the message, what is missing before sending (each item links
 * to its field, or to the company profile), the plans when a limit was reached.
 */
export function ActionProblemView({ problem, controlIdOf }: { problem: ActionProblem; controlIdOf: (path: string) => string | null }) {
  const entries = Object.entries(problem.fields)
  const box = useRef<HTMLDivElement>(null)
  // The refusal appears in the side panel, which scrolls on its own under a short screen (800 px):
  // brought whole into view, its links (« Indiquer mon assurance ») are never left below the fold.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' })
  }, [problem])
  return (
    <div ref={box} className="notice notice--error action-problem" role="alert">
      <p>
        <MessageWithLinks text={problem.message} />
      </p>
      {entries.length === 0 ? null : (
        <ul className="action-problem__fields">
          {entries.map(([path, message]) => {
            const id = controlIdOf(path)
            return (
              <li key={path}>
                {path === 'profile' ? (
                  <>
                    {message} <Link to={paths.profile.href()}>Compléter mon profil</Link>
                  </>
                ) : path === 'profile.insurance' ? (
                  <>
                    {message} <Link to={`${paths.profile.href()}#${PROFILE_SECTIONS.insurance}`}>Indiquer mon assurance</Link>
                  </>
                ) : id === null ? (
                  message
                ) : (
                  <a href={`#${id}`}>{message}</a>
                )}
              </li>
            )
          })}
        </ul>
      )}
      {problem.planLimit && !WEB_ADDRESS.test(problem.message) ? (
        <p>
          <Link to={paths.pricing.href()}>Voir les offres</Link>
        </p>
      ) : null}
    </div>
  )
}
