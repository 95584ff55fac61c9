# Les pages d'Arbiter en français. Chaque clé est aussi dans ../en/main.ftl et ../id/main.ftl.

## Mise en page
app-name = Arbiter
lang-switcher = Langue
who-admin = (admin)
sign-in = Se connecter
sign-out = Se déconnecter
nav-home = Accueil
nav-events = Tournois
nav-my-table = Ma table
nav-challenges = Contestations
nav-committee = Comité
nav-event-desk = Direction du tournoi
nav-standings = Classement
nav-my-team = Mon équipe
nav-users = Utilisateurs
nav-account = Compte
nav-in-event = { $link } · tournoi { $event }
error-status = { $status ->
    [400] Requête incorrecte
    [401] Non connecté
    [403] Interdit
    [404] Introuvable
    [405] Méthode non permise
    [409] Conflit
    [413] Envoi trop volumineux
    [415] Type de contenu non pris en charge
    [422] Données refusées
    [429] Trop de requêtes
    [503] Service indisponible
   *[other] Erreur
}
error-back = Retour à l'accueil
home-lead = La gestion des tournois de jeux de lettres : pendules d'équipe, feuilles de marque, contestations et classements.
yes = oui
no = non
ok = ok
save = Enregistrer
versus = v
bye = exempt
a-v-b = { $a } v { $b }
seconds = { $n } s
lang-automatic = Automatique (tournoi ou navigateur)
lang-each-visitor = La langue de chaque visiteur

## Mots communs
username = Identifiant
password = Mot de passe
table-word = Table
table-word-lower = table
round-word = Ronde
table-n = Table { $table }
table-n-lower = table { $table }
round-n = Ronde { $round }
round-n-lower = ronde { $round }
match-n = match { $match }
match-n-cap = Match { $match }
side-a = A : { $name }
side-b = B : { $name }
col-team = Équipe
col-played = Joués
col-w = G
col-t = N
col-l = P
col-wins = Gagnés
col-ties = Nuls
col-losses = Perdus
col-points = Points
col-spread = Écart
col-score = Score
col-round = Ronde
col-table = Table
col-match = Match
col-status = État
col-side-a = Camp A
col-side-b = Camp B
role-name = { $role ->
    [table] Tablette de table
    [pic] Arbitre (PIC)
    [committee] Comité
    [captain] Capitaine
    [director] Directeur du tournoi
   *[other] { $role }
}
match-status = { $status ->
    [new] nouveau
    [created] en attente du tirage
    [in_progress] en cours
    [ended] jeu terminé
    [finished] terminé
   *[other] { $status }
}
round-status = { $status ->
    [draft] brouillon
    [started] commencée
    [finished] terminée
   *[other] { $status }
}
method-name = { $method ->
    [round_robin] toutes rondes
    [swiss] système suisse
    [manual] manuel
   *[other] { $method }
}
preset-name = { $preset ->
    [team-2v2] Par équipes, 2 contre 2
    [individual] Un contre un
   *[other] { $preset }
}
tile-set-name = { $set ->
    [english] Anglais (100 jetons)
    [french] Français (102 jetons)
    [indonesian] Indonésien
   *[other] { $set }
}
record-kind = { $kind ->
    [disqualification] Disqualification
    [walkout] Abandon
    [withdrawal] Annulation
   *[other] { $kind }
}
challenge-kind = { $kind ->
    [word] mot
    [score] score
   *[other] { $kind }
}
challenge-by = { $kind ->
    [word] Contestation de mot par { $by }
    [score] Contestation de score par { $by }
   *[other] Contestation ({ $kind }) par { $by }
}
ruling-name = { $ruling ->
    [acceptable] valable
    [unacceptable] non valable
   *[other] { $ruling }
}

## Connexion, compte, utilisateurs
account-title = Compte
account-language = Langue
account-language-hint = Les pages s'affichent dans cette langue sur tous les appareils où vous vous connectez. Automatique suit la langue du tournoi, puis celle du navigateur.
account-language-label = Langue des pages
account-language-refused = « { $value } » n'est pas une langue des pages : choisissez English, Bahasa Indonesia ou Français.
account-language-saved = Langue enregistrée.
account-change-password = Changer le mot de passe
account-password-hint = Vos autres sessions (autres appareils) se terminent quand le mot de passe change.
account-current-password = Mot de passe actuel
account-new-password = Nouveau mot de passe
users-title = Utilisateurs
users-admin = Admin
users-roles = Rôles
users-sign-in = Connexion
users-in-event = tournoi { $event }
users-at-table = table { $table }
users-disabled = désactivé
users-enable = Activer
users-disable = Désactiver
users-new-password-ph = nouveau mot de passe
users-new-password-for = Nouveau mot de passe pour { $name }
users-set-password = Définir le mot de passe
users-new-account = Nouveau compte
users-administrator = Administrateur
users-create = Créer le compte

## Le match : tableau, commandes, reliquats
board-team-a = Équipe A
board-team-b = Équipe B
board-clock-running = pendule en marche
board-score-label = score
board-out-of-time = temps écoulé
board-to-move = Au trait :
board-bag = Sac :
board-challenge-time = Délai de contestation :
board-challenge-time-hint = le temps qui reste pour contester le dernier coup
board-open-challenge = Contestation en cours :
board-voided = Ce match a été annulé
board-voided-why = quand la ronde { $round } a été appariée à nouveau : plus rien n'est enregistré ici.
board-table-now-plays = La table { $table } joue maintenant le
board-table-no-match = La table { $table } n'a plus de match dans cette ronde ; demandez au directeur du tournoi.
board-waiting-pic = En attente de l'arbitre
board-status = { $status ->
    [created] En attente du tirage
    [in_progress] En jeu
    [ended] Partie terminée : reliquats et décisions à enregistrer
    [finished] Terminé
    [new] Nouveau
   *[other] { $status }
}
board-tie = Égalité { $score }
board-wins = { $name } gagne ({ $reason }) { $score }
result-reason = { $reason ->
    [score] au score
    [disqualification] disqualification
    [walkout] abandon
   *[other] { $reason }
}
board-board-label = grille
sheet-seat = Place
sheet-play = Coup
sheet-declared = Annoncé
sheet-recorded = Enregistré
controls-drew = { $name } a tiré
controls-blank-ph = ? = joker
controls-draw-start = Le tirage décide : commencer
controls-first-to-move = Ou le résultat du tirage : premier à jouer
controls-start-clocks = Lancer les pendules
controls-plays = { $name } joue
controls-move = Coup (GCG, par ex. 8D MOT)
controls-rack = Chevalet avant le coup (facultatif ; ? pour un joker)
controls-words = Mots (le mot principal d'abord)
controls-tiles-laid = Jetons posés
controls-score = Score
controls-finish = Valider
controls-pass = Passer
controls-exchange-ph = Jetons à changer
controls-exchange = Changer
controls-objection = Contestation du coup de { $seat }
controls-challenger = Contestataire
controls-word = Mot
controls-challenge-word = Contester le mot
controls-challenge-score = Contester le score
controls-line-complete = Ligne de la feuille complète
racks-title = Partie terminée : les jetons restés sur chaque chevalet
racks-hint = Tapez les lettres restées sur chaque chevalet, ? pour un joker ; laissez vide un chevalet qui n'a plus rien.
racks-played-out = a fini
racks-holds = { $count ->
    [one] { $count } jeton
   *[other] { $count } jetons
}
racks-empty-ph = vide
racks-agrees = { $name } est d'accord
racks-submit = Enregistrer les reliquats et terminer
racks-slip = Feuille de résultat : chaque camp la vérifie
racks-verifies = Le camp { $seat } vérifie la feuille
match-two-letter = Mots de deux lettres ({ $count })
notice-polling = Recherche d'un match toutes les quelques secondes…
notice-no-match-title = Pas encore de match à cette table
notice-no-match = Quand le directeur apparie la ronde, le match de cette table s'ouvre ici tout seul.

## Arbitre (PIC)
pic-title = Arbitre · { $event }
pic-heading = Contestations · { $event }
pic-waiting = attend depuis { $time }
pic-against = contre le coup de { $player }
pic-acceptable = VALABLE
pic-unacceptable = NON VALABLE
pic-board-says = la grille donne
pic-bingo = scrabble
pic-total = total
pic-held-by = Pris par { $name }
pic-take = Prendre cette contestation
pic-valid = Valable (+10)
pic-valid-to = pour { $team }
pic-invalid = Non valable (−10)
pic-invalid-from = retirés à { $team }, coup annulé
pic-actual-score = Score réel
pic-apply-score = Appliquer le score
pic-none-open = Aucune contestation en cours.
pic-rulings = Décisions
pic-median-wait = Attente médiane
pic-worst-wait = pire
pic-col-challenge = Contestation
pic-col-ruling = Décision
pic-col-pic = Arbitre
pic-col-raised = Ouverte
pic-col-waited = Attente
pic-to-close = Parties finies, en attente de clôture
pic-to-close-hint = Quand une table ne peut pas saisir ses reliquats, ouvrez son match et clôturez-le là.

## Classement, équipes, comité
standings-title = Classement · { $event }
standings-csv = Télécharger le CSV
standings-disqualified = disqualifiée
standings-live = Scores en direct
team-standings-link = classement
team-captain = capitaine
team-reserve = remplaçant
team-matches = Matchs
team-score-sheet = feuille de marque
committee-title = Comité · { $event }
committee-confirm = Enregistrer ? Cela ne peut pas être effacé, seulement corrigé.
committee-whole-event = Tout le tournoi
committee-what = Quoi
committee-reason = Motif
committee-record = Enregistrer
committee-records = Décisions du comité
committee-when = Quand
committee-by = Par
committee-of = de #{ $n }
committee-event = tournoi
committee-take-back = Retirer la décision #{ $n } ({ $kind }) contre { $team } ?
committee-correct-why = Corriger #{ $n } ({ $team }) : pourquoi c'était une erreur
committee-correct = Corriger

## Directeur du tournoi
events-new = Nouveau tournoi
events-none = Pas encore de tournoi.
events-event = Tournoi
events-format = Formule
events-lexicon = Dictionnaire
events-tiles = Jetons
events-public = Public
new-event-name = Nom
new-event-overrides = Réglages (JSON, facultatif)
new-event-example = Par exemple
new-event-example-means = donne 25 minutes à chaque camp.
new-event-tile-set = Jeu de jetons
new-event-lexicon-default = Par défaut (ENABLE, enable2k)
new-event-lexicon-upload = Charger une liste de mots
new-event-public = Classement et scores publics
new-event-create = Créer le tournoi
director-not-done = Non effectué :
director-go-to-form = Aller au formulaire
director-public = public
director-private = privé
director-import = Importer les équipes (CSV)
director-event-language = Langue par défaut des pages du tournoi
director-language-saved = La langue du tournoi est enregistrée.
director-teams = Équipes ({ $count })
director-no-teams = Pas encore d'équipe.
director-players = Joueurs
director-reserves = Remplaçants
director-captain = Capitaine
director-add-team = Ajouter une équipe
director-team-name = Nom de l'équipe
director-player-n = Joueur { $n }
director-reserve-optional = Remplaçant (facultatif)
director-first-reserve = Premier remplaçant
director-second-reserve = Second remplaçant
director-add-team-button = Ajouter l'équipe
director-no-roles = Aucun rôle attribué.
director-account = Compte
director-role = Rôle
director-for = Pour
director-revoke = Retirer
director-grant-role = Attribuer un rôle
director-account-username = Compte (identifiant)
director-team-captains = Équipe (capitaines)
director-table-devices = Table (tablettes)
director-grant = Attribuer
director-rounds = Rondes
director-paired-times = (appariée { $n } fois)
director-pairings = Appariements
director-pairings-print = Appariements (impression)
director-table-cards = Cartes de table
director-cards-print = Cartes de table (impression)
director-won = gagné
director-repair-confirm = Apparier à nouveau la ronde { $round } ? Ses matchs actuels sont annulés.
director-method = Méthode
director-same-method = La même ({ $method })
director-accept-repeats = Accepter des rencontres répétées si inévitable
director-manual-pairs = Appariements manuels : une table par ligne,
director-manual-example = Équipe A v Équipe B
director-manual-bye = ; une équipe seule est exempte
director-pair-again = Apparier à nouveau
director-pair-round = Apparier la ronde { $round }
director-round-robin-berger = Toutes rondes (Berger)
director-pair-the-round = Apparier la ronde
cards-title = Ronde { $round }, cartes de table · { $event }
cards-none = Cette ronde n'a pas de table.
pairings-title = Ronde { $round }, appariements · { $event }
pairings-method = Appariement : { $method }
pairings-redone = (refait, version { $n })
import-title = Importer les équipes · { $event }
import-heading = Importer les équipes
import-columns = Colonnes :
import-lead = ; le capitaine est l'un des noms. Une ligne d'en-tête est facultative. Rien n'est importé tant qu'une ligne a une erreur.
import-preview = Aperçu : { $count } ligne(s) prête(s)
import-with-errors = { $count } avec des erreurs
import-line = Ligne
import-problem = Problème
import-submit = Importer { $count } équipe(s)
import-file = Fichier CSV
import-csv = CSV
import-preview-button = Aperçu
lexicon-title = Liste de mots · { $event }
lexicon-heading = Liste de mots
lexicon-in-use = En service :
lexicon-lead = . Une nouvelle liste la remplace pour tous les matchs du tournoi.
lexicon-list-name = Nom de la liste
lexicon-file = Fichier de la liste
lexicon-words = Mots, un par ligne
lexicon-load = Charger la liste

## Messages après un formulaire
flash-challenge-taken = Contestation prise.
flash-challenge-yours = Contestation prise : à vous de décider.
flash-ruling-applied = Décision appliquée.
flash-recorded = Enregistré.
flash-signed-out = Vous êtes déconnecté.
flash-password-changed = Mot de passe changé. Vos autres sessions sont terminées.
flash-account-created = Compte { $name } créé.
flash-password-set = Mot de passe défini. Les sessions du compte sont terminées.
flash-account-disabled = Compte { $name } désactivé ; ses sessions sont terminées.
flash-account-enabled = Compte { $name } activé.
flash-teams-imported = { $count } équipe(s) importée(s).
flash-lexicon-loaded = Liste de mots { $name } chargée : { $count } mots.
flash-round-paired = Ronde { $round } appariée : { $count } table(s){ $bye ->
    [yes] {" "}et un exempt
   *[no] {""}
}.
flash-round-repaired = Ronde { $round } appariée à nouveau.
flash-team-added = Équipe { $name } ajoutée.
flash-role-revoked = Rôle { $role } retiré.
flash-role-granted = Rôle { $role } attribué à { $name }.

## Messages écrits par le serveur
msg-sign-in-first = Connectez-vous d'abord.
msg-admin-only = Seul un administrateur peut faire cela.
msg-director-only = Seul le directeur du tournoi peut faire cela.
msg-not-found = Introuvable.
msg-wrong-login = Identifiant ou mot de passe incorrect.
msg-session-ended = Cette session est terminée ; reconnectez-vous.

## static/app.js
js-refused = Refusé.
js-rule = règle
js-offline = Hors ligne : reconnexion… Les actions sont gardées et renvoyées.
js-connection-lost = Connexion perdue : reconnexion…
js-unreachable = Le serveur ne répond pas. Vérifiez le Wi-Fi et réessayez.
js-final-scores = Scores finaux :
js-points = points
js-t7-open = Une contestation est en cours : attendez l'arbitre.
js-t14-complete = Ce coup ne peut plus être contesté : sa ligne de la feuille est complète.
js-t14-opposing = Seule l'équipe adverse peut contester les mots de ce coup.
js-t1-turn = Ce n'est pas votre tour : $1 est au trait.
js-t5-flag = La pendule de ce camp est à 0:00 : il ne peut plus jouer (il peut encore contester).
js-t17-over = La partie est finie : plus de coups ni de contestations.
js-t8-again = Le score de ce coup a déjà été contesté.
js-t13-withdrawn = Ce coup a été retiré : il n'y a pas de score à contester.
js-c3-first = Le premier coup pose au moins 2 jetons.
js-conflict = Un autre appareil a modifié ce match d'abord. L'écran montre maintenant le dernier état : vérifiez-le, puis réessayez.
js-forbidden = Cet appareil ne peut pas faire cela. Demandez au directeur du tournoi.
js-unauthorized = Déconnecté : reconnectez-vous sur cet appareil.

# Merged from pages (issue 15): users' team grants, printed pairings
users-team = équipe
pairings-print-by-table = Imprimer par table
pairings-print-alphabetical = Imprimer par ordre alphabétique
pairings-print-title-alpha = Ronde { $round }, appariements (ordre alphabétique) · { $event }
pairings-find-your-name = Cherchez votre nom : votre table, votre côté et votre adversaire.
print-button = Imprimer
col-name = Nom
col-side = Côté
col-opponent = Adversaire

# Duplicate (seed 002) : console de l'arbitre, bulletins, affichage salle, classement
dup-console-title = Arbitre · { $event } · partie { $game }
dup-game-title = { $event } · partie { $game }
dup-slips-title = Bulletins · { $event } · partie { $game }
dup-ranking-title = Classement · { $event }
dup-hall-link = Affichage salle
dup-slips-link = Saisie des bulletins
dup-ranking-link = Classement
dup-turn = Coup
dup-phase = { $phase ->
    [awaiting_rack] en attente du tirage suivant
    [rack_shown] tirage affiché, chrono non lancé
    [running] temps de réflexion en cours
    [top_chosen] top choisi
    [ended] partie terminée
   *[other] { $phase }
}
dup-rack = Tirage :
dup-rack-is = tirage { $rack }
dup-tiles-left = { $n } lettres dans le sac
dup-tops-so-far = total des tops { $n }
dup-slips-this-turn = bulletins de ce coup { $n }/{ $of }
dup-draw = Faire le tirage
dup-tiles-by-hand = Lettres tirées à la main
dup-redraw = Rejet : toutes les lettres remises dans le sac d'abord
dup-use-tiles = Utiliser ces lettres
dup-end-game = Terminer la partie
dup-end-game-no-play = Terminer la partie (aucun coup possible)
dup-start-turn = Lancer le coup
dup-show-top = Afficher le top
dup-choose-this = Choisir celui-ci
dup-place-top = Poser le top
dup-undo = Annuler la dernière étape
dup-last-top = Dernier top (coup { $turn }) :
dup-game-over = Partie terminée
dup-top-of-turn = Top du coup { $turn }
dup-points-word = points
dup-sum-of-tops = Total des tops :
dup-col-number = N°
dup-col-player = Joueur
dup-col-club = Club
dup-col-total = Total
dup-col-percent = % du top
dup-col-solos = Solos
dup-col-warnings = Avertissements
dup-game-line = Partie { $game } : { $turns } coups, total des tops
dup-slips-help = Saisissez chaque bulletin puis appuyez sur Entrée : le bulletin suivant commence au numéro du joueur. Les références s'écrivent
dup-notation-french = à la française :
dup-notation-french-across = est horizontal, ligne H,
dup-notation-french-down = est vertical, colonne 8
dup-notation-gcg = à la manière GCG :
dup-notation-gcg-across = est horizontal, ligne 8,
dup-notation-gcg-down = est vertical, colonne H
dup-blank-lowercase = Notez un joker en minuscule.
dup-reference = Référence
dup-word = Mot
dup-points = Points
dup-record = Enregistrer
dup-slips-open-for = Bulletins ouverts pour le coup
dup-none-yet = aucun pour l'instant
dup-written = Écrit
dup-notes = Remarques
dup-zero-not-allowed = mot non valable : { $word }
dup-zero-unreadable = illisible : { $why }
dup-zero-misplaced = mal placé : { $why }
dup-zero-ruled = zéro décidé par l'arbitre
dup-warnings-n = avertissements : { $n }
js-dup-refused = Refusé ($1)
js-dup-unreachable = Impossible de joindre le serveur.
js-dup-recorded = Joueur $1, coup $2 : $3 points
js-dup-warnings = $1 avertissement(s)
js-dup-zero = zéro : $1
js-dup-slip-unreachable = Impossible de joindre le serveur : le bulletin n'est peut-être pas enregistré. Appuyez de nouveau sur Entrée.

# E2/E3 (issue 18) : comment les résultats comptent, et le vainqueur d'un forfait et sa raison.
scoring-points = Classement (règle E2) : points de match victoire { $win }, nul { $tie }, défaite { $loss }, puis écart, puis score total.
scoring-bye = Une exemption compte comme une victoire avec un écart de +{ $spread }.
scoring-forfeit = Un forfait (disqualification ou abandon) est une victoire pour l'autre camp avec un écart de +{ $spread } et une défaite pour le fautif avec -{ $spread }.
result-forfeit = forfait
result-bye = exemption
result-bye-counts = exemption : compte comme une victoire
result-disqualified = { $winner } gagne : { $other } disqualifié
result-walked-out = { $winner } gagne : { $other } a abandonné
result-both-forfeited = forfait des deux camps
result-wins = { $winner } gagne
result-tie = nul

## indiv
indiv-division = Division { $name }
indiv-results-csv = Résultats (CSV)
indiv-export-t = Fichier TSH (.t)
indiv-standings = Classement
indiv-player = Joueur
indiv-wins = Victoires
indiv-spread = Écart
indiv-rating = Classement Elo
indiv-estimate = Estimation du classement
indiv-change = Variation
indiv-withdrawn = forfait général
indiv-round = Ronde { $round }
indiv-table = Table
indiv-first = Commence
indiv-second = Second
indiv-bye = Exempt
