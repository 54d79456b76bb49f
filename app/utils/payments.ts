/**
 * A money form carries the key of its one action (made when the page is rendered): sending the
 * form twice (a double click, a reload that posts again) is one deposit or withdrawal.
 */
export const ACTION_KEY_FIELD = 'actionKey'

/**
 * The key the form carries: the page's, or after a refusal the new one its action answered. The
 * casino API binds a key to the first request it carries out, refused or not (ADR 0034), so the
 * form the player corrects is another request; sent again unchanged it is still one.
 */
export function formActionKey(pageKey: string, actionData: unknown): string {
  const answered =
    actionData && typeof actionData === 'object' && 'actionKey' in actionData ? actionData.actionKey : null
  return typeof answered === 'string' ? answered : pageKey
}
