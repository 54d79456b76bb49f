import type { ReactNode } from 'react'
import { ScrollTable } from '#app/components/scroll-table.tsx'
import * as money from '../user-management/money.css.ts'

export type AdminColumn<T> = { heading: string; render: (row: T) => ReactNode }

/**
 * A list of an administrator's page: a table that scrolls in its own labelled region, its
 * caption (read by screen readers) the label, a column heading per column, a row per item; the
 * `empty` text instead when there is none (without it, the table with no rows).
 */
export function AdminTable<T>(props: {
  label: string
  columns: readonly AdminColumn<T>[]
  rows: readonly T[]
  rowKey: (row: T) => string
  empty?: string
}) {
  if (props.rows.length === 0 && props.empty) return <p>{props.empty}</p>
  return (
    <ScrollTable label={props.label}>
      <table className={money.table}>
        <caption className="visually-hidden">{props.label}</caption>
        <thead>
          <tr>
            {props.columns.map((c) => (
              <th key={c.heading} scope="col">
                {c.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((c) => (
                <td key={c.heading}>{c.render(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  )
}
