/**
 * The site's texts in Spanish, as first seeded. Numbers of the rules are never written here:
 * {{placeholders}} name the settings (render.ts lists them), filled in when a page is read.
 */
import type { SeedEntry } from './seed.ts'

export const ES: SeedEntry[] = [
  // ---- pages -------------------------------------------------------------------------------
  {
    kind: 'page',
    slug: 'about-us',
    title: 'Sobre nosotros',
    summary: 'Quiénes somos, cómo trabajamos y qué puedes esperar de {{siteName}}.',
    body: `## Quiénes somos

{{siteName}} es un casino en línea para personas mayores de {{minimumAge}} años. Reunimos tragaperras, juegos de mesa y casino en vivo en un solo sitio, en español y en inglés, con una cuenta en euros y sin comisiones por depositar ni por retirar.

## Cómo trabajamos

- **Juego verificable.** Cada ronda de nuestros juegos propios se decide con una semilla del servidor y otra tuya; después de jugar puedes comprobar el resultado en la página [Juego justo](/provably-fair).
- **Tu dinero, separado y a la vista.** Tu saldo, tus depósitos, tus retiradas y tus apuestas aparecen en tu cuenta al momento, con su historial completo.
- **Reglas claras.** Los límites y plazos que aplicamos son los mismos que lees en los [Términos de uso](/terms); si cambian, cambian aquí a la vez.
- **Juego responsable.** En [Juego responsable](/responsible) te contamos cómo mantener el juego como un entretenimiento y dónde pedir ayuda.

## Hablemos

Si tienes una pregunta, mira primero las [Preguntas frecuentes](/faq). Si no encuentras la respuesta, escríbenos desde [Contacto](/contact-us) o a {{supportEmail}}: respondemos a cada mensaje.`,
  },
  {
    kind: 'page',
    slug: 'welcome',
    title: 'Bienvenido a {{siteName}}',
    summary: 'Tus primeros pasos: registro, verificación, primer depósito y primeras partidas.',
    body: `## Empieza en cuatro pasos

1. **Crea tu cuenta.** Solo se permite una cuenta por persona, y tienes que ser mayor de {{minimumAge}} años. Te enviaremos un correo para activarla.
2. **Haz tu primer depósito.** Con tarjeta, transferencia bancaria, cupón prepago o criptomonedas (Bitcoin o USDT), desde {{minDeposit}} y hasta {{maxDeposit}} por operación. No cobramos comisiones.
3. **Juega.** Prueba cualquier juego en modo demo sin arriesgar nada y, cuando quieras, pasa a jugar con dinero real.
4. **Retira tus ganancias.** Antes de retirar, el importe depositado debe apostarse {{wageringMultiplier}} veces. Las retiradas empiezan en {{minWithdrawal}}.

## Lo que conviene saber desde el principio

- Para retiradas por encima de {{extraVerificationAbove}} te pediremos una verificación adicional de identidad.
- Las ganancias netas máximas son de {{maxNetWinningsPerDay}} cada 24 horas (lo que se gane por encima queda retenido para revisarlo) y se pueden retirar hasta {{maxWithdrawalPerMonth}} al mes.
- Si te pedimos documentos (KYC), tendrás {{kycDeadlineDays}} días para enviarlos.

Todas las condiciones están en los [Términos de uso](/terms).`,
  },
  {
    kind: 'page',
    slug: 'why-choose-us',
    title: 'Por qué elegirnos',
    summary: 'Lo que nos diferencia: juego verificable, pagos sin comisiones y ayuda de verdad.',
    body: `## Juego justo que puedes comprobar

Nuestros juegos propios publican la semilla de cada ronda cuando termina. Con ella puedes recalcular el resultado en tu propio navegador, en la página [Juego justo](/provably-fair), sin tener que fiarte de nuestra palabra.

## Pagos sin comisiones

Depositar y retirar no cuesta nada. Aceptamos tarjeta, transferencia bancaria, cupones prepago, Bitcoin y USDT. El único requisito antes de retirar es apostar {{wageringMultiplier}} veces lo depositado, una regla que protege contra el blanqueo de dinero.

## Tu cuenta, siempre clara

Saldo, movimientos y apuestas al día en tu área de cliente, con el detalle de cada operación y de cada ronda.

## Seguridad

Tus datos viajan cifrados, tu contraseña se guarda con un algoritmo diseñado para resistir ataques y las sesiones caducan solas. Revisa cómo tratamos tus datos en la [Política de privacidad](/privacy).

## Ayuda cercana

Respondemos en español y en inglés desde [Contacto](/contact-us). Y si el juego deja de ser un entretenimiento, en [Juego responsable](/responsible) encontrarás consejos y dónde pedir ayuda.`,
  },
  {
    kind: 'page',
    slug: 'terms',
    title: 'Términos de uso',
    summary: 'Las condiciones que aceptas al abrir una cuenta y jugar en {{siteName}}.',
    body: `## 1. Quién puede jugar

Para registrarte tienes que ser mayor de {{minimumAge}} años y jugar desde un país en el que el juego en línea esté permitido. Solo se admite **una cuenta por persona**, por domicilio, por correo electrónico y por dispositivo compartido; las cuentas duplicadas se cierran.

## 2. Tu cuenta

Eres responsable de mantener tu contraseña en secreto y tus datos al día. Una cuenta sin iniciar sesión durante {{dormantAccountMonths}} meses se considera inactiva y se cierra, tras avisarte por correo un mes antes; mientras quede dinero tuyo en ella no se cierra, y puedes iniciar sesión y retirarlo cuando quieras.

## 3. Verificación de identidad (KYC)

Podemos pedirte en cualquier momento que acredites tu identidad y tu domicilio: te lo diremos por correo y en tu buzón, y los documentos se envían en [Mi cuenta › Verificación](/user-management/verification). Tendrás **{{kycDeadlineDays}} días** desde nuestra solicitud para enviarlos. Si no llegan en ese plazo, la cuenta queda suspendida hasta que verifiquemos tu identidad: puedes entrar, enviarlos y jugar en modo demo, pero no depositar ni jugar con dinero real, y tus retiradas esperan a la verificación. Tu saldo se conserva: un retraso no te hace perder fondos.

- Formatos admitidos: {{kycFileTypes}}, de {{kycMaxFileMegabytes}} MB como máximo por archivo.
- Los justificantes de domicilio no pueden tener más de {{kycProofMaxAgeMonths}} meses.
- Las retiradas por encima de {{extraVerificationAbove}} requieren siempre una verificación adicional.

## 4. Depósitos

Los depósitos van de {{minDeposit}} a {{maxDeposit}} por operación. No cobramos comisiones por depositar. El dinero debe proceder de un medio de pago a tu nombre.

## 5. Retiradas

- Antes de retirar, cada depósito debe apostarse **{{wageringMultiplier}} veces** en su totalidad.
- La retirada mínima es de {{minWithdrawal}} y el máximo que puede retirarse es de **{{maxWithdrawalPerMonth}} al mes**.
- Las ganancias netas (lo que ganas menos lo que apuestas) máximas son de **{{maxNetWinningsPerDay}} cada 24 horas**; las cuentas en rupias tienen el mismo límite a 100 ₹ por euro. La parte de un premio que lo supere no se suma a tu saldo: la retenemos mientras la revisamos y después te la pagamos o, explicándote el motivo, no la pagamos. Tu historial de apuestas y tu buzón muestran lo retenido y qué pasó con ello.
- No cobramos comisiones por retirar.
- Las cuentas limitadas por nuestro equipo solo pueden retirar hasta un {{limitedAccountWithdrawalPercent}} % de su saldo al mes.

## 6. Bonos

Hoy {{siteName}} no ofrece bonos. Si algún día los ofrece, sus condiciones se publicarán en estos términos antes de que puedan obtenerse.

## 7. Juego irregular

Consideramos irregular apostar en una sola jugada más del {{irregularPlayPercent}} % del depósito, o usar estrategias para cubrir todos los resultados posibles. En esos casos podemos anular las ganancias obtenidas así.

## 8. Reembolsos

Los reembolsos se rigen por la [Política de reembolsos](/refund-policy).

## 9. Reclamaciones

Puedes reclamar sobre una apuesta durante {{betComplaintDays}} días y sobre un juego durante {{gameComplaintWeeks}} semanas. Pasados esos plazos no se aceptan reclamaciones. Escríbenos desde [Contacto](/contact-us) o a {{supportEmail}}.

## 10. Cambios en estos términos

Si cambiamos estas condiciones, te lo avisaremos antes de que entren en vigor. Seguir jugando después supone aceptarlas.`,
  },
  {
    kind: 'page',
    slug: 'privacy',
    title: 'Política de privacidad',
    summary: 'Qué datos tratamos, para qué, durante cuánto tiempo y cómo ejercer tus derechos.',
    body: `## Qué datos tratamos

- **Datos de registro:** nombre, apellidos, fecha de nacimiento, domicilio, correo electrónico, teléfono y moneda.
- **Datos de juego y de pago:** depósitos, retiradas, apuestas y sus resultados. De las tarjetas solo guardamos la marca y los cuatro últimos dígitos.
- **Datos técnicos:** la dirección IP y el navegador con el que entras, para proteger tu cuenta y cumplir las restricciones por país.
- **Documentos de verificación** que nos envíes cuando te los pidamos.

## Para qué los usamos

Para abrir y gestionar tu cuenta, procesar pagos, comprobar tu edad e identidad, prevenir el fraude y el blanqueo de dinero, cumplir nuestras obligaciones legales y responder a tus mensajes. No vendemos tus datos.

## Cookies

Usamos solo las cookies necesarias para que el sitio funcione: la de sesión, cifrada y sin datos legibles dentro, y una cookie de dispositivo que protege tu cuenta frente a intentos de acceso. No usamos cookies publicitarias.

## Cuánto tiempo los guardamos

Mientras tu cuenta esté abierta y, después, durante el tiempo que exija la normativa contra el blanqueo de dinero. Una cuenta sin iniciar sesión durante {{dormantAccountMonths}} meses se cierra cuando ya no queda dinero tuyo en ella.

## Tus derechos

Puedes pedirnos acceso a tus datos, su rectificación, su supresión, su portabilidad o la limitación de su tratamiento, y oponerte a él. Escríbenos a {{supportEmail}} o desde [Contacto](/contact-us): responderemos en un plazo máximo de {{privacyAnswerMonths}} mes. También puedes reclamar ante la autoridad de protección de datos de tu país.`,
  },
  {
    kind: 'page',
    slug: 'responsible',
    title: 'Juego responsable',
    summary: 'El juego debe ser un entretenimiento. Consejos para que siga siéndolo y dónde pedir ayuda.',
    body: `## Juega con cabeza

- Decide antes de empezar cuánto dinero y cuánto tiempo vas a dedicar, y respétalo.
- No juegues para recuperar lo perdido ni para resolver problemas económicos.
- No juegues con dinero destinado a gastos necesarios.
- Haz pausas y no juegues cansado, enfadado o bajo los efectos del alcohol.

## Señales de alarma

Si dedicas al juego más tiempo o dinero del que querías, si lo ocultas a tu entorno, si pides prestado para jugar o si te pones nervioso cuando no puedes hacerlo, es momento de parar y pedir ayuda.

## Lo que ya hace el sitio

- **Modo demo:** puedes probar cualquier juego con saldo ficticio, sin arriesgar dinero.
- **Límite de ganancias netas:** las ganancias netas que superen {{maxNetWinningsPerDay}} en 24 horas quedan retenidas para revisarlas en lugar de pagarse al momento.
- **Límite de retiradas:** nadie puede retirar más de {{maxWithdrawalPerMonth}} al mes.
- **Límites de depósito:** en [Mi cuenta › Límites de depósito](/user-management/deposit-limits) puedes fijar cuánto depositas como máximo al día, a la semana y al mes. Un límite más bajo se aplica al momento; uno más alto, o quitarlo, espera 24 horas y tu confirmación. Todos los métodos de depósito lo respetan.
- **Límites de pérdidas:** en [Mi cuenta › Límites de pérdidas](/user-management/loss-limits) puedes fijar cuánto pierdes como máximo jugando al día, a la semana y al mes: lo que apuestas con tu saldo real menos lo que ganas y lo que se te devuelve, en todos los juegos. Una apuesta que, si la pierdes, te llevaría más allá de un límite no se acepta. Un límite más bajo se aplica al momento; uno más alto, o quitarlo, espera 24 horas y tu confirmación.
- **Límite de tiempo de sesión:** en [Mi cuenta › Juego responsable](/user-management/responsible-gaming) puedes fijar cuánto puede durar un inicio de sesión, de 15 minutos a 12 horas. Cuando una sesión llega a él, se cierra y terminan sus partidas. Un límite más bajo se aplica al momento, también a la sesión en la que estás; uno más alto, o quitarlo, espera 24 horas y tu confirmación.
- **Pausa, autoexclusión y cierre:** en [Mi cuenta › Juego responsable](/user-management/responsible-gaming) puedes tomarte una pausa de 24 horas a 6 semanas, autoexcluirte de 30 días a 5 años o para siempre, o cerrar tu cuenta. Empieza en cuanto lo confirmas, cierra todas tus sesiones y no se puede deshacer antes de que termine: hasta entonces la cuenta no puede entrar, depositar, jugar ni recibir bonos.

Si te preocupa cómo juegas, escríbenos desde [Contacto](/contact-us) o a {{supportEmail}}: te responderá una persona.

## Menores

El juego está prohibido a los menores de {{minimumAge}} años. Comprobamos la edad de cada jugador y recomendamos usar el control parental en los dispositivos que compartas con menores.

## Dónde pedir ayuda

Si crees que tienes un problema con el juego, habla con tu médico o acude a una asociación de ayuda a jugadores de tu país: la ayuda es gratuita y confidencial.`,
  },
  {
    kind: 'page',
    slug: 'refund-policy',
    title: 'Política de reembolsos',
    summary: 'Cuándo puedes pedir que te devolvamos un depósito y cómo hacerlo.',
    body: `## Cuándo hay reembolso

- Puedes pedir el reembolso de un depósito en las **{{refundWindowHours}} horas** siguientes a la operación.
- Si un menor o una tercera persona usó tu cuenta sin tu permiso, el plazo es de **{{refundMisuseDays}} días**; te pediremos pruebas de lo ocurrido.
- **No hay reembolso** de un depósito que ya se ha jugado, ni siquiera en parte.

## Cómo pedirlo

Escríbenos desde [Contacto](/contact-us) o a {{supportEmail}} indicando la referencia de la operación, que encontrarás en el historial de transacciones de tu cuenta. Devolvemos el dinero por el mismo medio con el que se depositó y sin comisiones.

## Cargos en tu banco

Antes de pedir a tu banco que anule un cargo, habla con nosotros: casi siempre se resuelve antes así. Mientras un cargo esté en disputa, la cuenta quedará bloqueada.`,
  },

  // ---- FAQ: sections, then their questions ------------------------------------------------
  { kind: 'faq', slug: 'account', title: 'Cuenta', order: 1, body: '' },
  { kind: 'faq', slug: 'payments', title: 'Pagos', order: 2, body: '' },
  { kind: 'faq', slug: 'games', title: 'Juegos', order: 3, body: '' },
  { kind: 'faq', slug: 'safety', title: 'Seguridad y juego responsable', order: 4, body: '' },
  {
    kind: 'faq',
    section: 'account',
    slug: 'how-to-register',
    title: '¿Cómo me registro?',
    order: 1,
    body: 'Pulsa **Registrarse**, rellena el formulario y abre el enlace del correo que te enviamos para activar la cuenta. Tienes que ser mayor de {{minimumAge}} años.',
  },
  {
    kind: 'faq',
    section: 'account',
    slug: 'several-accounts',
    title: '¿Puedo tener más de una cuenta?',
    order: 2,
    body: 'No. Solo se permite una cuenta por persona; las cuentas duplicadas se cierran.',
  },
  {
    kind: 'faq',
    section: 'account',
    slug: 'verification',
    title: '¿Qué documentos me pediréis para verificar mi identidad?',
    order: 3,
    body: 'Un documento de identidad y un justificante de domicilio de no más de {{kycProofMaxAgeMonths}} meses, en {{kycFileTypes}} y de {{kycMaxFileMegabytes}} MB como máximo. Tendrás {{kycDeadlineDays}} días desde que te los pidamos.',
  },
  {
    kind: 'faq',
    section: 'account',
    slug: 'inactive-account',
    title: '¿Qué pasa si dejo de usar mi cuenta?',
    order: 4,
    body: 'Tras {{dormantAccountMonths}} meses sin iniciar sesión, la cuenta se cierra: te escribimos un mes antes, y basta con iniciar sesión una vez para que siga abierta. Mientras quede dinero tuyo en ella, sigue abierta para que lo retires.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'deposit-methods',
    title: '¿Cómo puedo depositar?',
    order: 1,
    body: 'Con tarjeta, transferencia bancaria, cupón prepago, Bitcoin o USDT, desde {{minDeposit}} hasta {{maxDeposit}} por operación y sin comisiones.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'withdrawal-conditions',
    title: '¿Cuándo puedo retirar mi dinero?',
    order: 2,
    body: 'Cuando hayas apostado {{wageringMultiplier}} veces lo depositado. La retirada mínima es de {{minWithdrawal}} y el máximo, {{maxWithdrawalPerMonth}} al mes. Por encima de {{extraVerificationAbove}} te pediremos una verificación adicional.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'fees',
    title: '¿Cobráis comisiones?',
    order: 3,
    body: 'No. Depositar y retirar es gratis.',
  },
  {
    kind: 'faq',
    section: 'payments',
    slug: 'refunds',
    title: '¿Puedo pedir que me devolváis un depósito?',
    order: 4,
    body: 'Sí, en las {{refundWindowHours}} horas siguientes y siempre que no lo hayas jugado. Consulta la [Política de reembolsos](/refund-policy).',
  },
  {
    kind: 'faq',
    section: 'games',
    slug: 'demo-mode',
    title: '¿Puedo probar los juegos gratis?',
    order: 1,
    body: 'Sí. Todos los juegos tienen un modo demo con saldo ficticio; para jugar con dinero real tienes que iniciar sesión.',
  },
  {
    kind: 'faq',
    section: 'games',
    slug: 'fairness',
    title: '¿Cómo sé que los resultados son justos?',
    order: 2,
    body: 'Cada ronda de nuestros juegos propios puede comprobarse con sus semillas en la página [Juego justo](/provably-fair).',
  },
  {
    kind: 'faq',
    section: 'games',
    slug: 'winnings-limit',
    title: '¿Hay un límite de ganancias?',
    order: 3,
    body: 'Sí: las ganancias netas (lo que ganas menos lo que apuestas) máximas son de {{maxNetWinningsPerDay}} cada 24 horas. Lo que ganes por encima queda retenido mientras lo revisamos y aparece en tu historial de apuestas; después te lo pagamos o te explicamos por qué no.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'self-exclusion',
    title: '¿Puedo tomarme una pausa o autoexcluirme?',
    order: 4,
    body: 'Sí, tú mismo y al momento, en [Mi cuenta › Juego responsable](/user-management/responsible-gaming): una pausa de 24 horas a 6 semanas, una autoexclusión de 30 días a 5 años o para siempre, o el cierre de la cuenta. Se cierran todas tus sesiones y, hasta que termine, la cuenta no puede entrar, depositar, jugar ni recibir bonos. No se puede deshacer antes de tiempo.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'gambling-help',
    title: '¿Dónde pido ayuda si el juego me preocupa?',
    order: 1,
    body: 'En [Juego responsable](/responsible) encontrarás las señales de alarma y dónde pedir ayuda. También puedes escribirnos desde [Contacto](/contact-us): te responderá una persona.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'complaints',
    title: '¿Cómo presento una reclamación?',
    order: 2,
    body: 'Escríbenos desde [Contacto](/contact-us). Aceptamos reclamaciones sobre apuestas durante {{betComplaintDays}} días y sobre juegos durante {{gameComplaintWeeks}} semanas.',
  },
  {
    kind: 'faq',
    section: 'safety',
    slug: 'personal-data',
    title: '¿Cómo pido una copia de mis datos?',
    order: 3,
    body: 'Escríbenos a {{supportEmail}}. Respondemos a las solicitudes sobre datos personales en un plazo máximo de {{privacyAnswerMonths}} mes.',
  },

  // ---- the home carousel ------------------------------------------------------------------
  {
    kind: 'slider',
    slug: 'welcome',
    title: 'Tu casino, sin comisiones',
    summary: 'Deposita y retira gratis desde {{minDeposit}}.',
    imageUrl: '/slides/welcome.svg',
    linkUrl: '/welcome',
    order: 1,
    body: '',
  },
  {
    kind: 'slider',
    slug: 'games',
    title: 'Juego justo que puedes comprobar',
    summary: 'Tragaperras, ruleta, blackjack y dados con cada ronda verificable.',
    imageUrl: '/slides/games.svg',
    linkUrl: '/casino',
    order: 2,
    body: '',
  },
  {
    kind: 'slider',
    slug: 'live',
    title: 'Ruleta en vivo',
    summary: 'Apuesta con otros jugadores y comprueba después cada ronda.',
    imageUrl: '/slides/live.svg',
    linkUrl: '/live-casino',
    order: 3,
    body: '',
  },
]
