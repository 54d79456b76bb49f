/**
 * A money form carries the key of its one action (made when the page is rendered): sending the
 * form twice (a double click, a reload that posts again) is one deposit or withdrawal.
 */
export const ACTION_KEY_FIELD = 'actionKey'
