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
