/**
 * The texts of the casino's messages to a player's mailbox, in the player's language (plain
 * text; the mailbox renders it escaped). The e-mails of the same events are in mail/texts.ts.
 */
import type { Locale } from '../../contract/index.ts'

export type MailboxText = { subject: string; body: string }

export function withdrawalDecisionMessage(
  locale: Locale,
  v: { amount: string; accepted: boolean; reference: string; reason?: string },
): MailboxText {
  if (locale === 'en')
    return v.accepted
      ? {
          subject: 'Withdrawal accepted',
          body: `Your withdrawal of ${v.amount} has been accepted and paid out.\n\nPayment reference: ${v.reference}. Depending on your bank or the network, it can take up to one business day to reach your account.`,
        }
      : {
          subject: 'Withdrawal rejected',
          body: `Your withdrawal of ${v.amount} was not accepted, and the amount is back in your balance.\n\nReason: ${v.reason ?? ''}\n\nIf you have any questions, write to us through the contact form.`,
        }
  return v.accepted
    ? {
        subject: 'Retirada aceptada',
        body: `Hemos aceptado y pagado tu retirada de ${v.amount}.\n\nReferencia del pago: ${v.reference}. Según tu banco o la red, puede tardar hasta un día hábil en llegar a tu cuenta.`,
      }
    : {
        subject: 'Retirada rechazada',
        body: `No hemos aceptado tu retirada de ${v.amount}; el importe vuelve a estar en tu saldo.\n\nMotivo: ${v.reason ?? ''}\n\nSi tienes alguna duda, escríbenos desde el formulario de contacto.`,
      }
}

/** Support's answer to a contact message, with the question quoted below it. */
export function supportAnswerMessage(
  locale: Locale,
  v: { subject: string; question: string; answer: string },
): MailboxText {
  const quoted = v.question
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n')
  return locale === 'en'
    ? { subject: `Re: ${v.subject}`, body: `${v.answer}\n\nYour message:\n${quoted}` }
    : { subject: `Re: ${v.subject}`, body: `${v.answer}\n\nTu mensaje:\n${quoted}` }
}
