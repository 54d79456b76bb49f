import { requireAdmin } from '#app/utils/auth.server.ts'
import type { Route } from './+types/kyc-image'
import { adminRead } from './admin.server.ts'

/**
 * The image of an identity document (ADR 0067), for an administrator's session only: the bytes the
 * casino API recognised as PNG, JPEG or GIF, with that type, never cached, never sniffed into
 * anything else, and a CSP that runs nothing should a browser open it on its own.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args)
  const document = await adminRead(args, 'get_kyc_document', { id: args.params.id })
  return new Response(Buffer.from(document.content, 'base64'), {
    headers: {
      'content-type': document.contentType,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  })
}
