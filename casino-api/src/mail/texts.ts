/**
 * The texts of the e-mails the casino API sends, in Spanish (the site's default) and English,
 * as plain text and simple HTML. Links are built by the caller from the web app's public URL.
 */
import type { LimitChange } from '../accounts/limit-changes.ts'
import {
  formatDateTime,
  formatMoney,
  type Currency,
  type DepositLimitPeriod,
  type MoneyLimitKind,
  type Locale,
  type RestrictionKind,
} from '../../contract/index.ts'

export type MailContent = { subject: string; text: string; html: string }

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)

/** A short HTML page: paragraphs, and one button-like link when there is one. */
function html(paragraphs: string[], link?: { href: string; label: string }, after: string[] = []) {
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t).replace(/\n/g, '<br>')}</p>`
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;background:#d4a537;color:#111;text-decoration:none;border-radius:4px;font-weight:bold">${escapeHtml(link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(link.href)}</p>`
    : ''
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5;max-width:560px">${paragraphs.map(p).join('')}${button}${after.map(p).join('')}</body></html>`
}

export function activationMail(
  locale: Locale,
  v: { firstName: string; username: string; link: string; validHours: number },
): MailContent {
  if (locale === 'en') {
    const intro = [
      `Hello ${v.firstName},`,
      `Thank you for registering with the username ${v.username}. Please confirm your e-mail address to activate your account.`,
    ]
    const after = [`The link is valid for ${v.validHours} hours. If you did not register, ignore this e-mail.`]
    return {
      subject: 'Activate your account',
      text: [...intro, `Activate your account: ${v.link}`, ...after].join('\n\n'),
      html: html(intro, { href: v.link, label: 'Activate my account' }, after),
    }
  }
  const intro = [
    `Hola ${v.firstName}:`,
    `Gracias por registrarte con el usuario ${v.username}. Confirma tu dirección de correo para activar tu cuenta.`,
  ]
  const after = [`El enlace es válido durante ${v.validHours} horas. Si no te has registrado, ignora este mensaje.`]
  return {
    subject: 'Activa tu cuenta',
    text: [...intro, `Activa tu cuenta: ${v.link}`, ...after].join('\n\n'),
    html: html(intro, { href: v.link, label: 'Activar mi cuenta' }, after),
  }
}

export function passwordResetMail(
  locale: Locale,
  v: { firstName: string; username: string; link: string; validMinutes: number },
): MailContent {
  if (locale === 'en') {
    const intro = [
      `Hello ${v.firstName},`,
      `We received a request to reset the password of your account ${v.username}.`,
    ]
    const after = [
      `The link is valid for ${v.validMinutes} minutes and can be used once. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    ]
    return {
      subject: 'Reset your password',
      text: [...intro, `Choose a new password: ${v.link}`, ...after].join('\n\n'),
      html: html(intro, { href: v.link, label: 'Choose a new password' }, after),
    }
  }
  const intro = [
    `Hola ${v.firstName}:`,
    `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta ${v.username}.`,
  ]
  const after = [
    `El enlace es válido durante ${v.validMinutes} minutos y solo se puede usar una vez. Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.`,
  ]
  return {
    subject: 'Restablece tu contraseña',
    text: [...intro, `Elige una contraseña nueva: ${v.link}`, ...after].join('\n\n'),
    html: html(intro, { href: v.link, label: 'Elegir una contraseña nueva' }, after),
  }
}

/** To the new address: the link that makes it the account's address. */
export function emailChangeMail(
  locale: Locale,
  v: { firstName: string; username: string; newEmail: string; link: string; validHours: number },
): MailContent {
  if (locale === 'en') {
    const intro = [
      `Hello ${v.firstName},`,
      `You asked to use ${v.newEmail} as the e-mail address of your account ${v.username}. Please confirm it: the address changes only when you open this link.`,
    ]
    const after = [
      `The link is valid for ${v.validHours} hours and can be used once. If you did not ask for it, ignore this e-mail: nothing changes.`,
    ]
    return {
      subject: 'Confirm your new e-mail address',
      text: [...intro, `Confirm the new address: ${v.link}`, ...after].join('\n\n'),
      html: html(intro, { href: v.link, label: 'Confirm the new address' }, after),
    }
  }
  const intro = [
    `Hola ${v.firstName}:`,
    `Has pedido usar ${v.newEmail} como dirección de correo de tu cuenta ${v.username}. Confírmala: la dirección solo cambia cuando abras este enlace.`,
  ]
  const after = [
    `El enlace es válido durante ${v.validHours} horas y solo se puede usar una vez. Si no lo has pedido tú, ignora este mensaje: no cambia nada.`,
  ]
  return {
    subject: 'Confirma tu nueva dirección de correo',
    text: [...intro, `Confirma la nueva dirección: ${v.link}`, ...after].join('\n\n'),
    html: html(intro, { href: v.link, label: 'Confirmar la nueva dirección' }, after),
  }
}

/** To the old address: someone with the password asked to move the account to another address. */
export function emailChangeNoticeMail(
  locale: Locale,
  v: { firstName: string; username: string; newEmail: string; supportEmail: string },
): MailContent {
  if (locale === 'en') {
    const paragraphs = [
      `Hello ${v.firstName},`,
      `Someone asked to change the e-mail address of your account ${v.username} to ${v.newEmail}. It changes only when the link sent to that address is opened.`,
      `If it was you, there is nothing to do. If it was not, change your password now and write to ${v.supportEmail}.`,
    ]
    return { subject: 'Your e-mail address is being changed', text: paragraphs.join('\n\n'), html: html(paragraphs) }
  }
  const paragraphs = [
    `Hola ${v.firstName}:`,
    `Se ha pedido cambiar la dirección de correo de tu cuenta ${v.username} a ${v.newEmail}. Solo cambiará cuando se abra el enlace enviado a esa dirección.`,
    `Si has sido tú, no tienes que hacer nada. Si no, cambia tu contraseña ahora y escribe a ${v.supportEmail}.`,
  ]
  return { subject: 'Se está cambiando tu dirección de correo', text: paragraphs.join('\n\n'), html: html(paragraphs) }
}

/** To the support team (always in Spanish, the operator's language), with the player's message quoted. */
export function supportMail(v: {
  subject: string
  message: string
  fromName: string
  fromEmail: string
  username?: string
  ip: string
}): MailContent {
  const who = v.username ? `${v.fromName} (usuario ${v.username}) <${v.fromEmail}>` : `${v.fromName} <${v.fromEmail}>`
  const head = [`Mensaje del formulario de contacto de ${who}, ip ${v.ip}.`, `Asunto: ${v.subject}`]
  return {
    subject: `[Contacto] ${v.subject}`,
    text: [...head, v.message].join('\n\n'),
    html: html([...head, v.message]),
  }
}

/** A withdrawal decided by the administrator: paid out (with the payout reference) or rejected (with the reason). */
export function withdrawalDecisionMail(
  locale: Locale,
  v: { firstName: string; amount: string; accepted: boolean; reference: string; reason?: string },
): MailContent {
  const en = locale === 'en'
  const greeting = en ? `Hello ${v.firstName},` : `Hola ${v.firstName}:`
  const body = v.accepted
    ? en
      ? [
          `Your withdrawal of ${v.amount} has been paid out.`,
          `Payment reference: ${v.reference}. Depending on your bank or network it can take up to one business day to show in your account.`,
        ]
      : [
          `Hemos pagado tu retiro de ${v.amount}.`,
          `Referencia del pago: ${v.reference}. Según tu banco o la red, puede tardar hasta un día hábil en aparecer en tu cuenta.`,
        ]
    : en
      ? [
          `Your withdrawal of ${v.amount} was not accepted, and the amount is back in your balance.`,
          `Reason: ${v.reason ?? ''}`,
        ]
      : [
          `No hemos aceptado tu retiro de ${v.amount}; el importe vuelve a estar en tu saldo.`,
          `Motivo: ${v.reason ?? ''}`,
        ]
  const paragraphs = [greeting, ...body]
  return {
    subject: v.accepted
      ? en
        ? 'Your withdrawal has been paid'
        : 'Tu retiro está pagado'
      : en
        ? 'Your withdrawal was not accepted'
        : 'Tu retiro no se ha aceptado',
    text: paragraphs.join('\n\n'),
    html: html(paragraphs),
  }
}

/** Support's answer to a visitor's contact message, by e-mail in the language the message was written from. */
export function supportAnswerMail(
  locale: Locale,
  v: { name: string; subject: string; question: string; answer: string },
): MailContent {
  const en = locale === 'en'
  const paragraphs = [
    en ? `Hello ${v.name},` : `Hola ${v.name}:`,
    v.answer,
    en ? 'Your message:' : 'Tu mensaje:',
    v.question,
  ]
  return { subject: `Re: ${v.subject}`, text: paragraphs.join('\n\n'), html: html(paragraphs) }
}

/** The words of restrictionMail in each language: what was chosen, what it means, what is left. */
const RESTRICTION_WORDS = {
  es: {
    hello: (name: string) => `Hola ${name}:`,
    chosen: (v: { username: string; until: string | null }) => ({
      time_out: `Tu cuenta ${v.username} está en pausa hasta el ${v.until} (hora de Madrid).`,
      self_exclusion: v.until
        ? `Te has autoexcluido de tu cuenta ${v.username} hasta el ${v.until} (hora de Madrid).`
        : `Te has autoexcluido de tu cuenta ${v.username} para siempre.`,
      closure: `Has cerrado tu cuenta ${v.username}.`,
    }),
    untilThen:
      'Hasta entonces la cuenta no puede entrar, depositar, jugar ni recibir bonos, y no se puede deshacer antes. Se han cerrado todas sus sesiones.',
    forGood:
      'La cuenta no podrá volver a entrar, depositar, jugar ni recibir bonos. Se han cerrado todas sus sesiones.',
    after: (supportEmail: string) =>
      `Las retiradas pendientes se siguen pagando. Si no lo has pedido tú, escribe a ${supportEmail}. Si el juego te está haciendo daño, organizaciones como Jugadores Anónimos ofrecen ayuda gratuita y confidencial.`,
    subjects: {
      time_out: 'Tu pausa ha empezado',
      self_exclusion: 'Tu autoexclusión ha empezado',
      closure: 'Tu cuenta está cerrada',
    },
  },
  en: {
    hello: (name: string) => `Hello ${name},`,
    chosen: (v: { username: string; until: string | null }) => ({
      time_out: `Your account ${v.username} is taking a break until ${v.until} (Madrid time).`,
      self_exclusion: v.until
        ? `You have excluded yourself from your account ${v.username} until ${v.until} (Madrid time).`
        : `You have excluded yourself from your account ${v.username} for good.`,
      closure: `You have closed your account ${v.username}.`,
    }),
    untilThen:
      'Until then the account cannot log in, deposit, play or receive bonuses, and this cannot be undone early. Every session was signed out.',
    forGood: 'The account cannot log in, deposit, play or receive bonuses again. Every session was signed out.',
    after: (supportEmail: string) =>
      `Pending withdrawals are still paid. If you did not ask for this, write to ${supportEmail}. If gambling is harming you, free confidential help is available from organisations such as Gamblers Anonymous.`,
    subjects: {
      time_out: 'Your break has started',
      self_exclusion: 'Your self-exclusion has started',
      closure: 'Your account is closed',
    },
  },
} satisfies Record<Locale, unknown>

/**
 * To the player who restricted their own account (ADR 0060): what they chose, until when, and
 * that it cannot be lifted early. A record for them, never marketing.
 */
export function restrictionMail(
  locale: Locale,
  v: { firstName: string; username: string; kind: RestrictionKind; until: Date | null; supportEmail: string },
): MailContent {
  const words = RESTRICTION_WORDS[locale]
  const until = v.until ? formatDateTime(v.until) : null
  const paragraphs = [
    words.hello(v.firstName),
    words.chosen({ username: v.username, until })[v.kind],
    until ? words.untilThen : words.forGood,
    words.after(v.supportEmail),
  ]
  return { subject: words.subjects[v.kind], text: paragraphs.join('\n\n'), html: html(paragraphs) }
}

/** A security notice: the e-mail, and the mailbox's body (the same paragraphs without the greeting). */
const notice = (subject: string, paragraphs: string[]): MailContent & { body: string } => ({
  subject,
  text: paragraphs.join('\n\n'),
  html: html(paragraphs),
  body: paragraphs.slice(1).join('\n\n'),
})

/**
 * The notice of a password change (issue 23, account security), by e-mail and in the mailbox, the
 * same words: when and from which address, and what to do if it was not the player. `reset`: made
 * through an e-mailed link rather than from a session.
 */
export function passwordChangedNotice(
  locale: Locale,
  v: { firstName: string; username: string; at: Date; ip: string; reset: boolean; supportEmail: string },
): MailContent & { body: string } {
  const when = formatDateTime(v.at)
  const paragraphs =
    locale === 'en'
      ? [
          `Hello ${v.firstName},`,
          `The password of your account ${v.username} was ${v.reset ? 'reset through an e-mailed link' : 'changed'} on ${when} (Madrid time), from the address ${v.ip}. Every other session was signed out.`,
          `If it was you, there is nothing to do. If it was not, reset your password now with "Forgot your password?" on the log-in page and write to ${v.supportEmail}.`,
        ]
      : [
          `Hola ${v.firstName}:`,
          `La contraseña de tu cuenta ${v.username} se ${v.reset ? 'restableció con un enlace enviado por correo' : 'cambió'} el ${when} (hora de Madrid), desde la dirección ${v.ip}. Se han cerrado las demás sesiones.`,
          `Si has sido tú, no tienes que hacer nada. Si no, restablécela ahora con «¿Has olvidado tu contraseña?» en la página de inicio de sesión y escribe a ${v.supportEmail}.`,
        ]
  return notice(locale === 'en' ? 'Your password was changed' : 'Tu contraseña ha cambiado', paragraphs)
}

/**
 * The notice of a log-in from a browser the account had not used (no device token of its own), by
 * e-mail and in the mailbox, the same words: when and from which address.
 */
export function newDeviceNotice(
  locale: Locale,
  v: { firstName: string; username: string; at: Date; ip: string; country: string | null; supportEmail: string },
): MailContent & { body: string } {
  const when = formatDateTime(v.at)
  const where = v.country ? `${v.ip} (${v.country})` : v.ip
  const paragraphs =
    locale === 'en'
      ? [
          `Hello ${v.firstName},`,
          `Your account ${v.username} was logged in to from a new browser or device on ${when} (Madrid time), from the address ${where}.`,
          `If it was you, there is nothing to do. If it was not, change your password now (every other session is then signed out), check the Sessions tab of your account and write to ${v.supportEmail}.`,
        ]
      : [
          `Hola ${v.firstName}:`,
          `Se ha iniciado sesión en tu cuenta ${v.username} desde un navegador o dispositivo nuevo el ${when} (hora de Madrid), desde la dirección ${where}.`,
          `Si has sido tú, no tienes que hacer nada. Si no, cambia tu contraseña ahora (se cierran las demás sesiones), revisa la pestaña Sesiones de tu cuenta y escribe a ${v.supportEmail}.`,
        ]
  return notice(locale === 'en' ? 'A new log-in to your account' : 'Nuevo inicio de sesión en tu cuenta', paragraphs)
}

/**
 * A change of two-factor authentication (ADR 0066), by e-mail and in the mailbox: turned on or
 * off, new recovery codes, or a recovery code used to log in; when and from which address.
 */
export function twoFactorNotice(
  locale: Locale,
  v: {
    firstName: string
    username: string
    change: 'on' | 'off' | 'codes_renewed' | 'recovery_used' | 'reset'
    at: Date
    ip: string
    supportEmail: string
  },
): MailContent & { body: string } {
  const when = formatDateTime(v.at)
  const en = locale === 'en'
  // Support's reset (ADR 0069): not the owner's act from an address, and what follows from it.
  if (v.change === 'reset')
    return notice(
      en ? 'Two-factor authentication was reset by support' : 'Soporte ha restablecido tu verificación en dos pasos',
      en
        ? [
            `Hello ${v.firstName},`,
            `At a request made to our support team, two-factor authentication was turned off for your account ${v.username} on ${when} (Madrid time), and every session was signed out. You can log in with your password and turn it on again on the Security tab.`,
            'Until we have checked your identity again, withdrawals wait: please send an identity document and a proof of address on the Verification tab.',
            `If you did not ask for this, write to ${v.supportEmail} at once.`,
          ]
        : [
            `Hola ${v.firstName}:`,
            `A petición hecha a nuestro equipo de soporte, se ha desactivado la verificación en dos pasos de tu cuenta ${v.username} el ${when} (hora de Madrid) y se han cerrado todas las sesiones. Puedes entrar con tu contraseña y volver a activarla en la pestaña Seguridad.`,
            'Hasta que comprobemos de nuevo tu identidad, las retiradas esperan: envía un documento de identidad y un justificante de domicilio en la pestaña Verificación.',
            `Si no lo has pedido tú, escribe a ${v.supportEmail} cuanto antes.`,
          ],
    )
  const what = {
    on: en
      ? [`Two-factor authentication was turned on for your account ${v.username}`, 'Two-factor authentication is on']
      : [
          `Se ha activado la verificación en dos pasos en tu cuenta ${v.username}`,
          'Verificación en dos pasos activada',
        ],
    off: en
      ? [`Two-factor authentication was turned off for your account ${v.username}`, 'Two-factor authentication is off']
      : [
          `Se ha desactivado la verificación en dos pasos en tu cuenta ${v.username}`,
          'Verificación en dos pasos desactivada',
        ],
    codes_renewed: en
      ? [
          `New recovery codes were made for your account ${v.username} (the old ones no longer work)`,
          'New recovery codes',
        ]
      : [
          `Se han generado nuevos códigos de recuperación para tu cuenta ${v.username} (los anteriores ya no sirven)`,
          'Nuevos códigos de recuperación',
        ],
    recovery_used: en
      ? [`A recovery code was used to log in to your account ${v.username}`, 'A recovery code was used']
      : [
          `Se ha usado un código de recuperación para iniciar sesión en tu cuenta ${v.username}`,
          'Se ha usado un código de recuperación',
        ],
  }[v.change]
  const paragraphs = en
    ? [
        `Hello ${v.firstName},`,
        `${what[0]} on ${when} (Madrid time), from the address ${v.ip}.`,
        `If it was you, there is nothing to do. If it was not, change your password now (every other session is then signed out), check the Security tab of your account and write to ${v.supportEmail}.`,
      ]
    : [
        `Hola ${v.firstName}:`,
        `${what[0]} el ${when} (hora de Madrid), desde la dirección ${v.ip}.`,
        `Si has sido tú, no tienes que hacer nada. Si no, cambia tu contraseña ahora (se cierran las demás sesiones), revisa la pestaña Seguridad de tu cuenta y escribe a ${v.supportEmail}.`,
      ]
  return notice(what[1]!, paragraphs)
}

/**
 * Identity checks (ADR 0067), by e-mail and in the mailbox: documents asked for (with the
 * deadline), a document approved or rejected (with the reason), the identity verified.
 */
export function kycNotice(
  locale: Locale,
  v: {
    firstName: string
    username: string
    stage: 'requested' | 'approved' | 'rejected' | 'verified'
    kind?: 'identity' | 'address'
    reason?: string | null
    dueAt?: Date
    days?: number
    supportEmail: string
  },
): MailContent & { body: string } {
  const en = locale === 'en'
  const kind =
    v.kind === 'address'
      ? en
        ? 'proof of address'
        : 'justificante de domicilio'
      : en
        ? 'identity document'
        : 'documento de identidad'
  const tab = en ? 'Verification' : 'Verificación'
  const [subject, line] = {
    requested: en
      ? [
          'Please verify your identity',
          `We need to check the identity of the account ${v.username}: please send an identity document and a proof of address (no older than 3 months) as PNG, JPEG or GIF images of up to 5 MB on the ${tab} tab of your account by ${v.dueAt ? formatDateTime(v.dueAt) : ''} (Madrid time), within ${v.days} days. Until your identity is verified, withdrawals above the terms' limit wait. Once the deadline passes the account is suspended until it is: no deposits or real-money play, every withdrawal waits, and your balance is kept.`,
        ]
      : [
          'Verifica tu identidad',
          `Necesitamos comprobar la identidad de la cuenta ${v.username}: envía un documento de identidad y un justificante de domicilio (de menos de 3 meses) como imágenes PNG, JPEG o GIF de hasta 5 MB en la pestaña ${tab} de tu cuenta antes del ${v.dueAt ? formatDateTime(v.dueAt) : ''} (hora de Madrid), en un plazo de ${v.days} días. Hasta que se verifique tu identidad, las retiradas por encima del límite de las condiciones esperan. Pasado el plazo, la cuenta queda suspendida hasta que se verifique: sin depósitos ni juego con dinero real, todas las retiradas esperan y tu saldo se conserva.`,
        ],
    approved: en
      ? ['Your document is approved', `Your ${kind} is approved. We will tell you when your identity is verified.`]
      : ['Tu documento está aprobado', `Tu ${kind} está aprobado. Te avisaremos cuando tu identidad esté verificada.`],
    rejected: en
      ? [
          'Your document was not accepted',
          `Your ${kind} was not accepted: ${v.reason ?? ''}. Please send a new one on the ${tab} tab of your account.`,
        ]
      : [
          'No hemos podido aceptar tu documento',
          `No hemos podido aceptar tu ${kind}: ${v.reason ?? ''}. Envía uno nuevo en la pestaña ${tab} de tu cuenta.`,
        ],
    verified: en
      ? ['Your identity is verified', `The identity of the account ${v.username} is verified. Thank you.`]
      : ['Tu identidad está verificada', `La identidad de la cuenta ${v.username} está verificada. Gracias.`],
  }[v.stage]
  const paragraphs = en
    ? [`Hello ${v.firstName},`, line!, `Questions? Write to ${v.supportEmail}.`]
    : [`Hola ${v.firstName}:`, line!, `¿Tienes dudas? Escribe a ${v.supportEmail}.`]
  return notice(subject!, paragraphs)
}

const PERIOD_WORDS: Record<Locale, Record<DepositLimitPeriod, string>> = {
  es: { day: 'diario', week: 'semanal', month: 'mensual' },
  en: { day: 'daily', week: 'weekly', month: 'monthly' },
}

/** What a limit's notice names, in the player's language. */
type LimitWords = {
  /** "your daily deposit limit" */
  limit: string
  /** The limit's value, or "no limit" for null. */
  value: (n: number | null) => string
  /** The account page's tab where a change waiting is confirmed. */
  tab: string
  subject: string
}

/**
 * The notice of a change of one of the player's own limits (deposit limits, ADR 0061; the
 * session-time limit, ADR 0063), by e-mail and in the mailbox: what the limit is now, what waits and
 * from when it can be confirmed, or that a change waiting was dropped.
 */
type LimitNoticeValues = {
  firstName: string
  username: string
  change: LimitChange
  /** The limit in force after the change (null: none). */
  value: number | null
  /** The raise or removal waiting (undefined: none), and from when it can be confirmed. */
  next?: { value: number | null; from: Date }
  at: Date
  supportEmail: string
}

function limitNotice(locale: Locale, words: LimitWords, v: LimitNoticeValues): MailContent & { body: string } {
  const { limit, value, tab } = words
  const when = formatDateTime(v.at)
  const en = locale === 'en'
  const now = en
    ? `On ${when} (Madrid time) ${limit} of account ${v.username} became ${value(v.value)}.`
    : `El ${when} (hora de Madrid) ${limit} de la cuenta ${v.username} pasó a ser ${value(v.value)}.`
  const waiting = v.next
    ? en
      ? `On ${when} (Madrid time) you asked to change ${limit} of account ${v.username} to ${value(v.next.value)}. It waits 24 hours: you can confirm it on your account's ${tab} tab from ${formatDateTime(v.next.from)}. Until then ${value(v.value)} holds.`
      : `El ${when} (hora de Madrid) pediste cambiar ${limit} de la cuenta ${v.username} a ${value(v.next.value)}. Espera 24 horas: podrás confirmarlo en la pestaña ${tab} de tu cuenta desde el ${formatDateTime(v.next.from)}. Hasta entonces se aplica ${value(v.value)}.`
    : null
  const dropped = en
    ? `On ${when} (Madrid time) the change waiting for ${limit} of account ${v.username} was dropped: ${value(v.value)} holds.`
    : `El ${when} (hora de Madrid) se descartó el cambio pendiente de ${limit} de la cuenta ${v.username}: se aplica ${value(v.value)}.`
  const paragraphs = [
    en ? `Hello ${v.firstName},` : `Hola ${v.firstName}:`,
    v.change === 'asked' && waiting ? waiting : v.change === 'dropped' ? dropped : now,
    en
      ? `If it was not you, change your password now and write to ${v.supportEmail}.`
      : `Si no has sido tú, cambia tu contraseña ahora y escribe a ${v.supportEmail}.`,
  ]
  return notice(words.subject, paragraphs)
}

const noLimit = (locale: Locale) => (locale === 'en' ? 'no limit' : 'sin límite')

/** A change of one of the player's deposit limits (ADR 0061). */
export function moneyLimitNotice(
  locale: Locale,
  v: {
    firstName: string
    username: string
    /** A deposit limit (ADR 0061) or a loss limit (ADR 0064). */
    kind: MoneyLimitKind
    period: DepositLimitPeriod
    change: LimitChange
    /** The limit in force after the change (null: none). */
    amount: number | null
    /** The raise or removal waiting (undefined: none), and from when it can be confirmed. */
    next?: { amount: number | null; from: Date }
    currency: Currency
    at: Date
    supportEmail: string
  },
): MailContent & { body: string } {
  const period = PERIOD_WORDS[locale][v.period]
  const en = locale === 'en'
  const what = {
    deposit: en ? ['deposit limit', 'Deposit limits'] : ['límite de depósito', 'Límites de depósito'],
    loss: en ? ['loss limit', 'Loss limits'] : ['límite de pérdidas', 'Límites de pérdidas'],
  }[v.kind]
  const words: LimitWords = {
    limit: en ? `your ${period} ${what[0]}` : `tu ${what[0]} ${period}`,
    value: (cents) => (cents === null ? noLimit(locale) : formatMoney(cents, v.currency, locale)),
    tab: what[1]!,
    subject: en ? `Your ${what[0]} changed` : `Tu ${what[0]} ha cambiado`,
  }
  return limitNotice(locale, words, {
    ...v,
    value: v.amount,
    next: v.next && { value: v.next.amount, from: v.next.from },
  })
}

/** A change of the player's session-time limit (ADR 0063), in hours and minutes. */
export function sessionLimitNotice(locale: Locale, v: LimitNoticeValues): MailContent & { body: string } {
  const en = locale === 'en'
  const duration = (minutes: number) => {
    const [h, m] = [Math.floor(minutes / 60), minutes % 60]
    const hours = h === 0 ? [] : [en ? `${h} hour${h === 1 ? '' : 's'}` : `${h} hora${h === 1 ? '' : 's'}`]
    const mins = m === 0 ? [] : [en ? `${m} minute${m === 1 ? '' : 's'}` : `${m} minuto${m === 1 ? '' : 's'}`]
    return [...hours, ...mins].join(en ? ' and ' : ' y ')
  }
  const words: LimitWords = {
    limit: en ? 'your session-time limit' : 'tu límite de tiempo de sesión',
    value: (minutes) => (minutes === null ? noLimit(locale) : duration(minutes)),
    tab: en ? 'Responsible gaming' : 'Juego responsable',
    subject: en ? 'Your session-time limit changed' : 'Tu límite de tiempo de sesión ha cambiado',
  }
  return limitNotice(locale, words, v)
}

/**
 * Dormancy (ADR 0062), by e-mail and in the mailbox: the warning a month before the account is
 * closed for want of a log-in (`closesOn`), saying that a log-in keeps it open and that money left
 * in it keeps it open too; and the closure itself.
 */
export function dormancyNotice(
  locale: Locale,
  v: {
    firstName: string
    username: string
    stage: 'warning' | 'closed'
    lastActivity: Date
    closesOn: Date
    months: number
    supportEmail: string
  },
): MailContent & { body: string } {
  const en = locale === 'en'
  const since = formatDateTime(v.lastActivity)
  const on = formatDateTime(v.closesOn)
  if (v.stage === 'warning')
    return notice(en ? 'Your account will be closed for inactivity' : 'Tu cuenta se cerrará por inactividad', [
      en ? `Hello ${v.firstName},` : `Hola, ${v.firstName}:`,
      en
        ? `Your account ${v.username} has had no log-in since ${since} (Madrid time). An account without a log-in for ${v.months} months is closed: yours will be closed on ${on} unless you log in before then.`
        : `Tu cuenta ${v.username} no ha iniciado sesión desde el ${since} (hora de Madrid). Una cuenta sin iniciar sesión durante ${v.months} meses se cierra: la tuya se cerrará el ${on} si no inicias sesión antes.`,
      en
        ? 'Logging in once keeps it open. While money of yours is left in it, it is not closed: you can log in and withdraw it at any time.'
        : 'Basta con iniciar sesión una vez para que siga abierta. Mientras quede dinero tuyo en ella no se cierra: puedes iniciar sesión y retirarlo cuando quieras.',
      en ? `Questions: ${v.supportEmail}.` : `Dudas: ${v.supportEmail}.`,
    ])
  return notice(en ? 'Your account was closed for inactivity' : 'Tu cuenta se ha cerrado por inactividad', [
    en ? `Hello ${v.firstName},` : `Hola, ${v.firstName}:`,
    en
      ? `Your account ${v.username} was closed on ${on} (Madrid time): it had no log-in since ${since}, ${v.months} months or more, and no money of yours was left in it.`
      : `Tu cuenta ${v.username} se cerró el ${on} (hora de Madrid): no había iniciado sesión desde el ${since}, ${v.months} meses o más, y no quedaba dinero tuyo en ella.`,
    en
      ? `It can no longer log in. To play again, write to ${v.supportEmail}.`
      : `Ya no puede iniciar sesión. Para volver a jugar, escribe a ${v.supportEmail}.`,
  ])
}
