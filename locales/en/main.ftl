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

## Refusals of the services (issue 15): web::messages::services::SERVICE_REFUSALS
err-minutes-per-player = 1 to { $max } minutes per player
err-text-length = { $field } has 1 to { $max } characters
err-printable-40 = { $field } is at most 40 printable characters
err-control-chars-long = { $field } may not contain control characters (line breaks, tabs, NUL) or direction overrides
err-t-file-size = a .t file is at most 1 MiB
err-captain-team = a captain's grant names the team
err-division-size = a division holds at most 1000 players
err-match-ruleset = a match outside an event needs a ruleset
err-new-event-lexicon = a new event uses the bundled enable2k list; upload another word list to the event after creating it
err-player-number = a player's number is from 1
err-prepared-turns = a prepared game holds 1 to { $max } turns
err-prepared-twice = a prepared game is already imported into this game
err-rating-range = a rating is from 0 (unrated) to 4000
err-table-grant = a table device's grant names the table number
err-variant-shape = a variant is lexicon.mode.time, e.g. enable2k.dictionary.regular
err-word-list-size = a word list may have at most { $n } MiB
err-idempotency-length = an idempotency key has 1 to { $n } characters
err-idempotency-printable = an idempotency key is 1 to { $n } printable characters
err-max-rounds = at most 100 rounds
err-max-words = at most 20 words
err-lines-size = at most 64 KiB of lines
err-overtime-points = at most { $n } points per overtime minute
err-pairing-method = choose round_robin, swiss or manual
err-event-format = choose team-2v2 or individual
err-duplicate-not-match = event { $id } is a Duplicate event: its games are played from the referee's console, not as matches
err-field-why = field `{ $field }`: { $why }
err-0-1000 = from 0 to 1000
err-prize-places = from 1 to 100 prize places
err-team-or-name = give a team_id or a name (1-100 characters)
err-both-scores = give both scores
err-record-kind-2 = kind must be disqualification or walkout
err-record-kind-3 = kind must be disqualification, walkout or withdrawal
err-csv-quote = line { $n }: a quoted field is not closed
err-line-why = line { $n }: { $why }
err-no-duplicate-event = no Duplicate event { $id }
err-no-duplicate-game = no Duplicate game { $id }
err-no-account-named = no account named { $name }
err-no-account-id = no account { $id }
err-no-division = no division { $id }
err-no-event-id = no event { $id }
err-no-game-at-table = no game at table { $table } in round { $round }
err-no-game = no game { $id }
err-no-grant-in-event = no grant { $grant } in event { $id }
err-no-grant = no grant { $grant }
err-no-individual-event = no individual event { $id }
err-no-match = no match { $id }
err-no-language = no pages in language { $code }: choose en, id or fr
err-no-player-in-division = no player { $n } in this division
err-no-prepared = no prepared game was imported into game { $id }
err-no-round = no round { $round } in event { $id }
err-no-seek = no seek { $id }
err-no-file = no such file
err-no-such-language = no such language
err-no-such-player = no such player
err-no-team = no team { $id }
err-decline-not-yours = only the challenged player declines a challenge
err-agree-end-racks = only the end racks (adjust_racks) are agreed by both sides
err-gcg-director = only the event's director imports a GCG record
err-slip-who = only the event's director or the table's device enters this slip
err-online-not-player = only the game's players move in it
err-preview-who = only the table and officials preview moves
err-seek-not-yours = only who offered a seek withdraws it
err-already-withdrawn = player { $n } has already withdrawn
err-player-not-paired = player { $n } is not in any line
err-t-name = player { $n }: not a name
err-t-rating = player { $n }: rating
err-player-number-taken = player number { $n } is taken in this event
err-print-order = print the pairings by table or alphabetical
err-record-other-match = record { $n } concerns another match
err-record-kind-back = record { $n } is a { $kind }: name that kind (or withdrawal) to take it back
err-registration-closed = registration is closed; ask an administrator for an account
err-role-name = role must be director, committee, pic, captain, table, referee or arbitrator
err-round-has-results = round { $round } has results: it cannot be paired again
err-round-not-paired = round { $round } is not paired
err-round-missing-results = round { $round } still misses results: { $list }
err-who-confirms = say which player confirms
err-who-enters = say which player enters
err-scores-or-confirm = scores or confirm
err-body-type = send the body as { $type }
err-team-not-in-event = team { $id } is not in this event
err-exists = that already exists ({ $what })
err-idempotency-reused = that idempotency key was used for another command
err-bearer = the Authorization header must be `Bearer <token>`
err-csv-unreadable = the CSV could not be read: { $why }
err-csv-size = the CSV is larger than { $n } KiB
err-json-unreadable = the JSON body could not be read: { $why }
err-json-invalid = the JSON body is not valid: { $why }
err-division-empty = the division has no player to pair
err-division-exists = the event already has a division { $name }
err-word-list-missing = the event's word list { $name } is not uploaded yet
err-t-rounds = the file has { $n } rounds, the plan fewer
err-form-unreadable = the form could not be read: { $why }
err-form-invalid = the form is not valid: { $why }
err-form-size = the form is too large
err-prepared-started = the game has started: a prepared game is imported before its first rack
err-game-seq = the game is at seq { $now }, not { $seq }; reload and retry
err-game-moved = the game moved on while this was decided; reload and retry
err-overrides-json = the overrides are not valid JSON: { $why }
err-body-size = the request body is too large
err-ruleset-object = the ruleset is a JSON object
err-seek-state = the seek is { $state } already
err-seek-gone = the seek was taken or withdrawn meanwhile
err-upload-unreadable = the upload could not be read: { $why }
err-challenge-no-queue = this challenge belongs to no event queue
err-challenge-other-player = this challenge is for another player
err-t-export = this division cannot be written as a .t file: { $why }
err-key-match = this key already created match { $id }, at another table or round
err-key-record = this key already recorded record { $id }, for another team
err-sheet-mode-enter = this match is kept in sheet mode: enter words and the score
err-sheet-mode-export = this match is kept in sheet mode; there is no board to export
err-unknown-tile-set = unknown tile set { $name }
err-own-seek = you cannot accept your own seek
err-challenge-self = you cannot challenge yourself
err-max-200 = at most 200 characters
err-one-line = one line of text
err-no-word-list-site = no word list { $name } on this site
err-quoted-field = a quoted field is not closed

## Refusals of the formats' rules (issue 15): web::messages::formats::FORMAT_REFUSALS
err-word-char = '{ $ch }' in the word is not a letter or '.'
err-not-letter = '{ $ch }' is not a letter A-Z
err-not-position = '{ $pos }' is not a position: expected { $form }
err-not-tile = '{ $ch }' is not a tile (use A-Z, or ? for a blank)
err-game-not-finished = the game is not finished
err-off-board = { $word } from { $start } runs off the board
err-word-list-lines = { $n } line(s) of the word list are not words, first: { $first }
err-glicko-number = { $name } must be a finite number (deviations and tau above 0)
err-t-scores = { $n } scores for { $m } paired rounds
err-not-whole = { $field }: { $value } is not a whole number
err-plan-empty = a pairing plan needs at least one stretch of rounds
err-score-range = a score must be between -1000 and 2000
err-t-empty-field = an empty field after ';'
err-word-set = cannot build the word set: { $why }
err-word-list-read = cannot read the word list: { $why }
err-club-other-game = club { $club } did not play the same game (its tops or ruleset differ)
err-column-off = column { $c } is off the board
err-duplicate-ruleset = duplicate ruleset does not fit: { $why }
err-duplicate-option = duplicate ruleset option { $option }: { $why }
err-rows-15 = expected 15 rows, found { $n }
err-game-entered = game { $a } v { $b } is already entered as { $sa }-{ $sb }
err-game-self = game { $n }: a player cannot play themselves
err-game-player-division = game { $n }: player { $p } is not in the division
err-letter-twice = letter { $l } is listed twice
err-winner-totals = match { $a } v { $b }: the named winner disagrees with the totals
err-t-no-name = no player name
err-t-no-rating = no rating after the name
err-no-repeat-free = no round without a repeat pairing exists ({ $n } repeat(s) at best)
err-nothing-to-confirm = no scores to confirm yet
err-graph-header = not a word graph file (bad header)
err-nothing-to-undo = nothing to undo
err-no-game-this-round = player { $p } has no game this round
err-not-in-division = player { $p } is not in this division
err-seeded-twice = player { $p } is seeded twice
err-wrong-opponent = player { $p } plays { $paired } this round, not { $given }
err-prepared-fit = prepared game does not fit: { $why }
err-prepared-version = prepared game version { $v } is not supported
err-rack-not-tile = rack { $n }: '{ $ch }' is not a tile (use A-Z, or ? for a blank)
err-rack-over-7 = rack { $n }: { $k } tiles, a rack holds at most 7
err-rack-no-such-tile = rack { $n }: there is no { $t } tile in the { $set } tile set
err-rr-fixed = round { $r } is a round-robin round: its schedule cannot be overridden
err-round-not-in-plan = round { $r } is not in the pairing plan
err-round-by-hand = round { $r } is paired by hand: give its pairings
err-round-self = round { $r }: a player cannot play themselves
err-t-opponent = round { $r }: opponent { $o } is not a player of this division ({ $n } players)
err-t-mismatch = round { $r }: plays { $o }, whose line has { $x } for that round
err-row-off = row { $r } is off the board
err-board-char = row { $r }, column { $c }: '{ $ch }' is not a tile (use . for empty, A-Z, a-z for a blank)
err-board-no-such-tile = row { $r }, column { $c }: there is no { $t } tile in the { $set } tile set
err-row-15 = row { $r }: expected 15 squares, found { $n }
err-not-on-your-rack = { $tiles } not on your rack { $rack }
err-gcg-line-n = GCG line { $n }: { $why }
err-redraws = { $n } redraws did not meet the constraint; draw by hand
err-none-left = no { $t } is left to draw ({ $left } left)
err-game-goes-on = the game goes on: a rack can still be drawn and played
err-d3-constraint = the rack holds { $v } vowel(s) and { $c } consonant(s), at least { $min } of each are needed; put all the tiles back and draw again
err-rack-size = the rack must hold { $n } tiles, not { $got }
err-d3-impossible = the tiles left cannot make a rack with { $v } vowel(s) and { $c } consonant(s); the game is over
err-not-in-game = player { $n } is not in this game
err-turn-not-started = turn { $n } has not started
err-d6-tie = { $n } plays tie for the top; the referee chooses the one that opens the game more
err-d6-choice = choice { $n } is not one of the { $k } equal tops
err-d6-no-play = no play exists with this rack; end the game
err-o1-nothing = dictionary mode checks words at entry; there is nothing to challenge
err-o1-not-word = not in the dictionary: { $words }
err-cannot-now = cannot { $action } now ({ $phase })
err-ruleset-option = ruleset option { $option }: { $why }
err-ruleset-override = ruleset override does not fit: { $why }
err-online-side = side { $side } is not a player of this game or may not do this now
err-slip-field = slip { $field }: { $why }
err-stretch-order = stretch { $i } ends (round { $last }) before it starts (round { $first })
err-stretch-start = stretch { $i } must start at round { $expected }, not { $got }
err-table-twice = table { $n } is used twice
err-tables-from-1 = tables are numbered from 1
err-team-twice = team { $n } appears more than once
err-team-self = team { $n } cannot play itself
err-t-name-chars = the name cannot hold ';' or a line break
err-position-empty = the position is empty
err-slip-final = the slip is final: only the director can change it
err-graph-corrupt = the word graph is corrupt: { $why }
err-word-list-empty = the word list is empty
err-graph-size = the word list is too large for the word graph ({ $n } arcs)
err-no-tile-in-set = there is no { $t } in this tile set
err-tops-differ = turn { $n }: the tops differ from the recorded ones (is it the same word list?)
err-turn-why = turn { $n }: { $why }
err-quick-line = write a line as: player score opponent score
err-team-not-in-event-n = team { $n } is not in this event

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

## inddesk
indd-entry-title = Division { $division }, round { $round }: results
indd-entry-help = One game per line: player number, score, opponent number, score. Example:
indd-recorded = { $count ->
    [one] { $count } game recorded.
   *[other] { $count } games recorded.
}
indd-lines = Results
indd-record = Record
indd-missing = Results still missing
indd-all-in = Every result of this round is in.
err-indd-syntax = write a line as: player score opponent score
err-indd-unknown = player { $player } is not in this division
err-indd-no-game = player { $player } has no game this round
err-indd-wrong-opponent = player { $player } plays { $paired } this round, not { $given }
err-indd-twice = game { $a } v { $b } is already entered as { $scores }
err-indd-score-range = a score must be between -1000 and 2000
## onlinepages
nav-online = Play online
online-lobby = Online play
online-leaderboard = Leaderboard
online-register = Register
online-registration-closed = Registration is closed. Ask an administrator for an account.
online-offer = Offer a game
online-offer-button = Offer
online-lexicon = Word list
online-tile-set = Tile set
online-tiles-english = English
online-mode = Mode
online-mode-challenge = Challenge mode
online-challenge-rule = Challenge rule
online-rule-dictionary = Dictionary mode
online-rule-double = Double challenge
online-rule-single = Single challenge
online-rule-void = Void
online-rule-five-point = 5-point penalty
online-rule-ten-point = 10-point penalty
online-minutes-per-player = Minutes per player
online-minutes = { $n } min
online-at-zero = At zero
online-at-zero-overtime = Overtime penalty
online-overtime-points = −{ $points } per minute over
online-loss-on-time = Loss on time
online-points-per-minute = Points per minute over
online-rated = Rated
online-casual = Casual
online-opponent = Challenge a named player (optional)
online-my-games = My games
online-challenges-to-me = Challenges to me
online-open-seeks = Open offers
online-my-seeks = My offers
online-watch = Games to watch
online-none = None.
online-accept = Accept
online-decline = Decline
online-cancel = Withdraw
online-to-player = to { $name }
online-your-turn = Your turn
online-to-move = { $name } to move
online-won = Game over: { $name } won
online-drawn = Game over: a draw
online-rack-tiles = { $n } tiles
online-bag = Bag: { $n }
online-exchanged = exchanged { $n }
online-passed = passed
online-lost-turn = lost the turn
online-withdrawn = withdrawn
online-preview = { $move } scores { $score }
online-blank-letter = Letter for the blank?
online-resign-sure = Resign this game?
online-rating-change = { $name }: rating { $before } → { $after }
online-play = Play
online-recall = Recall
online-direction = Across / down
online-shuffle = Shuffle
online-exchange = Exchange
online-exchange-confirm = Exchange the chosen tiles
online-pass = Pass
online-hold = Hold
online-challenge = Challenge
online-accept-play = Accept the play
online-resign = Resign
online-spectating = You are watching this game.
online-unseen = unseen:
online-ratings = Ratings
online-variant = Variant
online-deviation = Deviation
online-games = Games
online-game = Game
online-rating-history = Rating history
online-before = Before
online-after = After
online-finished = finished
err-online-players-only = only the game's players move in it
err-online-moved-on = the game moved on while this was decided; reload and retry
err-online-not-in-dictionary = not in the dictionary: { $words }
err-online-nothing-to-challenge = dictionary mode checks words at entry; there is nothing to challenge
err-online-not-on-rack = { $missing } is not on your rack { $rack }
err-online-not-a-player = side { $side } is not a player of this game or may not do this now
err-registration-limit = too many accounts registered from this address; try again later
## onlinecore
analysis-online-title = Game { $id }: analysis
analysis-back = Game { $id }
analysis-lead = Each move against the top play of its position, with the difference in points.
analysis-upload-title = Analyse a game
analysis-upload-lead = Paste a GCG record or choose a file: each move is set against the top play of its position (bundled word list).
analysis-file = GCG file
analysis-gcg = GCG record
analysis-submit = Analyse
analysis-player = Player
analysis-rack = Rack
analysis-move = Move
analysis-score = Score
analysis-top = Top play
analysis-top-score = Top score
analysis-difference = Difference
analysis-totals = Totals per player
analysis-moves = Moves
analysis-found-top = Top play found
analysis-none = none
analysis-pass = pass
analysis-withdrawn = withdrawn
analysis-phony = phony
analysis-unplaceable = cannot be placed
analysis-not-recorded = rack not recorded
analysis-tied = (+{ $n } tied)
err-gcg-empty = Paste or upload a GCG record.
err-gcg-too-big = The record is over { $max } bytes; at most { $moves } moves are analysed.
err-gcg-tiles = The record's tile distribution is not known (english, french or indonesian).
err-gcg-too-many = The record has { $n } moves; at most { $max } are analysed.
err-online-tile-set = No such tile set: english, french or indonesian.
err-online-lexicon = No word list { $name } on this site: { $default }, or a list uploaded for an event.
## indpub
home-your-pages = Your pages
home-events = Events
home-no-events = No public event yet.
home-format-team = Team event
home-format-individual = Individual event
home-format-duplicate = Duplicate
home-created = created { $date }
home-not-started = not started
home-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
home-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
home-private = private
indp-pairings = Pairings
indp-results = Results
indp-printable = Printable version
indp-not-started = No round paired yet
indp-round-of = Round { $round } of { $rounds }
indp-standings-title = Standings, division { $division } · { $event }
indp-pairings-title = Pairings, division { $division } · { $event }
indp-results-title = Results, division { $division } · { $event }
indp-club-title = Club { $club }
indp-record = Won–lost
indp-gibsonized = Gibsonized
indp-score = Score
indp-winner = Winner
indp-tie = Tie
indp-pending = Waiting for the result
indp-by-table = By table
indp-alphabetical = Alphabetical
indp-opponent = Opponent
indp-goes-first = first
indp-goes-second = second
indp-rank = Rank
indp-club = Club
indp-round-col = Round
indp-side = Goes
indp-rating-change = Rating change
indp-forfeit = forfeit
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

## inddir
inddir-new-title = New individual tournament
inddir-format = Individual tournament
inddir-dashboard-link = Divisions, players and rounds
inddir-options = Byes, forfeits and withdrawals
inddir-bye-spread = Spread of a bye
inddir-forfeit-spread = Spread of a forfeit
inddir-withdrawn-question = When a player withdraws, their games still without a result count as:
inddir-withdrawn-forfeit = forfeits (the opponent wins with the forfeit spread)
inddir-withdrawn-bye = byes for their opponents
inddir-bye-counts = A bye counts as a win by { $spread }.
inddir-forfeit-counts = A forfeit counts as a win by { $spread } for the opponent and a loss by { $spread } for the player.
inddir-withdrawal-forfeits = A withdrawn player's games without a result are lost by forfeit (−{ $spread }); they are not paired again.
inddir-withdrawal-byes = A withdrawn player's games without a result become byes for their opponents (+{ $spread }); they are not paired again.
inddir-public-page = Public page
inddir-tourney-js = Live coverage (tourney.js)
inddir-roles-language = Roles and language
inddir-divisions = { $count ->
    [one] 1 division
   *[other] { $count } divisions
}
inddir-no-divisions = No division yet: add one below, or import a TSH file.
inddir-division = Division
inddir-plan = Pairing plan
inddir-plan-help = One line per stretch of rounds, e.g. rounds 1 to 7 round robin, 8 to 14 Swiss, 15 king of the hill. Leave unused lines empty.
inddir-from-round = From round
inddir-to-round = to round
inddir-method = Paired by
inddir-method-name = { $method ->
    [round_robin] round robin
    [swiss] Swiss
    [king_of_the_hill] king of the hill
   *[manual] by hand
}
inddir-gibson = Gibsonize
inddir-gibson-prizes = Prize places protected
inddir-gibsonized = Gibsonized for { $prizes ->
    [one] 1 prize
   *[other] { $prizes } prizes
}
inddir-rounds-paired = Rounds paired
inddir-new-division = New division
inddir-create-division = Create the division
inddir-import = Import a TSH division file (.t)
inddir-import-help = A new division with the file's players, ratings, pairings and scores so far; the plan covers every round, those in the file too.
inddir-t-file = File
inddir-t-text = Contents of the .t file
inddir-import-button = Import the division
inddir-links = Division pages
inddir-back-to-event = Event and divisions
inddir-back-to-division = Back to the division
inddir-missing-count = { $count ->
    [one] 1 result missing
   *[other] { $count } results missing
}
inddir-quick-entry = Enter results of round { $round }
inddir-change-pairings = Change the pairings of round { $round }
inddir-pair-round = Pair round { $round } ({ $method })
inddir-pair-by-hand = Pair round { $round } by hand
inddir-plan-done = Every round of the plan is paired.
inddir-exports = Exports and printing
inddir-standings-csv = Standings (CSV)
inddir-print-standings = Print the standings
inddir-print-pairings = Print the pairings
inddir-print-results = Print the results
inddir-players = { $count ->
    [one] 1 player
   *[other] { $count } players
}
inddir-no-players = No player yet.
inddir-rating-id = Rating id
inddir-rating-system = Rating system
inddir-status = Status
inddir-late-entry = late entry from round { $round }
inddir-withdrawn-from = withdrawn from round { $round }
inddir-reason = Reason
inddir-take-back = Take the withdrawal back
inddir-withdraw = Withdraw…
inddir-withdraw-button = Withdraw this player
inddir-effect-forfeits = { $count ->
    [0] No game of theirs is waiting for a result.
    [one] Their 1 game without a result will be lost by forfeit (−{ $spread }).
   *[other] Their { $count } games without a result will be lost by forfeit (−{ $spread }).
} They will not be paired again.
inddir-effect-byes = { $count ->
    [0] No game of theirs is waiting for a result.
    [one] Their opponent in their 1 game without a result gets a bye (+{ $spread }).
   *[other] Their opponents in their { $count } games without a result get byes (+{ $spread }).
} They will not be paired again.
inddir-late-hint = Rounds are paired: a player added now is a late entry and plays from round { $round }.
inddir-withdrawals = Withdrawals
inddir-record = Record
inddir-taken-back = withdrawal taken back
inddir-when = When
inddir-override-help = Change opponents: every player of the round must be in one line; a line with one player is a bye.
inddir-fix-help = The lines you give are kept and the plan pairs the others (a round paired by hand needs every line).
inddir-line = Line
inddir-line-first = Line { $line }: first player's number
inddir-line-second = Line { $line }: opponent's number
inddir-bye-hint = Player numbers as in the list; leave the opponent empty for a bye.
inddir-save-pairings = Save the pairings of round { $round }
inddir-pair-with-lines = Pair round { $round } with these lines
inddir-flash-event = Event { $name } created: add its divisions.
inddir-flash-division = Division { $name } created.
inddir-flash-imported = Division { $name } imported with { $players } players.
inddir-flash-player = { $name } added as number { $number } (plays from round { $round }).
inddir-flash-withdrawn = { $name } withdrawn from round { $round }.
inddir-flash-taken-back = { $name }'s withdrawal taken back.
inddir-flash-paired = Round { $round } paired.
inddir-flash-pairings-saved = Pairings of round { $round } saved.
err-inddir-not-withdrawn = player { $n } has not withdrawn
err-inddir-self = player { $p } cannot play themselves
err-inddir-withdrawn = player { $p } has withdrawn from round { $r }
err-inddir-not-yet = player { $p } plays from round { $r }
err-inddir-twice = player { $p } appears more than once
err-inddir-round-number = a round is a whole number from 1
err-inddir-method = choose how the rounds are paired
err-inddir-withdrawn-games = choose forfeits or byes
## indslip
inds-title = Your results slip
inds-login-help = Type your player number and the PIN the director gave you.
inds-open = Open my slip
inds-round = Round
inds-you = you
inds-send = Send the scores
inds-correct = Correct the scores
inds-confirm = Confirm these scores
inds-details = Blanks, challenged words, high word, time penalties
inds-blanks = Blanks (letters played)
inds-challenged = Challenged words
inds-high-word = Highest-scoring word
inds-high-score = Its score
inds-time-penalty = Time penalty
inds-corrections = corrections:
inds-state-nothing = Nothing entered yet: enter both scores.
inds-state-to-confirm = Your opponent entered these scores: confirm them, or correct them.
inds-state-waiting = You stated these scores: waiting for your opponent to confirm them.
inds-state-final = Final: both players confirmed. Only the director can change it now.
inds-bye = You have a bye this round.
inds-no-game = You have no game this round.
inds-not-paired = Not paired yet.
inds-sent = Sent.
inds-confirmed = Confirmed.
inds-sheet-title = Pairing sheet with PINs · division { $division }
inds-sheet-warning = For the director only: do not post it. A PIN lets its player enter and confirm their results; hand each player their own card.
inds-sheet-url = Players enter their results at
inds-sheet-link = Pairing sheet with PINs
inds-sheet-players = Players' cards
inds-leave = Not me: close this slip
err-pin-throttled = Too many wrong PINs: try again in { $minutes } min, or ask the director for your PIN
err-inds-pin = This player number and PIN do not match: ask the director for your PIN
err-inds-not-yours = This is not your game: open the slip of your own table
err-inds-changed = The scores changed since you saw them: check them again
err-inds-word = A word is at most 15 letters (no digits, spaces or signs)
err-inds-blanks = The blanks are at most 4 letters
err-inds-challenged = At most 20 challenged words
err-inds-high-score = A word scores from 0 to 2000
err-inds-penalty = A time penalty is from 0 to 1000
## onlined
onlined-max-overtime = Most overtime (minutes)
onlined-overtime-limit = −{ $points } per minute over, lost on time past { $max } min over
onlined-checked = checked { $words }
onlined-check-invalid = not valid: { $words }
onlined-check-valid = all valid
onlined-last-challenge = Last challenge, { $move }
err-onlined-max-overtime = 1 to { $max } minutes of overtime

## indfix
indfix-won = Winner
indfix-clinched = Clinched first
err-indfix-rr-repeats = no schedule of rounds { $round }-{ $last } avoids repeating a game of this round-robin cycle (its players changed since it began): pair round { $round } by hand, giving every player's line

## tsh
err-t-score-unpaired = round { $r }: a score but no pairing (00)
err-t-name-readback = the name cannot hold ';' or a line break, start with '#' or end in a number
err-t-not-read-back = the line would not read back as written
err-t-latin1 = a name has characters ISO-8859-1 cannot write: ask for utf-8
err-t-encoding = encoding is utf-8 or latin1

## onl3
err-onl3-seq = seq is a whole number from 0 (the live message's id)

## ind18
ind18-table-division = Division (table devices)
ind18-all-divisions = All divisions
ind18-err-choose-division = choose a division
ind18-err-division-elsewhere = division { $n } is not in this event
ind18-err-division-not-table = only a table device's grant names a division

## ratings
indr-err-method = unknown rating method { $name }: choose Glicko-2, NASPA, WESPA or ABSP
indr-method = Rating estimates
indr-method-help = NASPA, WESPA and ABSP: the rating system's published method, as TSH computes it. Glicko-2 for any other system.
indr-method-name = { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
}
indr-estimates-by = Rating estimates by the { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
} method; the change is the estimate minus the rating before the event.
indr-set-method = Use this method
indr-flash-method = Rating estimates now by the { $method ->
    [naspa] NASPA
    [wespa] WESPA
    [absp] ABSP
   *[glicko2] Glicko-2
} method.
## ind19
ind19-late-rounds = A late entrant's missed rounds
ind19-late-rule = { $rule ->
    [forfeit] forfeit losses
    [bye] byes
   *[no_game] no game (TSH's way)
}
ind19-late-rule-short = late entries: { $rule ->
    [forfeit] forfeit losses
    [bye] byes
   *[no_game] no game
}
ind19-late-rule-desk = A late entrant's rounds before their first count as { $rule ->
    [forfeit] forfeit losses, by { $spread } each
    [bye] byes, +{ $spread } each
   *[no_game] no game: neither a win nor a loss (TSH's way)
}.
ind19-plan-paired = All { $rounds } rounds of the plan are paired: a player added now would play no game, so no one can be added.
ind19-class = Class
ind19-team = Team
ind19-class-tag = class { $class }
ind19-classes = Rating classes
ind19-all-classes = All
ind19-class-standings = Class { $class }
ind19-class-rank = { $rank } in class
ind19-err-late-rounds = choose no game, forfeit or bye
ind19-err-tsh-text = at most 40 characters, no control characters
ind19-err-plan-paired = all { $n } rounds of the plan are paired: a player added now would play no game
ind19-err-t-text = player { $n }: { $field }: at most 40 characters
ind19-err-no-class = no rating class { $c } in this division
ind19-missed = not entered yet
