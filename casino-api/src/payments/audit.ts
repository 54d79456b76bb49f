/**
 * The administrators' audit log (ADR 0024): one admin_audit row per decision, written in the
 * database transaction of the change it records, so the log has an entry exactly when the
 * change committed.
 */
import type { AuditAction } from '../../contract/index.ts'
import type { Queryable } from '../db/open.ts'
import { adminAudit } from '../db/schema.ts'

export async function audit(
  db: Queryable,
  entry: { adminId: string; action: AuditAction; target: string | null; details?: Record<string, unknown>; at: Date },
) {
  await db.insert(adminAudit).values({
    adminId: entry.adminId,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? null,
    createdAt: entry.at,
  })
}
