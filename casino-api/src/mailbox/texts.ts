/**
 * The texts of the casino's messages to a player's mailbox, in the player's language (plain
 * text; the mailbox renders it escaped). The e-mails of the same events are in mail/texts.ts.
 */
import { formatDate, type Locale } from '../../contract/index.ts'

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

/** Part of a win held by the net winnings limit, waiting for a review. */
export function winningsHeldMessage(locale: Locale, v: { amount: string; limit: string }): MailboxText {
  return locale === 'en'
    ? {
        subject: 'Part of your win is being reviewed',
        body: `Your net winnings are limited to ${v.limit} in any 24 hours, so ${v.amount} of your last win has not been added to your balance yet: it is held until we review it. We will tell you here when it is paid or, if it is not, why.`,
      }
    : {
        subject: 'Estamos revisando parte de tu premio',
        body: `Tus ganancias netas están limitadas a ${v.limit} en 24 horas, así que ${v.amount} de tu último premio todavía no se ha sumado a tu saldo: queda retenido hasta que lo revisemos. Te avisaremos aquí cuando se pague o, si no se paga, del motivo.`,
      }
}

/** The decision on held winnings. */
export function winningsDecisionMessage(
  locale: Locale,
  v: { amount: string; released: boolean; reason?: string },
): MailboxText {
  if (locale === 'en')
    return v.released
      ? {
          subject: 'Held winnings paid',
          body: `The ${v.amount} of your winnings we held for review is now in your balance.`,
        }
      : {
          subject: 'Held winnings not paid',
          body: `The ${v.amount} of your winnings we held for review will not be paid.\n\nReason: ${v.reason ?? ''}\n\nIf you have any questions, write to us through the contact form.`,
        }
  return v.released
    ? {
        subject: 'Ganancias retenidas pagadas',
        body: `Los ${v.amount} de tus ganancias que retuvimos para revisarlos ya están en tu saldo.`,
      }
    : {
        subject: 'Ganancias retenidas no pagadas',
        body: `Los ${v.amount} de tus ganancias que retuvimos para revisarlos no se pagarán.\n\nMotivo: ${v.reason ?? ''}\n\nSi tienes alguna duda, escríbenos desde el formulario de contacto.`,
      }
}

/**
 * A scheduled bonus (ADR 0055): granted, or not granted because another bonus was active. The
 * period is named by its first and last day in the casino's time zone.
 */
export function scheduledBonusMessage(
  locale: Locale,
  v: {
    name: string
    amount: string
    from: Date
    lastDay: Date
    timeZone: string
    granted: boolean
    multiple: number
    days: number
  },
): MailboxText {
  const [from, to] = [formatDate(v.from, v.timeZone), formatDate(v.lastDay, v.timeZone)]
  if (locale === 'en')
    return v.granted
      ? {
          subject: `${v.name}: ${v.amount}`,
          body: `Your ${v.name} for ${from} to ${to} is in your bonus balance: ${v.amount}.\n\nWager it ${v.multiple} times within ${v.days} days and it turns into real money. You can follow it in the Bonuses tab of your account.`,
        }
      : {
          subject: `${v.name} not granted`,
          body: `Your ${v.name} for ${from} to ${to} (${v.amount}) was not granted, because you had another active bonus: there is one bonus at a time.`,
        }
  return v.granted
    ? {
        subject: `${v.name}: ${v.amount}`,
        body: `Tu ${v.name} del ${from} al ${to} ya está en tu saldo de bono: ${v.amount}.\n\nApuéstalo ${v.multiple} veces en ${v.days} días y se convierte en dinero real. Puedes seguirlo en la pestaña Bonos de tu cuenta.`,
      }
    : {
        subject: `${v.name}: no concedido`,
        body: `Tu ${v.name} del ${from} al ${to} (${v.amount}) no se ha concedido porque tenías otro bono activo: solo puede haber un bono a la vez.`,
      }
}

/** The referrer's message on a friend's first deposit (ADR 0057): granted, or skipped for another active bonus. */
export function referralBonusMessage(
  locale: Locale,
  v: { name: string; amount: string; granted: boolean; multiple: number; days: number },
): MailboxText {
  if (locale === 'en')
    return v.granted
      ? {
          subject: `${v.name}: ${v.amount}`,
          body: `A friend who signed up through your referral link made their first deposit: ${v.amount} is in your bonus balance.\n\nWager it ${v.multiple} times within ${v.days} days and it turns into real money. You can follow it in the Bonuses tab of your account.`,
        }
      : {
          subject: `${v.name} not granted`,
          body: `A friend who signed up through your referral link made their first deposit, but the bonus (${v.amount}) was not granted, because you had another active bonus: there is one bonus at a time. The friend still counts as invited.`,
        }
  return v.granted
    ? {
        subject: `${v.name}: ${v.amount}`,
        body: `Un amigo que se registró con tu enlace de invitación ha hecho su primer depósito: ${v.amount} ya está en tu saldo de bono.\n\nApuéstalo ${v.multiple} veces en ${v.days} días y se convierte en dinero real. Puedes seguirlo en la pestaña Bonos de tu cuenta.`,
      }
    : {
        subject: `${v.name}: no concedido`,
        body: `Un amigo que se registró con tu enlace de invitación ha hecho su primer depósito, pero el bono (${v.amount}) no se ha concedido porque tenías otro bono activo: solo puede haber un bono a la vez. Tu amigo sigue contando como invitado.`,
      }
}
