/**
 * Les quatre documents du Centre juridique en français canadien : traduction de documents.ts
 * (mêmes sections, mêmes identifiants, mêmes chiffres). La version anglaise prévaut.
 * Typographie de l'OQLF : espace insécable avant le deux-points et dans les guillemets « ».
 */
import {
  MAX_LISTING_PHOTOS,
  MAX_PROVIDER_SERVICES,
  MIN_AGE,
  REJECTED_DOCUMENT_RETENTION_DAYS,
} from "../site/constants";
import { RETENTION_DAYS } from "../privacy/retention";
import { type LegalContext, type LegalTexts, type LegalTranslation, MAX_UPLOAD_MB } from "./documents";

/** Les valeurs de site/constants.ts, dans cette langue (localized.test.ts vérifie leurs chiffres). */
export const FIGURES = {
  providerReviewTime: "1 à 3 jours ouvrables",
  listingReviewTime: "24 à 48 heures",
  liabilityCap:
    "au plus élevé des deux montants suivants : 100 $ CA ou le montant que vous nous avez payé au cours des douze (12) mois précédant la réclamation",
  governingLaw: "l'Ontario (Canada)",
  maxUpload: `${MAX_UPLOAD_MB} Mo`,
};

const texts = ({ brand, supportEmail }: LegalContext): LegalTexts => ({
  terms: {
    title: "Conditions d'utilisation",
    summary: `Les règles d'utilisation de ${brand}\u00a0: qui peut s'en servir, comment fonctionnent les demandes et les réservations, et les responsabilités de chacun.`,
    sections: [
      [
        "Acceptation des présentes conditions et admissibilité",
        `Les présentes Conditions d'utilisation constituent une entente entre vous et ${brand} («\u00a0${brand}\u00a0», «\u00a0nous\u00a0», «\u00a0notre\u00a0» ou «\u00a0nos\u00a0»). Elles s'appliquent chaque fois que vous visitez notre site Web, créez un compte, envoyez une demande, affichez une propriété ou présentez une candidature pour offrir des services. En utilisant le service, vous acceptez les présentes conditions ainsi que notre Politique de confidentialité, notre Politique sur les avis et nos Lignes directrices des fournisseurs, qui en font partie intégrante. Si vous ne les acceptez pas, veuillez ne pas utiliser le service.`,
        `Vous devez avoir au moins ${MIN_AGE} ans pour utiliser ${brand}. En créant un compte, vous confirmez avoir ${MIN_AGE} ans ou plus et avoir la capacité de conclure un contrat qui vous lie. Si vous utilisez le service pour le compte d'une entreprise, vous confirmez être autorisé à accepter les présentes conditions en son nom.`,
      ],
      [
        "Fonctionnement de la plateforme",
        `${brand} est une plateforme de mise en relation pour Toronto et la région du Grand Toronto. Nous aidons les clients à trouver des fournisseurs de services à domicile, des services de voiture et de chauffeur ainsi que des logements à louer, et nous mettons les clients en contact avec les fournisseurs. Nous ne sommes pas partie à l'entente conclue entre un client et un fournisseur ou un propriétaire\u00a0: le fournisseur contracte directement avec vous et demeure responsable du service ou de la location qu'il offre.`,
        [
          "Des demandes, pas des réservations instantanées : lorsque vous envoyez une demande de réservation, de location ou de soumission sur le site, nous l'enregistrons, vous envoyons par courriel une confirmation avec un numéro de référence et la transmettons à notre équipe.",
          "Confirmation par courriel : nos administrateurs examinent chaque demande, vous jumellent avec un fournisseur approprié lorsqu'il y en a un de disponible et confirment la réservation ou la mise en contact par courriel. Une demande n'est pas une réservation confirmée tant que vous n'avez pas reçu cette confirmation.",
          "Aucun paiement sur le site : aucun montant n'est facturé sur le site et nous ne recueillons aucune donnée de carte ni aucune coordonnée bancaire. Le prix, le mode de paiement, les dépôts, les annulations et les remboursements se règlent directement entre vous et le fournisseur ou le propriétaire.",
        ],
        "Nous faisons de notre mieux pour jumeler les demandes rapidement, mais nous ne pouvons pas garantir qu'un fournisseur sera disponible pour chaque demande, chaque date ou chaque secteur.",
      ],
      [
        "Votre compte",
        "Certaines fonctions, comme demander une réservation ou afficher une propriété, exigent un compte. Vous vous inscrivez avec votre adresse courriel et un mot de passe, et vous devez vérifier votre adresse courriel avant que le compte soit pleinement actif.",
        [
          "Fournissez des renseignements exacts et à jour, et tenez-les à jour.",
          "Gardez votre mot de passe secret et ne partagez pas votre compte. Vous êtes responsable des activités effectuées avec votre compte.",
          `Avisez-nous sans tarder à ${supportEmail} si vous croyez que quelqu'un d'autre a utilisé votre compte.`,
          "Ne créez pas de compte pour une autre personne et ne vous faites pas passer pour une autre personne ou une autre entreprise.",
        ],
        `Vous pouvez nous demander de fermer votre compte en tout temps en écrivant à ${supportEmail}. Certains dossiers peuvent être conservés par la suite, comme le décrit notre Politique de confidentialité.`,
      ],
      [
        "Utilisation acceptable",
        "En utilisant le service, vous vous engagez à ne pas :",
        [
          "enfreindre une loi, ni utiliser le service pour organiser quoi que ce soit d'illégal ou de dangereux;",
          "envoyer des demandes, des annonces, des candidatures ou des documents faux, trompeurs ou frauduleux;",
          "harceler, menacer ou maltraiter d'autres utilisateurs, des fournisseurs, des propriétaires ou notre équipe, ni faire preuve de discrimination à leur égard;",
          "publier des pourriels, de la publicité sans lien avec une demande ou du contenu qui porte atteinte aux droits d'autrui;",
          "recueillir les renseignements personnels d'autres utilisateurs, ni les contacter à des fins sans lien avec une demande;",
          "nuire à la sécurité ou au fonctionnement du site, le sonder ou le surcharger, ni y accéder au moyen d'outils automatisés sans notre permission;",
          "tenter d'accéder à des comptes, à des documents ou à des sections du site que vous n'êtes pas autorisé à utiliser.",
        ],
        "Nous pouvons retirer du contenu et restreindre les comptes qui enfreignent ces règles, comme le décrit la section sur la suspension et la résiliation.",
      ],
      [
        "Obligations et vérification des fournisseurs",
        `Les fournisseurs de services présentent leur candidature au moyen de notre formulaire de candidature. Nous vérifions les fournisseurs manuellement\u00a0: nous examinons la candidature, une pièce d'identité émise par un gouvernement, l'autorisation de travail et, pour les métiers réglementés, un permis valide. L'examen prend habituellement ${FIGURES.providerReviewTime}. L'approbation est à notre discrétion et nous pouvons demander des renseignements supplémentaires.`,
        "En tant que fournisseur, vous vous engagez à :",
        [
          "détenir, et garder en vigueur, chaque permis, licence, enregistrement et assurance que votre travail exige légalement;",
          "tenir à jour vos pièces d'identité et vos permis, et les renouveler avant leur expiration;",
          "décrire vos services, vos prix et vos disponibilités avec honnêteté, et les garder exacts;",
          "exécuter le travail convenu avec le soin et la compétence raisonnables, et respecter les lois applicables, notamment en matière de santé, de sécurité, de protection du consommateur, de fiscalité et d'emploi;",
          "respecter la vie privée des clients et n'utiliser leurs coordonnées que pour fournir le service demandé;",
          "respecter nos Lignes directrices des fournisseurs.",
        ],
        "La vérification est un contrôle que nous effectuons à un moment donné. Elle ne constitue pas une garantie du travail d'un fournisseur et ne fait pas de lui notre employé, notre mandataire ou notre associé. Les fournisseurs exercent leurs activités en tant qu'entreprises indépendantes.",
      ],
      [
        "Annonces de propriétés",
        `Les propriétaires peuvent afficher des chambres, des appartements, des maisons entières, des sous-locations et des séjours de courte durée. Chaque annonce est examinée par notre équipe avant sa mise en ligne. Nous examinons habituellement les annonces en ${FIGURES.listingReviewTime}, et nous pouvons refuser ou retirer une annonce qui ne respecte pas les présentes conditions ou nos Lignes directrices des fournisseurs.`,
        [
          "Vous devez être propriétaire du logement ou être autorisé à le louer, et la location doit être légale, notamment au regard du droit de la location résidentielle, de votre bail ou des règlements de la copropriété, et des règles municipales sur la location à court terme.",
          "Les photos, les descriptions, les prix, les commodités et les disponibilités doivent être exacts et à jour.",
          "Vous ne devez faire preuve d'aucune discrimination envers les locataires ou les invités éventuels pour un motif interdit par les lois sur les droits de la personne.",
        ],
        "Tout bail, contrat de location, dépôt ou paiement intervient entre le propriétaire et le locataire ou l'invité. Nous ne sommes ni un locateur, ni une maison de courtage immobilier, ni un gestionnaire immobilier.",
      ],
      [
        "Avis",
        "Les clients qui ont réservé auprès d'un fournisseur ou interagi avec lui peuvent laisser un avis comprenant une note en étoiles et un court commentaire. Les avis doivent être honnêtes et respecter notre Politique sur les avis. Ils peuvent être retenus pour modération avant leur publication, et nous pouvons refuser ou retirer les avis qui enfreignent la politique.",
        "Les fournisseurs peuvent répondre publiquement aux avis qui les concernent. Nous n'acceptons aucun paiement pour publier, masquer ou modifier des avis.",
      ],
      [
        "Propriété intellectuelle et votre contenu",
        `Le site, sa conception, ses textes, ses éléments graphiques, ses logos et ses logiciels appartiennent à ${brand} ou à ses concédants de licence et sont protégés par la loi. Vous pouvez utiliser le site uniquement aux fins prévues; vous ne pouvez pas le copier, en extraire automatiquement le contenu, le revendre ni en créer des œuvres dérivées sans notre permission écrite.`,
        `Vous demeurez propriétaire du contenu que vous soumettez, comme les photos et descriptions d'annonces, les renseignements de profil et les avis. Vous accordez à ${brand} une licence non exclusive, libre de redevances et mondiale lui permettant d'héberger, de stocker, de reproduire, d'adapter (par exemple redimensionner ou réencoder des images), d'afficher et de publier ce contenu afin d'exploiter et de promouvoir le service, tant qu'il se trouve sur le service et pendant une période raisonnable après son retrait. Vous confirmez détenir les droits nécessaires pour accorder cette licence.`,
      ],
      [
        "Exonérations",
        "Le service est fourni « tel quel » et « selon sa disponibilité ». Nous ne garantissons pas que le site sera toujours disponible, sans interruption ni erreur.",
        "Les fournisseurs et les propriétaires sont indépendants de nous. Dans la mesure permise par la loi, nous ne sommes pas responsables de la qualité, de la sécurité, de la légalité ou des délais de leurs services ou de leurs locations, de l'exactitude de leurs annonces, ni de leurs propos ou de leurs actes. Nous ne garantissons aucun résultat particulier à la suite d'une demande. Les avis reflètent l'opinion de leurs auteurs, et non la nôtre.",
        "Rien dans les présentes conditions ne limite les droits que vous confèrent les lois sur la protection du consommateur et auxquels un contrat ne peut ni déroger ni apporter de limite.",
      ],
      [
        "Limitation de responsabilité",
        "Dans toute la mesure permise par la loi, nous ne sommes pas responsables des dommages indirects, accessoires, spéciaux, consécutifs ou punitifs, ni des pertes de profits, de revenus, de données ou d'achalandage, découlant du service ou de toute relation entre les utilisateurs, les fournisseurs et les propriétaires, ou s'y rapportant.",
        `Dans toute la mesure permise par la loi, notre responsabilité totale envers vous pour toutes les réclamations découlant du service ou des présentes conditions, ou s'y rapportant, est limitée ${FIGURES.liabilityCap}.`,
        "Ces limites ne s'appliquent pas lorsque la loi ne les permet pas, par exemple en cas de fraude, de négligence grave ou d'inconduite délibérée.",
      ],
      [
        "Indemnisation",
        `Vous acceptez d'indemniser ${brand} et son équipe, et de les tenir à couvert, à l'égard des réclamations, pertes, dommages et frais raisonnables (y compris les honoraires d'avocats) présentés par des tiers et découlant de votre manquement aux présentes conditions, d'une utilisation abusive du service, du contenu que vous soumettez ou, si vous êtes fournisseur ou propriétaire, des services ou des locations que vous offrez.`,
        "Nous vous informerons de toute réclamation de ce type et pourrons choisir de participer à sa défense à nos propres frais.",
      ],
      [
        "Suspension et résiliation",
        "Vous pouvez cesser d'utiliser le service et nous demander de fermer votre compte en tout temps.",
        "Nous pouvons suspendre ou fermer un compte, retirer du contenu ou refuser une demande, une candidature ou une annonce si nous avons des motifs raisonnables de croire que les présentes conditions ou nos politiques ont été enfreintes, qu'il existe un risque pour d'autres utilisateurs ou pour le public, que des documents sont faux ou expirés, ou lorsque la loi l'exige. Lorsque c'est approprié et permis par la loi, nous vous en expliquerons la raison et vous donnerons l'occasion de répondre.",
        "Les sections qui, de par leur nature, doivent demeurer en vigueur après la fermeture d'un compte, comme la propriété intellectuelle, les exonérations, la limitation de responsabilité, l'indemnisation et le droit applicable, continuent de s'appliquer.",
      ],
      [
        "Droit applicable et différends",
        `Les présentes conditions sont régies par les lois de ${FIGURES.governingLaw} et les lois fédérales du Canada qui s'y appliquent, sans égard aux règles de conflit de lois. Vous et nous reconnaissons la compétence exclusive des tribunaux de ${FIGURES.governingLaw} pour tout différend qui n'est pas réglé à l'amiable, sauf si la loi vous donne le droit d'intenter un recours ailleurs.`,
        `Si vous avez une préoccupation, veuillez d'abord communiquer avec nous à ${supportEmail}. La plupart des problèmes peuvent ainsi être réglés rapidement.`,
      ],
      [
        "Modifications des présentes conditions et comment nous joindre",
        "Nous pouvons mettre à jour les présentes conditions de temps à autre, par exemple lorsque nous ajoutons des fonctions ou que la loi change. Nous publierons la nouvelle version sur cette page avec une nouvelle date d'entrée en vigueur et, pour les changements importants, nous en aviserons les titulaires de compte par courriel avant leur entrée en vigueur. Si vous continuez d'utiliser le service après l'entrée en vigueur des changements, vous acceptez les conditions mises à jour.",
        `Pour toute question sur les présentes conditions, écrivez-nous à ${supportEmail} ou à l'adresse postale indiquée dans les coordonnées ci-dessous.`,
      ],
    ],
  },
  privacy: {
    title: "Politique de confidentialité",
    summary: `Les renseignements personnels que ${brand} recueille, pourquoi, qui peut les voir, et comment vous pouvez y accéder, les corriger ou les supprimer.`,
    sections: [
      [
        "À propos de cette politique",
        `Cette politique explique comment ${brand} («\u00a0nous\u00a0») traite les renseignements personnels lorsque vous utilisez notre site Web pour trouver des services, demander des réservations, afficher une propriété, présenter une candidature comme fournisseur ou rédiger des avis. Nous traitons les renseignements personnels conformément aux lois canadiennes applicables en matière de protection de la vie privée.`,
        "Nous ne recueillons que ce dont nous avons besoin pour exploiter la plateforme. Nous ne traitons aucun paiement, nous ne vendons aucun renseignement personnel et nous n'utilisons ni réseaux publicitaires ni traceurs de tiers.",
      ],
      [
        "Renseignements que nous recueillons",
        "Nous recueillons les renseignements que vous nous fournissez dans nos formulaires :",
        [
          "Données de compte : votre nom, votre courriel, votre téléphone (facultatif), l'empreinte de votre mot de passe (nous ne conservons jamais votre mot de passe lui-même), votre langue et votre ville ou secteur.",
          "Données de réservation : le type de service, l'emplacement, la date et l'heure souhaitées, et les remarques que vous ajoutez à une demande de réservation ou de soumission.",
          "Données des fournisseurs : renseignements sur l'entreprise, catégories de services, liens vers le portfolio, disponibilités et documents de vérification (pièce d'identité, autorisation de travail et, au besoin, permis).",
          "Avis : votre note en étoiles, votre court commentaire et vos photos facultatives.",
          "Autres envois : les messages envoyés au moyen du formulaire de contact, les détails et les photos des annonces de propriétés, ainsi que les demandes de location ou de service, y compris les coordonnées que vous y inscrivez.",
        ],
        "Lorsque vous téléversez une photo, nous la réencodons et en retirons les métadonnées cachées, comme les données EXIF et de localisation GPS. Nous ne suivons pas la position de votre appareil : la seule localisation que nous détenons est celle que vous inscrivez dans un formulaire.",
        "Comme tout site Web, nos serveurs traitent aussi des renseignements techniques, comme votre adresse IP et le type de votre navigateur, pour afficher les pages et protéger le service contre les abus, par exemple en limitant les tentatives de connexion répétées.",
      ],
      [
        "Utilisation de vos renseignements",
        [
          "Pour créer et sécuriser votre compte, vérifier votre adresse courriel et vous permettre de vous connecter.",
          "Pour recevoir vos demandes, vous jumeler avec un fournisseur ou un propriétaire approprié et confirmer les réservations par courriel.",
          "Pour examiner les candidatures des fournisseurs, vérifier leur identité, leur autorisation de travail et leurs permis, et maintenir cette vérification à jour.",
          "Pour examiner les annonces de propriétés et les avis avant leur publication, et pour faire respecter nos conditions et nos politiques.",
          "Pour répondre à vos messages et vous offrir du soutien.",
          "Pour comprendre, de façon globale, comment le site est utilisé afin de l'améliorer.",
          "Pour prévenir la fraude et les abus, et respecter nos obligations légales.",
        ],
        "Nous utilisons vos renseignements uniquement à ces fins, ou à toute autre fin à laquelle vous consentez ou que la loi exige.",
      ],
      [
        "Qui peut voir vos renseignements",
        [
          "Notre équipe : les opérateurs et les administrateurs autorisés peuvent voir les demandes, les comptes, les candidatures et les annonces afin d'exploiter le service.",
          "Les fournisseurs et les propriétaires : lorsque nous vous jumelons, nous communiquons au fournisseur ou au propriétaire concerné les renseignements nécessaires au travail ou à la location, comme votre nom, vos coordonnées, le service, l'emplacement, la date et l'heure souhaitées, et vos remarques.",
          "Le public : les avis publiés (avec le nom d'affichage de leur auteur), les profils de fournisseurs approuvés et les annonces de propriétés approuvées sont visibles par tous.",
          "Les fournisseurs de services qui exploitent notre infrastructure, comme l'hébergement et l'envoi de courriels, traitent des renseignements pour notre compte, sous des obligations de confidentialité et uniquement pour nous fournir leur service.",
          "Les autorités, lorsque la loi l'exige ou pour protéger la sécurité d'une personne.",
        ],
        "Les pièces d'identité et les documents de vérification font exception : seuls nos opérateurs et nos administrateurs chargés d'examiner les candidatures peuvent les voir. Ils ne sont jamais publiés, jamais communiqués aux clients et jamais accessibles à une adresse Web publique.",
      ],
      [
        "Témoins et décompte des clics",
        "Nous utilisons uniquement les témoins (cookies) dont le site a besoin :",
        [
          "Un témoin de session, qui vous garde connecté et protège votre compte.",
          "Un témoin de langue, qui mémorise la langue que vous avez choisie.",
        ],
        "Nous n'utilisons ni témoins publicitaires ni traceurs de tiers, ni outils d'analyse de tiers. Pour comprendre comment les gens utilisent le site, nos propres serveurs comptent les clics sur les boutons Se connecter, S'inscrire et Pour les fournisseurs. Ces décomptes restent chez nous et ne servent que de façon globale.",
      ],
      [
        "Courriels que nous envoyons",
        "Nous envoyons des courriels transactionnels au sujet de votre compte et de vos demandes : messages de vérification de courriel et de réinitialisation de mot de passe, confirmation avec un numéro de référence lorsque vous soumettez une demande, confirmations et mises à jour de réservations, et résultat de l'examen d'une candidature de fournisseur ou d'une annonce. Ces courriels font partie du service; vous ne pouvez donc pas vous en désabonner tant que votre compte est ouvert.",
        "Des copies des demandes sont aussi envoyées à la boîte de courriel de nos opérateurs afin que notre équipe puisse les traiter. Nous n'envoyons aucun courriel de marketing sans votre consentement.",
      ],
      [
        "Durée de conservation des renseignements",
        [
          "Les données de compte sont conservées tant que votre compte est ouvert.",
          "Les données de réservation et les messages sont conservés aussi longtemps que nécessaire pour traiter la demande, offrir du soutien, régler les différends et respecter nos obligations légales et de tenue de dossiers.",
          `Les documents de vérification sont conservés tant que vous êtes un fournisseur actif, puis aussi longtemps que nécessaire pour régler des différends ou respecter nos obligations légales; les documents liés à des candidatures non approuvées sont supprimés ${REJECTED_DOCUMENT_RETENTION_DAYS} jours après la décision. Chaque fois qu'un administrateur ouvre l'un de vos documents, nous consignons qui l'a ouvert et à quel moment.`,
          `Les demandes que nous supprimons, à votre demande ou de notre propre initiative, sont effacées définitivement ${RETENTION_DAYS.deletedRequests} jours plus tard, avec leur historique et les courriels qui s'y rapportent.`,
          `Les messages envoyés au moyen de notre formulaire de contact sont supprimés ${RETENTION_DAYS.contactMessages} jours après leur envoi.`,
          `Le texte de chaque courriel que nous vous envoyons, et votre adresse qui y figure, sont supprimés de nos dossiers ${RETENTION_DAYS.customerEmailBodies} jours après l'envoi; nous conservons seulement son type, son objet et la date de son envoi.`,
          `Un compte dont l'adresse courriel n'est jamais vérifiée et qui n'est jamais utilisé est supprimé ${RETENTION_DAYS.unverifiedAccounts} jours après l'inscription.`,
          `La copie de vos données que vous demandez depuis votre compte peut être téléchargée pendant ${RETENTION_DAYS.dataExports} jours après sa préparation; ensuite, le fichier est supprimé.`,
          "Les avis publiés restent sur le site, sauf s'ils sont retirés en vertu de notre Politique sur les avis ou si vous nous demandez de les supprimer. Quand vous supprimez votre compte, vos avis et leurs photos sont retirés, et non conservés de façon anonyme.",
          "Quand vous supprimez votre compte (Mon compte → Supprimer le compte), ou nous demandez d'effacer vos renseignements, nous supprimons aussitôt votre compte, votre profil, votre profil de fournisseur et vos documents, vos annonces, vos photos et vos téléchargements de données. Les demandes que vous avez faites sont conservées pour l'autre partie et pour nos dossiers, mais sans votre nom, vos coordonnées ni ce que vous avez écrit : elles indiquent « Utilisateur supprimé ».",
        ],
        "Lorsque des renseignements ne sont plus nécessaires, nous les supprimons ou les anonymisons afin qu'ils ne permettent plus de vous identifier.",
      ],
      [
        "Protection de vos renseignements",
        "Les mots de passe ne sont conservés que sous forme d'empreinte à sens unique. Les pièces d'identité et les documents de vérification sont stockés de façon privée et ne sont transmis qu'aux opérateurs et aux administrateurs connectés. L'accès aux renseignements personnels est limité aux personnes qui en ont besoin.",
        `Aucun système n'est parfaitement sûr. Si nous apprenons qu'une atteinte présente un risque réel de préjudice grave, nous vous en aviserons, ainsi que les autorités, comme l'exige la loi. Veuillez choisir un mot de passe robuste et nous écrire à ${supportEmail} si vous croyez que votre compte a été compromis.`,
      ],
      [
        "Vos droits et comment les exercer",
        "Vous avez le droit :",
        [
          "d'accéder aux renseignements personnels que nous détenons à votre sujet;",
          "de nous demander de corriger des renseignements inexacts ou incomplets;",
          "de nous demander de supprimer vos renseignements ou de fermer votre compte, sous réserve de ce que la loi nous oblige à conserver;",
          "de retirer votre consentement aux utilisations facultatives, sous réserve des restrictions légales ou contractuelles.",
        ],
        `Pour exercer l'un de ces droits, écrivez à ${supportEmail} à partir de l'adresse associée à votre compte. Nous pourrions devoir confirmer votre identité avant d'agir. Nous vous répondrons dans un délai de 30 jours.`,
        "Si notre réponse ne vous satisfait pas, vous pouvez communiquer avec le Commissariat à la protection de la vie privée du Canada.",
      ],
      [
        "Enfants et modifications de cette politique",
        `${brand} ne s'adresse pas aux personnes de moins de ${MIN_AGE} ans, et nous ne recueillons pas sciemment de renseignements personnels à leur sujet. Si vous croyez qu'une personne de moins de ${MIN_AGE} ans nous a fourni des renseignements, communiquez avec nous et nous les supprimerons.`,
        "Nous pouvons mettre à jour cette politique lorsque nos pratiques ou la loi changent. Nous publierons la nouvelle version ici avec une nouvelle date d'entrée en vigueur et, pour les changements importants, nous en aviserons les titulaires de compte par courriel.",
      ],
    ],
  },
  "reviews-policy": {
    title: "Politique sur les avis",
    summary: `Le fonctionnement des avis sur ${brand}\u00a0: qui peut en rédiger, ce qu'ils peuvent contenir et comment nous les modérons.`,
    sections: [
      [
        "Qui peut rédiger un avis",
        `Les avis aident la communauté à choisir ses fournisseurs en toute confiance; ils doivent donc reposer sur de vraies expériences. Seuls les utilisateurs connectés qui ont eu une réservation ou une interaction avec un fournisseur par l'intermédiaire de ${brand} peuvent évaluer ce fournisseur.`,
        [
          "Vous ne pouvez pas vous évaluer vous-même, ni évaluer votre propre entreprise ou une entreprise pour laquelle vous travaillez ou avec laquelle vous avez des liens étroits.",
          "Vous ne pouvez pas rédiger, acheter ou vendre des avis, ni offrir de récompense en échange d'avis. Les avis rémunérés ou incités ne sont pas permis, qu'ils soient positifs ou négatifs.",
          "Rédigez un seul avis par expérience, en vous fondant sur ce qui s'est réellement passé.",
        ],
      ],
      [
        "Contenu d'un avis",
        [
          "Une note de 1 à 5 étoiles.",
          "Un court commentaire décrivant votre expérience. Concentrez-vous sur le service : qualité, ponctualité, communication et rapport qualité-prix.",
          "Des photos facultatives du travail ou du résultat. Les photos doivent être les vôtres et se rapporter au service. Nous les réencodons et en retirons les données de localisation avant leur publication.",
        ],
        "Les avis publiés affichent votre nom d'affichage, la date, la note, le commentaire et les photos, le cas échéant.",
      ],
      [
        "Ce qui n'est pas permis",
        "Les avis ne doivent pas contenir :",
        [
          "de coordonnées personnelles, comme des numéros de téléphone, des adresses courriel ou des adresses domiciliaires, qu'il s'agisse des vôtres, de celles du fournisseur ou de celles de toute autre personne;",
          "de propos haineux, ni de contenu qui s'en prend à des personnes en raison de leur race, de leur religion, de leur genre, de leur orientation sexuelle, d'un handicap ou de toute autre caractéristique protégée;",
          "de propos diffamatoires, c'est-à-dire de fausses affirmations de fait qui nuisent à la réputation de quelqu'un. Faites part de votre expérience et de votre opinion sincères, et non d'accusations que vous ne pouvez pas étayer;",
          "de menaces, de harcèlement, de langage obscène ni de contenu sexuellement explicite;",
          "de pourriels, de publicité, de liens vers d'autres entreprises ni de contenu sans rapport avec le service;",
          "de renseignements privés sur d'autres personnes, ni de photos de personnes qui n'ont pas accepté d'y figurer.",
        ],
      ],
      [
        "Modération",
        "Les avis peuvent être retenus pour modération avant leur publication. Notre équipe les vérifie au regard de cette politique et peut publier, refuser ou retirer un avis. Nous ne modifions ni ce que vous avez écrit ni votre note; si un avis enfreint une règle, nous le refusons ou le retirons, et vous pouvez en soumettre une version corrigée.",
        "Nous ne retirons pas un avis simplement parce qu'il est négatif, et nous n'acceptons jamais de paiement pour publier, masquer ou classer des avis. Les fournisseurs ne peuvent pas choisir les avis qui s'affichent.",
      ],
      [
        "Réponses des fournisseurs",
        "Les fournisseurs peuvent répondre publiquement aux avis qui les concernent. Les réponses obéissent aux mêmes règles que les avis : aucune coordonnée personnelle, aucun propos haineux, aucune diffamation, aucun pourriel et aucune divulgation de détails privés sur le client ou le travail. Une réponse calme et factuelle qui répond à la préoccupation est la plus utile pour les futurs clients.",
      ],
      [
        "Signaler un avis",
        `Si vous croyez qu'un avis ou une réponse enfreint cette politique, écrivez à ${supportEmail} en joignant le lien vers l'avis et une courte explication. Les fournisseurs qui croient qu'un avis provient d'un client qu'ils n'ont jamais servi doivent nous en informer; nous pourrions demander des renseignements aux deux parties.`,
        "Nous examinons chaque signalement et prenons des mesures lorsque la politique a été enfreinte. Il se peut que nous ne puissions pas communiquer les détails de notre décision à toutes les personnes concernées.",
      ],
      [
        "Conséquences du non-respect de cette politique",
        "Nous pouvons retirer des avis ou des réponses, restreindre la possibilité de publier des avis ou suspendre les comptes qui enfreignent cette politique. Les fournisseurs qui rédigent, achètent ou organisent de faux avis, ou qui font pression sur des clients au sujet de leurs avis, peuvent perdre leur statut de fournisseur vérifié et être retirés de la plateforme.",
      ],
    ],
  },
  "provider-guidelines": {
    title: "Lignes directrices des fournisseurs",
    summary: `Ce que ${brand} attend des fournisseurs de services et des propriétaires, de la vérification à la qualité du service et aux normes des annonces.`,
    sections: [
      [
        "Candidature et vérification",
        `Chaque fournisseur de ${brand} est vérifié par notre équipe avant de pouvoir être jumelé avec des clients. Pour présenter votre candidature, remplissez le formulaire de candidature avec votre nom complet, votre courriel, votre téléphone, votre adresse, les secteurs que vous desservez et les services que vous offrez. Vous pouvez choisir jusqu'à ${MAX_PROVIDER_SERVICES} services dans notre catalogue, et décrire un autre service dans vos propres mots s'il n'y figure pas.`,
        `Nous examinons les candidatures manuellement et répondons habituellement en ${FIGURES.providerReviewTime}. Nous vous écrirons pour vous communiquer le résultat ou pour vous demander des renseignements supplémentaires. Une fois approuvé, vous configurez votre profil avec vos catégories approuvées et une courte biographie avant sa mise en ligne.`,
        "La transmission de renseignements ou de documents faux ou modifiés entraînera le rejet de la candidature et pourra être signalée aux autorités.",
      ],
      [
        "Identité et autorisation de travail",
        "Vous devez fournir une pièce d'identité délivrée par un gouvernement. Le recto du document est obligatoire; le verso est facultatif. Les pièces d'identité acceptées sont :",
        [
          "Permis de conduire (numéro et date d'expiration obligatoires).",
          "Passeport (numéro et date d'expiration obligatoires).",
          "Carte d'identité nationale (numéro obligatoire; aucune date d'expiration requise).",
        ],
        "Vous devez aussi confirmer que vous êtes autorisé à travailler au Canada et nous indiquer votre statut :",
        [
          "Citoyen.",
          "Résident permanent.",
          "Permis de travail ouvert : date d'expiration du permis et copie du permis obligatoires.",
          "Permis de travail lié à un employeur particulier : date d'expiration du permis et copie du permis obligatoires.",
          "Autre : nous pourrions communiquer avec vous pour obtenir des précisions.",
        ],
      ],
      [
        "Exigences relatives aux documents",
        [
          `Téléversez vos documents en format PNG, JPG ou PDF, d'une taille inférieure à ${FIGURES.maxUpload} chacun.`,
          "Assurez-vous que le document entier est visible, net, et qu'il n'est ni rogné, ni masqué, ni modifié.",
          "Les documents doivent être valides à la date où vous les soumettez.",
        ],
        "Vos documents sont stockés de façon privée. Seuls nos opérateurs et nos administrateurs chargés d'examiner les candidatures peuvent les voir; ils ne sont jamais affichés sur votre profil ni montrés aux clients.",
        `Les documents expirés doivent être renouvelés. Avant l'expiration d'une pièce d'identité, d'un permis de travail ou d'un permis d'exercice, envoyez-nous le document renouvelé à ${supportEmail}. Si un document obligatoire expire, nous pourrions suspendre votre profil jusqu'à ce que nous en recevions un valide.`,
      ],
      [
        "Permis pour les services réglementés",
        "Certains services sont réglementés et exigent un permis valide. Si vous choisissez l'un d'eux, vous devez indiquer le type de permis, son numéro, la région qui l'a délivré et sa date d'expiration, et téléverser une image nette ou un PDF du permis :",
        [
          "Plomberie\u00a0: certificat de qualification ou permis de plombier.",
          "Salon/Beauté\u00a0: permis de cosmétologie ou d'esthétique.",
          "Voiture/Chauffeur\u00a0: permis de conduire.",
          "Électricité\u00a0: licence d'entrepreneur électricien ou certificat de qualification.",
          "CVCA\u00a0: permis de technicien en chauffage, ventilation et climatisation.",
          "Toiture\u00a0: licence d'entrepreneur.",
          "Entrepreneur général\u00a0: licence d'entrepreneur.",
        ],
        "N'effectuez que les travaux couverts par votre permis. Si votre permis est suspendu, restreint ou non renouvelé, cessez d'offrir le service et avisez-nous immédiatement.",
      ],
      [
        "Normes de conduite et de qualité",
        [
          "Répondez rapidement aux mises en contact et confirmez ou refusez clairement les travaux.",
          "Établissez vos soumissions honnêtement. Convenez par écrit avec le client du prix, du mode de paiement et de tout dépôt avant de commencer; aucun montant n'est facturé par l'intermédiaire du site.",
          "Arrivez à l'heure, faites le travail avec soin et compétence, et respectez les règles de sécurité et les codes du bâtiment.",
          "Souscrivez l'assurance qu'exige habituellement votre métier.",
          "Soyez respectueux et professionnel; le harcèlement et la discrimination ne sont pas tolérés.",
          "N'utilisez les coordonnées des clients que pour fournir le service demandé.",
          "Gardez votre profil, vos services et vos disponibilités exacts.",
        ],
      ],
      [
        "Avis et réponses",
        "Les clients qui ont réservé auprès de vous ou interagi avec vous peuvent évaluer votre service. Vous pouvez répondre publiquement à chaque avis. Gardez vos réponses calmes, factuelles et exemptes de renseignements personnels sur les clients.",
        "Ne vous évaluez pas vous-même, ne demandez pas à des amis de le faire, n'offrez ni récompense ni rabais en échange d'avis et ne faites pas pression sur des clients pour qu'ils modifient ou retirent un avis. Si vous croyez qu'un avis enfreint notre Politique sur les avis, signalez-le plutôt que d'en débattre dans une réponse.",
      ],
      [
        "Normes des annonces de propriétés",
        `Les propriétaires affichent des chambres, des appartements, des maisons entières, des sous-locations et des séjours de courte durée au moyen de notre formulaire d'annonce. Chaque annonce est examinée avant sa mise en ligne, habituellement en ${FIGURES.listingReviewTime}.`,
        [
          "N'affichez qu'une propriété dont vous êtes propriétaire ou que vous êtes autorisé à louer.",
          "Assurez-vous que la location est légale, notamment au regard du droit de la location résidentielle, de votre bail ou des règlements de la copropriété, et des règles municipales sur la location à court terme.",
          `Utilisez des photos exactes et récentes du logement lui-même\u00a0: au moins une et jusqu'à ${MAX_LISTING_PHOTOS}, en format JPG ou PNG. Ne montrez ni personnes ni documents personnels sur les photos.`,
          "Décrivez avec exactitude la propriété, le prix, le dépôt, le séjour minimal, les commodités et les disponibilités, et mettez à jour ou retirez l'annonce lorsque le logement n'est plus disponible.",
          "Traitez les locataires et les invités éventuels équitablement et sans discrimination.",
        ],
      ],
      [
        "Suspension et retrait",
        "Nous pouvons suspendre ou retirer un profil ou une annonce, ou mettre fin à l'accès d'un fournisseur, si les présentes lignes directrices ou nos Conditions d'utilisation sont enfreintes, si des documents sont faux ou expirés, si nous recevons des plaintes crédibles concernant la sécurité ou l'honnêteté, ou lorsque la loi l'exige.",
        `Lorsque c'est approprié, nous vous en expliquerons la raison et vous donnerons l'occasion de répondre ou de corriger le problème. Pour toute question sur une décision, écrivez à ${supportEmail}.`,
      ],
    ],
  },
});

export const frCALegal: LegalTranslation = {
  englishPrevails:
    "Ce document est une traduction de la version anglaise. En cas de divergence entre les deux versions, la version anglaise prévaut.",
  templateNotice:
    "Ce document est un modèle fourni à titre d'information générale et ne constitue pas un avis juridique. Il devrait être révisé par un avocat qualifié avant qu'on s'y fie.",
  texts,
};
