import type { ReactNode } from 'react'
import { isSitePath, isWebLink } from '#casino-api/contract/content/links.ts'
import { SmartLink } from './smart-link.tsx'

/**
 * The link an administrator gave a slide or a promotion: a path on the site, an https address
 * (another site, told nothing of ours), or no link at all (`orElse`). The contract refuses
 * anything else when an entry is saved; this is the same rule for entries saved before it, one of
 * which may hold a path a browser follows to another site (`/\host`).
 */
export function ContentLink({
  href,
  className,
  children,
  orElse = null,
}: {
  href: string | null
  className: string
  children: ReactNode
  orElse?: ReactNode
}) {
  if (href && isSitePath(href))
    return (
      <SmartLink to={href} className={className}>
        {children}
      </SmartLink>
    )
  if (href && isWebLink(href))
    return (
      <a href={href} className={className} rel="noopener noreferrer">
        {children}
      </a>
    )
  return orElse
}
