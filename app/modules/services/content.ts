import type { Locale } from "~/lib/i18n/locales";

/**
 * The service categories' texts in the other languages, by slug. The database holds the
 * English originals (db/seed/data.ts); a page shows these in the reader's language, and the
 * English text for a category that has none. content.test.ts checks every seeded category
 * has each language, item for item.
 */
export type CategoryText = { title: string; shortDescription: string; includes: string[]; ctaLabel: string };

const FR_CA: Readonly<Record<string, CategoryText>> = {
  handyman: {
    title: "Services d'homme à tout faire",
    shortDescription: "De l'aide fiable pour les réparations, les installations et les petits travaux qui s'accumulent à la maison.",
    includes: [
      "Assemblage de meubles",
      "Installation de téléviseurs, de tablettes et de cadres",
      "Réparation de gypse et retouches de peinture",
      "Ajustement de portes, de serrures et de charnières",
      "Calfeutrage et coupe-froid",
      "Petites réparations de menuiserie",
    ],
    ctaLabel: "Réserver un homme à tout faire",
  },
  "car-rental": {
    title: "Voiture avec chauffeur / Location",
    shortDescription:
      "Réservez un chauffeur professionnel ou un véhicule pour vos trajets vers l'aéroport, vos événements et vos déplacements quotidiens partout dans le GTA.",
    includes: [
      "Service de chauffeur à l'heure",
      "Navettes vers et depuis Pearson (YYZ) et Billy Bishop (YTZ)",
      "Déplacements privés partout dans le GTA",
      "Voitures pour événements et mariages",
      "Livraison de colis le jour même",
    ],
    ctaLabel: "Réserver un trajet",
  },
  cleaning: {
    title: "Services de ménage",
    shortDescription: "Un ménage minutieux et fiable, de l'entretien hebdomadaire au grand ménage avant un déménagement.",
    includes: [
      "Ménage régulier, chaque semaine ou aux deux semaines",
      "Grand ménage",
      "Ménage à l'emménagement et au déménagement",
      "Nettoyage en profondeur de la cuisine et de la salle de bain",
      "Intérieur du réfrigérateur, du four et des armoires sur demande",
      "Nettoyage après rénovation",
    ],
    ctaLabel: "Réserver un ménage",
  },
  "dj-events": {
    title: "DJ / Événements",
    shortDescription:
      "Des DJ et des animateurs d'expérience qui gardent la piste de danse pleine aux mariages, aux fêtes et aux soirées d'entreprise.",
    includes: [
      "Prestations de DJ pour mariages, anniversaires et événements d'entreprise",
      "Système de son professionnel et micros sans fil",
      "Éclairage de piste de danse et d'ambiance",
      "Animation et annonces",
      "Listes de lecture personnalisées et demandes spéciales",
    ],
    ctaLabel: "Réserver un DJ",
  },
  "salon-beauty": {
    title: "Salon / Beauté",
    shortDescription:
      "Des coiffeurs et des esthéticiennes titulaires d'un permis pour les cheveux, le maquillage et les ongles, en salon ou à domicile.",
    includes: [
      "Coupes, mises en plis et coiffures",
      "Coloration et mèches",
      "Maquillage de mariée et d'événement",
      "Manucures et pédicures",
      "Soins des sourcils et des cils",
    ],
    ctaLabel: "Réserver un soin beauté",
  },
  gardening: {
    title: "Jardinage",
    shortDescription: "L'entretien saisonnier du jardin et de la pelouse, pour une cour propre, verte et prête à profiter.",
    includes: [
      "Tonte et bordures de la pelouse",
      "Désherbage et paillage des plates-bandes",
      "Plantation d'annuelles, de vivaces et de légumes",
      "Taille des haies et des arbustes",
      "Nettoyage de la cour au printemps et à l'automne",
      "Ramassage et enlèvement des feuilles",
    ],
    ctaLabel: "Réserver un jardinier",
  },
  plumbing: {
    title: "Plomberie",
    shortDescription: "Des plombiers titulaires d'un permis pour les fuites, les bouchons, les installations et les réparations urgentes.",
    includes: [
      "Détection et réparation de fuites",
      "Drains et toilettes bouchés",
      "Installation de robinets, d'éviers et de toilettes",
      "Réparation et remplacement de chauffe-eau",
      "Inspection de pompe de puisard",
      "Interventions d'urgence",
    ],
    ctaLabel: "Réserver un plombier",
  },
};

const ES: Readonly<Record<string, CategoryText>> = {
  handyman: {
    title: "Servicios de mantenimiento y reparaciones",
    shortDescription: "Ayuda confiable con reparaciones, instalaciones y esos pequeños trabajos que se acumulan en casa.",
    includes: [
      "Armado de muebles",
      "Instalación de televisores, repisas y cuadros",
      "Reparación de paneles de yeso y retoques de pintura",
      "Ajuste de puertas, cerraduras y bisagras",
      "Sellado con silicona y burletes",
      "Reparaciones menores de carpintería",
    ],
    ctaLabel: "Reservar mantenimiento",
  },
  "car-rental": {
    title: "Auto con chofer / Alquiler",
    shortDescription:
      "Reserve un chofer profesional o un vehículo para ir al aeropuerto, a eventos o para sus traslados diarios en todo el GTA.",
    includes: [
      "Servicio de chofer por hora",
      "Traslados desde y hacia Pearson (YYZ) y Billy Bishop (YTZ)",
      "Viajes privados en todo el GTA",
      "Autos para eventos y bodas",
      "Entrega de paquetes el mismo día",
    ],
    ctaLabel: "Reservar un viaje",
  },
  cleaning: {
    title: "Servicios de limpieza",
    shortDescription: "Limpieza del hogar minuciosa y de confianza, desde el orden semanal hasta la limpieza profunda antes de una mudanza.",
    includes: [
      "Limpieza regular semanal o quincenal",
      "Limpieza profunda",
      "Limpieza al mudarse o al desocupar",
      "Limpieza detallada de cocina y baño",
      "Interior de refrigerador, horno y gabinetes a pedido",
      "Limpieza después de una remodelación",
    ],
    ctaLabel: "Reservar limpieza",
  },
  "dj-events": {
    title: "DJ / Eventos",
    shortDescription: "DJ y animadores con experiencia que mantienen la pista llena en bodas, fiestas y eventos corporativos.",
    includes: [
      "Sets de DJ para bodas, cumpleaños y eventos corporativos",
      "Equipo de sonido profesional y micrófonos inalámbricos",
      "Iluminación de pista y de ambiente",
      "Maestro de ceremonias y anuncios",
      "Listas de reproducción personalizadas y canciones imprescindibles",
    ],
    ctaLabel: "Reservar un DJ",
  },
  "salon-beauty": {
    title: "Salón / Belleza",
    shortDescription: "Estilistas y esteticistas con licencia para cabello, maquillaje y uñas, en el salón o en su casa.",
    includes: [
      "Cortes, brushing y peinados",
      "Coloración y mechas",
      "Maquillaje para novias y eventos",
      "Manicuras y pedicuras",
      "Servicios de cejas y pestañas",
    ],
    ctaLabel: "Reservar belleza",
  },
  gardening: {
    title: "Jardinería",
    shortDescription: "Cuidado de jardín y césped según la temporada, para que su patio esté ordenado, verde y listo para disfrutar.",
    includes: [
      "Corte y perfilado del césped",
      "Desmalezado y acolchado de canteros",
      "Plantación de anuales, perennes y hortalizas",
      "Poda de setos y arbustos",
      "Limpieza del patio en primavera y otoño",
      "Rastrillado y retiro de hojas",
    ],
    ctaLabel: "Reservar jardinero",
  },
  plumbing: {
    title: "Plomería",
    shortDescription: "Plomeros con licencia para fugas, atascos, instalaciones y reparaciones urgentes.",
    includes: [
      "Detección y reparación de fugas",
      "Desagües e inodoros tapados",
      "Instalación de grifos, lavabos e inodoros",
      "Reparación y reemplazo de calentadores de agua",
      "Inspección de bombas de sumidero",
      "Visitas de reparación urgente",
    ],
    ctaLabel: "Reservar un plomero",
  },
};

const PT_BR: Readonly<Record<string, CategoryText>> = {
  handyman: {
    title: "Serviços de reparos e manutenção",
    shortDescription: "Ajuda confiável com consertos, instalações e aqueles pequenos serviços que se acumulam em casa.",
    includes: [
      "Montagem de móveis",
      "Instalação de TV, prateleiras e quadros",
      "Reparos em drywall e retoques de pintura",
      "Ajuste de portas, fechaduras e dobradiças",
      "Calafetação e vedação de portas e janelas",
      "Pequenos reparos de marcenaria",
    ],
    ctaLabel: "Reservar reparos",
  },
  "car-rental": {
    title: "Carro com motorista / Aluguel",
    shortDescription:
      "Reserve um motorista profissional ou um veículo para idas ao aeroporto, eventos e deslocamentos do dia a dia em toda a GTA.",
    includes: [
      "Serviço de motorista por hora",
      "Transfers de e para Pearson (YYZ) e Billy Bishop (YTZ)",
      "Corridas particulares em toda a GTA",
      "Carros para eventos e casamentos",
      "Entrega de encomendas no mesmo dia",
    ],
    ctaLabel: "Reservar uma corrida",
  },
  cleaning: {
    title: "Serviços de limpeza",
    shortDescription: "Limpeza residencial caprichada e de confiança, da arrumação semanal à faxina pesada antes da mudança.",
    includes: [
      "Limpeza regular semanal ou quinzenal",
      "Faxina pesada",
      "Limpeza de entrada e de saída de imóvel",
      "Limpeza detalhada de cozinha e banheiro",
      "Parte interna de geladeira, forno e armários, sob pedido",
      "Limpeza pós-obra",
    ],
    ctaLabel: "Reservar limpeza",
  },
  "dj-events": {
    title: "DJ / Eventos",
    shortDescription: "DJs e animadores experientes que mantêm a pista cheia em casamentos, festas e eventos corporativos.",
    includes: [
      "Sets de DJ para casamentos, aniversários e eventos corporativos",
      "Som profissional e microfones sem fio",
      "Iluminação de pista e de ambiente",
      "Mestre de cerimônias e anúncios",
      "Playlists personalizadas e pedidos de músicas indispensáveis",
    ],
    ctaLabel: "Reservar um DJ",
  },
  "salon-beauty": {
    title: "Salão / Beleza",
    shortDescription: "Cabeleireiros e esteticistas licenciados para cabelo, maquiagem e unhas, no salão ou na sua casa.",
    includes: [
      "Cortes, escova e penteados",
      "Coloração e luzes",
      "Maquiagem para noivas e eventos",
      "Manicure e pedicure",
      "Design de sobrancelhas e cílios",
    ],
    ctaLabel: "Reservar beleza",
  },
  gardening: {
    title: "Jardinagem",
    shortDescription: "Cuidados sazonais com jardim e gramado, para deixar seu quintal arrumado, verde e pronto para aproveitar.",
    includes: [
      "Corte e acabamento da grama",
      "Capina e cobertura dos canteiros",
      "Plantio de anuais, perenes e hortaliças",
      "Poda de cercas vivas e arbustos",
      "Limpeza do quintal na primavera e no outono",
      "Recolhimento e remoção de folhas",
    ],
    ctaLabel: "Reservar jardineiro",
  },
  plumbing: {
    title: "Encanamento",
    shortDescription: "Encanadores licenciados para vazamentos, entupimentos, instalações e reparos urgentes.",
    includes: [
      "Detecção e reparo de vazamentos",
      "Desentupimento de ralos e vasos sanitários",
      "Instalação de torneiras, pias e vasos sanitários",
      "Reparo e troca de aquecedores de água",
      "Inspeção de bomba de drenagem",
      "Atendimento de urgência",
    ],
    ctaLabel: "Reservar um encanador",
  },
};

export const CATEGORY_TEXTS: Partial<Record<Locale, Readonly<Record<string, CategoryText>>>> = {
  es: ES,
  "fr-CA": FR_CA,
  "pt-BR": PT_BR,
};

/** A category with its texts in `locale`, or as stored (English) when that language has none for it. */
export function localizeCategory<C extends { slug: string } & CategoryText>(category: C, locale: Locale): C {
  const text = CATEGORY_TEXTS[locale]?.[category.slug];
  return text ? { ...category, ...text } : category;
}
