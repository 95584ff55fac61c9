# Arbiter's pages in English. Every key here is also in ../id/main.ftl and ../fr/main.ftl
# (tests/i18n.rs fails otherwise). See README, "Languages", for how to add a key.

## Layout
app-name = Arbiter
lang-switcher = Language
who-admin = (admin)
sign-in = Sign in
sign-out = Sign out
nav-home = Home
nav-events = Events
nav-my-table = My table
nav-challenges = Challenges
nav-committee = Committee
nav-event-desk = Event desk
nav-standings = Standings
nav-my-team = My team
nav-users = Users
nav-account = Account
nav-in-event = { $link } · event { $event }
error-status = { $status ->
    [400] Bad Request
    [401] Unauthorized
    [403] Forbidden
    [404] Not Found
    [405] Method Not Allowed
    [409] Conflict
    [413] Payload Too Large
    [415] Unsupported Media Type
    [422] Unprocessable Entity
    [429] Too Many Requests
    [503] Service Unavailable
   *[other] Error
}
error-back = Back to the start
home-lead = Tournament operations for word-game events: team clocks, score sheets, challenges and standings.
yes = yes
no = no
ok = ok
save = Save
versus = v
bye = bye
a-v-b = { $a } v { $b }
seconds = { $n } s
lang-automatic = Automatic (event or browser)
lang-each-visitor = Each visitor's own language

## Shared words
username = Username
password = Password
table-word = Table
table-word-lower = table
round-word = Round
table-n = Table { $table }
table-n-lower = table { $table }
round-n = Round { $round }
round-n-lower = round { $round }
match-n = match { $match }
match-n-cap = Match { $match }
side-a = A: { $name }
side-b = B: { $name }
col-team = Team
col-played = Played
col-w = W
col-t = T
col-l = L
col-wins = Wins
col-ties = Ties
col-losses = Losses
col-points = Points
col-spread = Spread
col-score = Score
col-round = Round
col-table = Table
col-match = Match
col-status = Status
col-side-a = Side A
col-side-b = Side B
role-name = { $role ->
    [table] Table device
    [pic] PIC
    [committee] Committee
    [captain] Captain
    [director] Director
    [referee] Referee
    [arbitrator] Arbitrator
   *[other] { $role }
}
match-status = { $status ->
    [new] new
    [created] waiting for the draw
    [in_progress] in progress
    [ended] play over
    [finished] finished
   *[other] { $status }
}
round-status = { $status ->
    [draft] draft
    [started] started
    [finished] finished
   *[other] { $status }
}
method-name = { $method ->
    [round_robin] round robin
    [swiss] Swiss
    [manual] manual
   *[other] { $method }
}
preset-name = { $preset ->
    [team-2v2] Team play, 2 vs 2
    [individual] One vs one
    [duplicate] Duplicate
   *[other] { $preset }
}
tile-set-name = { $set ->
    [english] English (100 tiles)
    [french] French (102 tiles)
    [indonesian] Indonesian
   *[other] { $set }
}
record-kind = { $kind ->
    [disqualification] Disqualification
    [walkout] Walkout
    [withdrawal] Withdrawal
   *[other] { $kind }
}
challenge-kind = { $kind ->
    [word] word
    [score] score
   *[other] { $kind }
}
challenge-by = { $kind ->
    [word] Word challenge by { $by }
    [score] Score challenge by { $by }
   *[other] { $kind } challenge by { $by }
}
ruling-name = { $ruling ->
    [acceptable] acceptable
    [unacceptable] unacceptable
   *[other] { $ruling }
}

## Sign-in, account, users
account-title = Account
account-language = Language
account-language-hint = The pages are shown in this language on every device you sign in on. Automatic follows the event's language, then your browser's.
account-language-label = Language of the pages
account-language-refused = "{ $value }" is not a language of the pages: choose English, Bahasa Indonesia or Français.
account-language-saved = Language saved.
account-change-password = Change password
account-password-hint = Your other sessions (other devices) end when the password changes.
account-current-password = Current password
account-new-password = New password
users-title = Users
users-admin = Admin
users-roles = Roles
users-sign-in = Sign-in
users-in-event = event { $event }
users-at-table = table { $table }
users-disabled = disabled
users-enable = Enable
users-disable = Disable
users-new-password-ph = new password
users-new-password-for = New password for { $name }
users-set-password = Set password
users-new-account = New account
users-administrator = Administrator
users-create = Create account

## The match: scoreboard, controls, end racks
board-team-a = Team A
board-team-b = Team B
board-clock-running = clock running
board-score-label = score
board-out-of-time = out of time
board-to-move = To move:
board-bag = Bag:
board-challenge-time = Challenge time:
board-challenge-time-hint = what is left of the time to challenge the last play
board-open-challenge = Open challenge:
board-voided = This match was voided
board-voided-why = when round { $round } was paired again: nothing more is recorded here.
board-table-now-plays = Table { $table } now plays
board-table-no-match = Table { $table } has no match in this round now; ask the director.
board-waiting-pic = Waiting for the PIC
board-status = { $status ->
    [created] Waiting for the draw
    [in_progress] In play
    [ended] Play over: racks and rulings to record
    [finished] Finished
    [new] New
   *[other] { $status }
}
board-tie = Tie { $score }
board-wins = { $name } wins ({ $reason }) { $score }
result-reason = { $reason ->
    [score] score
    [disqualification] disqualification
    [walkout] walkout
   *[other] { $reason }
}
board-board-label = board
sheet-seat = Seat
sheet-play = Play
sheet-declared = Declared
sheet-recorded = Recorded
controls-drew = { $name } drew
controls-blank-ph = ? = blank
controls-draw-start = Draw decides: start
controls-first-to-move = Or the draw's outcome: first to move
controls-start-clocks = Start the clocks
controls-plays = { $name } plays
controls-move = Move (GCG, e.g. 8D WORD)
controls-rack = Rack before the play (optional; ? for a blank)
controls-words = Words (main word first)
controls-tiles-laid = Tiles laid
controls-score = Score
controls-finish = Finish
controls-pass = Pass
controls-exchange-ph = Tiles to exchange
controls-exchange = Exchange
controls-objection = Objection to { $seat }'s play
controls-challenger = Challenger
controls-word = Word
controls-challenge-word = Challenge word
controls-challenge-score = Challenge score
controls-line-complete = Sheet line complete
racks-title = Play over: the tiles left on each rack
racks-hint = Type the letters still on each rack, ? for a blank; leave a rack empty when it holds nothing.
racks-played-out = played out
racks-holds = { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
}
racks-empty-ph = empty
racks-agrees = { $name } agrees
racks-submit = Record the racks and finish
racks-slip = Results slip: each side verifies it
racks-verifies = { $seat }'s side verifies the slip
match-two-letter = Two-letter words ({ $count })
notice-polling = Checking for a match every few seconds…
notice-no-match-title = No match at this table yet
notice-no-match = When the director pairs the round, this table's match opens here by itself.

## PIC
pic-title = PIC · { $event }
pic-heading = Challenges · { $event }
pic-waiting = waiting { $time }
pic-against = against { $player }'s play
pic-acceptable = ACCEPTABLE
pic-unacceptable = UNACCEPTABLE
pic-board-says = board says
pic-bingo = scrabble (bingo)
pic-total = total
pic-held-by = Held by { $name }
pic-take = Take this challenge
pic-valid = Valid (+10)
pic-valid-to = to { $team }
pic-invalid = Invalid (−10)
pic-invalid-from = from { $team }, play withdrawn
pic-actual-score = Actual score
pic-apply-score = Apply the score
pic-none-open = No open challenges.
pic-rulings = Rulings
pic-median-wait = Median wait
pic-worst-wait = worst
pic-col-challenge = Challenge
pic-col-ruling = Ruling
pic-col-pic = PIC
pic-col-raised = Raised
pic-col-waited = Waited
pic-to-close = Games over, waiting to be closed
pic-to-close-hint = When a table cannot enter its end racks, open its match and close it there.

## Standings, teams, committee
standings-title = Standings · { $event }
standings-csv = Download CSV
standings-disqualified = disqualified
standings-live = Live scores
team-standings-link = standings
team-captain = captain
team-reserve = reserve
team-matches = Matches
team-score-sheet = score sheet
committee-title = Committee · { $event }
committee-confirm = Record this? It cannot be erased, only corrected.
committee-whole-event = The whole event
committee-what = What
committee-reason = Reason
committee-record = Record
committee-records = Records
committee-when = When
committee-by = By
committee-of = of #{ $n }
committee-event = event
committee-take-back = Take back record #{ $n }, the { $kind } of { $team }?
committee-correct-why = Correct #{ $n } ({ $team }): why it was a mistake
committee-correct = Correct

## Director
events-new = New event
events-none = No events yet.
events-event = Event
events-format = Format
events-lexicon = Lexicon
events-tiles = Tiles
events-public = Public
new-event-name = Name
new-event-overrides = Overrides (JSON, optional)
new-event-example = For example
new-event-example-means = gives each side 25 minutes.
new-event-tile-set = Tile set
new-event-lexicon-default = Default (ENABLE, enable2k)
new-event-lexicon-upload = Upload a word list
new-event-public = Standings and scores are public
new-event-create = Create event
director-not-done = Not done:
director-go-to-form = Go to the form
director-public = public
director-private = private
director-import = Import teams (CSV)
director-event-language = Default language of the event's pages
director-language-saved = The event's language is saved.
director-teams = Teams ({ $count })
director-no-teams = No teams yet.
director-players = Players
director-reserves = Reserves
director-captain = Captain
director-add-team = Add a team
director-team-name = Team name
director-player-n = Player { $n }
director-reserve-optional = Reserve (optional)
director-first-reserve = First reserve
director-second-reserve = Second reserve
director-add-team-button = Add team
director-no-roles = No roles granted yet.
director-account = Account
director-role = Role
director-for = For
director-revoke = Revoke
director-grant-role = Grant a role
director-account-username = Account (username)
director-team-captains = Team (captains)
director-table-devices = Table (devices)
director-grant = Grant
director-rounds = Rounds
director-paired-times = (paired { $n } times)
director-pairings = Pairings
director-pairings-print = Pairings (print)
director-table-cards = Table cards
director-cards-print = Table cards (print)
director-won = won
director-repair-confirm = Pair round { $round } again? Its current matches are voided.
director-method = Method
director-same-method = Same ({ $method })
director-accept-repeats = Accept repeat pairings if unavoidable
director-manual-pairs = Manual pairs: one table per line,
director-manual-example = Team A v Team B
director-manual-bye = ; a team alone has a bye
director-pair-again = Pair again
director-pair-round = Pair round { $round }
director-round-robin-berger = Round robin (Berger)
director-pair-the-round = Pair the round
cards-title = Round { $round } table cards · { $event }
cards-none = This round has no tables.
pairings-title = Round { $round } pairings · { $event }
pairings-method = Pairing: { $method }
pairings-redone = (redone, version { $n })
import-title = Import teams · { $event }
import-heading = Import teams
import-columns = Columns:
import-lead = ; the captain is one of the names. A header line is optional. Nothing is imported while any row has an error.
import-preview = Preview: { $count } row(s) ready
import-with-errors = { $count } with errors
import-line = Line
import-problem = Problem
import-submit = Import { $count } team(s)
import-file = CSV file
import-csv = CSV
import-preview-button = Preview
lexicon-title = Word list · { $event }
lexicon-heading = Word list
lexicon-in-use = In use:
lexicon-lead = . A new list replaces it for every match of the event.
lexicon-list-name = List name
lexicon-file = Word list file
lexicon-words = Words, one per line
lexicon-load = Load word list

## Messages after a form (flash)
flash-challenge-taken = Challenge taken.
flash-challenge-yours = Challenge taken: it is yours to rule.
flash-ruling-applied = Ruling applied.
flash-recorded = Recorded.
flash-signed-out = You are signed out.
flash-password-changed = Password changed. Your other sessions have ended.
flash-account-created = Account { $name } created.
flash-password-set = Password set. The account's sessions have ended.
flash-account-disabled = Account { $name } disabled; its sessions have ended.
flash-account-enabled = Account { $name } enabled.
flash-teams-imported = { $count } team(s) imported.
flash-lexicon-loaded = Word list { $name } loaded: { $count } words.
flash-round-paired = Round { $round } paired: { $count } table(s){ $bye ->
    [yes] {" "}and a bye
   *[no] {""}
}.
flash-round-repaired = Round { $round } paired again.
flash-team-added = Team { $name } added.
flash-role-revoked = Role { $role } revoked.
flash-role-granted = Role { $role } granted to { $name }.

## Messages written by the server
msg-sign-in-first = Sign in first.
msg-admin-only = Only an administrator may do this.
msg-director-only = Only the event's director may do this.
msg-not-found = Not found.
msg-wrong-login = Wrong username or password.
msg-session-ended = This session has ended; sign in again.

## static/app.js (read from the page's <script id="arbiter-text">)
js-refused = Refused.
js-rule = rule
js-offline = Offline: reconnecting… Actions are kept and sent again.
js-connection-lost = Connection lost: reconnecting…
js-unreachable = Could not reach the server. Check the Wi-Fi and try again.
js-final-scores = Final scores:
js-points = points
js-t7-open = A challenge is still open: wait for the PIC.
js-t14-complete = That play can no longer be challenged: its sheet line is complete.
js-t14-opposing = Only the other team may challenge this play's words.
js-t1-turn = Not your turn: $1 is to move.
js-t5-flag = This side's clock is at 0:00: it can no longer play (it may still challenge).
js-t17-over = The game is over: no more plays or challenges.
js-t8-again = This play's score was already challenged.
js-t13-withdrawn = That play was withdrawn: there is no score to challenge.
js-c3-first = The first play lays at least 2 tiles.
js-conflict = Another device changed this match first. The screen now shows the latest state: check it, then try again.
js-forbidden = This device may not do that. Ask the director.
js-unauthorized = Signed out: sign in again on this device.

# Merged from pages (issue 15): users' team grants, printed pairings
users-team = team
pairings-print-by-table = Print by table
pairings-print-alphabetical = Print alphabetically
pairings-print-title-alpha = Round { $round } pairings (alphabetical) · { $event }
pairings-find-your-name = Find your name: your table, your side and who you play.
print-button = Print
col-name = Name
col-side = Side
col-opponent = Opponent

# Duplicate (seed 002): referee's console, slips, hall display, ranking
dup-console-title = Referee · { $event } · game { $game }
dup-game-title = { $event } · game { $game }
dup-slips-title = Slips · { $event } · game { $game }
dup-ranking-title = Ranking · { $event }
dup-hall-link = Hall display
dup-slips-link = Slip entry
dup-ranking-link = Ranking
dup-turn = Turn
dup-phase = { $phase ->
    [awaiting_rack] waiting for the next rack
    [rack_shown] rack shown, time not started
    [running] time running
    [top_chosen] top chosen
    [ended] game over
   *[other] { $phase }
}
dup-rack = Rack:
dup-rack-is = rack { $rack }
dup-tiles-left = tiles left { $n }
dup-tops-so-far = tops so far { $n }
dup-slips-this-turn = slips this turn { $n }/{ $of }
dup-draw = Draw the rack
dup-tiles-by-hand = Tiles drawn by hand
dup-redraw = All tiles went back first
dup-use-tiles = Use these tiles
dup-end-game = End the game
dup-end-game-no-play = End the game (no play)
dup-start-turn = Start the turn
dup-show-top = Show the top
dup-choose-this = Choose this one
dup-place-top = Place the top
dup-undo = Undo the last step
dup-last-top = Last top (turn { $turn }):
dup-game-over = Game over
dup-top-of-turn = Top of turn { $turn }
dup-points-word = points
dup-sum-of-tops = Sum of the tops:
dup-col-number = No.
dup-col-player = Player
dup-col-club = Club
dup-col-total = Total
dup-col-percent = % of tops
dup-col-solos = Solos
dup-col-warnings = Warnings
dup-game-line = { $turns ->
    [one] Game { $game }: { $turns } turn, sum of the tops
   *[other] Game { $game }: { $turns } turns, sum of the tops
}
dup-slips-help = Type each slip and press Enter: the next slip starts at the player number. References are written
dup-notation-french = the French way:
dup-notation-french-across = is row H across,
dup-notation-french-down = is column 8 down
dup-notation-gcg = the GCG way:
dup-notation-gcg-across = is row 8 across,
dup-notation-gcg-down = is column H down
dup-blank-lowercase = Mark a blank with a lowercase letter.
dup-reference = Reference
dup-word = Word
dup-points = Points
dup-record = Record
dup-slips-open-for = Slips open for turn
dup-none-yet = none yet
dup-written = Written
dup-notes = Notes
dup-zero-not-allowed = not allowed: { $word }
dup-zero-unreadable = unreadable: { $why }
dup-zero-misplaced = misplaced: { $why }
dup-zero-ruled = ruled zero
dup-warnings-n = warnings: { $n }
js-dup-refused = Refused ($1)
js-dup-unreachable = Could not reach the server.
js-dup-recorded = Player $1, turn $2: $3 points
js-dup-warnings = $1 warning
js-dup-zero = zero: $1
js-dup-slip-unreachable = Could not reach the server: the slip may not be recorded. Press Enter again.

# E2/E3 (issue 18): how results count, and a forfeit's winner and reason on the team page.
scoring-points = Standings (rule E2): match points win { $win }, tie { $tie }, loss { $loss }, then spread, then total score.
scoring-bye = A bye counts as a win with +{ $spread } spread.
scoring-forfeit = A forfeit (disqualification or walkout) is a win for the other side with +{ $spread } spread and a loss for the offender with -{ $spread }.
result-forfeit = forfeit
result-bye = bye
result-bye-counts = bye: counts as a win
result-disqualified = { $winner } wins: { $other } disqualified
result-walked-out = { $winner } wins: { $other } walked out
result-both-forfeited = both sides forfeited
result-wins = { $winner } wins
result-tie = tie

## dupa
dupa-director-title = Duplicate · { $event }
dupa-dashboard-link = Duplicate games and players
dupa-back-to-event = Event page
dupa-results-link = Result sheets
dupa-options = The game's options (D rules)
dupa-notation = References
dupa-notation-french = French: H8 is row H across, 8H column 8 down
dupa-notation-gcg = GCG: 8H is row 8 across, H8 column H down
dupa-turn-time = Turn time
dupa-seconds-warning = { $turn } s, warning { $warning } s before the end
dupa-draw = Draw
dupa-draw-rule = at least { $early ->
    [one] { $early } vowel and { $early } consonant
   *[other] { $early } vowels and { $early } consonants
} in the first { $turns ->
    [one] turn
   *[other] { $turns } turns
}, then { $late } of each
dupa-solo = Solo bonus
dupa-solo-on = { $min ->
    [one] { $bonus } points, with at least { $min } player
   *[other] { $bonus } points, with at least { $min } players
}
dupa-solo-off = none
dupa-warnings = Warnings
dupa-warnings-rule = { $free } free, then −{ $penalty } each
dupa-fault = Writing fault
dupa-ruling-warning = warning
dupa-ruling-zero = zero
dupa-ruling-default-warning = event's choice (warning)
dupa-ruling-default-zero = event's choice (zero)
dupa-games = Games ({ $count })
dupa-no-games = No game yet.
dupa-col-game = Game
dupa-console-link = Referee
dupa-new-game-help = { $n ->
    [one] The new game starts with the { $n } player listed; players added later join the games not yet over.
   *[other] The new game starts with the { $n } players listed; players added later join the games not yet over.
}
dupa-create-game = Create game { $game }
dupa-players = Players ({ $count })
dupa-no-players = No player yet.
dupa-licence = Licence no.
dupa-add-player = Add a player
dupa-late-players = A player added now also joins the games not yet over, from the turn on show.
dupa-add-player-button = Add the player
dupa-flash-player-added = Player { $number } ({ $name }) added.
dupa-flash-game-created = Game { $game } created.
dupa-new-event-duplicate-hint = Duplicate: the options are the D rules, e.g.
dupa-results-title = Results · { $event }
dupa-results-cumulative = { $games ->
    [one] Over { $games } game
   *[other] Over { $games } games
}
dupa-printed = printed { $at }
dupa-results-game = Game { $game }
dupa-results-game-tops = { $turns ->
    [one] { $turns } turn, sum of the tops { $tops }
   *[other] { $turns } turns, sum of the tops { $tops }
}
dupa-col-tops = Tops
dupa-col-penalty = Penalty
dupa-ties = { $n } plays tie for the top (D6): choose the one that opens the game more.

## i18n2
sheet-pass = pass
sheet-exchange = exchange { $n }
sheet-turn-lost = turn lost
sheet-turn = turn
sheet-score-challenge = score challenge by { $by }: actual { $score }
sheet-withdrawn = play withdrawn: word invalid
sheet-word-valid = word challenge: valid
sheet-word-invalid = word challenge: invalid
sheet-score-corrected = score corrected (found by { $by })
sheet-tiles-left = tiles left: { $rack }
sheet-racks-recounted = rack count taken back: the last play was withdrawn
sheet-overtime = overtime { $time }
sheet-out-of-time-passes = clock at 0:00: its turns pass to the other side
sheet-out-of-time-overtime = clock at 0:00: overtime runs
challenger-opponent = opponent
challenger-teammate = teammate, no penalty
pic-history-words = { $words } by { $by }
pic-history-play = the play, by { $by }
pic-history-score = score, by { $by }
pic-ruling-score = actual { $actual }, recorded { $recorded }
pic-ruling-none = closed without ruling
err-game-over = the game is over
err-challenge-open = a challenge is open; it must be ruled first
err-out-of-time = side { $side } is out of time and can no longer move (it may still challenge)
err-not-your-turn = not your turn: { $seat } is to move
err-opening-short = the first play lays at least 2 tiles
err-too-many-tiles = after the opening a play may lay at most { $n } tile(s)
err-rack-too-small = the rack holds only { $n } tile(s)
err-exchange-same-letter = exchange needs { $n } or more tiles of one letter (blanks do not count)
err-exchange-bag = exchange needs at least { $min } tiles in the bag; { $bag } left (passing is allowed)
err-challenges-not-used = word challenges are not used under this ruleset
err-no-objection = no play is open to objection; the sheet line is complete
err-one-word = only one word challenge per turn, naming at most { $n } word(s)
err-word-not-formed = { $word } is not a word this play formed (it formed { $formed })
err-redraw = both drew { $tile }; put the tiles back in the bag and draw again
err-not-opponent = only the opposing side may challenge a word
err-score-challenged = this turn's score was already challenged
err-play-withdrawn = the play was withdrawn; there is no score to challenge
err-no-seat = there is no seat { $seat } in this match
err-challenge-not-open = challenge { $n } is not open (each challenge is ruled exactly once)
err-wrong-kind = challenge { $n } is of the other kind
err-actual-from-board = in board mode the actual score comes from the board
err-nothing-due = no clock has run out
err-racks-before-end = the game is not over yet; the racks are counted once it has ended
err-racks-not-due = the racks are already counted (once per game; an official corrects a mistake, E3)
err-racks-not-counted = this game's rules do not count the tiles left on the racks
err-not-reversible = event { $n } cannot be reversed: { $why }
err-slip-verified = both players have verified the results slip; the result is final
err-not-allowed = not allowed: { $command } needs { $needs }
err-hold-not-used = hold is not used under this ruleset
err-hold-called = hold was already called
err-slip-side-verified = this side has already verified the slip
err-only-play-score = only a play's score can be corrected
err-match-started = the match has already started
err-match-not-started = the match has not started
err-match-forfeit = the match was decided by forfeit (T18b-c)
err-forfeit-recorded = a forfeit is already recorded
err-already-reversed = already reversed
err-square-taken = square { $square } is already taken by { $tile }
err-square-empty = square { $square } is empty, so it cannot be played through ('.')
err-word-misses-tile = the word does not include the { $tile } on { $square } next to it
err-no-new-tile = the play places no new tile
err-no-such-tile = there is no { $tile } tile in this tile set
err-first-centre = the first play must cover the centre square H8
err-first-two = the first play must place at least 2 tiles
err-not-connected = the play does not connect to any tile on the board
err-not-on-rack = { $tile } is not on the rack { $rack }
err-fits-elsewhere = { $why }; the word fits in { $n } other places
err-first-across = the first word is placed across
err-not-reference = { $reference } is not a reference
err-blank-one-letter = a blank is one letter in { $pair }
err-not-a-letter = '{ $c }' is not a letter
err-word-empty = the word is empty
err-confirm-final = both sides confirm the final scores before the game is closed (rule T19)
err-moved-on = the match has moved on (expected seq { $expected }, now { $now }); look at the current state and decide again
err-same-moment = another change to this match was recorded at the same moment; please retry
err-too-quick = the match is changing too quickly; please retry
err-no-role-here = you hold no role at this match's table or event that allows this
err-table-tablet-only = this page is for the tablet of this match's table
err-pic-taken = another PIC took this challenge just now
err-already-ruled = this challenge has already been ruled
err-held-by = this challenge is held by { $who }
err-enter-actual = enter the turn's actual score
err-actual-number = the actual score is a whole number
err-say-acceptable = say whether the word is acceptable
err-pic-only = only a PIC of this event may see and rule challenges
err-no-challenge = no such challenge
err-committee-only = only the event committee may record disqualifications and walkouts
err-choose-match = choose a match
err-no-match-here = no such match in this event
err-no-team-here = no such team in this event
err-no-record = no such record for this team
err-record-corrected = that record has already been corrected
err-team-not-in-match = that team does not play in this match
err-walkout-match = a walkout happens in a match: choose the match
err-side-no-team = that side plays without a team record; the register records teams
err-no-log-event = the match log has no such event to take back
err-directors-only = only directors may see the events list
err-new-event-admin = new events are created by an administrator or a director of every event: ask an administrator
err-choose-team = choose a team
err-table-number = a table is a number from 1
err-team-itself = a team cannot play itself
err-two-teams = an event needs at least two teams to pair a round
err-round-line = a round needs at least one line
err-table-too-large = table number too large
err-line-no-team = line { $line }: no team named { $name }
err-choose-method = choose round robin, Swiss or manual
err-captain-named = the captain must be one of the names given
err-team-exists = a team named { $name } is already in this event
err-team-size = a team has two players and at most two reserves
err-no-account-name = no account has that name
err-holds-role = { $name } already holds this role
err-csv-empty = the CSV holds no team
err-csv-rows = { $n } row(s) have errors, so nothing was imported: { $rows }
err-words-empty = the word list holds no word
err-words-bad = the word list has { $n } bad line(s): { $lines }
err-lexicon-name = a lexicon name has 1 to 40 letters, digits, '-', '_' or '.'
err-lexicon-bundled = { $name } is the bundled list; give the uploaded list another name
err-lexicon-missing = the event's word list ({ $name }) has not been uploaded yet: the director uploads it on the event's word-list page
err-sign-in-event = sign in to see this event
err-sign-in-match = sign in to see this match
err-event-private = this event is not public
err-match-private = this match is not public
err-account-gone = this account no longer exists
err-account-disabled = This account is disabled. Ask an administrator
err-too-many-sign-ins = Too many sign-ins at once. Try again in a moment
err-sign-in-locked = Too many failed sign-ins for this account or from this address. Try again in { $n } s
err-csrf = This form has expired or came from another site (missing or wrong CSRF token). Reload the page and try again
err-password-wrong = the current password is not right
err-disable-self = you cannot disable your own account
err-username-taken = the username { $name } is taken
err-username-shape = a username has 3 to 40 letters, digits, dots, dashes or underscores
err-too-long = { $field } has at most { $max } bytes
err-control-chars = { $field } may not contain control characters
err-no-account = no such account
err-no-event = no such event
err-no-page = There is no page at this address
err-not-in-line = the new tiles are not all in one row or one column
err-gap = there is a gap at { $square } between the new tiles
err-two-on-square = two tiles are placed on { $square }
err-match-not-created = the match is not created
err-match-created = the match is already created

## indiv
indiv-division = Division { $name }
indiv-results-csv = Results (CSV)
indiv-export-t = TSH file (.t)
indiv-standings = Standings
indiv-player = Player
indiv-wins = Wins
indiv-spread = Spread
indiv-rating = Rating
indiv-estimate = Rating estimate
indiv-change = Change
indiv-withdrawn = withdrawn
indiv-round = Round { $round }
indiv-table = Table
indiv-first = First
indiv-second = Second
indiv-bye = Bye

## dupc
dupc-prepared-choice = the prepared game's choice
dupc-phone-title = Your slip · game { $game }
dupc-phone-login-help = Type your player number and the PIN printed on your table card.
dupc-pin = PIN
dupc-phone-open = Open my slip
dupc-phone-send = Send my slip
dupc-phone-sent = Sent. You may change it until the time is up.
dupc-phone-entry = Your slip:
dupc-phone-closed = Time is up: your slip is locked.
dupc-phone-waiting = Wait for the referee to start the turn.
dupc-phone-unreachable = Could not reach the server: check the Wi-Fi and send again.
dupc-phone-nothing-yet = Nothing entered yet for this turn.
dupc-phone-leave = Not me: close this slip
dupc-phone-entries = Entered from the players' phones
dupc-phone-entries-help = Checked like your slips when the referee shows the top. Take one over to correct it: your slip is recorded as a new record.
dupc-entered = Entered
dupc-not-checked = not checked yet
dupc-take-over = Take over
dupc-phone-slips = Slips from phones
dupc-phone-slips-on = players enter their own slip (number and PIN of their table card)
dupc-phone-slips-off = no (arbitrators enter the slips)
dupc-phone-link = Phone slip page
err-dupc-time-up = Time is up for turn { $turn }: your slip was not recorded
err-dupc-phone-off = This event does not take slips from players' phones
err-dupc-pin = This player number and PIN do not match: check your table card
err-dupc-no-turn = No turn is running: wait for the referee to start the next one
err-dupc-reference = Write the reference, e.g. H8
err-dupc-word = Write the word in letters (a blank in lower case)
err-dupc-points = Points are at most 2000
