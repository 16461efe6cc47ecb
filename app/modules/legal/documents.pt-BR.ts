/**
 * Os quatro documentos da Central jurídica em português do Brasil: tradução de documents.ts
 * (mesmas seções, mesmos identificadores, mesmos números). Prevalece a versão em inglês.
 */
import {
  MAX_LISTING_PHOTOS,
  MAX_PROVIDER_SERVICES,
  MIN_AGE,
  REJECTED_DOCUMENT_RETENTION_DAYS,
} from "../site/constants";
import { RETENTION_DAYS } from "../privacy/retention";
import { type LegalContext, type LegalTexts, type LegalTranslation, MAX_UPLOAD_MB } from "./documents";

/** Os valores de site/constants.ts neste idioma (localized.test.ts confere os números). */
export const FIGURES = {
  providerReviewTime: "1 a 3 dias úteis",
  listingReviewTime: "24 a 48 horas",
  liabilityCap:
    "o maior valor entre CAD 100 e o montante que você nos pagou nos doze (12) meses anteriores à reclamação",
  governingLaw: "Ontário, Canadá",
  maxUpload: `${MAX_UPLOAD_MB} MB`,
};

const texts = ({ brand, supportEmail }: LegalContext): LegalTexts => ({
  terms: {
    title: "Termos de Uso",
    summary: `As regras para usar a ${brand}: quem pode usar, como funcionam as solicitações e as reservas e pelo que cada parte é responsável.`,
    sections: [
      [
        "Aceitação destes termos e quem pode usar o serviço",
        `Estes Termos de Uso são um acordo entre você e a ${brand} (“${brand}”, “nós” ou “nosso”). Eles se aplicam sempre que você visita nosso site, cria uma conta, envia uma solicitação, anuncia um imóvel ou se candidata para oferecer serviços. Ao usar o serviço, você concorda com estes termos e com nossa Política de Privacidade, nossa Política de Avaliações e nossas Diretrizes para Prestadores, que fazem parte deles. Se não concordar, não use o serviço.`,
        `Você precisa ter pelo menos ${MIN_AGE} anos para usar a ${brand}. Ao criar uma conta, você confirma que tem ${MIN_AGE} anos ou mais e que pode firmar um contrato vinculante. Se usar o serviço em nome de uma empresa, você confirma que está autorizado a aceitar estes termos em nome dela.`,
      ],
      [
        "Como o marketplace funciona",
        `A ${brand} é um marketplace para Toronto e a Grande Toronto (GTA). Ajudamos clientes a encontrar prestadores de serviços residenciais, serviços de carro e motorista e imóveis para alugar, e colocamos clientes em contato com prestadores. Não somos parte do acordo entre um cliente e um prestador ou proprietário: o prestador contrata diretamente com você e é responsável pelo serviço ou pela locação que oferece.`,
        [
          "Solicitações, não reservas instantâneas: quando você envia uma solicitação de reserva, de aluguel ou de orçamento no site, nós a registramos, enviamos por e-mail uma confirmação com um número de referência e a encaminhamos para nossa equipe.",
          "Confirmação por e-mail: nossos administradores analisam cada solicitação, indicam um prestador adequado quando há um disponível e confirmam a reserva ou o contato por e-mail. Uma solicitação não é uma reserva confirmada até você receber essa confirmação.",
          "Nenhum pagamento no site: nada é cobrado no site e não coletamos dados de cartão nem bancários. Preço, forma de pagamento, caução, cancelamentos e reembolsos são combinados diretamente entre você e o prestador ou proprietário.",
        ],
        "Fazemos o possível para atender as solicitações rapidamente, mas não podemos garantir que haverá um prestador disponível para toda solicitação, data ou região.",
      ],
      [
        "Sua conta",
        "Alguns recursos, como solicitar uma reserva ou anunciar um imóvel, exigem uma conta. Você se cadastra com seu e-mail e uma senha, e precisa verificar seu e-mail antes que a conta fique totalmente ativa.",
        [
          "Forneça informações corretas e atuais e mantenha-as atualizadas.",
          "Mantenha sua senha em segredo e não compartilhe sua conta. Você é responsável pelas atividades realizadas na sua conta.",
          `Avise-nos imediatamente pelo e-mail ${supportEmail} se achar que outra pessoa usou sua conta.`,
          "Não crie uma conta para outra pessoa nem se passe por qualquer pessoa ou empresa.",
        ],
        `Você pode pedir o encerramento da sua conta a qualquer momento escrevendo para ${supportEmail}. Alguns registros podem ser mantidos depois disso, conforme descrito em nossa Política de Privacidade.`,
      ],
      [
        "Uso aceitável",
        "Ao usar o serviço, você concorda em não:",
        [
          "violar qualquer lei, nem usar o serviço para combinar algo ilegal ou perigoso;",
          "enviar solicitações, anúncios, candidaturas ou documentos falsos, enganosos ou fraudulentos;",
          "assediar, ameaçar, discriminar ou maltratar outros usuários, prestadores, proprietários ou nossa equipe;",
          "publicar spam, propaganda sem relação com uma solicitação ou conteúdo que viole direitos de terceiros;",
          "coletar informações pessoais de outros usuários, nem contatá-los para fins sem relação com uma solicitação;",
          "interferir na segurança ou no funcionamento do site, sondá-lo ou sobrecarregá-lo, nem acessá-lo com ferramentas automatizadas sem nossa permissão;",
          "tentar acessar contas, documentos ou áreas do site que você não está autorizado a usar.",
        ],
        "Podemos remover conteúdo e restringir contas que violem estas regras, conforme descrito na seção sobre suspensão e encerramento.",
      ],
      [
        "Obrigações e verificação dos prestadores",
        `Os prestadores de serviço se candidatam pelo nosso formulário de candidatura. Verificamos os prestadores manualmente: analisamos a candidatura, um documento de identidade oficial, a autorização de trabalho e, para as profissões regulamentadas, uma licença válida. A análise costuma levar ${FIGURES.providerReviewTime}. A aprovação fica a nosso critério e podemos pedir mais informações.`,
        "Como prestador, você concorda em:",
        [
          "ter, e manter em vigor, todas as licenças, alvarás, registros e seguros que seu trabalho exige por lei;",
          "manter seus documentos de identidade e licenças atualizados e renová-los antes do vencimento;",
          "descrever seus serviços, preços e disponibilidade com honestidade e mantê-los corretos;",
          "executar o trabalho combinado com cuidado e competência razoáveis e cumprir as leis aplicáveis, inclusive as de saúde, segurança, defesa do consumidor, tributárias e trabalhistas;",
          "respeitar a privacidade dos clientes e usar os dados deles apenas para prestar o serviço solicitado;",
          "seguir nossas Diretrizes para Prestadores.",
        ],
        "A verificação é uma checagem que fazemos em determinado momento. Ela não é uma garantia do trabalho de um prestador e não faz dele nosso empregado, representante ou sócio. Os prestadores atuam como negócios independentes.",
      ],
      [
        "Anúncios de imóveis",
        `Os proprietários podem anunciar quartos, apartamentos, casas inteiras, sublocações e estadias curtas. Todo anúncio é analisado pela nossa equipe antes de ser publicado. Normalmente analisamos os anúncios em ${FIGURES.listingReviewTime} e podemos recusar ou remover um anúncio que não cumpra estes termos ou nossas Diretrizes para Prestadores.`,
        [
          "Você precisa ser o dono do imóvel ou estar autorizado a alugá-lo, e a locação deve ser legal, inclusive segundo a legislação de locação residencial, seu contrato de locação ou as regras do condomínio e as normas municipais sobre locação por temporada.",
          "Fotos, descrições, preços, comodidades e disponibilidade devem ser corretos e atuais.",
          "Você não pode discriminar possíveis inquilinos ou hóspedes por nenhum motivo proibido pelas leis de direitos humanos.",
        ],
        "Qualquer contrato de locação, caução ou pagamento é entre o proprietário e o inquilino ou hóspede. Não somos locadores, imobiliária nem administradores de imóveis.",
      ],
      [
        "Avaliações",
        "Clientes que fizeram uma reserva com um prestador ou interagiram com ele podem deixar uma avaliação com uma nota em estrelas e um comentário curto. As avaliações devem ser honestas e seguir nossa Política de Avaliações. Elas podem ficar retidas para moderação antes da publicação, e podemos recusar ou remover avaliações que violem a política.",
        "Os prestadores podem responder publicamente às avaliações sobre eles. Não aceitamos pagamento para publicar, ocultar ou alterar avaliações.",
      ],
      [
        "Propriedade intelectual e seu conteúdo",
        `O site, seu design, textos, elementos gráficos, logotipos e software pertencem à ${brand} ou a seus licenciadores e são protegidos por lei. Você pode usar o site apenas para a finalidade prevista; não pode copiá-lo, extrair seu conteúdo de forma automatizada, revendê-lo nem criar obras derivadas dele sem nossa permissão por escrito.`,
        `Você continua sendo o titular do conteúdo que envia, como fotos e descrições de anúncios, dados de perfil e avaliações. Você concede à ${brand} uma licença não exclusiva, gratuita e mundial para hospedar, armazenar, reproduzir, adaptar (por exemplo, redimensionar ou recodificar imagens), exibir e publicar esse conteúdo com o objetivo de operar e divulgar o serviço, enquanto ele estiver no serviço e por um prazo razoável após sua remoção. Você confirma que tem os direitos necessários para conceder essa licença.`,
      ],
      [
        "Isenções de responsabilidade",
        "O serviço é oferecido “no estado em que se encontra” e “conforme disponibilidade”. Não garantimos que o site estará sempre disponível, sem interrupções ou sem erros.",
        "Prestadores e proprietários são independentes de nós. Na medida permitida por lei, não somos responsáveis pela qualidade, segurança, legalidade ou pontualidade dos serviços ou locações deles, pela exatidão dos anúncios deles nem pelo que dizem ou fazem. Não garantimos nenhum resultado específico de uma solicitação. As avaliações refletem a opinião de quem as escreveu, não a nossa.",
        "Nada nestes termos limita os direitos que você tem segundo as leis de defesa do consumidor e que não podem ser renunciados ou limitados por contrato.",
      ],
      [
        "Limitação de responsabilidade",
        "Na máxima medida permitida por lei, não somos responsáveis por danos indiretos, incidentais, especiais, consequenciais ou punitivos, nem por lucros cessantes, perda de receita, de dados ou de reputação, decorrentes do serviço ou de qualquer relação entre usuários, prestadores e proprietários, ou a eles relacionados.",
        `Na máxima medida permitida por lei, nossa responsabilidade total perante você por todas as reclamações decorrentes do serviço ou destes termos, ou a eles relacionadas, fica limitada a ${FIGURES.liabilityCap}.`,
        "Esses limites não se aplicam quando a lei não os permite, como na responsabilidade por fraude, negligência grave ou dolo.",
      ],
      [
        "Indenização",
        `Você concorda em indenizar e isentar de responsabilidade a ${brand} e sua equipe em relação a reclamações, perdas, danos e custos razoáveis (inclusive honorários advocatícios) apresentados por terceiros que decorram do seu descumprimento destes termos, do uso indevido do serviço, do conteúdo que você enviar ou, se você for prestador ou proprietário, dos serviços ou locações que oferecer.`,
        "Informaremos você sobre qualquer reclamação desse tipo e poderemos optar por participar da defesa às nossas próprias custas.",
      ],
      [
        "Suspensão e encerramento",
        "Você pode deixar de usar o serviço e pedir o encerramento da sua conta a qualquer momento.",
        "Podemos suspender ou encerrar uma conta, remover conteúdo ou recusar uma solicitação, candidatura ou anúncio se tivermos motivos razoáveis para acreditar que estes termos ou nossas políticas foram violados, que há risco para outros usuários ou para o público, que há documentos falsos ou vencidos, ou quando a lei exigir. Quando for apropriado e permitido por lei, explicaremos o motivo e daremos a você a oportunidade de responder.",
        "As seções que, por sua natureza, devem continuar valendo após o encerramento de uma conta, como propriedade intelectual, isenções de responsabilidade, limitação de responsabilidade, indenização e lei aplicável, continuam em vigor.",
      ],
      [
        "Lei aplicável e disputas",
        `Estes termos são regidos pelas leis de ${FIGURES.governingLaw}, e pelas leis federais do Canadá aplicáveis ali, sem considerar as regras de conflito de leis. Você e nós aceitamos a jurisdição exclusiva dos tribunais de ${FIGURES.governingLaw} para qualquer disputa que não seja resolvida de forma amigável, salvo se a lei lhe der o direito de apresentar uma reclamação em outro lugar.`,
        `Se tiver alguma preocupação, fale primeiro conosco pelo e-mail ${supportEmail}. A maioria das questões pode ser resolvida rapidamente dessa forma.`,
      ],
      [
        "Alterações destes termos e como falar conosco",
        "Podemos atualizar estes termos de tempos em tempos, por exemplo quando adicionamos recursos ou quando a lei muda. Publicaremos a nova versão nesta página com uma nova data de vigência e, no caso de mudanças significativas, avisaremos os titulares de contas por e-mail antes que entrem em vigor. Se você continuar usando o serviço depois que as mudanças entrarem em vigor, estará aceitando os termos atualizados.",
        `Se tiver dúvidas sobre estes termos, escreva para ${supportEmail} ou para o endereço postal indicado nos dados de contato abaixo.`,
      ],
    ],
  },
  privacy: {
    title: "Política de Privacidade",
    summary: `Quais informações pessoais a ${brand} coleta, por quê, quem pode vê-las e como você pode acessá-las, corrigi-las ou excluí-las.`,
    sections: [
      [
        "Sobre esta política",
        `Esta política explica como a ${brand} (“nós”) trata informações pessoais quando você usa nosso site para encontrar serviços, solicitar reservas, anunciar um imóvel, candidatar-se como prestador ou escrever avaliações. Tratamos informações pessoais de acordo com a legislação canadense de privacidade aplicável.`,
        "Coletamos apenas o necessário para operar o marketplace. Não processamos pagamentos, não vendemos informações pessoais e não usamos redes de publicidade nem rastreadores de terceiros.",
      ],
      [
        "Informações que coletamos",
        "Coletamos as informações que você nos fornece em nossos formulários:",
        [
          "Dados da conta: seu nome, e-mail, telefone (opcional), o hash da sua senha (nunca armazenamos a senha em si), idioma e cidade ou região.",
          "Dados de reserva: o tipo de serviço, a localização, a data e o horário de preferência e as observações que você incluir em uma solicitação de reserva ou de orçamento.",
          "Dados do prestador: dados da empresa, categorias de serviço, links de portfólio, disponibilidade e documentos de verificação (documento de identidade, autorização de trabalho e, quando exigido, licenças).",
          "Avaliações: sua nota em estrelas, seu comentário curto e suas fotos opcionais.",
          "Outros envios: mensagens enviadas pelo formulário de contato, dados e fotos de anúncios de imóveis e solicitações de aluguel ou de serviço, inclusive os dados de contato que você informar nelas.",
        ],
        "Quando você envia uma foto, nós a recodificamos e removemos metadados ocultos, como dados EXIF e de localização GPS. Não rastreamos a localização do seu dispositivo: a única localização que temos é a que você digita em um formulário.",
        "Como qualquer site, nossos servidores também processam informações técnicas, como seu endereço IP e o tipo de navegador, para exibir as páginas e proteger o serviço contra abusos, por exemplo limitando tentativas repetidas de login.",
      ],
      [
        "Como usamos suas informações",
        [
          "Para criar e proteger sua conta, verificar seu e-mail e permitir que você entre.",
          "Para receber suas solicitações, indicar um prestador ou proprietário adequado e confirmar reservas por e-mail.",
          "Para analisar candidaturas de prestadores, verificar identidade, autorização de trabalho e licenças e manter a verificação atualizada.",
          "Para analisar anúncios de imóveis e avaliações antes da publicação e para fazer cumprir nossos termos e políticas.",
          "Para responder às suas mensagens e oferecer suporte.",
          "Para entender, de forma agregada, como o site é usado e assim melhorá-lo.",
          "Para prevenir fraudes e abusos e cumprir nossas obrigações legais.",
        ],
        "Usamos suas informações apenas para essas finalidades, ou para outra finalidade com a qual você concordar ou que a lei exigir.",
      ],
      [
        "Quem pode ver suas informações",
        [
          "Nossa equipe: operadores e administradores autorizados podem ver solicitações, contas, candidaturas e anúncios para operar o serviço.",
          "Prestadores e proprietários: quando fazemos a conexão, compartilhamos com o prestador ou proprietário envolvido os dados necessários para o serviço ou a locação, como seu nome, dados de contato, serviço, localização, data e horário de preferência e observações.",
          "O público: avaliações publicadas (com o nome de exibição de quem avaliou), perfis de prestadores aprovados e anúncios de imóveis aprovados ficam visíveis para todos.",
          "Fornecedores que operam nossa infraestrutura, como hospedagem e envio de e-mails, tratam informações em nosso nome, sob obrigações de confidencialidade e apenas para nos prestar seus serviços.",
          "Autoridades, quando a lei exigir ou para proteger a segurança de qualquer pessoa.",
        ],
        "Documentos de identidade e de verificação são diferentes: só os veem nossos operadores e administradores que analisam candidaturas. Eles nunca são publicados, nunca são compartilhados com clientes e nunca ficam disponíveis em um endereço público na web.",
      ],
      [
        "Cookies e contagem de cliques",
        "Usamos apenas os cookies de que o site precisa:",
        [
          "Um cookie de sessão, que mantém você conectado e protege sua conta.",
          "Um cookie de idioma, que lembra o idioma que você escolheu.",
        ],
        "Não usamos cookies de publicidade, rastreadores de terceiros nem ferramentas de análise de terceiros. Para entender como as pessoas usam o site, nossos próprios servidores contam os cliques nos botões Entrar, Cadastrar-se e Para prestadores. Essas contagens ficam conosco e são usadas apenas de forma agregada.",
      ],
      [
        "E-mails que enviamos",
        "Enviamos e-mails transacionais sobre sua conta e suas solicitações: mensagens de verificação de e-mail e de redefinição de senha, uma confirmação com número de referência quando você envia uma solicitação, confirmações e atualizações de reservas e o resultado da análise de uma candidatura de prestador ou de um anúncio. Esses e-mails fazem parte do serviço, por isso não é possível cancelar o recebimento enquanto sua conta estiver aberta.",
        "Cópias das solicitações também são enviadas para a caixa de e-mail dos nossos operadores, para que nossa equipe possa tratá-las. Não enviamos e-mails de marketing sem o seu consentimento.",
      ],
      [
        "Por quanto tempo guardamos as informações",
        [
          "Os dados da conta são guardados enquanto sua conta estiver aberta.",
          "Dados de reservas e mensagens são guardados pelo tempo necessário para tratar a solicitação, oferecer suporte, resolver disputas e cumprir nossas obrigações legais e de manutenção de registros.",
          `Os documentos de verificação são guardados enquanto você for um prestador ativo e, depois, pelo tempo necessário para tratar disputas ou cumprir obrigações legais; documentos de candidaturas não aprovadas são excluídos ${REJECTED_DOCUMENT_RETENTION_DAYS} dias após a decisão. Sempre que um administrador abre um dos seus documentos, registramos quem o abriu e quando.`,
          `As solicitações que excluímos, a seu pedido ou por iniciativa nossa, são apagadas definitivamente ${RETENTION_DAYS.deletedRequests} dias depois, com o histórico e os e-mails relacionados.`,
          `As mensagens enviadas pelo nosso formulário de contato são excluídas ${RETENTION_DAYS.contactMessages} dias após o envio.`,
          `O texto de cada e-mail que enviamos a você, e o seu endereço nele, são excluídos dos nossos registros ${RETENTION_DAYS.customerEmailBodies} dias após o envio; guardamos apenas o tipo, o assunto e quando foi enviado.`,
          `Uma conta cujo endereço de e-mail nunca é verificado e que nunca é usada é excluída ${RETENTION_DAYS.unverifiedAccounts} dias após o cadastro.`,
          `A cópia dos seus dados que você solicita pela sua conta pode ser baixada por ${RETENTION_DAYS.dataExports} dias após ser preparada; depois, o arquivo é excluído.`,
          "As avaliações publicadas permanecem no site, a menos que sejam removidas com base em nossa Política de Avaliações ou que você nos peça para excluí-las. Quando você exclui sua conta, suas avaliações e fotos são removidas, e não mantidas de forma anônima.",
          "Quando você exclui sua conta (Minha conta → Excluir conta), ou nos pede para apagar suas informações, excluímos na hora sua conta, seu perfil, seu perfil de prestador e documentos, seus anúncios, fotos e downloads de dados. As solicitações que você fez são mantidas para a outra parte e para nossos registros, mas sem seu nome, seus contatos ou o que você escreveu: aparecem como “Usuário excluído”.",
        ],
        "Quando as informações deixam de ser necessárias, nós as excluímos ou as anonimizamos para que não possam mais identificar você.",
      ],
      [
        "Como protegemos suas informações",
        "As senhas são armazenadas apenas como um hash irreversível. Documentos de identidade e de verificação são armazenados de forma privada e só são exibidos a operadores e administradores conectados. O acesso às informações pessoais é limitado às pessoas que precisam dele.",
        `Nenhum sistema é totalmente seguro. Se soubermos de um incidente de segurança que crie um risco real de dano significativo, notificaremos você e as autoridades, conforme exigido por lei. Escolha uma senha forte e avise-nos pelo e-mail ${supportEmail} se achar que sua conta foi comprometida.`,
      ],
      [
        "Seus direitos e como exercê-los",
        "Você tem o direito de:",
        [
          "acessar as informações pessoais que temos sobre você;",
          "pedir a correção de informações incorretas ou incompletas;",
          "pedir a exclusão das suas informações ou o encerramento da sua conta, respeitado o que a lei nos obriga a guardar;",
          "retirar o consentimento para usos opcionais, respeitados os limites legais ou contratuais.",
        ],
        `Para exercer qualquer um desses direitos, escreva para ${supportEmail} a partir do endereço vinculado à sua conta. Talvez precisemos confirmar sua identidade antes de agir. Responderemos em até 30 dias.`,
        "Se não ficar satisfeito com a nossa resposta, você pode entrar em contato com o Comissariado de Privacidade do Canadá (Office of the Privacy Commissioner of Canada).",
      ],
      [
        "Menores de idade e alterações desta política",
        `A ${brand} não se destina a menores de ${MIN_AGE} anos, e não coletamos intencionalmente informações pessoais deles. Se você acredita que alguém com menos de ${MIN_AGE} anos nos forneceu informações, entre em contato e nós as excluiremos.`,
        "Podemos atualizar esta política quando nossas práticas ou a lei mudarem. Publicaremos a nova versão aqui com uma nova data de vigência e, no caso de mudanças significativas, avisaremos os titulares de contas por e-mail.",
      ],
    ],
  },
  "reviews-policy": {
    title: "Política de Avaliações",
    summary: `Como funcionam as avaliações na ${brand}: quem pode escrevê-las, o que podem conter e como as moderamos.`,
    sections: [
      [
        "Quem pode escrever uma avaliação",
        `As avaliações ajudam a comunidade a escolher prestadores com confiança, por isso devem vir de experiências reais. Somente usuários conectados que tiveram uma reserva ou uma interação com um prestador por meio da ${brand} podem avaliar esse prestador.`,
        [
          "Você não pode avaliar a si mesmo, sua própria empresa ou uma empresa para a qual trabalha ou com a qual tem vínculo próximo.",
          "Você não pode escrever, comprar ou vender avaliações, nem oferecer recompensas por elas. Avaliações pagas ou incentivadas não são permitidas, sejam positivas ou negativas.",
          "Escreva uma avaliação por experiência, com base no que realmente aconteceu.",
        ],
      ],
      [
        "O que uma avaliação inclui",
        [
          "Uma nota de 1 a 5 estrelas.",
          "Um comentário curto descrevendo sua experiência. Concentre-se no serviço: qualidade, pontualidade, comunicação e custo-benefício.",
          "Fotos opcionais do trabalho ou do resultado. As fotos devem ser suas e ter relação com o serviço. Nós as recodificamos e removemos os dados de localização antes da publicação.",
        ],
        "As avaliações publicadas mostram seu nome de exibição, a data, a nota, o comentário e as fotos, se houver.",
      ],
      [
        "O que não é permitido",
        "As avaliações não podem conter:",
        [
          "dados de contato pessoais, como números de telefone, endereços de e-mail ou endereços residenciais, seus, do prestador ou de qualquer outra pessoa;",
          "discurso de ódio ou conteúdo que ataque pessoas por raça, religião, gênero, orientação sexual, deficiência ou qualquer outra característica protegida;",
          "difamação: afirmações falsas sobre fatos que prejudiquem a reputação de alguém. Compartilhe sua experiência e opinião sinceras, não acusações que você não pode comprovar;",
          "ameaças, assédio, linguagem obscena ou material sexualmente explícito;",
          "spam, propaganda, links para outras empresas ou conteúdo sem relação com o serviço;",
          "informações privadas sobre outras pessoas ou fotos de pessoas que não concordaram em aparecer.",
        ],
      ],
      [
        "Moderação",
        "As avaliações podem ficar retidas para moderação antes da publicação. Nossa equipe as confere com base nesta política e pode publicar, recusar ou remover uma avaliação. Não editamos o que você escreveu nem alteramos sua nota; se uma avaliação violar uma regra, nós a recusamos ou removemos, e você pode enviar uma versão corrigida.",
        "Não removemos avaliações só porque são negativas e nunca aceitamos pagamento para publicar, ocultar ou classificar avaliações. Os prestadores não podem escolher quais avaliações aparecem.",
      ],
      [
        "Respostas dos prestadores",
        "Os prestadores podem responder publicamente às avaliações sobre eles. As respostas seguem as mesmas regras das avaliações: sem dados de contato pessoais, sem discurso de ódio, sem difamação, sem spam e sem revelar detalhes privados sobre o cliente ou o serviço. Uma resposta calma e objetiva, que trate da preocupação, é a mais útil para futuros clientes.",
      ],
      [
        "Como denunciar uma avaliação",
        `Se você acredita que uma avaliação ou resposta viola esta política, escreva para ${supportEmail} com o link da avaliação e uma breve explicação. Prestadores que acreditam que uma avaliação foi escrita por um cliente que nunca atenderam devem nos avisar; podemos pedir informações às duas partes.`,
        "Analisamos cada denúncia e tomamos providências quando a política foi violada. Talvez não possamos compartilhar os detalhes da nossa decisão com todos os envolvidos.",
      ],
      [
        "Consequências de violar esta política",
        "Podemos remover avaliações ou respostas, restringir a possibilidade de publicar avaliações ou suspender contas que violem esta política. Prestadores que escrevem, compram ou encomendam avaliações falsas, ou que pressionam clientes por causa de suas avaliações, podem perder o status de verificado e ser removidos do marketplace.",
      ],
    ],
  },
  "provider-guidelines": {
    title: "Diretrizes para Prestadores",
    summary: `O que a ${brand} espera de prestadores de serviço e proprietários, da verificação à qualidade do serviço e aos padrões dos anúncios.`,
    sections: [
      [
        "Candidatura e verificação",
        `Todo prestador da ${brand} é verificado pela nossa equipe antes de poder ser indicado a clientes. Para se candidatar, preencha o formulário de candidatura com seu nome completo, e-mail, telefone, endereço, as regiões que atende e os serviços que oferece. Você pode selecionar até ${MAX_PROVIDER_SERVICES} serviços do nosso catálogo e descrever com suas próprias palavras outro serviço que não esteja na lista.`,
        `Analisamos as candidaturas manualmente e normalmente respondemos em ${FIGURES.providerReviewTime}. Enviaremos um e-mail com o resultado ou para pedir mais informações. Depois da aprovação, você configura seu perfil com as categorias aprovadas e uma breve biografia antes de ele ser publicado.`,
        "O envio de informações ou documentos falsos ou adulterados levará à recusa e poderá ser comunicado às autoridades.",
      ],
      [
        "Identidade e autorização de trabalho",
        "Você precisa enviar um documento de identidade oficial. A frente do documento é obrigatória; o verso é opcional. Os documentos aceitos são:",
        [
          "Carteira de motorista (número e data de validade obrigatórios).",
          "Passaporte (número e data de validade obrigatórios).",
          "Documento nacional de identidade (número obrigatório; não é necessária data de validade).",
        ],
        "Você também precisa confirmar que está autorizado a trabalhar no Canadá e informar sua situação de trabalho:",
        [
          "Cidadão.",
          "Residente permanente.",
          "Permissão de trabalho aberta: data de validade e cópia da permissão obrigatórias.",
          "Permissão de trabalho vinculada a um empregador: data de validade e cópia da permissão obrigatórias.",
          "Outra: poderemos entrar em contato para pedir detalhes.",
        ],
      ],
      [
        "Requisitos dos documentos",
        [
          `Envie os documentos em arquivos PNG, JPG ou PDF com menos de ${FIGURES.maxUpload} cada.`,
          "Verifique se o documento inteiro está visível, nítido e sem cortes, partes cobertas ou edições.",
          "Os documentos devem estar válidos no dia do envio.",
        ],
        "Seus documentos são armazenados de forma privada. Só os veem nossos operadores e administradores que analisam candidaturas; eles nunca aparecem no seu perfil nem para clientes.",
        `Documentos vencidos devem ser renovados. Antes que um documento de identidade, uma permissão de trabalho ou uma licença vença, envie-nos o documento renovado pelo e-mail ${supportEmail}. Se um documento obrigatório vencer, poderemos pausar seu perfil até recebermos um válido.`,
      ],
      [
        "Licenças para serviços regulamentados",
        "Alguns serviços são regulamentados e exigem uma licença válida. Se você selecionar um deles, precisa informar o tipo de licença, o número, a região emissora e a data de validade, e enviar uma imagem nítida ou um PDF da licença:",
        [
          "Encanamento: licença profissional de encanador.",
          "Salão/Beleza: licença de cosmetologia ou estética.",
          "Carro/Motorista: carteira de motorista.",
          "Elétrica: licença de empreiteiro ou profissional eletricista.",
          "Climatização (HVAC): licença de técnico em aquecimento, ventilação e ar-condicionado.",
          "Telhados: licença de empreiteiro.",
          "Empreitada geral: licença de empreiteiro.",
        ],
        "Realize apenas trabalhos cobertos pela sua licença. Se sua licença for suspensa, restringida ou não for renovada, pare de oferecer o serviço e avise-nos imediatamente.",
      ],
      [
        "Padrões de conduta e qualidade",
        [
          "Responda rapidamente aos contatos e confirme ou recuse os trabalhos com clareza.",
          "Faça orçamentos honestos. Combine por escrito com o cliente o preço, a forma de pagamento e qualquer caução antes de começar; nada é cobrado pelo site.",
          "Chegue no horário, faça o trabalho com cuidado e competência e siga as normas de segurança e os códigos de obras.",
          "Tenha o seguro que sua profissão normalmente exige.",
          "Seja respeitoso e profissional; assédio e discriminação não são tolerados.",
          "Use os dados dos clientes apenas para prestar o serviço que eles pediram.",
          "Mantenha seu perfil, seus serviços e sua disponibilidade corretos.",
        ],
      ],
      [
        "Avaliações e respostas",
        "Clientes que fizeram reservas com você ou interagiram com você podem avaliar seu serviço. Você pode responder publicamente a cada avaliação. Mantenha as respostas calmas, objetivas e sem dados pessoais dos clientes.",
        "Não avalie a si mesmo, não peça a amigos que o façam, não ofereça recompensas ou descontos em troca de avaliações e não pressione clientes a alterar ou remover uma avaliação. Se você acredita que uma avaliação viola nossa Política de Avaliações, denuncie-a em vez de discutir em uma resposta.",
      ],
      [
        "Padrões dos anúncios de imóveis",
        `Os proprietários anunciam quartos, apartamentos, casas inteiras, sublocações e estadias curtas pelo nosso formulário de anúncio. Todo anúncio é analisado antes de ser publicado, normalmente em ${FIGURES.listingReviewTime}.`,
        [
          "Anuncie apenas um imóvel que seja seu ou que você esteja autorizado a alugar.",
          "Verifique se a locação é legal, inclusive segundo a legislação de locação residencial, seu contrato de locação ou as regras do condomínio e as normas municipais sobre locação por temporada.",
          `Use fotos corretas e recentes do próprio imóvel: no mínimo uma e no máximo ${MAX_LISTING_PHOTOS}, em JPG ou PNG. Não mostre pessoas nem documentos pessoais nas fotos.`,
          "Descreva com exatidão o imóvel, o preço, a caução, a estadia mínima, as comodidades e a disponibilidade, e atualize ou remova o anúncio quando o imóvel não estiver mais disponível.",
          "Trate possíveis inquilinos e hóspedes de forma justa e sem discriminação.",
        ],
      ],
      [
        "Suspensão e remoção",
        "Podemos pausar ou remover um perfil ou anúncio, ou encerrar o acesso de um prestador, se estas diretrizes ou nossos Termos de Uso forem violados, se houver documentos falsos ou vencidos, se recebermos reclamações fundamentadas sobre segurança ou honestidade, ou quando a lei exigir.",
        `Quando for apropriado, explicaremos o motivo e daremos a você a oportunidade de responder ou corrigir o problema. Para perguntar sobre uma decisão, escreva para ${supportEmail}.`,
      ],
    ],
  },
});

export const ptBRLegal: LegalTranslation = {
  englishPrevails:
    "Este documento é uma tradução da versão em inglês. Em caso de divergência entre as versões, prevalece a versão em inglês.",
  templateNotice:
    "Este documento é um modelo fornecido apenas para informação geral e não constitui aconselhamento jurídico. Ele deve ser revisado por um advogado qualificado antes de ser utilizado.",
  texts,
};
