import { Link } from 'react-router'
import { useLocalePath } from '#ui/locale.ts'
import * as money from './money.css.ts'

/** The methods of a money page as links (?method=…): each a URL, so they work without JavaScript. */
export function MethodNav({
  label,
  path,
  current,
  methods,
}: {
  label: string
  path: string
  current: string
  methods: readonly { key: string; label: string }[]
}) {
  const localePath = useLocalePath()
  return (
    <nav aria-label={label}>
      <ul className={money.methodList}>
        {methods.map((m) => (
          <li key={m.key}>
            <Link
              to={`${localePath(path)}?method=${m.key}`}
              className={m.key === current ? `${money.method} ${money.methodActive}` : money.method}
              aria-current={m.key === current ? 'page' : undefined}
              preventScrollReset
            >
              {m.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
