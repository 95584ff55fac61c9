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
    [referee] Juge-arbitre
    [arbitrator] Arbitre des bulletins
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
    [duplicate] Duplicate
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
dup-game-line = { $turns ->
    [one] Partie { $game } : { $turns } coup, total des tops
   *[other] Partie { $game } : { $turns } coups, total des tops
}
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

## dupa
dupa-director-title = Duplicate · { $event }
dupa-dashboard-link = Parties et joueurs de Duplicate
dupa-back-to-event = Page du tournoi
dupa-results-link = Feuilles de résultats
dupa-options = Les options de jeu (règles D)
dupa-notation = Références
dupa-notation-french = à la française : H8 est la ligne H horizontale, 8H la colonne 8 verticale
dupa-notation-gcg = GCG : 8H est la ligne 8 horizontale, H8 la colonne H verticale
dupa-turn-time = Temps par coup
dupa-seconds-warning = { $turn } s, avertissement { $warning } s avant la fin
dupa-draw = Tirage
dupa-draw-rule = au moins { $early ->
    [one] { $early } voyelle et { $early } consonne
   *[other] { $early } voyelles et { $early } consonnes
} pendant { $turns ->
    [one] le premier coup
   *[other] les { $turns } premiers coups
}, puis { $late } de chaque
dupa-solo = Prime de solo
dupa-solo-on = { $min ->
    [one] { $bonus } points, à partir de { $min } joueur
   *[other] { $bonus } points, à partir de { $min } joueurs
}
dupa-solo-off = aucune
dupa-warnings = Avertissements
dupa-warnings-rule = { $free } gratuits, puis −{ $penalty } chacun
dupa-fault = Faute d'écriture
dupa-ruling-warning = avertissement
dupa-ruling-zero = zéro
dupa-ruling-default-warning = choix du tournoi (avertissement)
dupa-ruling-default-zero = choix du tournoi (zéro)
dupa-games = Parties ({ $count })
dupa-no-games = Aucune partie pour l'instant.
dupa-col-game = Partie
dupa-console-link = Arbitre
dupa-new-game-help = { $n ->
    [one] La nouvelle partie commence avec le joueur inscrit ({ $n }) ; les joueurs ajoutés ensuite rejoignent les parties non terminées.
   *[other] La nouvelle partie commence avec les { $n } joueurs inscrits ; les joueurs ajoutés ensuite rejoignent les parties non terminées.
}
dupa-create-game = Créer la partie { $game }
dupa-players = Joueurs ({ $count })
dupa-no-players = Aucun joueur pour l'instant.
dupa-licence = N° de licence
dupa-add-player = Ajouter un joueur
dupa-late-players = Un joueur ajouté maintenant rejoint aussi les parties non terminées, à partir du coup affiché.
dupa-add-player-button = Ajouter le joueur
dupa-flash-player-added = Joueur { $number } ({ $name }) ajouté.
dupa-flash-game-created = Partie { $game } créée.
dupa-new-event-duplicate-hint = Duplicate : les options sont les règles D, par exemple
dupa-results-title = Résultats · { $event }
dupa-results-cumulative = { $games ->
    [one] Sur { $games } partie
   *[other] Sur { $games } parties
}
dupa-printed = imprimé le { $at }
dupa-results-game = Partie { $game }
dupa-results-game-tops = { $turns ->
    [one] { $turns } coup, total des tops { $tops }
   *[other] { $turns } coups, total des tops { $tops }
}
dupa-col-tops = Tops
dupa-col-penalty = Pénalité
dupa-ties = { $n } coups sont à égalité pour le top (D6) : choisissez celui qui ouvre le plus le jeu.

## i18n2
sheet-pass = passe
sheet-exchange = échange de { $n }
sheet-turn-lost = tour perdu
sheet-turn = tour
sheet-score-challenge = score contesté par { $by } : score réel { $score }
sheet-withdrawn = coup retiré : mot non valable
sheet-word-valid = contestation de mot : valable
sheet-word-invalid = contestation de mot : non valable
sheet-score-corrected = score corrigé (relevé par { $by })
sheet-tiles-left = reliquats : { $rack }
sheet-racks-recounted = décompte des chevalets annulé : le dernier coup a été retiré
sheet-overtime = dépassement { $time }
sheet-out-of-time-passes = pendule à 0:00 : ses tours passent à l'autre camp
sheet-out-of-time-overtime = pendule à 0:00 : le dépassement court
challenger-opponent = adversaire
challenger-teammate = coéquipier, sans pénalité
pic-history-words = { $words } par { $by }
pic-history-play = le coup, par { $by }
pic-history-score = score, par { $by }
pic-ruling-score = score réel { $actual }, inscrit { $recorded }
pic-ruling-none = clos sans décision
err-game-over = la partie est terminée
err-challenge-open = une contestation est ouverte : l'arbitre doit d'abord la trancher
err-out-of-time = la pendule du camp { $side } est tombée : il ne peut plus jouer (il peut encore contester)
err-not-your-turn = ce n'est pas votre tour : { $seat } a le trait
err-opening-short = le premier coup pose au moins 2 jetons
err-too-many-tiles = après l'ouverture, un coup pose au plus { $n } jeton(s)
err-rack-too-small = le chevalet ne contient que { $n } jeton(s)
err-exchange-same-letter = l'échange demande au moins { $n } jetons d'une même lettre (les jokers ne comptent pas)
err-exchange-bag = l'échange demande au moins { $min } jetons dans le sac ; il en reste { $bag } (passer reste permis)
err-challenges-not-used = ce règlement n'utilise pas les contestations de mots
err-no-objection = aucun coup n'est ouvert à contestation : la ligne de la feuille est close
err-one-word = une seule contestation de mot par tour, nommant au plus { $n } mot(s)
err-word-not-formed = { $word } n'est pas un mot formé par ce coup (il a formé { $formed })
err-redraw = tirage identique ({ $tile }) : remettez les jetons dans le sac et tirez de nouveau
err-not-opponent = seul le camp adverse peut contester un mot
err-score-challenged = le score de ce tour a déjà été contesté
err-play-withdrawn = le coup a été retiré : il n'y a pas de score à contester
err-no-seat = il n'y a pas de place { $seat } dans ce match
err-challenge-not-open = la contestation { $n } n'est pas ouverte (chaque contestation est tranchée une seule fois)
err-wrong-kind = la contestation { $n } est de l'autre sorte
err-actual-from-board = en mode plateau, le score réel vient du plateau
err-nothing-due = aucune pendule n'est tombée
err-racks-before-end = la partie n'est pas finie : les reliquats se comptent une fois qu'elle est terminée
err-racks-not-due = les reliquats sont déjà comptés (une fois par partie ; un officiel corrige une erreur, E3)
err-racks-not-counted = le règlement de cette partie ne compte pas les jetons restés sur les chevalets
err-not-reversible = l'événement { $n } ne peut pas être annulé : { $why }
err-slip-verified = les deux joueurs ont vérifié la feuille de résultat : le résultat est définitif
err-not-allowed = non permis : { $command } demande { $needs }
err-hold-not-used = ce règlement n'utilise pas l'attente (hold)
err-hold-called = l'attente a déjà été demandée
err-slip-side-verified = ce camp a déjà vérifié la feuille
err-only-play-score = seul le score d'un coup joué peut être corrigé
err-match-started = le match a déjà commencé
err-match-not-started = le match n'a pas commencé
err-match-forfeit = le match a été décidé par forfait (T18b-c)
err-forfeit-recorded = un forfait est déjà inscrit
err-already-reversed = déjà annulé
err-square-taken = la case { $square } est déjà occupée par { $tile }
err-square-empty = la case { $square } est vide : on ne peut pas jouer à travers ('.')
err-word-misses-tile = le mot n'inclut pas le { $tile } en { $square } qui le touche
err-no-new-tile = le coup ne pose aucun nouveau jeton
err-no-such-tile = il n'y a pas de jeton { $tile } dans ce jeu de lettres
err-first-centre = le premier coup doit couvrir la case centrale H8
err-first-two = le premier coup doit poser au moins 2 jetons
err-not-connected = le coup ne touche aucun jeton du plateau
err-not-on-rack = { $tile } n'est pas sur le tirage { $rack }
err-fits-elsewhere = { $why } ; le mot se place à { $n } autres endroits
err-first-across = le premier mot se place horizontalement
err-not-reference = { $reference } n'est pas une référence
err-blank-one-letter = un joker est une seule lettre entre { $pair }
err-not-a-letter = « { $c } » n'est pas une lettre
err-word-empty = le mot est vide
err-confirm-final = les deux camps confirment les scores finaux avant de clore la partie (règle T19)
err-moved-on = le match a avancé (attendu seq { $expected }, maintenant { $now }) : regardez l'état actuel et décidez de nouveau
err-same-moment = une autre modification a été enregistrée au même moment : réessayez
err-too-quick = le match change trop vite : réessayez
err-no-role-here = vous n'avez aucun rôle à cette table ou dans ce tournoi qui le permette
err-table-tablet-only = cette page est celle de la tablette de la table de ce match
err-pic-taken = un autre arbitre vient de prendre cette contestation
err-already-ruled = cette contestation a déjà été tranchée
err-held-by = cette contestation est tenue par { $who }
err-enter-actual = saisissez le score réel du tour
err-actual-number = le score réel est un nombre entier
err-say-acceptable = dites si le mot est valable
err-pic-only = seul un arbitre de ce tournoi peut voir et trancher les contestations
err-no-challenge = contestation introuvable
err-committee-only = seul le comité du tournoi peut inscrire disqualifications et abandons
err-choose-match = choisissez un match
err-no-match-here = ce match n'est pas dans ce tournoi
err-no-team-here = cette équipe n'est pas dans ce tournoi
err-no-record = aucune inscription de ce genre pour cette équipe
err-record-corrected = cette inscription a déjà été corrigée
err-team-not-in-match = cette équipe ne joue pas dans ce match
err-walkout-match = un abandon a lieu dans un match : choisissez le match
err-side-no-team = ce camp joue sans fiche d'équipe ; le registre inscrit des équipes
err-no-log-event = le journal du match n'a pas d'événement de ce genre à annuler
err-directors-only = seuls les directeurs voient la liste des tournois
err-new-event-admin = les nouveaux tournois sont créés par un administrateur ou un directeur de tous les tournois : demandez à un administrateur
err-choose-team = choisissez une équipe
err-table-number = une table est un nombre à partir de 1
err-team-itself = une équipe ne peut pas jouer contre elle-même
err-two-teams = il faut au moins deux équipes pour apparier une ronde
err-round-line = une ronde demande au moins une ligne
err-table-too-large = numéro de table trop grand
err-line-no-team = ligne { $line } : aucune équipe nommée { $name }
err-choose-method = choisissez toutes rondes, suisse ou manuel
err-captain-named = le capitaine doit être l'un des joueurs nommés
err-team-exists = une équipe nommée { $name } est déjà dans ce tournoi
err-team-size = une équipe a deux joueurs et au plus deux remplaçants
err-no-account-name = aucun compte ne porte ce nom
err-holds-role = { $name } a déjà ce rôle
err-csv-empty = le CSV ne contient aucune équipe
err-csv-rows = { $n } ligne(s) ont des erreurs, rien n'a donc été importé : { $rows }
err-words-empty = la liste de mots ne contient aucun mot
err-words-bad = la liste de mots a { $n } ligne(s) incorrecte(s) : { $lines }
err-lexicon-name = un nom de lexique a de 1 à 40 lettres, chiffres, '-', '_' ou '.'
err-lexicon-bundled = { $name } est la liste fournie : donnez un autre nom à la liste envoyée
err-lexicon-missing = la liste de mots du tournoi ({ $name }) n'est pas encore envoyée : le directeur l'envoie depuis la page de la liste de mots
err-sign-in-event = connectez-vous pour voir ce tournoi
err-sign-in-match = connectez-vous pour voir ce match
err-event-private = ce tournoi n'est pas public
err-match-private = ce match n'est pas public
err-account-gone = ce compte n'existe plus
err-account-disabled = Ce compte est désactivé. Demandez à un administrateur
err-too-many-sign-ins = Trop de connexions en même temps. Réessayez dans un instant
err-sign-in-locked = Trop de connexions échouées pour ce compte ou depuis cette adresse. Réessayez dans { $n } s
err-csrf = Ce formulaire a expiré ou vient d'un autre site (jeton CSRF absent ou faux). Rechargez la page et réessayez
err-password-wrong = le mot de passe actuel n'est pas le bon
err-disable-self = vous ne pouvez pas désactiver votre propre compte
err-username-taken = le nom d'utilisateur { $name } est déjà pris
err-username-shape = un nom d'utilisateur a de 3 à 40 lettres, chiffres, points, tirets ou soulignés
err-too-long = { $field } fait au plus { $max } octets
err-control-chars = { $field } ne peut pas contenir de caractères de contrôle
err-no-account = compte introuvable
err-no-event = tournoi introuvable
err-no-page = Il n'y a pas de page à cette adresse
err-not-in-line = les nouveaux jetons ne sont pas tous sur une même ligne ou colonne
err-gap = il y a un trou en { $square } entre les nouveaux jetons
err-two-on-square = deux jetons sont posés sur { $square }
err-match-not-created = le match n'est pas créé
err-match-created = le match est déjà créé

## Refusals of the services (issue 15): web::messages::services::SERVICE_REFUSALS
err-minutes-per-player = de 1 à { $max } minutes par joueur
err-text-length = { $field } compte de 1 à { $max } caractères
err-printable-40 = { $field } compte au plus 40 caractères imprimables
err-control-chars-long = { $field } ne peut contenir ni caractères de contrôle (sauts de ligne, tabulations, NUL) ni inversions de sens d'écriture
err-t-file-size = un fichier .t fait au plus 1 Mio
err-captain-team = le rôle de capitaine nomme l'équipe
err-division-size = une division compte au plus 1000 joueurs
err-match-ruleset = un match hors tournoi a besoin d'un règlement
err-new-event-lexicon = un nouveau tournoi utilise la liste enable2k fournie ; téléversez une autre liste de mots après l'avoir créé
err-player-number = le numéro d'un joueur commence à 1
err-prepared-turns = une partie préparée compte de 1 à { $max } coups
err-prepared-twice = une partie préparée est déjà importée dans cette partie
err-rating-range = un classement va de 0 (non classé) à 4000
err-table-grant = le rôle d'une tablette de table nomme le numéro de table
err-variant-shape = une variante s'écrit lexique.mode.cadence, par ex. enable2k.dictionary.regular
err-word-list-size = une liste de mots fait au plus { $n } Mio
err-idempotency-length = une clé d'idempotence compte de 1 à { $n } caractères
err-idempotency-printable = une clé d'idempotence compte de 1 à { $n } caractères imprimables
err-max-rounds = au plus 100 rondes
err-max-words = au plus 20 mots
err-lines-size = au plus 64 Kio de lignes
err-overtime-points = au plus { $n } points par minute de dépassement
err-pairing-method = choisissez toutes-rondes (round_robin), suisse (swiss) ou manuel (manual)
err-event-format = choisissez équipes 2 contre 2 (team-2v2) ou individuel (individual)
err-duplicate-not-match = le tournoi { $id } est un tournoi de Duplicate : ses parties se jouent depuis la console du juge-arbitre, pas en matchs
err-field-why = champ « { $field } » : { $why }
err-0-1000 = de 0 à 1000
err-prize-places = de 1 à 100 places primées
err-team-or-name = donnez une équipe (team_id) ou un nom (1 à 100 caractères)
err-both-scores = donnez les deux scores
err-record-kind-2 = le type est disqualification ou abandon (walkout)
err-record-kind-3 = le type est disqualification, abandon (walkout) ou retrait (withdrawal)
err-csv-quote = ligne { $n } : un champ entre guillemets n'est pas fermé
err-line-why = ligne { $n } : { $why }
err-no-duplicate-event = aucun tournoi de Duplicate { $id }
err-no-duplicate-game = aucune partie de Duplicate { $id }
err-no-account-named = aucun compte nommé { $name }
err-no-account-id = aucun compte { $id }
err-no-division = aucune division { $id }
err-no-event-id = aucun tournoi { $id }
err-no-game-at-table = aucune partie à la table { $table } à la ronde { $round }
err-no-game = aucune partie { $id }
err-no-grant-in-event = aucun rôle { $grant } dans le tournoi { $id }
err-no-grant = aucun rôle { $grant }
err-no-individual-event = aucun tournoi individuel { $id }
err-no-match = aucun match { $id }
err-no-language = pas de pages en langue { $code } : choisissez en, id ou fr
err-no-player-in-division = pas de joueur { $n } dans cette division
err-no-prepared = aucune partie préparée n'a été importée dans la partie { $id }
err-no-round = pas de ronde { $round } dans le tournoi { $id }
err-no-seek = aucune offre de partie { $id }
err-no-file = aucun fichier de ce nom
err-no-such-language = langue inconnue
err-no-such-player = joueur inconnu
err-no-team = aucune équipe { $id }
err-decline-not-yours = seul le joueur défié refuse un défi
err-agree-end-racks = seuls les chevalets de fin (adjust_racks) sont approuvés par les deux camps
err-gcg-director = seul le directeur du tournoi importe une partie GCG
err-slip-who = seul le directeur du tournoi ou la tablette de la table saisit cette feuille de résultat
err-online-not-player = seuls les joueurs de la partie y jouent
err-preview-who = seuls la table et les arbitres prévisualisent les coups
err-seek-not-yours = seul l'auteur d'une offre de partie peut la retirer
err-already-withdrawn = le joueur { $n } s'est déjà retiré
err-player-not-paired = le joueur { $n } ne figure sur aucune ligne
err-t-name = joueur { $n } : ce n'est pas un nom
err-t-rating = joueur { $n } : classement illisible
err-player-number-taken = le numéro de joueur { $n } est déjà pris dans ce tournoi
err-print-order = imprimez les appariements par table ou par ordre alphabétique
err-record-other-match = l'inscription { $n } concerne un autre match
err-record-kind-back = l'inscription { $n } est de type { $kind } : nommez ce type (ou withdrawal) pour l'annuler
err-registration-closed = les inscriptions sont fermées ; demandez un compte à un administrateur
err-role-name = le rôle est director, committee, pic, captain, table, referee ou arbitrator
err-round-has-results = la ronde { $round } a des résultats : elle ne peut plus être réappariée
err-round-not-paired = la ronde { $round } n'est pas appariée
err-round-missing-results = il manque encore des résultats à la ronde { $round } : { $list }
err-who-confirms = dites quel joueur confirme
err-who-enters = dites quel joueur saisit
err-scores-or-confirm = des scores ou une confirmation
err-body-type = envoyez le corps en { $type }
err-team-not-in-event = l'équipe { $id } ne participe pas à ce tournoi
err-exists = cela existe déjà ({ $what })
err-idempotency-reused = cette clé d'idempotence a servi pour une autre commande
err-bearer = l'en-tête Authorization doit être « Bearer <jeton> »
err-csv-unreadable = le CSV est illisible : { $why }
err-csv-size = le CSV dépasse { $n } Kio
err-json-unreadable = le corps JSON est illisible : { $why }
err-json-invalid = le corps JSON n'est pas valide : { $why }
err-division-empty = la division n'a aucun joueur à apparier
err-division-exists = le tournoi a déjà une division { $name }
err-word-list-missing = la liste de mots { $name } du tournoi n'est pas encore téléversée
err-t-rounds = le fichier a { $n } rondes, le plan moins
err-form-unreadable = le formulaire est illisible : { $why }
err-form-invalid = le formulaire n'est pas valide : { $why }
err-form-size = le formulaire est trop volumineux
err-prepared-started = la partie a commencé : une partie préparée s'importe avant son premier tirage
err-game-seq = la partie en est à l'étape { $now }, pas { $seq } ; rechargez et réessayez
err-game-moved = la partie a avancé pendant ce temps ; rechargez et réessayez
err-overrides-json = les réglages particuliers ne sont pas du JSON valide : { $why }
err-body-size = le corps de la requête est trop volumineux
err-ruleset-object = le règlement est un objet JSON
err-seek-state = cette offre de partie n'est plus ouverte ({ $state })
err-seek-gone = l'offre de partie a été prise ou retirée entre-temps
err-upload-unreadable = le fichier envoyé est illisible : { $why }
err-challenge-no-queue = cette contestation n'appartient à aucune file de tournoi
err-challenge-other-player = ce défi s'adresse à un autre joueur
err-t-export = cette division ne peut pas s'écrire en fichier .t : { $why }
err-key-match = cette clé a déjà créé le match { $id }, à une autre table ou ronde
err-key-record = cette clé a déjà créé l'inscription { $id }, pour une autre équipe
err-sheet-mode-enter = ce match est tenu en mode feuille : saisissez les mots et le score
err-sheet-mode-export = ce match est tenu en mode feuille ; il n'y a pas de plateau à exporter
err-unknown-tile-set = jeu de jetons inconnu { $name }
err-own-seek = vous ne pouvez pas accepter votre propre offre de partie
err-challenge-self = vous ne pouvez pas vous défier vous-même
err-max-200 = au plus 200 caractères
err-one-line = une seule ligne de texte
err-no-word-list-site = pas de liste de mots { $name } sur ce site
err-quoted-field = un champ entre guillemets n'est pas fermé

## Refusals of the formats' rules (issue 15): web::messages::formats::FORMAT_REFUSALS
err-word-char = « { $ch } » dans le mot n'est ni une lettre ni « . »
err-not-letter = « { $ch } » n'est pas une lettre de A à Z
err-not-position = « { $pos } » n'est pas une référence : attendu { $form }
err-not-tile = « { $ch } » n'est pas un jeton (A-Z, ou ? pour un joker)
err-game-not-finished = la partie n'est pas terminée
err-off-board = { $word } depuis { $start } sort du plateau
err-word-list-lines = { $n } ligne(s) de la liste ne sont pas des mots, la première : { $first }
err-glicko-number = { $name } doit être un nombre fini (écarts et tau au-dessus de 0)
err-t-scores = { $n } scores pour { $m } rondes appariées
err-not-whole = { $field } : { $value } n'est pas un nombre entier
err-plan-empty = un plan d'appariement a besoin d'au moins une série de rondes
err-score-range = un score est compris entre -1000 et 2000
err-t-empty-field = un champ vide après « ; »
err-word-set = impossible de construire l'ensemble de mots : { $why }
err-word-list-read = impossible de lire la liste de mots : { $why }
err-club-other-game = le club { $club } n'a pas joué la même partie (ses tops ou son règlement diffèrent)
err-column-off = la colonne { $c } est hors du plateau
err-duplicate-ruleset = le règlement de Duplicate ne convient pas : { $why }
err-duplicate-option = option { $option } du règlement de Duplicate : { $why }
err-rows-15 = 15 lignes attendues, { $n } trouvées
err-game-entered = la partie { $a } contre { $b } est déjà saisie à { $sa }-{ $sb }
err-game-self = partie { $n } : un joueur ne peut pas jouer contre lui-même
err-game-player-division = partie { $n } : le joueur { $p } n'est pas dans la division
err-letter-twice = la lettre { $l } figure deux fois
err-winner-totals = match { $a } contre { $b } : le vainqueur indiqué contredit les totaux
err-t-no-name = pas de nom de joueur
err-t-no-rating = pas de classement après le nom
err-no-repeat-free = aucune ronde sans rencontre répétée n'existe ({ $n } répétition(s) au mieux)
err-nothing-to-confirm = pas encore de scores à confirmer
err-graph-header = ce n'est pas un fichier de graphe de mots (en-tête incorrect)
err-nothing-to-undo = rien à annuler
err-no-game-this-round = le joueur { $p } n'a pas de partie à cette ronde
err-not-in-division = le joueur { $p } n'est pas dans cette division
err-seeded-twice = le joueur { $p } est classé deux fois
err-wrong-opponent = le joueur { $p } joue contre { $paired } à cette ronde, pas contre { $given }
err-prepared-fit = la partie préparée ne convient pas : { $why }
err-prepared-version = la version { $v } de partie préparée n'est pas prise en charge
err-rack-not-tile = tirage { $n } : « { $ch } » n'est pas un jeton (A-Z, ou ? pour un joker)
err-rack-over-7 = tirage { $n } : { $k } jetons, un tirage en compte au plus 7
err-rack-no-such-tile = tirage { $n } : il n'y a pas de jeton { $t } dans le jeu { $set }
err-rr-fixed = la ronde { $r } est une ronde de toutes-rondes : son calendrier ne peut pas être modifié
err-round-not-in-plan = la ronde { $r } n'est pas dans le plan d'appariement
err-round-by-hand = la ronde { $r } s'apparie à la main : donnez ses appariements
err-round-self = ronde { $r } : un joueur ne peut pas jouer contre lui-même
err-t-opponent = ronde { $r } : l'adversaire { $o } n'est pas un joueur de cette division ({ $n } joueurs)
err-t-mismatch = ronde { $r } : joue contre { $o }, dont la ligne indique { $x } pour cette ronde
err-row-off = la ligne { $r } est hors du plateau
err-board-char = ligne { $r }, colonne { $c } : « { $ch } » n'est pas un jeton (. pour vide, A-Z, a-z pour un joker)
err-board-no-such-tile = ligne { $r }, colonne { $c } : il n'y a pas de jeton { $t } dans le jeu { $set }
err-row-15 = ligne { $r } : 15 cases attendues, { $n } trouvées
err-not-on-your-rack = { $tiles } n'est pas sur votre chevalet { $rack }
err-gcg-line-n = ligne GCG { $n } : { $why }
err-redraws = { $n } nouveaux tirages n'ont pas satisfait la contrainte ; tirez à la main
err-none-left = il ne reste plus de { $t } à tirer (reste { $left })
err-game-goes-on = la partie continue : un tirage peut encore être fait et joué
err-d3-constraint = le tirage a { $v } voyelle(s) et { $c } consonne(s), il en faut au moins { $min } de chaque ; remettez tous les jetons et retirez
err-rack-size = le tirage doit compter { $n } jetons, pas { $got }
err-d3-impossible = les jetons restants ne permettent pas un tirage de { $v } voyelle(s) et { $c } consonne(s) : la partie est finie
err-not-in-game = le joueur { $n } ne participe pas à cette partie
err-turn-not-started = le coup { $n } n'a pas commencé
err-d6-tie = { $n } solutions sont ex æquo pour le top ; le juge-arbitre choisit celle qui ouvre le plus le jeu
err-d6-choice = le choix { $n } ne fait pas partie des { $k } tops ex æquo
err-d6-no-play = aucun coup n'est possible avec ce tirage : terminez la partie
err-o1-nothing = en mode dictionnaire les mots sont vérifiés à la saisie : il n'y a rien à contester
err-o1-not-word = absent du dictionnaire : { $words }
err-cannot-now = impossible maintenant : { $action } ({ $phase })
err-ruleset-option = option { $option } du règlement : { $why }
err-ruleset-override = la modification du règlement ne convient pas : { $why }
err-online-side = le camp { $side } n'est pas joueur de cette partie ou ne peut pas faire cela maintenant
err-slip-field = feuille, { $field } : { $why }
err-stretch-order = la série { $i } finit (ronde { $last }) avant de commencer (ronde { $first })
err-stretch-start = la série { $i } doit commencer à la ronde { $expected }, pas { $got }
err-table-twice = la table { $n } est utilisée deux fois
err-tables-from-1 = les tables sont numérotées à partir de 1
err-team-twice = l'équipe { $n } figure plus d'une fois
err-team-self = l'équipe { $n } ne peut pas jouer contre elle-même
err-t-name-chars = le nom ne peut contenir ni « ; » ni saut de ligne
err-position-empty = la référence est vide
err-slip-final = la feuille de résultat est définitive : seul le directeur peut la modifier
err-graph-corrupt = le graphe de mots est corrompu : { $why }
err-word-list-empty = la liste de mots est vide
err-graph-size = la liste de mots est trop grande pour le graphe de mots ({ $n } arcs)
err-no-tile-in-set = il n'y a pas de { $t } dans ce jeu de jetons
err-tops-differ = coup { $n } : les tops diffèrent de ceux enregistrés (est-ce la même liste de mots ?)
err-turn-why = coup { $n } : { $why }
err-quick-line = écrivez une ligne ainsi : joueur score adversaire score
err-team-not-in-event-n = l'équipe { $n } ne participe pas à ce tournoi

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

## inddesk
indd-entry-title = Division { $division }, ronde { $round } : résultats
indd-entry-help = Une partie par ligne : numéro du joueur, score, numéro de l'adversaire, score. Exemple :
indd-recorded = { $count ->
    [one] { $count } partie enregistrée.
   *[other] { $count } parties enregistrées.
}
indd-lines = Résultats
indd-record = Enregistrer
indd-missing = Résultats manquants
indd-all-in = Tous les résultats de cette ronde sont saisis.
err-indd-syntax = écrivez une ligne ainsi : joueur score adversaire score
err-indd-unknown = le joueur { $player } n'est pas dans cette division
err-indd-no-game = le joueur { $player } n'a pas de partie dans cette ronde
err-indd-wrong-opponent = le joueur { $player } joue contre { $paired } dans cette ronde, pas contre { $given }
err-indd-twice = la partie { $a } contre { $b } est déjà saisie avec { $scores }
err-indd-score-range = un score va de -1000 à 2000
## onlinepages
nav-online = Jouer en ligne
online-lobby = Jeu en ligne
online-leaderboard = Classement
online-register = S’inscrire
online-registration-closed = Les inscriptions sont fermées. Demandez un compte à un administrateur.
online-offer = Proposer une partie
online-offer-button = Proposer
online-lexicon = Liste de mots
online-tile-set = Jeu de lettres
online-tiles-english = Anglais
online-mode = Mode
online-mode-challenge = Mode contestation
online-challenge-rule = Règle de contestation
online-rule-dictionary = Mode dictionnaire
online-rule-double = Contestation double
online-rule-single = Contestation simple
online-rule-void = Nul
online-rule-five-point = Pénalité de 5 points
online-rule-ten-point = Pénalité de 10 points
online-minutes-per-player = Minutes par joueur
online-minutes = { $n } min
online-at-zero = À zéro
online-at-zero-overtime = Pénalité de dépassement
online-overtime-points = −{ $points } par minute de dépassement
online-loss-on-time = Perte au temps
online-points-per-minute = Points par minute de dépassement
online-rated = Classée
online-casual = Amicale
online-opponent = Défier un joueur nommé (facultatif)
online-my-games = Mes parties
online-challenges-to-me = Défis reçus
online-open-seeks = Propositions ouvertes
online-my-seeks = Mes propositions
online-watch = Parties à regarder
online-none = Aucune.
online-accept = Accepter
online-decline = Refuser
online-cancel = Retirer
online-to-player = à { $name }
online-your-turn = À vous de jouer
online-to-move = À { $name } de jouer
online-won = Partie terminée : { $name } a gagné
online-drawn = Partie terminée : égalité
online-rack-tiles = { $n } lettres
online-bag = Sac : { $n }
online-exchanged = a échangé { $n }
online-passed = a passé
online-lost-turn = a perdu son tour
online-withdrawn = retiré
online-preview = { $move } rapporte { $score }
online-blank-letter = Lettre du joker ?
online-resign-sure = Abandonner cette partie ?
online-rating-change = { $name } : classement { $before } → { $after }
online-play = Jouer
online-recall = Reprendre
online-direction = Horizontal / vertical
online-shuffle = Mélanger
online-exchange = Échanger
online-exchange-confirm = Échanger les lettres choisies
online-pass = Passer
online-hold = Attendez
online-challenge = Contester
online-accept-play = Accepter le coup
online-resign = Abandonner
online-spectating = Vous regardez cette partie.
online-unseen = non vues :
online-ratings = Classements
online-variant = Variante
online-deviation = Écart
online-games = Parties
online-game = Partie
online-rating-history = Historique du classement
online-before = Avant
online-after = Après
online-finished = terminée
err-online-players-only = seuls les joueurs de la partie y jouent
err-online-moved-on = la partie a avancé pendant cette décision ; rechargez et recommencez
err-online-not-in-dictionary = absent du dictionnaire : { $words }
err-online-nothing-to-challenge = en mode dictionnaire les mots sont vérifiés à la saisie ; il n’y a rien à contester
err-online-not-on-rack = { $missing } n’est pas sur votre chevalet { $rack }
err-online-not-a-player = le côté { $side } ne joue pas cette partie ou ne peut pas le faire maintenant
err-registration-limit = trop de comptes inscrits depuis cette adresse ; réessayez plus tard
## onlinecore
analysis-online-title = Partie { $id } : analyse
analysis-back = Partie { $id }
analysis-lead = Chaque coup face au top de sa position, avec l'écart en points.
analysis-upload-title = Analyser une partie
analysis-upload-lead = Collez une feuille GCG ou choisissez un fichier : chaque coup est comparé au top de sa position (liste de mots fournie).
analysis-file = Fichier GCG
analysis-gcg = Feuille GCG
analysis-submit = Analyser
analysis-player = Joueur
analysis-rack = Tirage
analysis-move = Coup
analysis-score = Points
analysis-top = Top
analysis-top-score = Points du top
analysis-difference = Écart
analysis-totals = Totaux par joueur
analysis-moves = Coups
analysis-found-top = Tops trouvés
analysis-none = aucun
analysis-pass = passe
analysis-withdrawn = retiré
analysis-phony = mot non valable
analysis-unplaceable = impossible à placer
analysis-not-recorded = tirage non noté
analysis-tied = (+{ $n } à égalité)
err-gcg-empty = Collez ou envoyez une feuille GCG.
err-gcg-too-big = La feuille dépasse { $max } octets ; au plus { $moves } coups sont analysés.
err-gcg-tiles = La distribution de lettres de la feuille est inconnue (english, french ou indonesian).
err-gcg-too-many = La feuille compte { $n } coups ; au plus { $max } sont analysés.
err-online-tile-set = Jeu de lettres inconnu : english, french ou indonesian.
err-online-lexicon = Pas de liste de mots { $name } sur ce site : { $default }, ou une liste envoyée pour un tournoi.
## indpub
home-your-pages = Vos pages
home-events = Tournois
home-no-events = Aucun tournoi public pour l’instant.
home-format-team = Tournoi par équipes
home-format-individual = Tournoi individuel
home-format-duplicate = Duplicate
home-created = créé le { $date }
home-not-started = pas commencé
home-rounds = { $count ->
    [one] { $count } ronde
   *[other] { $count } rondes
}
home-games = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
home-private = privé
indp-pairings = Appariements
indp-results = Résultats
indp-printable = Version imprimable
indp-not-started = Aucune ronde appariée pour l’instant
indp-round-of = Ronde { $round } sur { $rounds }
indp-standings-title = Classement, division { $division } · { $event }
indp-pairings-title = Appariements, division { $division } · { $event }
indp-results-title = Résultats, division { $division } · { $event }
indp-club-title = Club { $club }
indp-record = Gagnées–perdues
indp-gibsonized = Gibsonisé
indp-score = Score
indp-winner = Vainqueur
indp-tie = Égalité
indp-pending = Résultat attendu
indp-by-table = Par table
indp-alphabetical = Par ordre alphabétique
indp-opponent = Adversaire
indp-goes-first = commence
indp-goes-second = second
indp-rank = Rang
indp-club = Club
indp-round-col = Ronde
indp-side = Joue
indp-rating-change = Variation du classement
indp-forfeit = forfait
## dupc
dupc-prepared-choice = le choix de la partie préparée
dupc-phone-title = Votre bulletin · partie { $game }
dupc-phone-login-help = Tapez votre numéro de joueur et le code imprimé sur votre carte de table.
dupc-pin = Code
dupc-phone-open = Ouvrir mon bulletin
dupc-phone-send = Envoyer mon bulletin
dupc-phone-sent = Envoyé. Vous pouvez le modifier jusqu'à la fin du temps.
dupc-phone-entry = Votre bulletin :
dupc-phone-closed = Temps écoulé : votre bulletin est verrouillé.
dupc-phone-waiting = Attendez que l'arbitre lance le coup.
dupc-phone-unreachable = Serveur injoignable : vérifiez le Wi-Fi et renvoyez.
dupc-phone-nothing-yet = Rien de saisi pour ce coup.
dupc-phone-leave = Ce n'est pas moi : fermer ce bulletin
dupc-phone-entries = Saisis par les joueurs sur leur téléphone
dupc-phone-entries-help = Vérifiés comme vos bulletins quand l'arbitre affiche le top. Reprenez-en un pour le corriger : votre bulletin est enregistré comme un nouvel enregistrement.
dupc-entered = Saisi
dupc-not-checked = pas encore vérifié
dupc-take-over = Reprendre
dupc-phone-slips = Bulletins sur téléphone
dupc-phone-slips-on = les joueurs saisissent leur bulletin (numéro et code de leur carte de table)
dupc-phone-slips-off = non (les arbitres saisissent les bulletins)
dupc-phone-link = Page du bulletin sur téléphone
err-dupc-time-up = Temps écoulé pour le coup { $turn } : votre bulletin n'a pas été enregistré
err-dupc-phone-off = Ce tournoi ne prend pas les bulletins saisis sur téléphone
err-dupc-pin = Ce numéro de joueur et ce code ne correspondent pas : vérifiez votre carte de table
err-dupc-no-turn = Aucun coup en cours : attendez que l'arbitre lance le suivant
err-dupc-reference = Écrivez la référence, par exemple H8
err-dupc-word = Écrivez le mot en lettres (un joker en minuscule)
err-dupc-points = Les points vont jusqu'à 2000

## inddir
inddir-new-title = Nouveau tournoi individuel
inddir-format = Tournoi individuel
inddir-dashboard-link = Divisions, joueurs et rondes
inddir-options = Exempts, forfaits et retraits
inddir-bye-spread = Écart d'un exempt
inddir-forfeit-spread = Écart d'un forfait
inddir-withdrawn-question = Quand un joueur se retire, ses parties encore sans résultat comptent comme :
inddir-withdrawn-forfeit = des forfaits (l'adversaire gagne avec l'écart du forfait)
inddir-withdrawn-bye = des exempts pour ses adversaires
inddir-bye-counts = Un exempt compte comme une victoire de { $spread }.
inddir-forfeit-counts = Un forfait compte comme une victoire de { $spread } pour l'adversaire et une défaite de { $spread } pour le joueur.
inddir-withdrawal-forfeits = Les parties sans résultat d'un joueur retiré sont perdues par forfait (−{ $spread }) ; il n'est plus apparié.
inddir-withdrawal-byes = Les parties sans résultat d'un joueur retiré deviennent des exempts pour ses adversaires (+{ $spread }) ; il n'est plus apparié.
inddir-public-page = Page publique
inddir-tourney-js = Suivi en direct (tourney.js)
inddir-roles-language = Rôles et langue
inddir-divisions = { $count ->
    [one] 1 division
   *[other] { $count } divisions
}
inddir-no-divisions = Aucune division : ajoutez-en une ci-dessous, ou importez un fichier TSH.
inddir-division = Division
inddir-plan = Plan d'appariement
inddir-plan-help = Une ligne par suite de rondes, par ex. rondes 1 à 7 toutes rondes, 8 à 14 suisse, 15 roi de la colline. Laissez vides les lignes inutiles.
inddir-from-round = De la ronde
inddir-to-round = à la ronde
inddir-method = Appariement
inddir-method-name = { $method ->
    [round_robin] toutes rondes
    [swiss] suisse
    [king_of_the_hill] roi de la colline
   *[manual] à la main
}
inddir-gibson = Gibsoniser
inddir-gibson-prizes = Places de prix protégées
inddir-gibsonized = Gibsonisé pour { $prizes ->
    [one] 1 prix
   *[other] { $prizes } prix
}
inddir-rounds-paired = Rondes appariées
inddir-new-division = Nouvelle division
inddir-create-division = Créer la division
inddir-import = Importer un fichier de division TSH (.t)
inddir-import-help = Une nouvelle division avec les joueurs, classements Elo, appariements et scores du fichier ; le plan couvre toutes les rondes, celles du fichier comprises.
inddir-t-file = Fichier
inddir-t-text = Contenu du fichier .t
inddir-import-button = Importer la division
inddir-links = Pages de la division
inddir-back-to-event = Tournoi et divisions
inddir-back-to-division = Retour à la division
inddir-missing-count = { $count ->
    [one] 1 résultat manquant
   *[other] { $count } résultats manquants
}
inddir-quick-entry = Saisir les résultats de la ronde { $round }
inddir-change-pairings = Modifier les appariements de la ronde { $round }
inddir-pair-round = Apparier la ronde { $round } ({ $method })
inddir-pair-by-hand = Apparier la ronde { $round } à la main
inddir-plan-done = Toutes les rondes du plan sont appariées.
inddir-exports = Exports et impression
inddir-standings-csv = Classement (CSV)
inddir-print-standings = Imprimer le classement
inddir-print-pairings = Imprimer les appariements
inddir-print-results = Imprimer les résultats
inddir-players = { $count ->
    [one] 1 joueur
   *[other] { $count } joueurs
}
inddir-no-players = Aucun joueur pour l'instant.
inddir-rating-id = Identifiant de classement
inddir-rating-system = Système de classement
inddir-status = Statut
inddir-late-entry = entrée tardive à partir de la ronde { $round }
inddir-withdrawn-from = retiré à partir de la ronde { $round }
inddir-reason = Motif
inddir-take-back = Annuler le retrait
inddir-withdraw = Retirer…
inddir-withdraw-button = Retirer ce joueur
inddir-effect-forfeits = { $count ->
    [0] Aucune de ses parties n'attend de résultat.
    [one] Sa partie sans résultat sera perdue par forfait (−{ $spread }).
   *[other] Ses { $count } parties sans résultat seront perdues par forfait (−{ $spread }).
} Il ne sera plus apparié.
inddir-effect-byes = { $count ->
    [0] Aucune de ses parties n'attend de résultat.
    [one] Son adversaire dans sa partie sans résultat reçoit un exempt (+{ $spread }).
   *[other] Ses adversaires dans ses { $count } parties sans résultat reçoivent un exempt (+{ $spread }).
} Il ne sera plus apparié.
inddir-late-hint = Des rondes sont appariées : un joueur ajouté maintenant est une entrée tardive et joue à partir de la ronde { $round }.
inddir-withdrawals = Retraits
inddir-record = Inscription
inddir-taken-back = retrait annulé
inddir-when = Quand
inddir-override-help = Changez les adversaires : chaque joueur de la ronde doit être sur une ligne ; une ligne avec un seul joueur est un exempt.
inddir-fix-help = Les lignes données sont gardées et le plan apparie les autres (une ronde appariée à la main demande toutes les lignes).
inddir-line = Ligne
inddir-line-first = Ligne { $line } : numéro du premier joueur
inddir-line-second = Ligne { $line } : numéro de l'adversaire
inddir-bye-hint = Numéros des joueurs comme dans la liste ; laissez l'adversaire vide pour un exempt.
inddir-save-pairings = Enregistrer les appariements de la ronde { $round }
inddir-pair-with-lines = Apparier la ronde { $round } avec ces lignes
inddir-flash-event = Tournoi { $name } créé : ajoutez ses divisions.
inddir-flash-division = Division { $name } créée.
inddir-flash-imported = Division { $name } importée avec { $players } joueurs.
inddir-flash-player = { $name } ajouté sous le numéro { $number } (joue à partir de la ronde { $round }).
inddir-flash-withdrawn = { $name } retiré à partir de la ronde { $round }.
inddir-flash-taken-back = Retrait de { $name } annulé.
inddir-flash-paired = Ronde { $round } appariée.
inddir-flash-pairings-saved = Appariements de la ronde { $round } enregistrés.
err-inddir-not-withdrawn = le joueur { $n } ne s'est pas retiré
err-inddir-self = le joueur { $p } ne peut pas jouer contre lui-même
err-inddir-withdrawn = le joueur { $p } s'est retiré à partir de la ronde { $r }
err-inddir-not-yet = le joueur { $p } joue à partir de la ronde { $r }
err-inddir-twice = le joueur { $p } apparaît plus d'une fois
err-inddir-round-number = une ronde est un nombre entier à partir de 1
err-inddir-method = choisissez comment les rondes sont appariées
err-inddir-withdrawn-games = choisissez forfaits ou exempts
## indslip
inds-title = Votre feuille de résultat
inds-login-help = Tapez votre numéro de joueur et le code que l'arbitre vous a remis.
inds-open = Ouvrir ma feuille
inds-round = Ronde
inds-you = vous
inds-send = Envoyer les scores
inds-correct = Corriger les scores
inds-confirm = Confirmer ces scores
inds-details = Jokers, mots contestés, meilleur mot, pénalités de temps
inds-blanks = Jokers (lettres jouées)
inds-challenged = Mots contestés
inds-high-word = Mot le plus payant
inds-high-score = Ses points
inds-time-penalty = Pénalité de temps
inds-corrections = corrections :
inds-state-nothing = Rien de saisi : entrez les deux scores.
inds-state-to-confirm = Votre adversaire a saisi ces scores : confirmez-les ou corrigez-les.
inds-state-waiting = Vous avez saisi ces scores : votre adversaire doit les confirmer.
inds-state-final = Définitif : les deux joueurs ont confirmé. Seul l'arbitre peut encore le modifier.
inds-bye = Vous êtes exempt à cette ronde.
inds-no-game = Vous n'avez pas de partie à cette ronde.
inds-not-paired = Pas encore apparié.
inds-sent = Envoyé.
inds-confirmed = Confirmé.
inds-sheet-title = Feuille d'appariement avec codes · division { $division }
inds-sheet-warning = Pour l'arbitre seulement : ne pas afficher. Un code permet à son joueur de saisir et confirmer ses résultats ; remettez à chacun sa carte.
inds-sheet-url = Les joueurs saisissent leurs résultats sur
inds-sheet-link = Feuille d'appariement avec codes
inds-sheet-players = Cartes des joueurs
inds-leave = Ce n'est pas moi : fermer cette feuille
err-pin-throttled = Trop de codes erronés : réessayez dans { $minutes } min, ou demandez votre code à l'arbitre
err-inds-pin = Ce numéro de joueur et ce code ne correspondent pas : demandez votre code à l'arbitre
err-inds-not-yours = Ce n'est pas votre partie : ouvrez la feuille de votre table
err-inds-changed = Les scores ont changé depuis que vous les avez vus : vérifiez-les à nouveau
err-inds-word = Un mot a au plus 15 lettres (sans chiffres, espaces ni signes)
err-inds-blanks = Les jokers font au plus 4 lettres
err-inds-challenged = Au plus 20 mots contestés
err-inds-high-score = Un mot vaut de 0 à 2000 points
err-inds-penalty = Une pénalité de temps va de 0 à 1000
## onlined
onlined-max-overtime = Dépassement maximal (minutes)
onlined-overtime-limit = −{ $points } par minute de dépassement, perdu au temps au-delà de { $max } min
onlined-checked = vérifié : { $words }
onlined-check-invalid = non valable : { $words }
onlined-check-valid = tous valables
onlined-last-challenge = Dernière contestation, { $move }
err-onlined-max-overtime = de 1 à { $max } minutes de dépassement

## indfix
indfix-won = Vainqueur
indfix-clinched = Première place assurée
err-indfix-rr-repeats = aucun calendrier des rondes { $round } à { $last } n’évite de rejouer une partie de ce cycle de toutes-rondes (ses joueurs ont changé depuis son début) : appariez la ronde { $round } à la main, en donnant la ligne de chaque joueur

## tsh
err-t-score-unpaired = ronde { $r } : un score mais pas d’appariement (00)
err-t-name-readback = le nom ne peut contenir ni « ; » ni saut de ligne, ni commencer par « # » ni finir par un nombre
err-t-not-read-back = la ligne ne se relirait pas telle qu’écrite
err-t-latin1 = un nom a des caractères que l’ISO-8859-1 ne peut pas écrire : demandez utf-8
err-t-encoding = l’encodage est utf-8 ou latin1

## onl3
err-onl3-seq = seq est un nombre entier à partir de 0 (l'identifiant du message en direct)

## ind18
ind18-table-division = Division (appareils de table)
ind18-all-divisions = Toutes les divisions
ind18-err-choose-division = choisissez une division
ind18-err-division-elsewhere = la division { $n } n’est pas dans cet événement
ind18-err-division-not-table = seul l’accès d’un appareil de table nomme une division

## ratings
indr-err-method = méthode de classement inconnue { $name } : choisissez Glicko-2, NASPA, WESPA ou ABSP
indr-method = Estimation des classements
indr-method-help = NASPA, WESPA et ABSP : la méthode publiée du système de classement, calculée comme TSH. Glicko-2 pour tout autre système.
indr-method-name = { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
}
indr-estimates-by = Classements estimés selon la méthode { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
} ; la variation est l'estimation moins le classement d'avant le tournoi.
indr-set-method = Utiliser cette méthode
indr-flash-method = Classements désormais estimés selon la méthode { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
}.
## ind19
ind19-late-rounds = Rondes manquées par un retardataire
ind19-late-rule = { $rule ->
    [forfeit] défaites par forfait
    [bye] exemptions
   *[no_game] pas de partie (comme TSH)
}
ind19-late-rule-short = retardataires : { $rule ->
    [forfeit] défaites par forfait
    [bye] exemptions
   *[no_game] pas de partie
}
ind19-late-rule-desk = Les rondes d'un retardataire avant sa première comptent comme { $rule ->
    [forfeit] des défaites par forfait, de { $spread } chacune
    [bye] des exemptions, +{ $spread } chacune
   *[no_game] pas de partie : ni victoire ni défaite (comme TSH)
}.
ind19-plan-paired = Les { $rounds } rondes du plan sont appariées : un joueur ajouté maintenant ne jouerait aucune partie, on ne peut donc plus en ajouter.
ind19-class = Classe
ind19-team = Équipe
ind19-class-tag = classe { $class }
ind19-classes = Classes de classement
ind19-all-classes = Toutes
ind19-class-standings = Classe { $class }
ind19-class-rank = { $rank }ᵉ de la classe
ind19-err-late-rounds = choisissez pas de partie, forfait ou exemption
ind19-err-tsh-text = 40 caractères au plus, sans caractère de contrôle
ind19-err-plan-paired = les { $n } rondes du plan sont appariées : un joueur ajouté maintenant ne jouerait aucune partie
ind19-err-t-text = joueur { $n } : { $field } : 40 caractères au plus
ind19-err-no-class = pas de classe { $c } dans cette division
ind19-missed = pas encore inscrit
