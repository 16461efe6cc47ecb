/**
 * Los cuatro documentos del Centro legal en español: traducción de documents.ts (mismas
 * secciones, mismos identificadores, mismas cifras). Prevalece la versión en inglés.
 */
import {
  MAX_LISTING_PHOTOS,
  MAX_PROVIDER_SERVICES,
  MIN_AGE,
  REJECTED_DOCUMENT_RETENTION_DAYS,
} from "../site/constants";
import { RETENTION_DAYS } from "../privacy/retention";
import { type LegalContext, type LegalTexts, type LegalTranslation, MAX_UPLOAD_MB } from "./documents";

/** Los valores de site/constants.ts en este idioma (localized.test.ts comprueba sus cifras). */
export const FIGURES = {
  providerReviewTime: "1 a 3 días hábiles",
  listingReviewTime: "24 a 48 horas",
  liabilityCap:
    "la cantidad mayor entre CAD $100 o el monto que nos haya pagado en los doce (12) meses anteriores a la reclamación",
  governingLaw: "Ontario, Canadá",
  maxUpload: `${MAX_UPLOAD_MB} MB`,
};

const texts = ({ brand, supportEmail }: LegalContext): LegalTexts => ({
  terms: {
    title: "Términos de uso",
    summary: `Las reglas para usar ${brand}: quién puede usarlo, cómo funcionan las solicitudes y las reservas, y de qué es responsable cada parte.`,
    sections: [
      [
        "Aceptación de estos términos y quién puede usar el servicio",
        `Estos Términos de uso son un acuerdo entre usted y ${brand} (“${brand}”, “nosotros” o “nuestro”). Se aplican cada vez que visita nuestro sitio web, crea una cuenta, envía una solicitud, publica una propiedad o se postula para ofrecer servicios. Al usar el servicio, usted acepta estos términos y nuestra Política de privacidad, nuestra Política de reseñas y nuestras Pautas para proveedores, que forman parte de ellos. Si no está de acuerdo, no use el servicio.`,
        `Debe tener al menos ${MIN_AGE} años para usar ${brand}. Al crear una cuenta, confirma que tiene ${MIN_AGE} años o más y que puede celebrar un contrato vinculante. Si usa el servicio en nombre de una empresa, confirma que está autorizado para aceptar estos términos en nombre de esa empresa.`,
      ],
      [
        "Cómo funciona el mercado",
        `${brand} es un mercado para Toronto y el Área del Gran Toronto. Ayudamos a los clientes a encontrar proveedores de servicios para el hogar, servicios de autos y choferes, y viviendas en alquiler, y ponemos en contacto a los clientes con los proveedores. No somos parte del acuerdo entre un cliente y un proveedor o propietario: el proveedor contrata directamente con usted y es responsable del servicio o del alquiler que ofrece.`,
        [
          "Solicitudes, no reservas instantáneas: cuando envía una solicitud de reserva, de alquiler o de cotización en el sitio, la guardamos, le enviamos por correo electrónico una confirmación con un número de referencia y la pasamos a nuestro equipo.",
          "Confirmación por correo electrónico: nuestros administradores revisan cada solicitud, lo conectan con un proveedor adecuado cuando hay uno disponible y confirman la reserva o el contacto por correo electrónico. Una solicitud no es una reserva confirmada hasta que reciba esa confirmación.",
          "Sin pagos en el sitio: en el sitio no se cobra nada y no recopilamos datos de tarjetas ni bancarios. El precio, la forma de pago, los depósitos, las cancelaciones y los reembolsos se acuerdan directamente entre usted y el proveedor o el propietario.",
        ],
        "Hacemos todo lo posible por atender las solicitudes con rapidez, pero no podemos garantizar que haya un proveedor disponible para cada solicitud, fecha o zona.",
      ],
      [
        "Su cuenta",
        "Algunas funciones, como solicitar una reserva o publicar una propiedad, requieren una cuenta. Usted se registra con su correo electrónico y una contraseña, y debe verificar su correo electrónico antes de que la cuenta quede plenamente activa.",
        [
          "Proporcione información exacta y actual, y manténgala al día.",
          "Mantenga su contraseña en secreto y no comparta su cuenta. Usted es responsable de la actividad realizada con su cuenta.",
          `Avísenos de inmediato a ${supportEmail} si cree que otra persona usó su cuenta.`,
          "No cree una cuenta para otra persona ni se haga pasar por ninguna persona o empresa.",
        ],
        `Puede pedirnos que cerremos su cuenta en cualquier momento escribiendo a ${supportEmail}. Algunos registros pueden conservarse después, como se describe en nuestra Política de privacidad.`,
      ],
      [
        "Uso aceptable",
        "Al usar el servicio, usted se compromete a no:",
        [
          "infringir ninguna ley, ni usar el servicio para organizar algo ilegal o peligroso;",
          "enviar solicitudes, anuncios, postulaciones o documentos falsos, engañosos o fraudulentos;",
          "acosar, amenazar, discriminar o maltratar a otros usuarios, proveedores, propietarios o a nuestro equipo;",
          "publicar spam, publicidad sin relación con una solicitud o contenido que infrinja los derechos de terceros;",
          "recopilar información personal de otros usuarios, ni contactarlos con fines ajenos a una solicitud;",
          "interferir con la seguridad o el funcionamiento del sitio, sondearlo o sobrecargarlo, ni acceder a él con herramientas automatizadas sin nuestro permiso;",
          "intentar acceder a cuentas, documentos o áreas del sitio que no está autorizado a usar.",
        ],
        "Podemos eliminar contenido y restringir cuentas que infrinjan estas reglas, como se describe en la sección sobre suspensión y terminación.",
      ],
      [
        "Obligaciones y verificación de los proveedores",
        `Los proveedores de servicios se postulan mediante nuestro formulario de postulación. Verificamos a los proveedores manualmente: revisamos la postulación, un documento de identidad oficial, la autorización de trabajo y, en los oficios regulados, una licencia vigente. La revisión suele tardar ${FIGURES.providerReviewTime}. La aprobación queda a nuestro criterio y podemos pedir más información.`,
        "Como proveedor, usted se compromete a:",
        [
          "tener, y mantener vigentes, todas las licencias, permisos, registros y seguros que su trabajo exija legalmente;",
          "mantener al día sus documentos de identidad y sus licencias, y renovarlos antes de que venzan;",
          "describir sus servicios, precios y disponibilidad con honestidad y mantenerlos actualizados;",
          "realizar el trabajo acordado con el cuidado y la competencia razonables, y cumplir las leyes aplicables, incluidas las de salud, seguridad, protección al consumidor, impuestos y empleo;",
          "respetar la privacidad de los clientes y usar sus datos solo para prestar el servicio que solicitaron;",
          "seguir nuestras Pautas para proveedores.",
        ],
        "La verificación es un control que realizamos en un momento determinado. No es una garantía del trabajo de un proveedor ni lo convierte en nuestro empleado, agente o socio. Los proveedores actúan como negocios independientes.",
      ],
      [
        "Anuncios de propiedades",
        `Los propietarios pueden publicar habitaciones, apartamentos, casas completas, subalquileres y estadías cortas. Nuestro equipo revisa cada anuncio antes de publicarlo. Normalmente revisamos los anuncios en un plazo de ${FIGURES.listingReviewTime}, y podemos rechazar o retirar un anuncio que no cumpla estos términos o nuestras Pautas para proveedores.`,
        [
          "Debe ser el dueño de la propiedad o estar autorizado para alquilarla, y el alquiler debe ser legal, incluso conforme a la ley de arrendamientos residenciales, su contrato de arrendamiento o las normas del condominio, y las normas municipales sobre alquileres de corta duración.",
          "Las fotos, descripciones, precios, comodidades y disponibilidad deben ser exactos y actuales.",
          "No debe discriminar a posibles inquilinos o huéspedes por ningún motivo prohibido por las leyes de derechos humanos.",
        ],
        "Todo contrato de arrendamiento o de alquiler, depósito o pago es entre el propietario y el inquilino o huésped. No somos arrendadores, corredores inmobiliarios ni administradores de propiedades.",
      ],
      [
        "Reseñas",
        "Los clientes que reservaron con un proveedor o interactuaron con él pueden dejar una reseña con una calificación en estrellas y un comentario breve. Las reseñas deben ser honestas y cumplir nuestra Política de reseñas. Pueden quedar retenidas para moderación antes de su publicación, y podemos rechazar o eliminar las reseñas que infrinjan la política.",
        "Los proveedores pueden responder públicamente a las reseñas sobre ellos. No aceptamos pagos por publicar, ocultar o modificar reseñas.",
      ],
      [
        "Propiedad intelectual y su contenido",
        `El sitio, su diseño, textos, gráficos, logotipos y software pertenecen a ${brand} o a sus licenciantes y están protegidos por la ley. Solo puede usar el sitio para el fin previsto; no puede copiarlo, extraer su contenido de forma automatizada, revenderlo ni crear obras derivadas sin nuestro permiso por escrito.`,
        `Usted conserva la titularidad del contenido que envía, como fotos y descripciones de anuncios, datos de perfil y reseñas. Otorga a ${brand} una licencia no exclusiva, libre de regalías y mundial para alojar, almacenar, reproducir, adaptar (por ejemplo, redimensionar o recodificar imágenes), mostrar y publicar ese contenido con el fin de operar y promocionar el servicio, mientras esté en el servicio y durante un tiempo razonable después de su eliminación. Usted confirma que tiene los derechos necesarios para otorgar esta licencia.`,
      ],
      [
        "Exenciones de responsabilidad",
        "El servicio se ofrece “tal cual” y “según disponibilidad”. No garantizamos que el sitio esté siempre disponible, sin interrupciones ni errores.",
        "Los proveedores y los propietarios son independientes de nosotros. En la medida en que lo permita la ley, no somos responsables de la calidad, seguridad, legalidad o puntualidad de sus servicios o alquileres, de la exactitud de sus anuncios ni de lo que digan o hagan. No garantizamos ningún resultado en particular de una solicitud. Las reseñas reflejan la opinión de quienes las escribieron, no la nuestra.",
        "Nada en estos términos limita los derechos que le otorgan las leyes de protección al consumidor y que no pueden renunciarse ni limitarse por contrato.",
      ],
      [
        "Limitación de responsabilidad",
        "En la máxima medida permitida por la ley, no somos responsables de daños indirectos, incidentales, especiales, consecuentes o punitivos, ni de la pérdida de ganancias, ingresos, datos o buena reputación, que surjan del servicio o de cualquier relación entre usuarios, proveedores y propietarios, o se relacionen con ellos.",
        `En la máxima medida permitida por la ley, nuestra responsabilidad total frente a usted por todas las reclamaciones que surjan del servicio o de estos términos, o se relacionen con ellos, se limita a ${FIGURES.liabilityCap}.`,
        "Estos límites no se aplican cuando la ley no los permite, como en caso de responsabilidad por fraude, negligencia grave o dolo.",
      ],
      [
        "Indemnización",
        `Usted acepta indemnizar y mantener indemnes a ${brand} y a su equipo frente a reclamaciones, pérdidas, daños y costos razonables (incluidos los honorarios legales) presentados por terceros que se deriven de su incumplimiento de estos términos, del uso indebido del servicio, del contenido que envíe o, si es proveedor o propietario, de los servicios o alquileres que ofrezca.`,
        "Le informaremos de cualquier reclamación de este tipo y podremos optar por participar en la defensa a nuestro propio costo.",
      ],
      [
        "Suspensión y terminación",
        "Puede dejar de usar el servicio y pedirnos que cerremos su cuenta en cualquier momento.",
        "Podemos suspender o cerrar una cuenta, eliminar contenido o rechazar una solicitud, postulación o anuncio si tenemos motivos razonables para creer que se infringieron estos términos o nuestras políticas, que existe un riesgo para otros usuarios o para el público, que hay documentos falsos o vencidos, o cuando la ley lo exija. Cuando sea apropiado y legal, le explicaremos el motivo y le daremos la oportunidad de responder.",
        "Las secciones que por su naturaleza deben seguir vigentes después del cierre de una cuenta, como propiedad intelectual, exenciones de responsabilidad, limitación de responsabilidad, indemnización y ley aplicable, continúan aplicándose.",
      ],
      [
        "Ley aplicable y controversias",
        `Estos términos se rigen por las leyes de ${FIGURES.governingLaw}, y por las leyes federales de Canadá aplicables allí, sin tener en cuenta las normas sobre conflicto de leyes. Usted y nosotros aceptamos la jurisdicción exclusiva de los tribunales de ${FIGURES.governingLaw} para cualquier controversia que no se resuelva de manera informal, salvo que la ley le otorgue el derecho de presentar una reclamación en otro lugar.`,
        `Si tiene alguna inquietud, comuníquese primero con nosotros a ${supportEmail}. La mayoría de los problemas pueden resolverse rápidamente de esa manera.`,
      ],
      [
        "Cambios en estos términos y cómo contactarnos",
        "Podemos actualizar estos términos ocasionalmente, por ejemplo cuando agregamos funciones o cuando cambia la ley. Publicaremos la nueva versión en esta página con una nueva fecha de vigencia y, si los cambios son importantes, lo informaremos por correo electrónico a los titulares de cuentas antes de que entren en vigor. Si sigue usando el servicio después de que los cambios entren en vigor, acepta los términos actualizados.",
        `Si tiene preguntas sobre estos términos, escríbanos a ${supportEmail} o a la dirección postal que figura en los datos de contacto más abajo.`,
      ],
    ],
  },
  privacy: {
    title: "Política de privacidad",
    summary: `Qué información personal recopila ${brand}, por qué, quién puede verla y cómo puede acceder a ella, corregirla o eliminarla.`,
    sections: [
      [
        "Acerca de esta política",
        `Esta política explica cómo ${brand} (“nosotros”) trata la información personal cuando usted usa nuestro sitio web para buscar servicios, solicitar reservas, publicar una propiedad, postularse como proveedor o escribir reseñas. Tratamos la información personal de acuerdo con las leyes canadienses de privacidad aplicables.`,
        "Solo recopilamos lo necesario para operar el mercado. No procesamos pagos, no vendemos información personal y no usamos redes publicitarias ni rastreadores de terceros.",
      ],
      [
        "Información que recopilamos",
        "Recopilamos la información que nos proporciona en nuestros formularios:",
        [
          "Datos de la cuenta: su nombre, correo electrónico, teléfono (opcional), el hash de su contraseña (nunca guardamos su contraseña real), idioma y ciudad o zona.",
          "Datos de reserva: el tipo de servicio, la ubicación, la fecha y la hora preferidas, y las notas que agregue a una solicitud de reserva o de cotización.",
          "Datos del proveedor: datos de la empresa, categorías de servicio, enlaces a su portafolio, disponibilidad y documentos de verificación (documento de identidad, autorización de trabajo y, cuando corresponda, licencias).",
          "Reseñas: su calificación en estrellas, su comentario breve y sus fotos opcionales.",
          "Otros envíos: los mensajes que envía mediante el formulario de contacto, los datos y las fotos de los anuncios de propiedades, y las solicitudes de alquiler o de servicio, incluidos los datos de contacto que ingrese en ellas.",
        ],
        "Cuando sube una foto, la recodificamos y eliminamos los metadatos ocultos, como los datos EXIF y de ubicación GPS. No rastreamos la ubicación de su dispositivo: la única ubicación que guardamos es la que usted escribe en un formulario.",
        "Como cualquier sitio web, nuestros servidores también procesan información técnica, como su dirección IP y el tipo de navegador, para mostrar las páginas y proteger el servicio contra abusos, por ejemplo limitando los intentos repetidos de inicio de sesión.",
      ],
      [
        "Cómo usamos su información",
        [
          "Para crear y proteger su cuenta, verificar su correo electrónico y permitirle iniciar sesión.",
          "Para recibir sus solicitudes, conectarlo con un proveedor o propietario adecuado y confirmar las reservas por correo electrónico.",
          "Para revisar las postulaciones de proveedores, verificar su identidad, autorización de trabajo y licencias, y mantener la verificación al día.",
          "Para revisar los anuncios de propiedades y las reseñas antes de publicarlos, y para hacer cumplir nuestros términos y políticas.",
          "Para responder sus mensajes y brindarle soporte.",
          "Para entender, de forma agregada, cómo se usa el sitio y así mejorarlo.",
          "Para prevenir el fraude y el abuso, y cumplir nuestras obligaciones legales.",
        ],
        "Usamos su información solo para estos fines, o para otro fin que usted acepte o que la ley exija.",
      ],
      [
        "Quién puede ver su información",
        [
          "Nuestro equipo: los operadores y administradores autorizados pueden ver solicitudes, cuentas, postulaciones y anuncios para operar el servicio.",
          "Proveedores y propietarios: cuando lo conectamos, compartimos con el proveedor o propietario correspondiente los datos necesarios para el trabajo o el alquiler, como su nombre, datos de contacto, servicio, ubicación, fecha y hora preferidas, y notas.",
          "El público: las reseñas publicadas (con el nombre visible de su autor), los perfiles de proveedores aprobados y los anuncios de propiedades aprobados son visibles para todos.",
          "Los proveedores de servicios que operan nuestra infraestructura, como el alojamiento y el envío de correos electrónicos, tratan información en nuestro nombre con obligaciones de confidencialidad y solo para prestarnos su servicio.",
          "Las autoridades, cuando la ley lo exija o para proteger la seguridad de cualquier persona.",
        ],
        "Los documentos de identidad y de verificación son distintos: solo los ven nuestros operadores y administradores que revisan las postulaciones. Nunca se publican, nunca se comparten con los clientes y nunca están disponibles en una dirección web pública.",
      ],
      [
        "Cookies y conteo de clics",
        "Solo usamos las cookies que el sitio necesita:",
        [
          "Una cookie de sesión, que mantiene su sesión iniciada y protege su cuenta.",
          "Una cookie de idioma, que recuerda el idioma que eligió.",
        ],
        "No usamos cookies publicitarias ni rastreadores de terceros, ni herramientas de analítica de terceros. Para entender cómo se usa el sitio, nuestros propios servidores cuentan los clics en los botones Iniciar sesión, Registrarse y Para proveedores. Estos conteos se quedan con nosotros y solo se usan de forma agregada.",
      ],
      [
        "Correos electrónicos que enviamos",
        "Enviamos correos electrónicos transaccionales sobre su cuenta y sus solicitudes: mensajes de verificación de correo y de restablecimiento de contraseña, una confirmación con número de referencia cuando envía una solicitud, confirmaciones y novedades de reservas, y el resultado de la revisión de una postulación de proveedor o de un anuncio. Estos correos forman parte del servicio, por lo que no puede darse de baja de ellos mientras su cuenta esté abierta.",
        "También se envían copias de las solicitudes al buzón de nuestros operadores para que nuestro equipo pueda atenderlas. No enviamos correos de marketing sin su consentimiento.",
      ],
      [
        "Cuánto tiempo conservamos la información",
        [
          "Los datos de la cuenta se conservan mientras su cuenta esté abierta.",
          "Los datos de reservas y los mensajes se conservan el tiempo necesario para atender la solicitud, brindar soporte, resolver controversias y cumplir nuestras obligaciones legales y de registro.",
          `Los documentos de verificación se conservan mientras usted sea un proveedor activo y, después, el tiempo que los necesitemos para atender controversias o cumplir obligaciones legales; los documentos de postulaciones no aprobadas se eliminan ${REJECTED_DOCUMENT_RETENTION_DAYS} días después de la decisión. Cada vez que un administrador abre uno de sus documentos, registramos quién lo abrió y cuándo.`,
          `Las solicitudes que eliminamos, a petición suya o por iniciativa nuestra, se borran definitivamente ${RETENTION_DAYS.deletedRequests} días después, junto con su historial y los correos relacionados.`,
          `Los mensajes enviados mediante nuestro formulario de contacto se eliminan ${RETENTION_DAYS.contactMessages} días después de su envío.`,
          `El texto de cada correo que le enviamos, y su dirección en él, se eliminan de nuestros registros ${RETENTION_DAYS.customerEmailBodies} días después del envío; solo conservamos su tipo, su asunto y cuándo se envió.`,
          `Una cuenta cuya dirección de correo nunca se verifica y que nunca se usa se elimina ${RETENTION_DAYS.unverifiedAccounts} días después del registro.`,
          `La copia de sus datos que solicita desde su cuenta se puede descargar durante ${RETENTION_DAYS.dataExports} días después de prepararse; luego el archivo se elimina.`,
          "Las reseñas publicadas permanecen en el sitio, salvo que se eliminen conforme a nuestra Política de reseñas o que usted nos pida borrarlas. Cuando usted elimina su cuenta, sus reseñas y sus fotos se retiran, no se conservan anonimizadas.",
          "Cuando usted elimina su cuenta (Mi cuenta → Eliminar cuenta), o nos pide borrar su información, eliminamos de inmediato su cuenta, su perfil, su perfil de proveedor y sus documentos, sus anuncios, sus fotos y sus descargas de datos. Las solicitudes que hizo se conservan para la otra parte y para nuestros registros, pero sin su nombre, sus datos de contacto ni lo que escribió: aparecen como “Usuario eliminado”.",
        ],
        "Cuando la información ya no es necesaria, la eliminamos o la anonimizamos para que ya no pueda identificarlo.",
      ],
      [
        "Cómo protegemos su información",
        "Las contraseñas se guardan solo como un hash unidireccional. Los documentos de identidad y de verificación se almacenan de forma privada y solo se entregan a operadores y administradores con sesión iniciada. El acceso a la información personal se limita a las personas que lo necesitan.",
        `Ningún sistema es completamente seguro. Si nos enteramos de una filtración que genere un riesgo real de daño significativo, se lo notificaremos a usted y a las autoridades según lo exija la ley. Elija una contraseña segura y avísenos a ${supportEmail} si cree que su cuenta fue comprometida.`,
      ],
      [
        "Sus derechos y cómo ejercerlos",
        "Usted tiene derecho a:",
        [
          "acceder a la información personal que tenemos sobre usted;",
          "pedirnos que corrijamos información inexacta o incompleta;",
          "pedirnos que eliminemos su información o cerremos su cuenta, con sujeción a lo que la ley nos obligue a conservar;",
          "retirar su consentimiento para usos opcionales, con sujeción a límites legales o contractuales.",
        ],
        `Para ejercer cualquiera de estos derechos, escriba a ${supportEmail} desde la dirección vinculada a su cuenta. Es posible que debamos confirmar su identidad antes de actuar. Le responderemos dentro de 30 días.`,
        "Si no está conforme con nuestra respuesta, puede comunicarse con la Oficina del Comisionado de Privacidad de Canadá.",
      ],
      [
        "Menores y cambios en esta política",
        `${brand} no está dirigido a menores de ${MIN_AGE} años, y no recopilamos a sabiendas información personal de ellos. Si cree que una persona menor de ${MIN_AGE} años nos dio información, contáctenos y la eliminaremos.`,
        "Podemos actualizar esta política cuando cambien nuestras prácticas o la ley. Publicaremos la nueva versión aquí con una nueva fecha de vigencia y, si los cambios son importantes, lo informaremos por correo electrónico a los titulares de cuentas.",
      ],
    ],
  },
  "reviews-policy": {
    title: "Política de reseñas",
    summary: `Cómo funcionan las reseñas en ${brand}: quién puede escribirlas, qué pueden contener y cómo las moderamos.`,
    sections: [
      [
        "Quién puede escribir una reseña",
        `Las reseñas ayudan a la comunidad a elegir proveedores con confianza, por lo que deben basarse en experiencias reales. Solo los usuarios con sesión iniciada que tuvieron una reserva o una interacción con un proveedor a través de ${brand} pueden reseñar a ese proveedor.`,
        [
          "No puede reseñarse a sí mismo, a su propia empresa ni a una empresa para la que trabaje o con la que tenga un vínculo estrecho.",
          "No puede escribir, comprar ni vender reseñas, ni ofrecer recompensas a cambio de ellas. No se permiten reseñas pagadas o incentivadas, sean positivas o negativas.",
          "Escriba una reseña por experiencia, basada en lo que realmente ocurrió.",
        ],
      ],
      [
        "Qué incluye una reseña",
        [
          "Una calificación de 1 a 5 estrellas.",
          "Un comentario breve que describa su experiencia. Concéntrese en el servicio: calidad, puntualidad, comunicación y relación calidad-precio.",
          "Fotos opcionales del trabajo o del resultado. Las fotos deben ser suyas y estar relacionadas con el servicio. Las recodificamos y les quitamos los datos de ubicación antes de publicarlas.",
        ],
        "Las reseñas publicadas muestran su nombre visible, la fecha, la calificación, el comentario y las fotos, si las hay.",
      ],
      [
        "Qué no está permitido",
        "Las reseñas no deben contener:",
        [
          "datos de contacto personales, como números de teléfono, direcciones de correo electrónico o domicilios, ya sean suyos, del proveedor o de cualquier otra persona;",
          "discursos de odio, ni contenido que ataque a personas por su raza, religión, género, orientación sexual, discapacidad o cualquier otra característica protegida;",
          "difamación: afirmaciones de hecho falsas que dañen la reputación de alguien. Comparta su experiencia y opinión sinceras, no acusaciones que no pueda respaldar;",
          "amenazas, acoso, lenguaje obsceno o material sexualmente explícito;",
          "spam, publicidad, enlaces a otras empresas o contenido sin relación con el servicio;",
          "información privada sobre otras personas, ni fotos de personas que no hayan aceptado aparecer en ellas.",
        ],
      ],
      [
        "Moderación",
        "Las reseñas pueden quedar retenidas para moderación antes de su publicación. Nuestro equipo las revisa según esta política y puede publicar, rechazar o eliminar una reseña. No editamos lo que usted escribió ni cambiamos su calificación; si una reseña infringe una regla, la rechazamos o la eliminamos, y usted puede enviar una versión corregida.",
        "No eliminamos reseñas solo porque sean negativas, y nunca aceptamos pagos por publicar, ocultar o clasificar reseñas. Los proveedores no pueden elegir qué reseñas se muestran.",
      ],
      [
        "Respuestas de los proveedores",
        "Los proveedores pueden responder públicamente a las reseñas sobre ellos. Las respuestas siguen las mismas reglas que las reseñas: sin datos de contacto personales, sin discursos de odio, sin difamación, sin spam y sin revelar detalles privados del cliente o del trabajo. Una respuesta serena y basada en hechos que atienda la inquietud es lo más útil para los futuros clientes.",
      ],
      [
        "Cómo denunciar una reseña",
        `Si cree que una reseña o una respuesta infringe esta política, escriba a ${supportEmail} con un enlace a la reseña y una breve explicación. Los proveedores que crean que una reseña proviene de un cliente al que nunca atendieron deben informárnoslo; podemos pedir información a ambas partes.`,
        "Revisamos cada denuncia y tomamos medidas cuando se ha infringido la política. Es posible que no podamos compartir los detalles de nuestra decisión con todas las personas involucradas.",
      ],
      [
        "Consecuencias de infringir esta política",
        "Podemos eliminar reseñas o respuestas, restringir la posibilidad de publicar reseñas o suspender las cuentas que infrinjan esta política. Los proveedores que escriban, compren u organicen reseñas falsas, o que presionen a los clientes por sus reseñas, pueden perder su condición de verificados y ser retirados del mercado.",
      ],
    ],
  },
  "provider-guidelines": {
    title: "Pautas para proveedores",
    summary: `Lo que ${brand} espera de los proveedores de servicios y de los propietarios, desde la verificación hasta la calidad del servicio y las normas de los anuncios.`,
    sections: [
      [
        "Postulación y verificación",
        `Nuestro equipo verifica a cada proveedor de ${brand} antes de que pueda ser conectado con clientes. Para postularse, complete el formulario de postulación con su nombre completo, correo electrónico, teléfono, dirección, las zonas que atiende y los servicios que ofrece. Puede elegir hasta ${MAX_PROVIDER_SERVICES} servicios de nuestro catálogo y describir con sus propias palabras otro servicio si no figura en la lista.`,
        `Revisamos las postulaciones manualmente y normalmente respondemos en ${FIGURES.providerReviewTime}. Le escribiremos con el resultado o para pedirle más información. Una vez aprobado, configura su perfil con sus categorías aprobadas y una breve biografía antes de que se publique.`,
        "Enviar información o documentos falsos o alterados dará lugar al rechazo y podrá denunciarse ante las autoridades.",
      ],
      [
        "Identidad y autorización de trabajo",
        "Debe presentar un documento de identidad oficial. El frente del documento es obligatorio; el reverso es opcional. Los documentos aceptados son:",
        [
          "Licencia de conducir (se requieren el número y la fecha de vencimiento).",
          "Pasaporte (se requieren el número y la fecha de vencimiento).",
          "Documento nacional de identidad (se requiere el número; no se necesita fecha de vencimiento).",
        ],
        "También debe confirmar que está autorizado para trabajar en Canadá e indicarnos su situación laboral:",
        [
          "Ciudadano.",
          "Residente permanente.",
          "Permiso de trabajo abierto: se requieren la fecha de vencimiento y una copia del permiso.",
          "Permiso de trabajo vinculado a un empleador: se requieren la fecha de vencimiento y una copia del permiso.",
          "Otro: es posible que lo contactemos para pedirle detalles.",
        ],
      ],
      [
        "Requisitos de los documentos",
        [
          `Suba los documentos en archivos PNG, JPG o PDF de menos de ${FIGURES.maxUpload} cada uno.`,
          "Asegúrese de que el documento completo se vea, esté enfocado y no esté recortado, tapado ni editado.",
          "Los documentos deben estar vigentes el día en que los envía.",
        ],
        "Sus documentos se almacenan de forma privada. Solo pueden verlos nuestros operadores y administradores que revisan las postulaciones; nunca se muestran en su perfil ni a los clientes.",
        `Los documentos vencidos deben renovarse. Antes de que venza un documento de identidad, un permiso de trabajo o una licencia, envíenos el documento renovado a ${supportEmail}. Si vence un documento obligatorio, podemos pausar su perfil hasta recibir uno vigente.`,
      ],
      [
        "Licencias para servicios regulados",
        "Algunos servicios están regulados y requieren una licencia vigente. Si elige uno de ellos, debe indicar el tipo de licencia, su número, la región que la emitió y la fecha de vencimiento, y subir una imagen nítida o un PDF de la licencia:",
        [
          "Plomería: licencia de oficio o de plomero.",
          "Salón/Belleza: licencia de cosmetología o estética.",
          "Auto/Chofer: licencia de conducir.",
          "Electricidad: licencia de contratista eléctrico o de oficio.",
          "Climatización (HVAC): licencia de técnico en calefacción, ventilación y aire acondicionado.",
          "Techos: licencia de contratista.",
          "Contratista general: licencia de contratista.",
        ],
        "Realice solo los trabajos que cubre su licencia. Si su licencia se suspende, se restringe o no se renueva, deje de ofrecer el servicio y avísenos de inmediato.",
      ],
      [
        "Normas de conducta y calidad",
        [
          "Responda con rapidez a los contactos y confirme o rechace los trabajos con claridad.",
          "Cotice con honestidad. Acuerde por escrito con el cliente el precio, la forma de pago y cualquier depósito antes de empezar; no se cobra nada a través del sitio.",
          "Llegue a tiempo, haga el trabajo con cuidado y competencia, y respete las normas de seguridad y los códigos de construcción.",
          "Cuente con el seguro que su oficio normalmente requiere.",
          "Sea respetuoso y profesional; no se tolera el acoso ni la discriminación.",
          "Use los datos de los clientes solo para prestar el servicio que pidieron.",
          "Mantenga actualizados su perfil, sus servicios y su disponibilidad.",
        ],
      ],
      [
        "Reseñas y respuestas",
        "Los clientes que reservaron con usted o interactuaron con usted pueden reseñar su servicio. Puede responder públicamente a cada reseña. Mantenga sus respuestas serenas, basadas en hechos y sin datos personales de los clientes.",
        "No se reseñe a sí mismo, no pida a sus amigos que lo hagan, no ofrezca recompensas ni descuentos a cambio de reseñas y no presione a los clientes para que cambien o eliminen una reseña. Si cree que una reseña infringe nuestra Política de reseñas, denúnciela en lugar de discutir en una respuesta.",
      ],
      [
        "Normas de los anuncios de propiedades",
        `Los propietarios publican habitaciones, apartamentos, casas completas, subalquileres y estadías cortas mediante nuestro formulario de anuncios. Cada anuncio se revisa antes de publicarse, normalmente en un plazo de ${FIGURES.listingReviewTime}.`,
        [
          "Publique solo una propiedad de la que sea dueño o que esté autorizado a alquilar.",
          "Asegúrese de que el alquiler sea legal, incluso conforme a la ley de arrendamientos residenciales, su contrato de arrendamiento o las normas del condominio, y las normas municipales sobre alquileres de corta duración.",
          `Use fotos exactas y recientes de la propiedad real: al menos una y hasta ${MAX_LISTING_PHOTOS}, en JPG o PNG. No muestre personas ni documentos personales en las fotos.`,
          "Describa con exactitud la propiedad, el precio, el depósito, la estadía mínima, las comodidades y la disponibilidad, y actualice o retire el anuncio cuando ya no esté disponible.",
          "Trate a los posibles inquilinos y huéspedes de forma justa y sin discriminación.",
        ],
      ],
      [
        "Suspensión y retiro",
        "Podemos pausar o retirar un perfil o un anuncio, o poner fin al acceso de un proveedor, si se infringen estas pautas o nuestros Términos de uso, si hay documentos falsos o vencidos, si recibimos quejas fundadas sobre seguridad u honestidad, o cuando la ley lo exija.",
        `Cuando corresponda, le explicaremos el motivo y le daremos la oportunidad de responder o de corregir el problema. Para consultar sobre una decisión, escriba a ${supportEmail}.`,
      ],
    ],
  },
});

export const esLegal: LegalTranslation = {
  englishPrevails:
    "Este documento es una traducción de la versión en inglés. En caso de discrepancia entre ambas versiones, prevalece la versión en inglés.",
  templateNotice:
    "Este documento es una plantilla con fines de información general y no constituye asesoramiento legal. Debe ser revisado por un abogado calificado antes de confiar en él.",
  texts,
};
