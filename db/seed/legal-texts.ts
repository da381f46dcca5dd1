// The legal texts a fresh Arena server starts with, in French and English. They are templates: the
// operator completes the bracketed placeholders (name, address, registration numbers) from the admin
// side with PUT /api/legal/{type}. Only the tags and attributes the sanitiser keeps are used here.

export const LEGAL_TYPES = ["rgpd", "cgu", "faq", "mentions-legales"] as const;
type SeedLegalType = (typeof LEGAL_TYPES)[number];
type SeedLanguage = "fr" | "en";

interface SeedContact {
  email: string;
  phone: string;
  address: string;
}

interface SeedLegalText {
  title: string;
  content: string;
}

export const defaultContact: Record<SeedLanguage, SeedContact> = {
  fr: { email: "contact@arena.example", phone: "+212 5 00 00 00 00", address: "[Adresse de l'exploitant], [Ville], Maroc" },
  en: { email: "contact@arena.example", phone: "+212 5 00 00 00 00", address: "[Operator's address], [City], Morocco" },
};

const rgpdFr = `
<p>Cette politique explique quelles données personnelles ce serveur Arena traite, pourquoi, combien de temps il les garde et comment exercer vos droits. Arena est une plateforme auto-hébergée : le service fonctionne sur un serveur installé par son exploitant, le plus souvent sur un réseau local, et vos données restent sur ce serveur.</p>

<h2>1. Responsable du traitement</h2>
<p>Le responsable du traitement est l'exploitant de ce serveur, dont l'identité et l'adresse figurent dans les <a href="/legal/mentions-legales">mentions légales</a>. Vous pouvez le joindre à l'adresse de contact indiquée en bas de cette page.</p>

<h2>2. Données que nous traitons</h2>
<ul>
<li><strong>Compte</strong> : nom d'utilisateur, adresse e-mail, mot de passe (stocké uniquement sous forme d'empreinte argon2id, jamais en clair), prénom et nom si vous les renseignez, avatar, bannière, biographie, liens vers vos réseaux sociaux et identifiant paypal.me si vous l'ajoutez, rôle sur la plateforme.</li>
<li><strong>Connexion et sécurité</strong> : sessions ouvertes (empreinte du jeton, date de création et d'expiration, navigateur utilisé), adresse IP utilisée pour limiter les tentatives de connexion, journaux techniques du serveur.</li>
<li><strong>Diffusion</strong> : titre, jeu et tags de vos lives, clé de stream, <strong>enregistrements de vos lives</strong> (rediffusions) et leurs miniatures, nombre de spectateurs et de vues, configuration de rediffusion vers d'autres plateformes.</li>
<li><strong>Chat</strong> : messages envoyés, date d'envoi, chaîne concernée, ainsi que les mesures de modération (message supprimé, bannissement).</li>
<li><strong>Vie de la communauté</strong> : chaînes suivies, signalements envoyés ou reçus, inscriptions aux tournois et événements, scores et résultats.</li>
<li><strong>G-Coins et billets</strong> : solde du portefeuille, historique des transactions, billets achetés et leur contrôle à l'entrée.</li>
<li><strong>Préférences</strong> : langue, thème et choix relatifs aux cookies, conservés dans votre navigateur.</li>
</ul>
<p>Nous ne collectons aucune donnée sensible au sens de l'article 9 du RGPD et ne demandons aucune pièce d'identité.</p>

<h2>3. Finalités et bases légales</h2>
<ul>
<li><strong>Fournir le service</strong> (créer et gérer votre compte, diffuser et regarder des lives, enregistrer les rediffusions, le chat, les abonnements, les tournois, les événements, les billets et le portefeuille) : exécution du contrat que constituent les <a href="/legal/cgu">conditions générales d'utilisation</a> (article 6.1.b du RGPD).</li>
<li><strong>Sécuriser la plateforme et la modérer</strong> (limitation des tentatives de connexion, captcha, traitement des signalements, bannissements, journaux techniques) : intérêt légitime de l'exploitant et de la communauté (article 6.1.f).</li>
<li><strong>Conserver les traces des transactions</strong> en G-Coins et des ventes de billets : obligation légale comptable (article 6.1.c).</li>
<li><strong>Cookies non nécessaires et connexion via Google ou Facebook</strong> : votre consentement (article 6.1.a), que vous pouvez retirer à tout moment.</li>
</ul>
<p>Aucune décision automatisée produisant des effets juridiques n'est prise à votre égard et vos données ne servent pas à de la publicité ciblée.</p>

<h2>4. Destinataires</h2>
<p>Vos données sont accessibles à l'exploitant et, dans la limite de leurs missions, aux administrateurs et modérateurs du serveur. Votre nom d'utilisateur, votre avatar, vos lives, vos rediffusions et vos messages de chat sont visibles des autres utilisateurs. Vos données ne sont ni vendues ni louées.</p>
<p>Certaines fonctions, désactivées par défaut, font intervenir un prestataire externe lorsque l'exploitant ou vous-même les activez : l'envoi d'e-mails par un serveur SMTP, la connexion via Google ou Facebook, la rediffusion de votre live vers Twitch, YouTube ou Facebook. Les données transmises se limitent alors à ce que la fonction exige.</p>

<h2>5. Durées de conservation</h2>
<ul>
<li>Compte : tant qu'il est actif ; effacé dès que vous le supprimez depuis vos paramètres (les opérations en G-Coins restent dans les comptes des organisateurs, sans votre nom).</li>
<li>Exports de vos données : 7 jours après leur préparation.</li>
<li>Sessions : 24 heures sans activité, ou 30 jours avec « Se souvenir de moi ».</li>
<li>Liens de vérification d'e-mail : 7 jours ; liens de réinitialisation du mot de passe : 1 heure.</li>
<li>Rediffusions : jusqu'à ce que vous les supprimiez ; une rediffusion supprimée reste restaurable par l'administration pendant 30 jours au plus, puis est effacée.</li>
<li>Messages de chat : 12 mois.</li>
<li>Signalements : 12 mois après leur clôture.</li>
<li>Transactions G-Coins et billets : 10 ans, durée de conservation comptable.</li>
<li>Journaux techniques et compteurs anti-abus : 12 mois au plus.</li>
</ul>

<h2>6. Sécurité</h2>
<p>Les mots de passe sont hachés avec argon2id, les sessions reposent sur des cookies <em>httpOnly</em> dont seule l'empreinte est conservée, les fichiers envoyés sont réencodés et débarrassés de leurs métadonnées, et l'accès à l'administration est réservé aux comptes administrateurs. Le serveur étant hébergé par l'exploitant, celui-ci est responsable de sa sécurité physique et de ses sauvegardes.</p>

<h2>7. Vos droits</h2>
<p>Vous disposez d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité de vos données, ainsi que du droit de retirer votre consentement à tout moment et de définir des directives sur le sort de vos données après votre décès. Une grande partie de vos informations se modifie directement depuis vos <a href="/settings">paramètres de profil</a>.</p>
<p><strong>Obtenir vos données.</strong> Dans <a href="/settings?tab=privacy">Paramètres › Données personnelles</a>, « Préparer mes données » rassemble en arrière-plan tout ce que ce serveur garde sur vous dans un fichier ZIP : profil, abonnements, messages de chat, billets, portefeuille et historique des transactions, inscriptions, signalements, images et rediffusions (fichiers JSON lisibles par d'autres services, plus vos vidéos). Vous recevez une notification et un e-mail quand il est prêt ; vous seul pouvez le télécharger, pendant 7 jours. Les secrets (empreinte du mot de passe, clé de stream) n'y figurent pas.</p>
<p><strong>Supprimer votre compte.</strong> Au même endroit, « Supprimer définitivement mon compte », confirmé par votre mot de passe, efface aussitôt votre profil, votre chaîne, vos messages de chat, vos abonnements, vos notifications et vos rediffusions. Vos billets pour des événements à venir vous sont d'abord remboursés ; si un organisateur ne peut pas rembourser, ou si vous organisez un événement ou un tournoi pas encore terminé, la suppression est refusée avec la raison. Les opérations en G-Coins passées restent dans les comptes des organisateurs, rattachées à un compte sans nom ; les G-Coins restants sont perdus.</p>
<p>Pour toute autre demande, écrivez à l'adresse de contact ci-dessous en précisant votre nom d'utilisateur ; nous répondons dans un délai d'un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez saisir l'autorité de protection des données compétente (la CNIL en France, la CNDP au Maroc).</p>

<h2>8. Cookies et stockage local</h2>
<p>Le seul cookie nécessaire est le cookie de session <strong>arena_session</strong>, qui vous garde connecté. Votre langue, votre thème et vos choix de cookies sont enregistrés dans le stockage local de votre navigateur. Aucun traceur publicitaire ou de mesure d'audience tiers n'est installé sans votre accord ; vous pouvez revoir vos choix à tout moment dans les <a href="/settings/cookies">paramètres des cookies</a>.</p>

<h2>9. Mineurs</h2>
<p>L'inscription est ouverte à partir de 15 ans. En dessous, l'accord d'un titulaire de l'autorité parentale est nécessaire.</p>

<h2>10. Modifications</h2>
<p>Cette politique peut évoluer avec le service. La date de mise à jour et le numéro de version figurent en haut de cette page ; en cas de changement important, vous en serez informé sur la plateforme.</p>
`;

const rgpdEn = `
<p>This policy explains which personal data this Arena server processes, why, how long it keeps them and how to exercise your rights. Arena is a self-hosted platform: the service runs on a server installed by its operator, most often on a local network, and your data stay on that server.</p>

<h2>1. Data controller</h2>
<p>The controller is the operator of this server, whose identity and address are given in the <a href="/legal/mentions-legales">legal notice</a>. You can reach them at the contact address shown at the bottom of this page.</p>

<h2>2. Data we process</h2>
<ul>
<li><strong>Account</strong>: username, email address, password (stored only as an argon2id hash, never in clear), first and last name if you provide them, avatar, banner, biography, links to your social networks and paypal.me handle if you add them, role on the platform.</li>
<li><strong>Sign-in and security</strong>: open sessions (token hash, creation and expiry dates, browser used), IP address used to limit login attempts, technical server logs.</li>
<li><strong>Broadcasting</strong>: title, game and tags of your lives, stream key, <strong>recordings of your lives</strong> (replays) and their thumbnails, viewer and view counts, restreaming settings for other platforms.</li>
<li><strong>Chat</strong>: messages sent, time sent, channel concerned, and moderation measures (deleted message, ban).</li>
<li><strong>Community</strong>: followed channels, reports sent or received, registrations for tournaments and events, scores and results.</li>
<li><strong>G-Coins and tickets</strong>: wallet balance, transaction history, tickets bought and their check-in at the door.</li>
<li><strong>Preferences</strong>: language, theme and cookie choices, kept in your browser.</li>
</ul>
<p>We collect no special-category data within the meaning of Article 9 GDPR and never ask for an identity document.</p>

<h2>3. Purposes and legal bases</h2>
<ul>
<li><strong>Providing the service</strong> (creating and managing your account, broadcasting and watching lives, recording replays, chat, follows, tournaments, events, tickets and the wallet): performance of the contract formed by the <a href="/legal/cgu">terms of use</a> (Article 6(1)(b) GDPR).</li>
<li><strong>Securing and moderating the platform</strong> (login attempt limits, captcha, handling reports, bans, technical logs): legitimate interest of the operator and the community (Article 6(1)(f)).</li>
<li><strong>Keeping records of G-Coin transactions</strong> and ticket sales: legal accounting obligation (Article 6(1)(c)).</li>
<li><strong>Non-essential cookies and signing in with Google or Facebook</strong>: your consent (Article 6(1)(a)), which you may withdraw at any time.</li>
</ul>
<p>No automated decision with legal effects is made about you, and your data are not used for targeted advertising.</p>

<h2>4. Recipients</h2>
<p>Your data are available to the operator and, within the limits of their duties, to the server's administrators and moderators. Your username, avatar, lives, replays and chat messages are visible to other users. Your data are never sold or rented.</p>
<p>Some features, off by default, involve an outside provider when the operator or you turn them on: sending emails through an SMTP server, signing in with Google or Facebook, restreaming your live to Twitch, YouTube or Facebook. Only the data the feature needs are passed on.</p>

<h2>5. Retention</h2>
<ul>
<li>Account: as long as it is active; erased as soon as you delete it from your settings (G-Coin transactions stay in the organisers' accounts, without your name).</li>
<li>Exports of your data: 7 days after they are prepared.</li>
<li>Sessions: 24 hours without activity, or 30 days with "Remember me".</li>
<li>Email verification links: 7 days; password reset links: 1 hour.</li>
<li>Replays: until you delete them; a deleted replay can be restored by the administrators for at most 30 days, then it is erased.</li>
<li>Chat messages: 12 months.</li>
<li>Reports: 12 months after they are closed.</li>
<li>G-Coin and ticket transactions: 10 years, the accounting retention period.</li>
<li>Technical logs and anti-abuse counters: 12 months at most.</li>
</ul>

<h2>6. Security</h2>
<p>Passwords are hashed with argon2id, sessions rely on <em>httpOnly</em> cookies of which only a hash is kept, uploaded files are re-encoded and stripped of their metadata, and administration is restricted to administrator accounts. As the server is hosted by the operator, the operator is responsible for its physical security and backups.</p>

<h2>7. Your rights</h2>
<p>You have the right to access, rectify, erase, restrict, object to and port your data, to withdraw your consent at any time and to give instructions about your data after your death. Much of your information can be changed directly in your <a href="/settings">profile settings</a>.</p>
<p><strong>Getting your data.</strong> In <a href="/settings?tab=privacy">Settings › Personal data</a>, "Prepare my data" gathers in the background everything this server holds about you into a ZIP file: profile, follows, chat messages, tickets, wallet and transaction history, registrations, reports, pictures and replays (JSON files other services can read, plus your videos). You get a notification and an email when it is ready; only you can download it, for 7 days. Secrets (password hash, stream key) are not in it.</p>
<p><strong>Deleting your account.</strong> In the same place, "Delete my account for good", confirmed with your password, at once erases your profile, channel, chat messages, follows, notifications and replays. Your tickets for events still to come are refunded first; if an organiser cannot refund, or if you run an event or tournament that is not over, the deletion is refused with the reason. Past G-Coin transactions stay in the organisers' accounts, attached to a nameless account; the G-Coins left are lost.</p>
<p>For any other request, write to the contact address below with your username; we answer within one month. If you believe your rights are not respected, you may complain to the competent data protection authority (the CNIL in France, the CNDP in Morocco).</p>

<h2>8. Cookies and local storage</h2>
<p>The only necessary cookie is the <strong>arena_session</strong> session cookie, which keeps you signed in. Your language, theme and cookie choices are saved in your browser's local storage. No third-party advertising or audience-measurement tracker is set without your consent; you can review your choices at any time in the <a href="/settings/cookies">cookie settings</a>.</p>

<h2>9. Minors</h2>
<p>Sign-up is open from the age of 15. Below that age, the agreement of a holder of parental responsibility is required.</p>

<h2>10. Changes</h2>
<p>This policy may change with the service. The update date and version number are shown at the top of this page; you will be told on the platform about any significant change.</p>
`;

const cguFr = `
<p>Les présentes conditions générales d'utilisation (CGU) encadrent l'accès à ce serveur Arena et son utilisation. En créant un compte ou en utilisant le service, vous les acceptez.</p>

<h2>1. Objet du service</h2>
<p>Arena permet de regarder et de diffuser des lives, de publier des rediffusions, de discuter dans le chat, de suivre des chaînes, d'organiser et de rejoindre des tournois et des événements, et d'utiliser des G-Coins et des billets. Le service est exploité par la personne ou l'organisation désignée dans les <a href="/legal/mentions-legales">mentions légales</a>.</p>

<h2>2. Compte</h2>
<ul>
<li>L'inscription est ouverte à partir de 15 ans ; en dessous, l'accord d'un parent est nécessaire.</li>
<li>Vous fournissez des informations exactes et ne créez qu'un compte par personne.</li>
<li>Vous êtes responsable de la confidentialité de votre mot de passe et de votre <strong>clé de stream</strong> : ne la montrez jamais à l'écran et régénérez-la si elle a fuité.</li>
<li>Votre nom d'utilisateur ne doit ni usurper l'identité d'autrui ni être injurieux.</li>
</ul>

<h2>3. Règles de conduite</h2>
<p>Sur les lives, dans le chat, sur les profils et pendant les tournois, il est interdit de :</p>
<ul>
<li>harceler, menacer, insulter ou discriminer qui que ce soit ;</li>
<li>diffuser des contenus illégaux, pornographiques, violents de manière gratuite ou faisant l'apologie du terrorisme ou de crimes ;</li>
<li>publier les informations personnelles d'autrui sans son accord ;</li>
<li>tricher, truquer un match ou exploiter une faille de la plateforme ;</li>
<li>envoyer du spam, des liens malveillants ou de la publicité non sollicitée ;</li>
<li>diffuser des œuvres (musique, films, matchs officiels) sans en avoir les droits.</li>
</ul>

<h2>4. Contenus diffusés</h2>
<p>Vous restez propriétaire de vos lives, rediffusions, messages et images, et vous en êtes responsable. Vous accordez à l'exploitant, pour la seule durée de leur présence sur le serveur, le droit non exclusif et gratuit de les héberger, de les enregistrer, de les transcoder et de les montrer aux utilisateurs du serveur. Vos lives sont enregistrés automatiquement pour créer des rediffusions, que vous pouvez supprimer à tout moment.</p>

<h2>5. Chat, signalements et modération</h2>
<p>Tout utilisateur peut signaler un live, une rediffusion, un profil, un tournoi ou un message. Les modérateurs et administrateurs peuvent supprimer un contenu, bannir temporairement ou définitivement un utilisateur d'un chat, ou suspendre un compte qui enfreint ces règles.</p>

<h2>6. Tournois et événements</h2>
<p>Les organisateurs fixent les règles, le format et le calendrier de leurs tournois et événements et valident les inscriptions. Les résultats saisis par l'organisateur font foi, sauf erreur manifeste signalée à l'administration. Chaque participant s'engage à jouer loyalement et à respecter les horaires.</p>

<h2>7. G-Coins et billets</h2>
<p>Les G-Coins sont une monnaie virtuelle propre à ce serveur : ils n'ont aucune valeur monétaire, ne sont ni remboursables ni convertibles en argent, sauf disposition légale contraire, et ne peuvent être transférés hors du serveur. Un billet donne accès à l'événement pour lequel il a été émis ; son code QR n'est valable qu'une fois au contrôle à l'entrée.</p>

<h2>8. Disponibilité</h2>
<p>Le service fonctionne sur un serveur auto-hébergé, souvent sans accès à Internet. L'exploitant s'efforce de le maintenir disponible mais ne garantit ni une disponibilité continue ni la conservation indéfinie des contenus ; pensez à garder une copie de vos enregistrements importants.</p>

<h2>9. Suspension et suppression du compte</h2>
<p>Vous pouvez demander la suppression de votre compte à tout moment. L'exploitant peut suspendre ou supprimer un compte qui enfreint ces CGU, après avertissement sauf en cas de manquement grave.</p>

<h2>10. Responsabilité</h2>
<p>L'exploitant n'est pas responsable des contenus publiés par les utilisateurs, mais retire promptement ceux qui lui sont signalés comme manifestement illicites. Il ne saurait être tenu responsable d'une interruption due à une panne matérielle, à une coupure de réseau ou à un cas de force majeure.</p>

<h2>11. Données personnelles</h2>
<p>Le traitement de vos données est décrit dans la <a href="/legal/rgpd">politique de confidentialité</a>.</p>

<h2>12. Modification des CGU</h2>
<p>Toute modification importante de ces CGU est annoncée sur la plateforme au moins 30 jours avant son entrée en vigueur. Continuer à utiliser le service après cette date vaut acceptation.</p>

<h2>13. Droit applicable</h2>
<p>Ces CGU sont soumises au droit du pays où l'exploitant est établi. Avant toute action, les parties recherchent une solution amiable en écrivant à l'adresse de contact ci-dessous.</p>
`;

const cguEn = `
<p>These terms of use govern access to and use of this Arena server. By creating an account or using the service, you accept them.</p>

<h2>1. The service</h2>
<p>Arena lets you watch and broadcast lives, publish replays, talk in chat, follow channels, organise and join tournaments and events, and use G-Coins and tickets. The service is run by the person or organisation named in the <a href="/legal/mentions-legales">legal notice</a>.</p>

<h2>2. Account</h2>
<ul>
<li>Sign-up is open from the age of 15; below that age, a parent's agreement is required.</li>
<li>You give accurate information and create only one account per person.</li>
<li>You are responsible for keeping your password and your <strong>stream key</strong> secret: never show the key on screen and regenerate it if it leaks.</li>
<li>Your username must not impersonate anyone or be offensive.</li>
</ul>

<h2>3. Rules of conduct</h2>
<p>On lives, in chat, on profiles and during tournaments, you must not:</p>
<ul>
<li>harass, threaten, insult or discriminate against anyone;</li>
<li>broadcast illegal or pornographic content, gratuitous violence, or content glorifying terrorism or crime;</li>
<li>publish other people's personal information without their consent;</li>
<li>cheat, fix a match or exploit a flaw of the platform;</li>
<li>send spam, malicious links or unsolicited advertising;</li>
<li>broadcast works (music, films, official matches) you do not hold the rights to.</li>
</ul>

<h2>4. Broadcast content</h2>
<p>You keep ownership of your lives, replays, messages and images, and you are responsible for them. You grant the operator, only for as long as they are on the server, the non-exclusive, free right to host, record, transcode and show them to the server's users. Your lives are recorded automatically to create replays, which you can delete at any time.</p>

<h2>5. Chat, reports and moderation</h2>
<p>Any user can report a live, a replay, a profile, a tournament or a message. Moderators and administrators may remove content, ban a user from a chat temporarily or permanently, or suspend an account that breaks these rules.</p>

<h2>6. Tournaments and events</h2>
<p>Organisers set the rules, format and schedule of their tournaments and events and approve registrations. Results entered by the organiser are authoritative, except for an obvious error reported to the administrators. Every participant undertakes to play fairly and to be on time.</p>

<h2>7. G-Coins and tickets</h2>
<p>G-Coins are a virtual currency specific to this server: they have no monetary value, are neither refundable nor convertible into money unless the law requires otherwise, and cannot be transferred off the server. A ticket gives access to the event it was issued for; its QR code is valid once at check-in.</p>

<h2>8. Availability</h2>
<p>The service runs on a self-hosted server, often without Internet access. The operator strives to keep it available but guarantees neither continuous availability nor indefinite storage of content; keep a copy of your important recordings.</p>

<h2>9. Suspension and account deletion</h2>
<p>You can ask for your account to be deleted at any time. The operator may suspend or delete an account that breaks these terms, after a warning except for a serious breach.</p>

<h2>10. Liability</h2>
<p>The operator is not responsible for content published by users, but promptly removes content reported to it as manifestly illegal. It cannot be held liable for an interruption caused by a hardware failure, a network outage or force majeure.</p>

<h2>11. Personal data</h2>
<p>How your data are processed is described in the <a href="/legal/rgpd">privacy policy</a>.</p>

<h2>12. Changes to these terms</h2>
<p>Any significant change to these terms is announced on the platform at least 30 days before it takes effect. Continuing to use the service after that date means you accept it.</p>

<h2>13. Governing law</h2>
<p>These terms are governed by the law of the country where the operator is established. Before any action, the parties seek an amicable solution by writing to the contact address below.</p>
`;

const faqFr = `
<h2>Comment lancer un live avec OBS Studio ?</h2>
<p>Connectez-vous, cliquez sur <strong>Lancer un live</strong> dans la barre latérale, indiquez un titre et un jeu, puis copiez l'adresse du serveur et la clé de stream affichées. Dans OBS, ouvrez <strong>Paramètres → Stream</strong>, choisissez le service <strong>Personnalisé…</strong>, collez l'adresse dans <em>Serveur</em> et la clé dans <em>Clé de stream</em>, validez puis cliquez sur <strong>Démarrer le streaming</strong>. Le <a href="/how-to-stream">guide de diffusion</a> détaille chaque étape.</p>

<h2>Quels réglages choisir pour une faible latence ?</h2>
<p>Dans OBS, passez la sortie en mode <strong>Avancé</strong> et réglez l'<strong>intervalle d'images clés sur 1 seconde</strong>. Comptez environ 6 000 kb/s pour du 1080p à 60 images/s, 4 500 kb/s pour du 1080p à 30 images/s ou du 720p à 60 images/s, et 3 000 kb/s pour du 720p à 30 images/s, avec un débit constant (CBR).</p>

<h2>Ma clé de stream a été vue à l'écran : que faire ?</h2>
<p>Régénérez-la immédiatement depuis <strong>Paramètres → Paramètres de la chaîne</strong>. L'ancienne clé cesse aussitôt de fonctionner ; pensez à coller la nouvelle dans votre logiciel de diffusion.</p>

<h2>Mes lives sont-ils enregistrés ?</h2>
<p>Oui. À la fin de chaque live, une rediffusion est préparée automatiquement ; elle apparaît dans l'onglet <strong>Mes vidéos</strong> de votre profil dès que son traitement est terminé. Vous pouvez la regarder, la télécharger ou la supprimer. Une rediffusion supprimée peut être restaurée par l'administration pendant un temps limité.</p>

<h2>Comment rejoindre un tournoi ?</h2>
<p>Ouvrez la page <a href="/tournaments">Tournois</a>, choisissez un tournoi ouvert et cliquez sur <strong>Rejoindre</strong>. L'organisateur valide votre inscription ; vous retrouvez ensuite vos matchs et l'arbre du tournoi dans <strong>Mes tournois</strong>. Présentez-vous à l'heure : un joueur absent peut être déclaré perdant.</p>

<h2>Que sont les G-Coins ?</h2>
<p>Les G-Coins sont la monnaie virtuelle de ce serveur. Ils servent notamment à acheter des billets pour les événements. Votre solde et l'historique de vos transactions se trouvent dans votre portefeuille. Les G-Coins n'ont pas de valeur monétaire et ne sont pas convertibles en argent.</p>

<h2>Comment fonctionnent les billets ?</h2>
<p>Sur la page d'un événement, choisissez un type de billet et confirmez l'achat : le prix est débité de votre portefeuille et le billet, avec son code QR, apparaît dans vos billets. À l'entrée, l'organisateur scanne le code QR ; un billet ne peut être contrôlé qu'une seule fois.</p>

<h2>Faut-il une connexion Internet ?</h2>
<p>Non. Arena fonctionne entièrement sur le réseau local : lives, chat, rediffusions, tournois et billets restent disponibles sans Internet. Seules les fonctions optionnelles comme la connexion via Google ou la rediffusion vers Twitch ou YouTube en ont besoin.</p>

<h2>Comment signaler un contenu ou un comportement ?</h2>
<p>Utilisez le menu <strong>⋮ → Signaler</strong> d'un live, d'une vidéo ou d'un profil, choisissez un motif et envoyez. L'équipe de modération examine chaque signalement.</p>
`;

const faqEn = `
<h2>How do I go live with OBS Studio?</h2>
<p>Log in, click <strong>Go Live</strong> in the sidebar, enter a title and a game, then copy the server address and the stream key shown. In OBS, open <strong>Settings → Stream</strong>, choose the <strong>Custom…</strong> service, paste the address into <em>Server</em> and the key into <em>Stream Key</em>, confirm, then click <strong>Start Streaming</strong>. The <a href="/how-to-stream">broadcasting guide</a> walks through each step.</p>

<h2>Which settings give low latency?</h2>
<p>In OBS, switch the output to <strong>Advanced</strong> mode and set the <strong>keyframe interval to 1 second</strong>. Count on about 6,000 kbps for 1080p at 60 fps, 4,500 kbps for 1080p at 30 fps or 720p at 60 fps, and 3,000 kbps for 720p at 30 fps, with a constant bitrate (CBR).</p>

<h2>My stream key was shown on screen: what should I do?</h2>
<p>Regenerate it at once from <strong>Settings → Channel settings</strong>. The old key stops working immediately; remember to paste the new one into your broadcasting software.</p>

<h2>Are my lives recorded?</h2>
<p>Yes. When a live ends, a replay is prepared automatically; it appears in the <strong>My Videos</strong> tab of your profile once processing is done. You can watch, download or delete it. A deleted replay can be restored by the administrators for a limited time.</p>

<h2>How do I join a tournament?</h2>
<p>Open the <a href="/tournaments">Tournaments</a> page, pick an open tournament and click <strong>Join</strong>. The organiser approves your registration; you then find your matches and the bracket in <strong>My Tournaments</strong>. Be on time: a player who does not show up may be declared the loser.</p>

<h2>What are G-Coins?</h2>
<p>G-Coins are this server's virtual currency. They are used in particular to buy tickets for events. Your balance and transaction history are in your wallet. G-Coins have no monetary value and cannot be converted into money.</p>

<h2>How do tickets work?</h2>
<p>On an event's page, choose a ticket type and confirm the purchase: the price is debited from your wallet and the ticket, with its QR code, appears among your tickets. At the door, the organiser scans the QR code; a ticket can be checked in only once.</p>

<h2>Do I need an Internet connection?</h2>
<p>No. Arena runs entirely on the local network: lives, chat, replays, tournaments and tickets keep working without the Internet. Only optional features such as signing in with Google or restreaming to Twitch or YouTube need it.</p>

<h2>How do I report content or behaviour?</h2>
<p>Use the <strong>⋮ → Report</strong> menu of a live, a video or a profile, choose a reason and send it. The moderation team reviews every report.</p>
`;

const mentionsFr = `
<p>Conformément aux obligations d'information des éditeurs de services en ligne, voici les informations légales relatives à ce serveur Arena. <strong>Exploitant : remplacez les passages entre crochets par vos propres informations.</strong></p>

<h2>Éditeur du service</h2>
<ul>
<li>Nom ou raison sociale : [Nom de l'exploitant]</li>
<li>Forme juridique et capital : [Forme juridique, capital social]</li>
<li>Adresse : [Adresse postale complète]</li>
<li>Numéro d'immatriculation : [RC, ICE ou SIRET]</li>
<li>Directeur de la publication : [Nom du responsable]</li>
<li>Contact : voir l'adresse e-mail et le téléphone en bas de cette page</li>
</ul>

<h2>Hébergement</h2>
<p>Le service est auto-hébergé : il fonctionne sur un serveur appartenant à l'exploitant ou mis à sa disposition, situé à l'adresse suivante : [Lieu d'hébergement du serveur]. Aucune donnée n'est confiée à un hébergeur tiers, sauf mention contraire de l'exploitant.</p>

<h2>Logiciel</h2>
<p>Ce service repose sur Arena, une plateforme de live et d'esport auto-hébergée. Les noms, logos et visuels des jeux appartiennent à leurs éditeurs respectifs.</p>

<h2>Propriété intellectuelle</h2>
<p>La structure du service, ses textes et ses éléments graphiques sont protégés par le droit de la propriété intellectuelle. Les lives, rediffusions, messages et images publiés par les utilisateurs restent la propriété de leurs auteurs.</p>

<h2>Signaler un contenu illicite</h2>
<p>Pour signaler un contenu manifestement illicite, utilisez la fonction <strong>Signaler</strong> présente sur chaque live, vidéo et profil, ou écrivez à l'adresse de contact en précisant l'adresse de la page concernée et les raisons de votre signalement.</p>

<h2>Données personnelles</h2>
<p>Voir la <a href="/legal/rgpd">politique de confidentialité</a> et les <a href="/legal/cgu">conditions générales d'utilisation</a>.</p>
`;

const mentionsEn = `
<p>In line with the information duties of online service publishers, here is the legal information about this Arena server. <strong>Operator: replace the bracketed passages with your own details.</strong></p>

<h2>Publisher</h2>
<ul>
<li>Name or company name: [Operator's name]</li>
<li>Legal form and share capital: [Legal form, share capital]</li>
<li>Address: [Full postal address]</li>
<li>Registration number: [Trade register, ICE or SIRET number]</li>
<li>Publication director: [Name of the person in charge]</li>
<li>Contact: see the email address and phone number at the bottom of this page</li>
</ul>

<h2>Hosting</h2>
<p>The service is self-hosted: it runs on a server owned by or made available to the operator, located at the following address: [Server location]. No data are entrusted to a third-party host unless the operator states otherwise.</p>

<h2>Software</h2>
<p>This service is built on Arena, a self-hosted live-streaming and esports platform. Game names, logos and artwork belong to their respective publishers.</p>

<h2>Intellectual property</h2>
<p>The structure of the service, its texts and graphics are protected by intellectual property law. Lives, replays, messages and images published by users remain the property of their authors.</p>

<h2>Reporting illegal content</h2>
<p>To report manifestly illegal content, use the <strong>Report</strong> feature on every live, video and profile, or write to the contact address giving the address of the page concerned and the reasons for your report.</p>

<h2>Personal data</h2>
<p>See the <a href="/legal/rgpd">privacy policy</a> and the <a href="/legal/cgu">terms of use</a>.</p>
`;

export const legalTexts: Record<SeedLegalType, Record<SeedLanguage, SeedLegalText>> = {
  rgpd: {
    fr: { title: "Politique de confidentialité (RGPD)", content: rgpdFr.trim() },
    en: { title: "Privacy policy (GDPR)", content: rgpdEn.trim() },
  },
  cgu: {
    fr: { title: "Conditions générales d'utilisation", content: cguFr.trim() },
    en: { title: "Terms of use", content: cguEn.trim() },
  },
  faq: {
    fr: { title: "Foire aux questions", content: faqFr.trim() },
    en: { title: "Frequently asked questions", content: faqEn.trim() },
  },
  "mentions-legales": {
    fr: { title: "Mentions légales", content: mentionsFr.trim() },
    en: { title: "Legal notice", content: mentionsEn.trim() },
  },
};
