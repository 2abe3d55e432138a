# Every sentence the referee says, in English. Ids are shared with ../zh-Hans/arbiter.ftl
# (a test checks both files define the same ids).

## Games and buttons

# Lists, as CLDR's list patterns: a list of two is `-pair`; a longer one is `-start` (the
# first item and the rest), `-middle` (an item and the rest) and `-end` (the last two).
# Items in a sentence (moves, blockers, games, players).
list-pair = { $first }, { $second }
list-start = { $first }, { $second }
list-middle = { $first }, { $second }
list-end = { $first }, { $second }

# Phrases in a summary (the options a game was set up with).
list-phrase-pair = { $first }, { $second }
list-phrase-start = { $first }, { $second }
list-phrase-middle = { $first }, { $second }
list-phrase-end = { $first }, { $second }

# The units of a duration (`1d 2h`).
list-unit-pair = { $first } { $second }
list-unit-start = { $first } { $second }
list-unit-middle = { $first } { $second }
list-unit-end = { $first } { $second }

# Codes and notation as typed (game codes, moves, permissions), the same in every language.
list-code-pair = { $first }, { $second }
list-code-start = { $first }, { $second }
list-code-middle = { $first }, { $second }
list-code-end = { $first }, { $second }

game-dark-fence = Dark Fence
btn-accept = Accept
btn-decline = Decline
btn-confirm = Confirm
btn-cancel = Cancel
btn-challenge = Challenge
btn-pass = Pass
btn-claim = Separated!

## Help

help-header = Commands:
help-new = start a game in this channel, inviting @someone (or anyone), or against me: @bot level=1 to 6
help-accept = accept an invitation
help-decline = decline an invitation
help-move = play an action (private games: in your private chat with me)
help-confirm = confirm the move I echoed
help-cancel = drop the move I echoed
help-board = show the public board
help-view = show your private view (sent privately); in Rabble, /view z x1..x2 y1..y2 shows the 3-D observation
help-challenge = challenge the other player (Dark Fence challenge variant)
help-pass = do not challenge (Dark Fence); pass when you have no legal move (Perfect 10 x 10)
help-claim = claim the tokens are separated (Dark Fence) or a draw by threefold repetition (Perfect 10 x 10)
help-resign = resign
help-draw = offer a draw, or answer an offer
help-takeback = ask to take back the last move, or answer (not in hidden-information games)
help-abort = abort a game before its first move
help-games = this channel's games, and every game waiting for you
help-rules = the rules of a game and its options
help-help = this list
help-settings = your language, reminders, turn pings and daily digest
help-console-header = At this console table:
help-console-as = /as <name>: play as another user (/as bob)
help-console-dm = /dm: your private chat with me
help-console-channel = /channel [#name]: back to the channel, or to another one
help-console-quit = /quit: leave the table (every game is kept)
help-admin = abort any game (administrators)
help-start = open the private chat with me
help-press = press a button

## Refusals

err-internal = Something went wrong on my side. The game is safe; please try again.
err-unknown-command = I don't know /{ $command }. Try /help.
err-console-command = Whom do you want to play as? Type /as and a name, e.g. /as bob. The console's own commands:
err-missing = /{ $command } needs { $what }. Try /help.
err-bad-argument = /{ $command } does not understand "{ $arg }". Try /help.
err-bad-count = /{ $command }: { $key }= takes a whole number from 1, as in { $key }=5; "{ $value }" is not one. Nothing was done.
err-line-too-long = That line is { $length } characters long; I read at most { $limit } characters a line, so I did nothing with it. Send a shorter one.
err-not-admin = Only an administrator of this chat may do that.
err-start-private = Send /start in your private chat with me.
err-game-not-yours = Game #{ $id } is not one you can do that in.
err-no-such-game = There is no running game #{ $id }.
err-solver-busy = Your previous request to the solver is still being worked out; wait for its answer, then ask again.
err-unresumable = Game #{ $id } cannot be resumed: its record no longer replays on this version of the bot. An administrator may end it with /admin abort #{ $id }.
undelivered-dropped = { $count ->
    [one] One message for this chat could not be delivered within { $age } and was dropped.
   *[other] { $count } messages for this chat could not be delivered within { $age } and were dropped.
} The games themselves are saved: /games lists them and /board shows each one.
unresumable-told = Game #{ $id } cannot be resumed: its record no longer replays on this version of the bot. Nothing more can be played in it; an administrator may end it with /admin abort #{ $id }.
games-line-unresumable = #{ $id } { $game }: cannot be resumed
err-invitations-user = You already have { $limit } open invitations. Wait for answers, or /abort one, before inviting again.
err-invitations-chat = This chat already has { $limit } open invitations. Accept or /abort one before starting another.
err-no-game-here = You have no game here that this applies to. See /games.
err-game-elsewhere = You have no game in this chat that this applies to; yours: { $games }. Type it there, or to me privately with the game’s number (like #{ $first }).
game-elsewhere-item = #{ $id } ({ $game }) in { $place }
place-other-chat = another chat
err-which-game = Which game? Choose it below, or add its id: { $ids }.
err-group-only = Start games in a group channel, not in private.
err-unknown-game = I don't know the game "{ $game }". Games: { $known }.
err-self-invite = You cannot invite yourself.
err-options = Those settings don't work: { $detail }. See /rules.
err-position = That is not a position { $game } can start from: { $detail }. A position is written as `/rules { $game }` shows, in quotes: position="…".
err-settings = I can't change "{ $detail }". Try: /settings language=en notifications=off
err-no-invite = There is no invitation for you here.
err-already-started = That game has already started.
err-own-invite = You created that invitation; wait for someone to accept it, or /abort it.
err-not-invited = Game #{ $id } invites someone else.
err-decline-open = #{ $id } is open to anyone: there is no one to decline it. Accept it to play, or leave it for someone else.
err-view-not-playing = Only the players of #{ $id } have a private view; /board shows what everyone sees.
err-unreachable = I can't write to { $names } privately, and this game needs private messages. Open a private chat with me and send /start, then /accept #{ $id } again.
err-unreachable-link = I can't write to { $names } privately, and this game needs private messages. Press “{ btn-open-private }” below and then Start: that joins game #{ $id } as soon as the chat is open (or send /start there, then /accept #{ $id } again).
dm-failed = I can't write to { $name } privately any more, so { $name } missed a private message of #{ $id } (nothing is lost). { $who }: open a private chat with me and send /start, then /view #{ $id }.
dm-failed-link = I can't write to { $name } privately any more, so { $name } missed a private message of #{ $id } (nothing is lost). { $who }: press “{ btn-open-private }” below and then Start to get your view back.
secret-kept = I may not delete messages here, so your move is still there for everyone to read: please delete it. Send your moves to me in our private chat.
secret-kept-link = I may not delete messages here, so your move is still there for everyone to read: please delete it. Send your moves to me in our private chat (“{ btn-open-private }” below).
btn-open-private = Open private chat
invitee-unmet = I haven't met { $handle } yet, so I can't write to them privately. { $handle }: press Accept above to play; to get my private messages, press “{ btn-open-private }” below and then Start. Nobody else may take this seat.
err-discord-permissions = I can’t run a game in this channel: I am missing { $list }. A server administrator can grant them in the channel’s settings (Permissions); nothing was created.
tg-follows-shortly = Done. This group is at Telegram's message limit, so my reply follows in a moment.
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-attach-files = Attach Files
perm-embed-links = Embed Links
perm-create-public-threads = Create Public Threads
perm-send-messages-in-threads = Send Messages in Threads
err-not-a-player = You are not playing in that game.
err-private-only = Moves of this game are secret: send them to me in a private chat, not here. Nothing was played.
err-not-started = That game has not started yet.
err-game-over = That game is over.
err-not-your-turn = It is { $name }'s turn.
err-nothing-to-confirm = There is no move waiting for confirmation.
err-stale-button = That turn is over; this button no longer applies.
err-already-played = That was already played.
err-takeback-hidden = Takebacks are not allowed in games with hidden information.
err-offer-pending = You already made that offer; wait for the answer.
err-no-offer = There is no offer to answer.
err-nothing-to-take-back = There is no move to take back.
err-abort-started = The game has started; use /resign instead.

## Table messages

new-invite = { $creator } invites { $opponent } to { $game } #{ $id }. { $rules } { $opponent }: /accept #{ $id }
new-open-invite = { $creator } starts { $game } #{ $id } and waits for an opponent. { $rules } Anyone: /accept #{ $id }
invited-dm = { $creator } invites you to { $game } #{ $id }. Accept or decline here, or where the game was started.
declined = { $name } declined #{ $id }.
complete-move = Or choose where the fence goes for #{ $id } { $move }: on which side of your final cell?
confirm-generic = #{ $id }: play { $action }?
confirm-cancelled = Cancelled. Send another move when ready.
draw-offered = { $name } offers a draw in #{ $id }. { $other }: /draw accept or /draw decline
draw-agreed = { $name } accepts the draw in #{ $id }.
draw-declined = { $name } declines the draw in #{ $id }.
takeback-offered = { $name } asks to take back the last move in #{ $id }. { $other }: /takeback accept or /takeback decline
takeback-agreed = { $name } agrees: the last move of #{ $id } is taken back.
takeback-declined = { $name } declines the takeback in #{ $id }.
aborted = { $name } aborts #{ $id }.
games-here = Games in this channel: { $count }
games-waiting = Waiting for you: { $count }
games-line = #{ $id } { $game }: { $p1 } vs { $p2 }, { $state }
games-more = … and { $count } more
state-invited = waiting for an answer
state-to-act = { $name } to act
state-over = over
rules-which = Which game? { $known }
rules-options = Options (/new <game> key=value ...):
rules-default = default
rules-table-keys = Time: clock=correspondence|live, per_move=24h (correspondence, 1h to 14d) or 10m (live, 1m to 60m).
rules-legend = Pieces (code, name): { $pieces }. One piece with a picture of its moves: /rules { $game } <code>.
rules-legend-title = { $game }: the pieces
rules-piece = { $code } { $name }: { $how }. In the picture a dot is a square it may move to, a ring a square it may capture on (from the middle of an empty board).
rules-piece-rabble = { $code } { $name }: { $how }. In the picture it stands on { $square } of the start position, among the pawns the board starts full of, Red to move; a ring marks an enemy it may capture, a green square a friend it may stack onto (a turn that costs points), a dot an empty square it may move to, each as the referee accepts it in one turn; its own square is tinted.
err-no-such-piece = { $game } has no piece "{ $topic }". /rules { $game } lists every piece with its code.
arg-name-topic = topic
ul-how-king = moves one square any way and captures by moving onto an enemy
ul-how-pincer = moves like a rook; captures an enemy next to where it lands (along a rank or file) when a friendly piece stands just beyond that enemy: a pinch
ul-how-withdrawer = moves like a queen; captures an enemy it stands next to by moving straight away from it
ul-how-long-leaper = moves like a queen; captures by jumping over enemies in its line, each with an empty square just beyond
ul-how-coordinator = moves like a queen; captures the enemies on the two other corners of the rectangle it makes with its own king
ul-how-immobilizer = moves like a queen; captures nothing, but enemies next to it are frozen and cannot move
ul-how-chameleon = moves like a queen; captures each enemy the way that enemy captures, and freezes an immobilizer next to it
ul-rules-piece =
    { $code } { $name }: { $how }.
    { $shows }
ul-shows-piece = the { $piece } on { $square }
ul-shows-king = The king steps from { $from } onto { $to }, capturing { $captures }.
ul-shows-pincer = The pincer moves from { $from } to { $to }, capturing { $captures }: a white piece stands just beyond it on { $jaws }. No white piece stands beyond { $spared }, so it stays.
ul-shows-withdrawer = The withdrawer moves from { $from } straight away to { $to }, capturing { $captures }, which stood just behind its move; { $spared } stands beside the move, not behind it, and stays.
ul-shows-long-leaper = The long leaper moves from { $from } to { $to }, jumping { $count ->
        [one] the enemy
       *[other] the enemies
    } in its line, each with an empty square just beyond, and capturing { $captures }.
ul-shows-coordinator = The coordinator moves from { $from } to { $to }; with its king on { $king } it spans a rectangle and captures the enemies on the other two corners: { $captures }.
ul-shows-immobilizer = The immobilizer moves from { $from } to { $to } and captures nothing, but { $frozen } next to it { $frozen_count ->
        [one] is
       *[other] are
    } now frozen and cannot move.
ul-shows-chameleon = The chameleon moves from { $from } to { $to }, capturing each enemy the way that enemy captures: { $captures }. It pinches only pincers, so { $spared } stays.
ul-key-arrow = the move shown
ul-key-taken = captured by the move
ul-key-frozen = frozen by the move
rb-how-p = steps one or two squares forward (it may jump one piece on the way), one square sideways or one square diagonally forward, and captures the same way
rb-how-n = leaps to any square up to four orthogonal steps away, whatever stands between; it captures only three or four steps away
rb-how-r = moves any way up to 12 squares; captures along a rank or file up to 12 squares, one square diagonally, or diagonally over exactly one piece
rb-how-b = moves any way up to 12 squares; captures diagonally up to 12 squares, one square along a rank or file, or along a rank or file over exactly one piece
rb-how-c = moves any way up to 12 squares, over at most one piece; captures any way over exactly one piece (so an empty board shows no captures)
rb-how-g = moves and captures as Mazai, Chefu, Xiangye and Shanpao together, with no limit along lines
rb-how-k = steps one square any way and captures the same way; a king facing the enemy king on an open line may capture it (the face-off)
rb-how-j = steps one square any way; it never captures and cannot be captured
rb-how-q = moves in two stages, a slide any distance and one king step, in either order or either alone; it captures at most once, and a capture ends the move
rules-position = To start from a position (a puzzle, a lesson, a game carried on): /new { $game } position="…" with the position in quotes, written like this start position: { $example }
settings-show = Language: { $language }. Reminders: { $notifications }. Turn pings: { $pings }. Daily digest: { $digest }.
settings-saved = Saved. Language: { $language }. Reminders: { $notifications }. Turn pings: { $pings }. Daily digest: { $digest }.
start-welcome = Hello { $name }! I can now write to you privately. Your secret moves go here.
timeout-pass = { $name } did not decide in time in #{ $id }: that counts as a pass.
timeout-loss = { $name } ran out of time in #{ $id }.
reminder = Reminder: #{ $id } is waiting for you; your time runs out { $deadline }.
turn-ping = { $who }, it is your turn in #{ $id }.
clock-correspondence = { $per } per move
clock-live = live, { $per } per move
over-win = #{ $id } is over: { $winner } wins.
over-draw = #{ $id } is over: a draw.
over-aborted = #{ $id } is aborted.
reason-resigned = { $name } resigned.
reason-timeout = { $name } lost on time.
reason-agreed = The players agreed a draw.
reason-aborted = Aborted before the first move.
reason-admin-aborted = Aborted by an administrator.

## Dark Fence

dir-U = up
dir-D = down
dir-L = left
dir-R = right
rel-up = up
rel-down = down
rel-left = left
rel-right = right
rel-up-left = up-left
rel-up-right = up-right
rel-down-left = down-left
rel-down-right = down-right
rel-same = same cell
lean-up = , leaning up
lean-down = , leaning down
lean-left = , leaning left
lean-right = , leaning right
rel-distance = , distance { $n }
rel-exact = at { $cell }
df-owner-position = the position
df-none = none
df-mode-referee = referee mode
df-mode-challenge = challenge variant
df-rules-summary = { $board }, { $mode }, rules: { $options }, time: { $clock }.
df-starts-fixed = Starts: first player { $c1 }, second player { $c2 }.
df-starts-free = Free start: each player picks a start cell privately.
df-started = { $game } #{ $id }: { $p1 } (moves first) vs { $p2 }, { $rules } { $starts }
df-confirm = #{ $id }: will play { $path }, fence { $fence }.
df-puzzle = The puzzle of the original rules (its picture is lost: this position is ours, built for its question). The god's view, and both players know everything: you are P2 on A1, in a pocket that the fences A1:R, A2:R and A3:R wall off from the rest of the board, open only between A4 and B4; P1 stands on D1. It is your move. How do you move so that you can still survive P1's best answer (not necessarily win)? Not hard: the key is understanding the rules. Answer with /rules dark-fence puzzle <your move>, e.g. /rules dark-fence puzzle A1-A2 R.
df-puzzle-loses-now = { $move } loses at once: { $why }.
df-puzzle-dies = { $move } does not survive: P1 answers { $reply }, and the fences shut you into the smaller area.
df-puzzle-survives = { $move } survives: no answer of P1's wins at once. That is the idea: leave the pocket before P1 closes it, for a cell one more fence cannot shut you into.
df-puzzle-ends = { $move } ends the game at once.
df-puzzle-not-a-move = Answer with a move: a path from A1 and a fence direction, like A1-A2 R.
cap-df-puzzle = puzzle: P2 to move
df-warn-border = ⚠ The { $dir } side of { $cell } is the border, which is fenced already: a fence there loses. Cancel to choose again.
df-warn-crosses = ⚠ The step { $from }-{ $to } crosses a fence of yours: crossing any fence loses. Cancel to choose again.
df-warn-duplicate = ⚠ A fence of yours already stands on that side: a second fence there loses. Cancel to choose again.
df-view-memory = #{ $id } is played from memory (assist=0): your own view is shown when the game ends. The board above each turn shows what everyone sees.
df-ply-public = Ply { $ply }: { $mover } has moved. Fence direction: { $dir }. { $p1 } sees { $p2 }: { $rel12 }; { $p2 } sees { $p1 }: { $rel21 }.
df-ply-opponent = #{ $id }: { $mover } placed a fence facing { $dir }. The opponent is: { $rel }.
df-ply-mover = #{ $id } ply { $ply }: played { $path }, fence { $fence }. The opponent is: { $rel }.
df-recorded = #{ $id }: recorded (ply { $ply }).
df-stopped = Ply { $ply }: { $name } stops on { $cell }.
df-commitment = Commitment: { $hash }
df-window-unmoved = { $target } has not moved yet, so a challenge now finds nothing and loses: pass.
df-window-private = #{ $id }: { $context } Your decision: challenge { $target }? Press a button below, or /challenge or /pass ({ $time } to decide; no answer passes).
df-passed = { $name } does not challenge.
df-passed-private = #{ $id }: you do not challenge { $target }.
df-challenged = { $by } challenges { $against }!
df-claimed = { $by } claims the tokens are separated!
df-start-public = { $name } starts on { $cell }.
df-start-chosen = #{ $id }: your start is { $cell }.
df-in-place = Both players are in place; { $name } moves first.
df-report = #{ $id }: the opponent is: { $rel }.
df-turn-public = Ply { $ply }: { $name } to move.
df-turn-private = #{ $id }: your move (ply { $ply }). Send a path and a fence direction, e.g. { $example }.
df-turn-private-bare = #{ $id }: your move (ply { $ply }). Send a path and a fence direction (from what you know, I can suggest none).
df-opening = #{ $id }: the game has begun; { $first } moves first, then it is your move.
df-turn-private-memory = #{ $id }: your move (ply { $ply }). Send a path from your cell and a fence direction; this game is played from memory (assist=0).
df-setup = #{ $id }: choose your start cell, e.g. B2.
df-setup-p2 = #{ $id }: { $p1 } starts on { $cell }. Choose your start cell (not { $cell }).
df-view-header-seat = #{ $id } { $game }, after ply { $ply }: your view
df-view-header-public = #{ $id } { $game }, after ply { $ply }: public board
df-view-cell = Your cell: { $cell }.
df-view-cells = Cells: { $p1 } { $c1 }, { $p2 } { $c2 }.
df-view-fences = Your fences: { $list }.
df-view-fence = { $cell } { $dir } (placed on ply { $ply })
df-view-earlier = ({ $count } earlier plies: /view shows them all.)
df-view-setup-report = At the start the opponent was: { $rel }.
df-view-ply-seat = Ply { $ply } ({ $mover }): fence { $dir }; the opponent was: { $rel }.
df-view-ply-public = Ply { $ply } ({ $mover }): fence { $dir }; first sees second: { $rel12 }; second sees first: { $rel21 }.
df-view-ply-stop = Ply { $ply } ({ $mover }): stopped on { $cell }{ $record }.
df-view-to-act = { $name } to move.
df-view-to-decide = { $name } to decide: challenge or pass.
df-v-crossed-fence = { $mover } crossed the fence at { $edge } (placed by { $owner } on ply { $k }).
df-v-ended-on-opponent = { $mover } stopped on the opponent's cell { $cell }.
df-v-duplicate-fence = { $mover } placed a fence at { $edge }, where one already exists.
df-v-border-fence = { $mover } placed a fence on the border at { $edge } (edge_empty is off).
df-separated = The fences separate the players: { $p1 } { $a1 } cells, { $p2 } { $a2 } cells.
df-residual = { " " }Remaining fences { $r1 }:{ $r2 }.
df-challenge-upheld = Challenge upheld: { $against } broke a rule on ply { $ply }: { $violation } ({ $count } violation(s) in all.)
df-challenge-rejected = Challenge rejected: { $against } broke no rule, so { $by } loses.
df-claim-upheld = Claim upheld. { $areas }
df-claim-rejected = Claim rejected: the tokens are not separated, so { $by } loses.
df-ply-cap = The ply cap was reached. { $then }
df-cap-draw = Nothing decided the game: a draw.
df-reveal-fence = { $edge } ({ $owner }, ply { $ply })
df-reveal = Reveal. Fences: { $fences }. Moves: { $moves }. Final cells: { $p1 } { $c1 }, { $p2 } { $c2 }.
df-salts = Salts: { $salts }
df-err-empty = Format error: the move is empty. Nothing was done; please send again.
df-err-bad-token = Format error: "{ $token }" is neither a cell nor a direction. Nothing was done; please send again.
df-err-direction-not-last = Format error: the direction "{ $token }" must come last. Nothing was done; please send again.
df-err-off-board = Format error: { $cell } is off the board. Nothing was done; please send again.
df-err-no-direction = Format error: no fence direction (U, D, L or R). Nothing was done; please send again.
df-err-not-straight = Format error: { $from } to { $to } is not a straight line. Nothing was done; please send again.
df-err-wrong-start = Format error: the path must start on your cell { $cell }. Nothing was done; please send again.
df-err-too-many-waypoints = Format error: a path may list at most { $max } cells. Nothing was done; please send again.
df-err-must-move = Format error: this game does not allow staying; your path must leave your cell.
df-err-start-taken = { $cell } is the other player's start; choose another cell.
df-err-not-your-turn = It is not your turn.
df-err-game-over = That game is over.
df-err-wrong-phase = That is not possible now.
df-err-claims-off = Claims are not part of this game's rules.
df-err-no-such-seat = You are not seated in that game.
rules-dark-fence = Dark Fence (暗弈分野). On a grid (4x4 by default; columns A..., row 1 at the top) the first player starts on A1, the second on the far corner. On your turn send me privately a path of straight lines and a direction, like A1-A4-B4-B3 R: your token walks the path and a fence goes on that side of your final cell. The border is fenced. You lose if you cross any fence (yours too), stop on the opponent's cell (passing through is fine) or place a fence where one is. When the fences separate the tokens, the larger area wins. You see only your own moves; after each move both players hear the fence direction and where the other one is. Challenge variant (mode=challenge): moves are sealed, stops are public, and each player may challenge after every move.
opt-dark-fence-mode = the bot as referee, or the two-player challenge variant
opt-dark-fence-board = board size, columns x rows
opt-dark-fence-board-values = CxR (columns x rows), each side 2..26
opt-dark-fence-start = fixed corners, or each player picks a start cell
opt-dark-fence-p2-sees-p1-start = free start: the second player is told the first player's start
opt-dark-fence-first-move-onto-opponent = may the first player's first move end on the second player
opt-dark-fence-edge-empty = edge-empty house rule: fences may be placed on the border
opt-dark-fence-edge-empty-repeat = edge-empty house rule: the same border segment may be used twice
opt-dark-fence-juesha = juesha (decisive finish) house rule: equal areas are decided by fewer remaining fences
opt-dark-fence-juesha-count-border = juesha house rule: placed border fences count
opt-dark-fence-report = how precisely each player is told where the other is
opt-dark-fence-allow-stay = a move may stay on its cell
opt-dark-fence-max-waypoints = the most cells one path may list
opt-dark-fence-confirm-moves = I echo each move privately before playing it
opt-dark-fence-assist = private help: 0 none, 1 your view on request, 2 also warnings about your own fences
opt-dark-fence-challenge-scope = challenge variant: which moves a challenge examines
opt-dark-fence-window-timeout = challenge variant, live games: time to decide; a timeout is a pass
opt-dark-fence-partition-handling = challenge variant: what separation does
opt-dark-fence-auto-b = challenge variant: stopping on the opponent ends the game at once
opt-dark-fence-ply-cap = challenge variant: the longest game
opt-dark-fence-cap-adjudication = challenge variant: the result at the ply cap
opt-dark-fence-commitments = challenge variant: publish hashes of sealed moves

## Ultima
game-ultima = Ultima
rules-ultima = Ultima (极相棋, Baroque chess). 8x8, white moves first; every piece but the king and the pincers moves like a queen, pincers like a rook, the king one step; no piece jumps (except the long leaper over what it captures). Pieces capture by the way they move: the king by displacement; a pincer by pinching an enemy orthogonally against any friendly piece; the withdrawer by moving straight away from an adjacent enemy; the long leaper by jumping enemies in a line; the coordinator takes enemies on the corners of the rectangle it forms with its own king; the immobilizer captures nothing but freezes adjacent enemies; the chameleon captures each piece the way that piece captures. A frozen piece may remove itself as its move (suicide). Moves are from and to squares, e.g. /move d2d5 (suicide: d2d2). Checkmate or stalemate the opponent to win; threefold repetition and the no-capture limit draw.
opt-ultima-immobilizer = cvp: every enemy next to an immobilizer is frozen; pure: a friendly immobilizer or chameleon next to it frees the others
opt-ultima-suicide = a frozen piece (not the king) may remove itself as its move
opt-ultima-chameleon = combined: a chameleon's move makes every capture its geometry allows; pure: a leap captures only leapers
opt-ultima-setup = rotated: black's back rank mirrors white's through the centre; mirrored: both ranks read I L X K W X L C from a to h
opt-ultima-nocapture-limit = a draw after this many moves by each side without a capture (0: never)
ul-white = white
ul-black = black
ul-player = { $name } ({ $color })
ul-piece-king = king
ul-piece-pincer = pincer
ul-piece-withdrawer = withdrawer
ul-piece-long-leaper = long leaper
ul-piece-coordinator = coordinator
ul-piece-immobilizer = immobilizer
ul-piece-chameleon = chameleon
ul-rule-displacement = by displacement
ul-rule-pinch = by pinching
ul-rule-withdrawal = by withdrawal
ul-rule-leap = by leaping
ul-rule-coordination = by coordination
ul-rules-standard = standard (the original rules' defaults)
ul-rules-summary = rules: { $options }, time: { $clock }.
ul-started = { $game } #{ $id }: { $white } (white, moves first) vs { $black } (black), { $rules } Moves: from square to square, e.g. /move { $example } (the piece on { $from } to { $to }).
ul-moved = #{ $id } ply { $ply }: { $player } { $piece } { $from }-{ $to }
ul-captures = , capturing { $list }
ul-capture = the { $piece } on { $square } ({ $rule })
ul-stop = .
ul-check = Check!
ul-check-by = Check: the { $piece } on { $square } can capture the king.
ul-frozen-now = The { $color } { $piece } on { $square } is now frozen by the { $by_piece } on { $by }{ $removable ->
        [yes] ; { $color } may remove it as a whole move ({ $move })
       *[no] {""}
    }.
ul-suicide = #{ $id } ply { $ply }: { $player } removes the frozen { $piece } on { $square }.
ul-to-move = { $player } to move.
ul-turn-private = #{ $id } { $game }: your move ({ $color }).
ul-view-header = #{ $id } { $game }, after ply { $ply }
ul-view-last = Last move: { $move }.
ul-view-frozen = Frozen: { $list }.
reason-checkmate = { $name } is checkmated.
reason-stalemate = { $name } has no legal move and loses.
reason-threefold-repetition = The same position occurred for the third time.
reason-no-capture-limit = { $limit } moves by each side without a capture.
ul-err-malformed = “{ $text }” is not a move: give the from and to squares, like d2d5 (a suicide: d2d2). Nothing was played.
ul-err-wrong-piece = The piece on { $square } is a { $actual }, not a { $given }. Nothing was played.
ul-err-no-piece = There is no piece on { $square }. Nothing was played.
ul-err-not-your-piece = The { $piece } on { $square } is your opponent's. Nothing was played.
ul-err-frozen = Your { $piece } on { $square } is frozen by the { $by_piece } on { $by }. Nothing was played.
ul-err-no-move-to = No { $piece } of yours can move to { $to }. Nothing was played.
ul-err-ambiguous = More than one { $piece } can move to { $to } (from { $from }): say which, like { $example }. Nothing was played.
ul-err-illegal-move = The { $piece } on { $from } cannot move to { $to }: { $fault }. Nothing was played.
ul-err-leaves-king-in-check = That would leave your king on { $king } capturable by the { $piece } on { $attacker }. Nothing was played.
ul-err-suicide = The piece on { $square } may not remove itself: { $reason }. Nothing was played.
ul-suicide-off = suicide is off in this game
ul-suicide-king = a king never removes itself
ul-suicide-not-frozen = the { $piece } is not frozen, and only a frozen piece may remove itself
ul-fault-no-movement = it must leave its square
ul-fault-not-a-line = the squares are not on one rank, file or diagonal
ul-fault-king-step = a king moves one square
ul-fault-pincer-diagonal = a pincer moves only along ranks and files
ul-fault-blocked = { $own ->
        [yes] your own
       *[other] your opponent’s
    } { $piece } on { $at } is in the way
ul-fault-occupied = { $own ->
        [yes] your own
       *[other] your opponent’s
    } { $piece } stands on { $at }, and only a king moves onto a piece
ul-fault-own-piece = { $at } holds a piece of your own
ul-fault-leap-own = it cannot leap over your own piece on { $at }
ul-fault-leap-adjacent = it cannot leap over { $at }: the square behind it is not empty
ul-fault-chameleon-leap = a chameleon leaps only over long leapers, and { $at } holds a { $piece }

## Perfect 10 x 10

game-perfect10 = Perfect 10 x 10
rules-perfect10 = Perfect 10 x 10 (完美十乘十): chess on a 10x10 board with 19 kinds of piece; white moves first. Rank 1 from a to j: rook, cannon, archer, bishop, queen, king, bishop, archer, cannon, rook; rank 2: ship, knight, elephant, guard, princess, marshal, guard, elephant, knight, ship; rank 3: ten pawns (black mirrors this, king facing king). The marshal moves as a rook or a knight, the princess as a bishop or a knight; the cannon and the archer move like a rook and a bishop and capture only by jumping exactly one piece; the guard steps like a king but is not royal; the elephant steps one square diagonally or jumps two, the ship one square orthogonally or jumps two. A pawn stepping onto rank 6 (black: 5) may become a wazir, ferz, dabbaba or alfil, or stay a pawn; onto rank 8 (black: 3) a guard, knight, elephant, ship, rook, bishop, cannon or archer, or stay; onto the last rank it must become a queen, marshal or princess. A rook or bishop reaching the last rank becomes a dragon (rook + one diagonal step) or a griffin (bishop + one orthogonal step). Castling (O-O: king f1-h1, rook j1-g1; O-O-O: king f1-d1, rook a1-e1) and en passant as in chess. Checkmate wins. A side with no legal move passes, and two passes in a row draw; giving check with the same piece on four moves in a row loses; a threefold repetition may be claimed; a game neither side can win any more is drawn. Moves: /move e3e5 (or Nb2-c4, e9e10=Q, e5e6 stay, O-O), /pass, /claim.
rules-no-options = Options: none.
p10-white = white
p10-black = black
p10-player = { $name } ({ $color })
p10-piece-king = king
p10-piece-queen = queen
p10-piece-marshal = marshal
p10-piece-princess = princess
p10-piece-dragon = dragon
p10-piece-griffin = griffin
p10-piece-rook = rook
p10-piece-bishop = bishop
p10-piece-cannon = cannon
p10-piece-archer = archer
p10-piece-guard = guard
p10-piece-knight = knight
p10-piece-elephant = elephant
p10-piece-ship = ship
p10-piece-wazir = wazir
p10-piece-ferz = ferz
p10-piece-dabbaba = dabbaba
p10-piece-alfil = alfil
p10-piece-pawn = pawn
p10-how-king = a king steps one square any way (castling is O-O or O-O-O)
p10-how-queen = a queen moves any distance along a rank, file or diagonal
p10-how-marshal = a marshal moves like a rook or a knight
p10-how-princess = a princess moves like a bishop or a knight
p10-how-dragon = a dragon moves like a rook or one square diagonally
p10-how-griffin = a griffin moves like a bishop or one square along a rank or file
p10-how-rook = a rook moves any distance along a rank or file
p10-how-bishop = a bishop moves any distance along a diagonal
p10-how-cannon = a cannon moves like a rook and captures only by jumping exactly one piece on the way
p10-how-archer = an archer moves like a bishop and captures only by jumping exactly one piece on the way
p10-how-guard = a guard steps one square any way
p10-how-knight = a knight jumps two squares one way and one to the side
p10-how-elephant = an elephant steps one square diagonally or jumps two squares diagonally
p10-how-ship = a ship steps one square along a rank or file or jumps two
p10-how-wazir = a wazir steps one square along a rank or file
p10-how-ferz = a ferz steps one square diagonally
p10-how-dabbaba = a dabbaba jumps two squares along a rank or file
p10-how-alfil = an alfil jumps two squares diagonally
p10-how-pawn = a pawn steps one square forward (two from its starting rank) and captures one square diagonally forward, also en passant
p10-choice = { $piece } (={ $code })
p10-rules-summary = time: { $clock }.
p10-rules-summary-options = rules: { $options }, time: { $clock }.
opt-perfect10-move-rule = house rule: a draw after this many moves by each side without a capture or a pawn move (0: off, as in the original rules)
p10-started = { $game } #{ $id }: { $white } (white, moves first) vs { $black } (black), { $rules } Moves: /move e3e5 (also Nb2-c4, e9e10=Q, O-O).
p10-moved = #{ $id } ply { $ply }: { $player } { $seed }: { $piece } { $from }-{ $to }
p10-castled-kingside = #{ $id } ply { $ply }: { $player } { $seed }: castles kingside, king { $from }-{ $to } and rook { $rook_from }-{ $rook_to }
p10-castled-queenside = #{ $id } ply { $ply }: { $player } { $seed }: castles queenside, king { $from }-{ $to } and rook { $rook_from }-{ $rook_to }
p10-captures = , capturing the { $piece } on { $square }
p10-en-passant = , capturing the { $piece } on { $square } en passant
p10-promotes = , promoting to { $piece }
p10-becomes = , and becomes a { $piece } on the last rank
p10-stop = .
p10-sentence-gap = { " " }
p10-check-by = Check: { $pieces } { $count ->
        [1] attacks
       *[other] attack
    } the king.
p10-checker = the { $piece } on { $square }
p10-checkers-and = { $first } and { $second }
p10-passed = #{ $id } ply { $ply }: { $player } has no legal move and passes.
p10-claimed = #{ $id }: { $player } claims a draw by threefold repetition.
p10-to-move = { $player } to move.
p10-must-pass = { $player } has no legal move and must pass.
p10-turn-private = #{ $id } { $game }: your move ({ $color }).
p10-must-pass-private = You have no legal move, so you must pass (/pass or the button).
p10-can-claim = This position has now occurred three times: you may claim a draw (/claim or the button), or play on.
p10-can-claim-with = These moves would repeat a position for the third time: { $moves }. To claim the draw with one, send it after "claim", e.g. /move claim { $example }.
p10-warn-four-checks = Careful: your { $piece } on { $square } gave check on each of your last three moves; a fourth check in a row by it loses the game.
p10-btn-pass = Pass
p10-btn-claim = Claim draw
p10-btn-stay = Stay a pawn
p10-complete-promotion = Or choose what the pawn becomes for #{ $id } { $move }:
p10-view-header = #{ $id } { $game }, after ply { $ply }
p10-view-last = Last move: { $move }.
reason-four-checks = { $name } gave check with the same piece on four moves in a row and loses.
reason-double-pass = Both players passed, one after the other.
reason-insufficient-material = Neither side can checkmate any more.
reason-move-rule = { $limit ->
        [one] One move
       *[other] { $limit } moves
    } by each side without a capture or a pawn move.
p10-err-malformed = “{ $text }” is not a move: give the from and to squares, like e3e5 or Nb2-c4 (promotion e9e10=Q, castling O-O, pass 0000, draw claim: claim). Nothing was played. Piece codes: /rules perfect10.
p10-err-no-piece = There is no piece on { $square }. Nothing was played.
p10-err-wrong-piece = { $square } holds the { $actual } (code { $actual_code }), not the { $given } (code { $given_code }) you named. Nothing was played. Every code: /rules perfect10.
p10-no-code = none: a pawn moves by its squares alone, like e3e5
p10-err-not-your-piece = The { $piece } on { $square } is your opponent's. Nothing was played.
p10-err-illegal-move = The { $piece } on { $from } cannot move to { $to } ({ $how }). Nothing was played.
p10-err-move-stopped = The { $piece } on { $from } cannot move to { $to }: { $why }. Nothing was played.
p10-err-no-move-to = No { $piece } of yours can move to { $to }. Nothing was played.
p10-err-ambiguous = More than one { $piece } can move to { $to } (from { $from }): say which, like { $example }. Nothing was played.
p10-fault-own-piece = your own { $piece } stands on { $at }
p10-fault-blocked-own = your own { $piece } on { $at } is in the way
p10-fault-blocked-enemy = your opponent’s { $piece } on { $at } is in the way
p10-fault-pawn-front-own = your own { $piece } stands on { $at }, and a pawn moves straight only onto an empty square
p10-fault-pawn-front-enemy = your opponent’s { $piece } stands on { $at }, and a pawn captures only diagonally
p10-fault-pawn-nothing = a pawn moves diagonally only to capture, and { $to } is empty
p10-fault-pawn-double = a pawn steps two squares only from its starting rank (the 3rd for White, the 8th for Black)
p10-fault-no-screen = a { $piece } captures by jumping over exactly one piece, and there is none between
p10-fault-two-screens = a { $piece } captures by jumping over exactly one piece, and there are more between: the second is the { $other } on { $at }
p10-err-promotion-tier = A pawn reaching { $to } may become one of { $list }, or stay a pawn: say which after the move, like ={ $code } or stay. Nothing was played.
p10-err-promotion-last = A pawn reaching { $to } must become one of { $list }: say which after the move, like ={ $code }. Nothing was played.
p10-err-promotion-none = A pawn reaching { $to } is not on a promotion line, so it cannot promote. Nothing was played.
p10-err-cannot-castle = You cannot castle now: { $why }. Nothing was played.
p10-castle-moved = the king or that rook has moved
p10-castle-blocked = the squares between the king and the rook are not empty
p10-castle-in-check = the king is in check
p10-castle-attacked = the king would cross or land on an attacked square
p10-err-leaves-king-in-check = That would leave your king on { $king } in check from the { $piece } on { $attacker }. Nothing was played.
p10-err-pass-not-allowed = You may pass only when you have no legal move. Nothing was played.
p10-err-no-repetition = There is no draw to claim: this position has occurred { $n ->
        [one] once
       *[other] { $n } times
    }, not three. Nothing was played.
p10-err-no-repetition-after = There is no draw to claim: after that move the position would have occurred { $n ->
        [one] once
       *[other] { $n } times
    }, not three. Nothing was played.

## Discord (the slash commands' option descriptions, at most 100 characters; the move form)
btn-view = My view
btn-type-move = Type a move
dm-failed-discord = I can't send { $name } direct messages, so { $name } missed a private message of #{ $id } (nothing is lost). { $who }: allow direct messages from this server's members (server menu → Privacy Settings), then use /view #{ $id }.
discord-opt-game = The game, e.g. dark-fence, ultima, perfect10
discord-opt-opponent = Who you invite (leave empty for an open invitation)
discord-opt-options = Options as key=value, e.g. board=6x6 mode=challenge
discord-opt-id = The game number (#id), when you play several here
discord-opt-action = Your move, as you would type it
discord-opt-answer = Accept or decline an offer (empty: make one)
discord-opt-language = Your language
discord-opt-notifications = Turn reminders by direct message
discord-opt-pings = How you hear it is your turn: dm, mention or off
discord-opt-what = What to do
discord-opt-token = The start token
discord-opt-button = The button
discord-move-title = Your move in #{ $id }
discord-move-label = Your move (e.g. a path for Dark Fence)

## Chaos Clock
game-chaos-clock = Chaos Clock
rules-chaos-clock = Chaos Clock (混乱时钟). Twelve slots in a circle like a clock face hold pieces 1 to 12; piece n belongs on slot n ("home"). Jia (the inviter) owns the odd pieces, Yi the even ones and moves first; the start is a random arrangement with no piece home. On your turn: move any piece that is not home clockwise by its own number of slots (/move 5), capturing whatever stands where it lands (a captured piece goes to its owner's hand; 12 going round the clock leaves the board into Yi's hand); or drop a piece of yours from your hand onto its home slot (/move d7), capturing what is there, and move again if that was the opponent's piece; or pass (/pass). A piece at home never moves again and no piece may land on it; you may not move the piece your opponent just moved or dropped. Bring all six of your pieces home to finish: when both finish, both win; if only you finish and the other cannot finish on the very next turn, you win. Two passes in a row, both sides unable ever to finish, or the same position for the third time: both lose. /new chaos-clock @bot plays against me (level=1 to 6; level 6, the default, plays perfectly), add side=yi to be Yi and move first or side=random; start=fair picks a start where both of you can still finish together if you play well; hints=on allows /hint.
opt-chaos-clock-start = random: any arrangement with no piece home; fair: one where both sides can still finish together (checked before the game)
opt-chaos-clock-hints = allow /hint (the solver's verdict and best actions) for both players; accepting the invitation agrees to it
help-hint = the solver's verdict and best actions (Chaos Clock games with hints=on)
err-hints-off = Hints are off in #{ $id }: both players agree to them by starting the game with hints=on.
err-hints-rated = #{ $id } is rated, and a rated game has no hints: the result must be the players' own.
help-switch = against me (the bot): take the other side, before your first action
err-switch-not-bot = Sides can be switched only in a game against me: in #{ $id } your opponent is a person.
err-switch-too-late = You have acted in #{ $id } already: sides can be switched only before your first action.
btn-switch = Switch sides
cc-start-lost = { $name }, with best play this start is lost for { $side }: I win whatever you do. You may take { $other } instead before your first action: press "{ $button }" or send /switch.
cc-switched = #{ $id }: { $name } now plays { $side } and I play { $other }; the game starts again from its start.
err-rated-hints = A rated game has no hints: leave out hints=on, or rated=yes (a game with hints is unrated). Nothing was started.
err-hint-stale = #{ $id } moved on while I searched for the hint; ask again.
err-bot-offers = I do not take draw or takeback offers: play on, or /resign.
bot-name = Arbiter (bot)
bot-name-level = Arbiter (bot, level { $level })
bot-plays-at = I play at level { $level } of { $top } (`level=1` to `level={ $top }` at /new).
bot-unproven = (My search ran out of budget: this move is not proven best.)
over-both-win = #{ $id } is over: both win.
over-both-lose = #{ $id } is over: both lose.
cc-jia = Jia, odd
cc-yi = Yi, even
cc-side-jia = Jia
cc-side-yi = Yi
cc-player = { $name } ({ $side })
cc-btn-move = move { $piece }
cc-btn-drop = drop { $piece }
cc-btn-pass = pass
cc-value-win = { $name } wins
cc-value-both-win = a win for both
cc-value-both-lose = a loss for both
cc-start-random = Random start
cc-start-fair = Fair start (both sides can still bring every piece home together)
cc-start-position = Start from a given position
cc-hints-on = hints allowed (so the game is unrated)
cc-hints-off = no hints
cc-rules-summary = { $start }, { $hints }, time: { $clock }.
cc-started = { $game } #{ $id }: { $jia } (Jia, odd pieces) vs { $yi } (Yi, even pieces, moves first). { $rules } { $actions }
cc-actions = Actions: { $examples }, or the buttons.
cc-actions-generic = Actions: /move and a piece's number (move it), /move d and a piece's number (drop it from your hand), /pass, or the buttons.
cc-example-move = /move { $piece } (move piece { $piece }, which may move now)
cc-example-drop = /move d{ $piece } (drop { $piece })
cc-example-pass = /pass
cc-fair-proven = Fair start: before the game I checked every line of play from this position: if both of you play well, you both bring all your pieces home and both win. (Found on try { $draw }.)
cc-to-act = { $player } to act.
cc-banned = Piece { $piece } was just moved and may not move now.
cc-after-pass = The last turn was a pass: another pass ends the game: both lose.
cc-repeat-warning = Careful: { $actions } would bring back a position for the third time, and both would lose.
cc-moved = #{ $id } ply { $ply }: { $player } moves { $piece } from slot { $from } to slot { $to }
cc-home = , home
cc-captures = , capturing { $piece } into { $hand }'s hand
cc-moved-off = #{ $id } ply { $ply }: { $player } moves 12 from slot { $from } round the clock and off the board into Yi's hand
cc-stop = .
cc-dropped = #{ $id } ply { $ply }: { $player } drops { $piece } onto its home slot
cc-extra-turn = A drop that captures an opponent's piece earns another turn.
cc-passed = #{ $id } ply { $ply }: { $player } passes.
cc-completed = { $player } has all six pieces home.
cc-reason-completed = { $name } brought all six pieces home.
cc-reason-both-completed = Both sides brought all their pieces home.
cc-reason-two-passes = Two passes in a row.
cc-reason-both-stuck = Neither side can ever bring all its pieces home.
cc-adjudicated = #{ $id }: { $count ->
    [one] { $name }'s piece { $pieces } can never move again, so it never comes home
   *[other] { $name }'s pieces { $pieces } can never move again, so they never come home
}, and my solver proves the result with best play from here. The game ends now with that result.
reason-stuck-adjudicated = Adjudicated: one side can never bring all its pieces home, and the solver proved the result.
cc-reason-repetition = The same position occurred for the third time.
cc-turn-private = #{ $id } ({ $game }): your turn ({ $side }). The buttons are under the board in the game's chat.
cc-view-header = #{ $id } { $game }, ply { $ply }, position { $position }. Hands: Jia { $jia }; Yi { $yi }.
cc-verdict-win = a win for you
cc-verdict-both-win = a win for both
cc-verdict-both-lose = a loss for both
cc-verdict-lose = a loss for you
cc-hint = Hint for #{ $id }, { $player } to act: with best play this is { $verdict }. Best: { $best }. ({ $positions } positions searched.)
cc-hint-lost = Hint for #{ $id }, { $player } to act: with best play this is lost, { $opponent } wins whatever you do. Your best chances are the actions that leave { $opponent } the fewest winning replies: { $chances }. ({ $positions } positions searched.)
cc-chance = { $action } ({ $keeping ->
    [one] { $keeping } of { $replies } replies wins
   *[other] { $keeping } of { $replies } replies win
} for them)
cc-chance-or = { $first } or { $second }
cc-hint-unknown = Hint for #{ $id }: my search stopped at its budget ({ $positions } positions) without a proof; no hint rather than a guess.
cc-analysis-empty = Analysis of #{ $id }: no action was played.
cc-analysis-kept = Analysis of #{ $id }: with best play the start was { $value }, and no action changed that.
cc-analysis-changed = Analysis of #{ $id }: with best play the start was { $before }; action { $ply }, { $player }: { $action }, first changed it to { $after }.
cc-analysis-unknown = Analysis of #{ $id }: beyond my search budget, so none.
cc-err-malformed = "{ $text }" is not an action: write a piece number to move it (5 or m5), d and a number to drop (d7), or pass. Nothing was done.
cc-err-not-on-board = Piece { $piece } is not on the board. Nothing was done.
cc-err-at-home = Piece { $piece } is home and never moves again. Nothing was done.
cc-err-banned = Piece { $piece } was just moved by your opponent and may not move now. Nothing was done.
cc-err-blocked = Piece { $piece } would land on slot { $slot }, whose piece is home. Nothing was done.
cc-err-not-yours = Piece { $piece } is not yours to drop. Nothing was done.
cc-err-not-in-hand = Piece { $piece } is not in your hand. Nothing was done.

## Rabble chess
game-rabble = Rabble chess
rules-rabble = Rabble chess (烏合之眾象棋). An unbounded board in every direction and in any number of dimensions, every square full of pawns. Red (the inviter) owns the rows y ≤ 6 and moves first, Blue the rows y ≥ 7; the battlefield is x, y 1..12 of the main plane (z = 1). First each side picks its pieces, Red then Blue, four slots at a time: /move pick R N B C (R N B C P, repeats allowed, each P +1 point), or /move pick default; the last pick places K Q J G. Then each turn acts with the unit on one square: /move 7,6x7,8 (capture), /move 7,6>7,7 (move), /move 6,6&7,7 (stack, costs points), /move 7,6,2 z- (jump a layer), /move 9,4,1,2 d4- (jump a higher dimension, 1 point), /move 7,8=C x7,10 (promote, then capture), /move drop P@7,6 (hire), /move 9,1/2P >9,3 (split). Scores start at 120; captures earn the captured pieces' values; a side with half the other's score or less, without units in the front line, or holding 12 or fewer battlefield squares loses; a captured king loses unless its side leads (then the prince is crowned). /move pass draw offers a draw, /move pass accept takes it.
opt-rabble-select = run the selection phase (rows of four, Red first); off starts from the default placement
opt-rabble-band-empty = another reading of the original rules: the four sky-blue rows start empty in every layer
opt-rabble-quiet-limit = plies without capturing a non-pawn before the lower score loses (equal scores draw)
opt-rabble-red-gives = Red's handicap: level1..level7 (give n levels: Red's pawns in those regions become Blue's) or steps2.. (give n steps: Blue plays n free stack/jump/hire turns first)
opt-rabble-blue-gives = Blue's handicap, as red_gives
rb-red = Red
rb-blue = Blue
rb-player = { $name } ({ $side })
rb-rules-summary = options: { $options }; time: { $clock }.
rb-started = { $game } #{ $id }: { $red } (Red, moves first) vs { $blue } (Blue). { $rules }
rb-pick-group = { $player }: pick { $step } of 9, row { $row }, { $group } group: /move pick R N B C (your own left to right; R N B C P, repeats allowed, each P +1 point) or /move pick default.
rb-pick-uniques = { $player }: last pick, the four unique pieces on the back row: /move pick Q K J G in any order, or /move pick default.
rb-left = left
rb-right = right
rb-btn-default = Default placement
rb-to-act = { $player } to move.
rb-picked = { $player } picks { $pieces } (step { $step }).
rb-played = #{ $id } ply { $ply }: { $player } plays { $turn }
rb-captured = , capturing { $unit } (+{ $points })
rb-cost = , spending { $points }
rb-crowned = { $player }'s king has fallen but their score leads: the prince is crowned king.
rb-draw-offered = { $player } offers a draw in #{ $id }: /move pass accept takes it.
rb-scores = Scores: Red { $red }, Blue { $blue }. Plies without a major capture: { $quiet } of { $limit }.
rb-stats = { $side } by piece type: capture points { $captures }; hires { $hires }; drops into the battlefield { $drops }; high-dimension jumps { $jumps }.
rb-turn-private = #{ $id } ({ $game }): your turn ({ $side }).
rb-view-header = #{ $id } { $game }, ply { $ply }, last turn { $last }.
rb-outside = Outside the picture: { $units } ({ $count } changed units in all).
rb-layer = Layer z={ $z }: { $count } changed squares.
rb-layers-more = … and { $layers } more layers with { $count } changed squares in all.
rb-and-more = … and { $count } more
rb-cut = (the rest is left out to keep this to one message)
rb-refused = Not played: { $detail }. Nothing changed.
rb-timeout-pick = { $name } did not pick in time in #{ $id }: the default placement is used.
rb-reason-king-captured = { $name }'s king was captured and their score did not lead.
rb-reason-crowned-king-captured = { $name }'s crowned prince was captured.
rb-reason-score-halved = { $name }'s score fell to half the opponent's or less.
rb-reason-front-line-lost = { $name } has no unit left in the front line.
rb-reason-battlefield-lost = { $name } holds 12 or fewer squares of the battlefield.
rb-reason-home-square-taken = An enemy king or prince stands on { $name }'s starting king or prince square.
rb-reason-repetition = The same position occurred six times.
rb-reason-quiet-plies = No piece other than a pawn was captured for too long.
rb-reason-agreed = Both players agreed to a draw.
help-library = the draw library: drawn Rabble games anyone may continue; with #id, continue that one here
rb-library-empty = The draw library is empty: Rabble games drawn by agreement are kept here for others to continue.
rb-library-header = The draw library keeps { $count } drawn Rabble games; the { $shown } most recent follow. Continue one here with /library #id @opponent.
rb-library-entry = #{ $id }: { $ply } plies, Red { $red } : { $blue } Blue, { $changes } changed squares, continues { $from }.
rb-fork-of = It continues #{ $parent } from the draw library, at ply { $ply }.
err-library-not-drawn = #{ $id } is not in the draw library: only Rabble games drawn by agreement are.
rb-window = #{ $id }: x { $x0 }..{ $x1 }, y { $y0 }..{ $y1 } of layer z={ $layer }.
rb-bad-window = Cannot show that window: { $detail }. Write /board x,y (a centre, with ,z for another layer) and/or /board zoom 2.
rb-zoom-range = zoom takes 1, 2 or 3
err-board-window = Only Rabble's board is larger than its picture: /board takes a window there alone.
discord-opt-window = Rabble only: a centre x,y (add ,z for another layer) and/or zoom 2
discord-opt-topic = A piece of that game by its code or name, e.g. N (one piece with a picture of its moves)
rb-complete-pick = #{ $id }: slot { $slot } of 4 (so far: { $sofar }). Choose the next piece:
help-moves = Rabble: where the unit on a square can go (its turns are infinite, so one square at a time)
discord-opt-square = The square, e.g. 7,6 (or 7,6,2 in another layer)
discord-opt-slice = Rabble's 3-D observation: z x1..x2 y1..y2 [z1..z2]
rb-observation = #{ $id } 3-D observation: x { $x0 }..{ $x1 }, y { $y0 }..{ $y1 }, layers z={ $z0 }..{ $z1 }, the top layer first.
rb-observation-unchanged = Every square of this block in these layers holds { $band ->
    [yes] its default: a pawn, or nothing in the open band.
   *[no] its default pawn.
}
rb-observation-changed = Set by the selection or by play ({ $count }; · is empty): { $squares }. Every other square of the block holds { $band ->
    [yes] its default: a pawn, or nothing in the open band.
   *[no] its default pawn.
}
rb-observation-elsewhere = This block also has { $count } changed squares in layer z={ $layer }.
err-view-slice = Only Rabble has a 3-D observation: /view takes a slice (z x1..x2 y1..y2) there alone.
rb-bad-slice = Cannot show that slice: { $detail }. Write /view z x1..x2 y1..y2, and optionally z1..z2 (at most 12 columns, 12 rows and 9 layers).
err-moves-rabble = /moves lists one square's targets in Rabble, whose turns are infinite; in the other games, type the move and the referee checks it.
rb-bad-square = Cannot list moves from there: { $detail }. Write /moves x,y (or x,y,z in another layer).
rb-moves = #{ $id }: where { $unit } on { $square } can go (> move, x capture, & stack with its price; rays count squares from it):
rb-library-forks = Continued as: { $forks }.
rb-fork-invited = #{ $id } (waiting for an opponent)
rb-fork-active = #{ $id } (in play)
rb-fork-won = #{ $id } ({ $side } won)
rb-fork-drawn = #{ $id } (drawn)
rb-fork-library = #{ $id } (drawn by agreement: in the library too)
rb-fork-abandoned = #{ $id } (abandoned)
rb-err-not-selecting = the selection phase is over
rb-err-bad-pick-uniques = the last pick places the four unique pieces, each once: Q K J G in any order
rb-err-bad-pick-group = each slot of a row is one of R N B C P (repeats allowed)
rb-err-king-exposed = with this placement { $side ->
        [red] Red
       *[blue] Blue
    }'s king could be captured at once, which a level handicap must never allow: place the unique pieces differently
rb-err-game-over = the game is over
rb-err-not-your-turn = it is not your turn
rb-err-selecting = the selection phase comes first: `pick R N B C` or `pick default`
rb-err-selecting-uniques = the selection phase comes first: `pick Q K J G` or `pick default`
rb-err-enemy-target = { $to } holds an enemy unit
rb-err-empty-target = { $to } is empty
rb-err-proposal-refused = { $statement }, and `{ $fix }` would be refused too: { $reason }
rb-err-syntax-drop-piece = cannot read `{ $text }`: `{ $detail }` names no piece; the pieces that can be hired are { $pieces }
rb-step-move = MOVE
rb-step-capture = CAPTURE
rb-step-drop = DROP
rb-step-jump3 = JUMP3
rb-step-jumph = JUMPH
rb-step-stack = STACK
rb-step-split = SPLIT
rb-step-promote = PROMOTE
rb-err-handicap-offer = handicap turns are for stacking, jumping and hiring only
rb-err-no-offer = there is no draw offer to accept: the offer must be the ply just played
rb-err-no-debt = this turn costs { $cost } points and you have { $score } (no debt)
rb-err-use-stack-move = { $to } holds your unit: write { $op } to stack onto it (stacking costs { $price })
rb-err-royal-stack = the King and the Prince never stack
rb-err-bad-drop = the King and the Prince cannot be hired; the pieces that can be hired are { $pieces }
rb-err-handicap-promote = handicap turns cannot promote
rb-err-no-credit = hiring a { $piece } needs a credit: capture an enemy { $piece } first
rb-err-drop-empty = { $to } is empty: use @ to drop there
rb-err-drop-enemy = { $to } holds an enemy unit: drops go to empty squares or your own units
rb-err-drop-stack = { $to } holds your unit: use & to drop onto it (stacking costs extra)
rb-err-bad-promotion = a pawn promotes to N, R, B or C
rb-err-not-in-zone = { $at } is not past your promotion line
rb-err-no-pawn = this unit has no pawn to promote
rb-err-twice = { $step } at most once per turn (rule 10)
rb-err-combination = { $step } is not allowed after { $earlier } (rule { $rule })
rb-err-handicap-kinds = handicap turns may only stack, jump or hire: no capture, plain move, split or promotion
rb-err-empty-origin = { $from } is empty
rb-err-not-yours = { $from } holds an enemy unit
rb-err-wrong-piece = { $from } holds { $has }, not { $given }
rb-err-bad-split-part = { $from } holds { $has }; it cannot split off { $part }
rb-err-bad-split-all = a split leaves part of the stack behind, and { $from } holds { $has } only: /{ $part } names all of it
rb-err-bad-split-stay = a split-off part must relocate (rule 7)
rb-err-same-square = the unit must end on another square
rb-err-other-layer = { $to } is in another layer: pieces move within their layer, which only a jump (z+/z- or dN+/dN-) changes
rb-err-nothing-to-capture = { $to } is empty: use > to move there
rb-err-move-empty = { $to } is empty: use > to move there
rb-err-use-capture = { $to } holds an enemy unit: use x to capture it
rb-err-own-unit = { $to } holds your own unit
rb-err-prince-no-capture = the Prince never captures
rb-err-prince-immune = the Prince cannot be captured
rb-err-geometry = { $unit } on { $from } cannot { $capture ->
        [yes] capture on
       *[no] reach
    } { $to }
rb-err-stack-empty = { $to } is empty: leave out the &
rb-err-stack-enemy = { $to } holds an enemy unit (and a capture is not allowed here)
rb-err-syntax-pass = cannot read `{ $text }`: a pass is only for a draw: `pass draw` offers one, `pass accept` takes the one just offered
rb-err-syntax-pick = cannot read `{ $text }`: a pick is four piece letters, e.g. `pick R N B C`
rb-err-syntax-drop = cannot read `{ $text }`: write `drop P@x,y` (the kind, then @ or &, then the square)
rb-err-syntax-drop-sign = cannot read `{ $text }`: after the kind write @ for an empty square or & to stack on your own unit
rb-err-syntax-promotion-letter = cannot read `{ $text }`: unknown promotion letter
rb-err-syntax-drop-promotion = cannot read `{ $text }`: nothing may follow the promotion of a dropped pawn
rb-err-syntax-parenthesis = cannot read `{ $text }`: unclosed parenthesis
rb-err-syntax-square-missing = cannot read `{ $text }`: a square is missing
rb-err-syntax-count = cannot read `{ $text }`: a count must be followed by a piece letter
rb-err-syntax-split = cannot read `{ $text }`: after / name the pieces that split off, e.g. /2P or /PN
rb-err-syntax-layer-jump = cannot read `{ $text }`: a layer jump is z+ or z-
rb-err-syntax-dim-jump = cannot read `{ $text }`: a dimension jump is d<N>+ or d<N>- with N ≥ 4
rb-err-syntax-dim-range = cannot read `{ $text }`: dimension jumps use dimensions 4 and up (z is `z+`/`z-`)
rb-err-syntax-dim-sign = cannot read `{ $text }`: a dimension jump ends in + or -
rb-err-syntax-promotion = cannot read `{ $text }`: = must be followed by N, R, B or C
rb-err-syntax-waypoint = cannot read `{ $text }`: a waypoint needs a destination after it
rb-err-syntax-no-step = cannot read `{ $text }`: say what the unit does, e.g. `7,6x7,8`, `7,6,2 z-` or `9,1/2P >9,3`
rb-err-syntax-unexpected = cannot read `{ $text }`: unexpected `{ $detail }`
rb-err-coord-syntax = `{ $text }` is not a coordinate: write x,y or x,y,z (for example 7,6 or 7,6,2)
rb-err-coord-omega = `{ $text }`: ω-coordinates are notation only; write the finite part, e.g. (……0——9,4,1) or 9,4,1
rb-err-coord-transfinite = `{ $text }`: in the long form every entry before —— must be 0; anything else names a transfinite square, which this board does not have
rb-slice-not-z = `{ $word }` is not `z`
rb-slice-count = write the columns, the rows and optionally the layers, e.g. `1..8 1..4 -1..3`
rb-slice-range = `{ $word }` is not a range of { $axis } (write a..b)
rb-slice-backwards = `{ $word }` runs backwards: write the smaller { $axis } first
rb-slice-too-wide = { $axis } { $from }..{ $to } is too wide: at most { $widest } at a time
rb-moves-near = Within 4 squares: { $targets }
rb-moves-nothing = nothing
rb-ray-open = Empty without end: { $rays }
rb-ray-blocked = Blocked at once: { $rays }
rb-ray-empty = Empty for { $count }: { $rays }
rb-ray-blocker = { $unit } at { $k }
rb-ray-then = then { $blockers }
rb-ray-run = { $target } (and the empty squares before it)
rb-ray-reaches = reaches { $targets }
rb-ray-all = all 8 directions
rb-ray-part = { $arrows } ({ $details })
rb-ray-and = { $first }; { $second }
rb-moves-jumps = Jumps: { $jumps } (in parentheses what the turn costs; every higher dimension works like d{ $next }).
rb-long-number = { $head }…{ $tail } ({ $digits } digits)
rb-moves-queen = Queen: name any target; the referee finds a slide-and-step path.

## Captions, durations, image labels, command arguments

cap-ply = ply { $n }
cap-after-ply = after ply { $n }
cap-df-crossed-fence = a fence was crossed
cap-df-ended-on-opponent = stopped on the opponent's cell
cap-df-duplicate-fence = a fence placed on a fence
cap-df-border-fence = a fence placed on the border
cap-df-separated = the fences separate the players
cap-df-challenge-upheld = challenge upheld
cap-df-challenge-rejected = challenge rejected
cap-df-claim-upheld = claim upheld
cap-df-claim-rejected = claim rejected
cap-df-ply-cap = the ply cap was reached
cap-wins = { $side } wins
cap-draw = draw
cap-to-move = { $side } to move
cap-to-act = { $side } to act
cap-check = check
cap-both-win = both win
cap-both-lose = both lose
cap-you = you: { $side }
cap-picks = { $side } picks, step { $step }
side-white = white
side-black = black
side-jia = Jia
side-yi = Yi
side-p1 = P1
side-p2 = P2
side-red = Red
side-blue = Blue
dur-d = { $n }d
dur-h = { $n }h
dur-m = { $n }m
dur-s = { $n }s
# A moment ahead, for readers whose platform cannot show a live time.
dur-in = in { $d }
img-jia = Jia
img-yi = Yi
img-to-move = { $who } to move
img-move = move { $n }
img-drop = drop { $n }
img-pass = pass
img-hand = hand
img-main-plane = main plane
img-red = Red
img-blue = Blue
img-stats-key = by piece type: capture points, and under them hires · drops into B · high jumps
img-outside = outside: { $list }
img-long-number = { $head }…{ $tail } ({ $digits } digits)
arg-game = a game
arg-action = an action
arg-square = a square
arg-admin-abort = abort #id
arg-button = a button
lang-name-en = English
lang-name-zh-Hans = 简体中文
lang-name-zh-Hant = 繁體中文
notif-on = on
notif-off = off
pings-dm = private message (a mention if that fails)
pings-mention = a mention in the game's chat
pings-off = off

## Option mistakes

opt-err-malformed = option `{ $pair }` is not of the form key=value
opt-err-unknown = unknown option `{ $key }` (known: { $known })
opt-err-duplicate = option `{ $key }` is given twice
opt-err-bad-value = option `{ $key }` cannot be `{ $value }` (expected { $expected })
opt-or = { " or " }
opt-and = { " and " }
expect-bool = true or false
expect-one-of = { $names }
expect-range = a whole number from { $min } to { $max }
expect-range-or-auto = a whole number from { $min } to { $max }, or auto
expect-duration = a duration like 60s or 5m, from { $min } to { $max }
expect-board = CxR with each side from { $min } to { $max }, e.g. 4x4
expect-number = a whole number
expect-handicap = none, level1..level7 (give n levels of pieces) or steps2..steps1000 (give n steps first)
opt-err-needs = option `{ $key }` needs { $needs }
opt-err-only-with = option `{ $key }` applies only with { $with }
opt-err-public-in-challenge = option `{ $key }` cannot be false in the challenge variant, where positions are public
opt-err-one-side-steps = option `{ $key }` cannot give steps when Red gives steps too: only one side can play first
opt-err-no-fair-start = start=fair found no start proven to let both win in { $draws } draws; try /new again
opt-err-bad-start = option `{ $key }`: the start position does not load (a fault of mine; please report it)
rb-kind-p = Pawn
rb-kind-n = Mazai
rb-kind-r = Chefu
rb-kind-b = Xiangye
rb-kind-c = Shanpao
rb-kind-k = King
rb-kind-q = Queen
rb-kind-j = Prince
rb-kind-g = Dage

# Dark Fence image history: fence directions, reports, leans.
img-dir-u = U
img-dir-d = D
img-dir-l = L
img-dir-r = R
img-rel-up = up
img-rel-down = down
img-rel-left = left
img-rel-right = right
img-rel-up-left = up-left
img-rel-up-right = up-right
img-rel-down-left = down-left
img-rel-down-right = down-right
img-rel-same = same
img-lean-up = { ", " }more up
img-lean-down = { ", " }more down
img-lean-left = { ", " }more left
img-lean-right = { ", " }more right
img-distance = { ", " }distance { $n }

## Argument names: /help's grammar and Discord's option names (values come back under the English name)
arg-name-game = game
arg-name-opponent = opponent
arg-name-options = options
arg-name-id = id
arg-name-action = action
arg-name-answer = answer
arg-name-language = language
arg-name-notifications = notifications
arg-name-digest = digest
arg-name-pings = pings
arg-name-window = window
arg-name-square = square
arg-name-slice = slice
arg-name-token = token
arg-name-button = button
arg-name-key = key
arg-name-value = value

## Options in words (rules summaries of invitations and starts)
optword-dark-fence-start = { $value ->
    [free] free start (each player picks a cell)
   *[other] fixed start corners
}
optword-dark-fence-p2_sees_p1_start = { $value ->
    [true] the second player is told the first player's start
   *[other] the second player is not told the first player's start
}
optword-dark-fence-first_move_onto_opponent = { $value ->
    [allowed] the first move may end on the opponent
   *[other] a first move onto the opponent loses
}
optword-dark-fence-edge_empty = { $value ->
    [true] fences may go on the border
   *[other] no fences on the border
}
optword-dark-fence-edge_empty_repeat = { $value ->
    [true] a border segment may be fenced twice
   *[other] each border segment at most once
}
optword-dark-fence-juesha = { $value ->
    [true] with equal areas, fewer fences left wins (juesha)
   *[other] no juesha
}
optword-dark-fence-juesha_count_border = { $value ->
    [true] juesha counts border fences
   *[other] juesha leaves border fences out
}
optword-dark-fence-report = { $value ->
    [dir16] the other player's direction told in 16 directions
    [dir8-manhattan] direction in 8 directions and the Manhattan distance
    [dir8-chebyshev] direction in 8 directions and the Chebyshev distance
    [dir16-manhattan] direction in 16 directions and the Manhattan distance
    [exact] the other player's exact cell told
   *[other] the other player's direction told in 8 directions
}
optword-dark-fence-allow_stay = { $value ->
    [false] every move must leave its cell
   *[other] a move may stay on its cell
}
optword-dark-fence-max_waypoints = at most { $value } cells in one path
optword-dark-fence-confirm_moves = { $value ->
    [false] moves played without confirmation
   *[other] moves confirmed before they are played
}
optword-dark-fence-assist = { $value ->
    [0] no private help
    [2] warnings about your own fences
   *[other] your own view as help
}
optword-dark-fence-challenge_scope = { $value ->
    [latest-move-only] a challenge examines the latest move only
   *[other] a challenge examines the whole game
}
optword-dark-fence-window_timeout = challenge windows of { $value }
optword-dark-fence-partition_handling = { $value ->
    [claim] separation may be claimed
    [auto] separation ends the game at once
   *[other] separation is not judged
}
optword-dark-fence-auto_b = { $value ->
    [true] stopping on the opponent ends the game at once
   *[other] stopping on the opponent needs a challenge
}
optword-dark-fence-ply_cap = { $value ->
    [auto] the usual ply limit
   *[other] at most { $value } plies
}
optword-dark-fence-cap_adjudication = { $value ->
    [replay-original] at the ply limit the referee's rules decide
   *[other] a draw at the ply limit
}
optword-dark-fence-commitments = { $value ->
    [true] sealed records published as hashes
   *[other] no published hashes
}
optword-ultima-immobilizer = { $value ->
    [pure] pure immobilizer (a friendly immobilizer or chameleon touching it frees the others)
   *[other] every enemy next to an immobilizer is frozen
}
optword-ultima-suicide = { $value ->
    [off] no suicide
   *[other] a frozen piece may remove itself
}
optword-ultima-chameleon = { $value ->
    [pure] a chameleon's leap takes only long leapers
   *[other] a chameleon's leap makes its other captures too
}
optword-ultima-setup = { $value ->
    [mirrored] Black's back rank mirrored
   *[other] Black's back rank rotated
}
optword-ultima-nocapture_limit = { $value ->
    [0] no draw for lack of captures
    [one] a draw after one move by each side without a capture
   *[other] a draw after { $value } moves by each side without a capture
}
optword-perfect10-move_rule = { $value ->
    [0] no move rule
    [one] a draw after one move by each side without a capture or a pawn move
   *[other] a draw after { $value } moves by each side without a capture or a pawn move
}

## Community: ratings, leaderboards, profiles, history (docs/community.md)
help-leaderboard = a game's best-rated players here (privately: the everywhere pool) and your rank; min=5: 5+ games
help-profile = a player's ratings, records and recent results here (yours without @player)
help-history = recent finished games here, with results and ids, ten a page (page=2 for older ones)
discord-opt-player = The player (leave empty for yourself, or everyone for /history)
arg-name-player = player
discord-opt-min = Only players with at least this many rated games of it
arg-name-min = min
discord-opt-page = Which page, from 1 (the newest games)
arg-name-page = page
err-community-only = This command is about a group's games: use it in the group's chat.
rating-changes = #{ $id } ratings: { $players }.
rating-change = { $name } { $rating } ({ $change })
rating-record = { $games ->
    [one] 1 game
   *[other] { $games } games
 }: { $wins } won, { $draws } drawn, { $losses } lost
lb-title = { $game } leaderboard { $pool ->
    [yes] of the games paired everywhere
   *[no] here
 } (? marks a provisional rating):
lb-line = { $rank }. { $name } { $rating } · { $record }
lb-you = You are number { $rank } of { $total }, at { $rating }.
lb-you-none = You have no { $game } rating { $pool ->
    [yes] among the games paired everywhere
   *[no] here
 } yet: finish a rated game to get one.
lb-empty = No rated { $game } game has ended { $pool ->
    [yes] among the games paired everywhere
   *[no] here
 } yet.
lb-title-min = { $game } leaderboard { $pool ->
    [yes] of the games paired everywhere
   *[no] here
 }, players with at least { $min ->
    [one] one rated game
   *[other] { $min } rated games
 } (? marks a provisional rating):
lb-empty-min = No player { $pool ->
    [yes] of the games paired everywhere
   *[no] here
 } has { $min ->
    [one] a rated { $game } game
   *[other] { $min } rated { $game } games
 } yet.
lb-you-few = You have { $games ->
    [one] one rated { $game } game
   *[other] { $games } rated { $game } games
 } { $pool ->
    [yes] paired everywhere
   *[no] here
 }, fewer than the { $min } this list asks for.
profile-title = { $name }'s ratings here (? marks a provisional rating):
profile-line = { $game }: { $rating } · { $record }
profile-form = { $went ->
    [won] { $single ->
        [yes] Last game won
       *[other] { $streak } won in a row
    }
    [lost] { $single ->
        [yes] Last game lost
       *[other] { $streak } lost in a row
    }
   *[drawn] { $single ->
        [yes] Last game drawn
       *[other] { $streak } drawn in a row
    }
 } · recent, newest first: { $recent }
profile-none = { $name } has no rated game here yet.
profile-chart-title = Rating after each rated game
profile-chart-x = rated games
went-won = W
went-lost = L
went-drawn = D
history-title = Recent games here:
history-title-player = { $name }'s recent games here:
history-none = No finished game here matches.
history-page = Page { $page } of { $pages }.
history-page-more = Page { $page } of { $pages }; older games: page={ $next }.
err-no-such-page = There is no page { $page }: the list has { $pages ->
    [one] one page
   *[other] { $pages } pages
 }.
history-won = #{ $id } { $game }: { $winner } beat { $loser } · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· unrated
}
history-drawn = #{ $id } { $game }: { $p1 } and { $p2 } drew · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· unrated
}
history-both-won = #{ $id } { $game }: { $p1 } and { $p2 } both won · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· unrated
}
history-both-lost = #{ $id } { $game }: { $p1 } and { $p2 } both lost · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· unrated
}
help-export = a game's record as a text file (every move; Dark Fence once it is over)
err-no-record = There is no game #{ $id } here.
err-record-hidden = #{ $id } hides its moves until it ends: its record comes after the end.
export-caption = Record of #{ $id } ({ $game }, { $plies ->
    [one] 1 ply
   *[other] { $plies } plies
 }): first the game's details (players, date, result) as PGN tags, then one line per ply with what the chat was told.
arg-id = a game number (#id)
help-replay = a finished game as an animated picture, one frame per ply
err-replay-running = #{ $id } is still being played: its replay comes once it ends.
replay-caption = Replay of #{ $id } ({ $game }, { $plies ->
    [one] 1 ply
   *[other] { $plies } plies
 }).
err-replay-busy = Your previous replay is still being drawn; wait for it, then ask again.
help-follow = get a game's public announcements privately (#id), or those of a player's games here (@player)
help-unfollow = stop following a game or a player
arg-follow = a game (#id) or a player (@name)
follow-game = You follow #{ $id }: its public announcements come to you privately. /unfollow #{ $id } stops them.
follow-game-already = You already follow #{ $id }.
unfollow-game = You no longer follow #{ $id }.
unfollow-game-not = You did not follow #{ $id }.
follow-player = You follow { $name }'s games in this community: their public announcements come to you privately. /unfollow with the player stops them.
follow-player-already = You already follow { $name }'s games here.
unfollow-player = You no longer follow { $name }'s games here.
unfollow-player-not = You did not follow { $name }'s games here.
err-follow-own = You play #{ $id }: its announcements reach you already.
err-follow-self = Your own games' announcements reach you already.

## Time away: the daily digest, vacations, linked accounts (docs/community.md)

digest-on = on (next { $at })
digest-off = off
discord-opt-digest = A private list each day of the games waiting for you: on or off
digest-header = Your daily digest: { $count ->
        [one] one game waits for you
       *[other] { $count } games wait for you
    }, the nearest deadline first:
digest-footer = /settings digest=off stops this message.
games-line-timed = { $line } ({ $left } left)
games-line-paused = { $line } (clock stopped: vacation until { $until })
games-line-platform = { $platform }: { $line }
help-vacation = days off: your clocks stop in correspondence games (/vacation off returns early)
arg-name-days = days
discord-opt-days = How many days, or off to return early (empty: your days left)
vacation-status-off = You have { $left } of { $allowance } vacation days left this year (UTC). /vacation <days> stops your clocks in correspondence games; live games are not paused.
vacation-status-on = You are on vacation until { $until }: your clocks in correspondence games stand still. Your next move, or /vacation off, ends it early. { $left } of { $allowance } days left this year.
vacation-started = Vacation until { $until }: your clocks stand still in correspondence games ({ $games }). Live games are not paused. Your next move, or /vacation off, ends it early. { $left } of { $allowance } days left this year.
vacation-no-games = none running now
vacation-told = { $name } is on vacation until { $until }: their clock in { $games } stands still until they return.
vacation-back-told = { $name } is back from vacation: clocks run again in { $games }.
vacation-ended = Welcome back: your clocks run again. { $left } of { $allowance } vacation days left this year (days not begun are given back).
vacation-over = Your vacation is over: your clocks run again.
err-vacation-days = Give a whole number of days from 1 to { $left } (your vacation days left this year), or /vacation off to return early.
err-vacation-none-left = You have used your { $allowance } vacation days for this year.
err-vacation-running = You are already on vacation until { $until }. /vacation off ends it; then you may take another.
err-vacation-not = You are not on vacation. /vacation <days> starts one.
help-link = link your accounts on other platforms: one /games list and one digest for all
help-unlink = unlink this account from your others
arg-name-code = code
discord-opt-code = The code /link gave your other account (empty: get a code)
link-code = Your link code: { $code }. Within { $minutes } minutes, send /link { $code } to me privately from your account on the other platform: /games and the daily digest then list the games of both.
link-linked = Linked now: { $accounts }.
link-done = Linked: { $accounts }. /games in a private chat and the daily digest list the games of all of them. /unlink undoes it.
unlink-done = This account is no longer linked to your others.
unlink-not = This account is not linked to any other.
err-link-code = That link code is unknown or has expired. Get a new one with /link on your other account.
err-link-self = That is this account's own code: send it from your account on the other platform.
err-link-private = Link codes are personal: use /link in a private chat with me.

## Position mistakes: why a position="…" was refused (the detail of err-position)
# After pos-bad-castling, pos-chaos-malformed, pos-unreadable and pos-impossible, English readers
# also get the parser's own sentence, which exists only in English (src/table/narrate.rs).
pos-wrong-game = those options belong to another game
pos-empty = the position text is empty
pos-rank-count = a position needs { $ranks } ranks separated by `/`, not { $found }
pos-rank-length = rank { $rank } describes { $squares } squares, not { $files }
pos-bad-character = `{ $found }` is neither a piece letter ({ $letters }) nor a number of empty squares
pos-missing-side = the side to move (w or b) is missing after the board
pos-bad-side = the side to move must be w or b, not `{ $found }`
pos-trailing = unexpected `{ $found }` after the position
pos-king-count = { $color } has { $count } kings; each side needs exactly one
pos-too-many = { $color } has { $count } pieces of kind { $piece }, more than the { $max } it starts with
pos-king-capturable = { $color } is not to move but its king on { $king } can be captured by the { $piece } on { $attacker }
pos-bad-castling = castling rights `{ $found }` do not hold
pos-bad-en-passant = en passant `{ $found }` is not a square a pawn has just skipped
pos-bad-counter = `{ $found }` is not a move counter
pos-pawn-rank = a pawn cannot stand on { $square }
pos-opponent-in-check = the side not to move is in check, which no legal move leaves
pos-chaos-malformed = expected `b1,...,b12;side;last`
pos-chaos-duplicate = piece { $piece } appears twice
pos-unreadable = the position text does not read
pos-impossible = no game can reach this position

# Each chat its own language (/settings chat-language=…, issue 41).
chat-language-set = This chat's language is now { $language }: new games announce here in it{ $games ->
    [0] .
    [one] , and so does the game already running.
   *[other] , and so do the { $games } games already running.
} Each player still hears privately in their own language (/settings language=…).
chat-language-cleared = This chat has no language of its own any more: each new game announces here in its creator's language.
err-chat-language-admins = Only an administrator of this chat can set its language.
err-chat-language-private = A chat's language is set in the chat itself: send /settings chat-language=en|zh-Hans|zh-Hant there.
discord-opt-chat_language = This chat's language for game announcements (administrators; auto: each creator's)
arg-name-chat_language = chat-language
lang-name-auto = automatic (each game's creator's)

## Seeks (/seek, /unseek; docs/community.md "Seeks")

help-seek = wait for an opponent on your terms (a game, its options, a clock); /seek alone lists the open seeks
help-unseek = stop seeking: one game's seeks, or all of yours
err-seek-position = A seek is for a game from its normal start: to play from a position, use /new with position=.
err-seek-limit = You already have { $limit } open seeks, the most allowed: /unseek one first.
err-seek-unreachable = This game tells each player their view privately, and I cannot write to you yet: send me /start in a private chat, then /seek again.
err-seek-unreachable-link = This game tells each player their view privately, and I cannot write to you yet: open { $link } and press Start, then /seek again.
seek-terms = { $game }, { $clock }, { $rated ->
    [yes] rated
   *[no] unrated
}
seek-waiting = { $name } seeks an opponent: { $terms }. To play, type { $command } here or in another channel of this community. Open until { $until }; /unseek withdraws it.
seek-renewed = Your seek is open again: { $terms }, until { $until }.
seek-list-none = No open seeks here. Start one: /seek <game> [options].
seek-list = Open seeks:
seek-line = { $name }: { $terms }. To play: { $command }
seek-unseek-done = { $count ->
    [one] Your seek is withdrawn.
   *[other] Your { $count } seeks are withdrawn.
}
seek-unseek-none = You have no open seek.
seek-paired-elsewhere = You are paired with { $opponent }: { $game } #{ $id } is played in the channel where they asked.
seek-answered = Your seek found an opponent: { $opponent }. { $game } #{ $id } has started in the chat where you asked.
seek-expired = Your seek closed without an opponent: { $terms }. /seek again to keep waiting.
seek-bot-offer = No one has answered your seek yet ({ $terms }). Meanwhile you can play me: { $command } (your seek stays open).
btn-seek = Play
err-seek-gone = That seek is no longer open: it was answered, withdrawn or closed. /seek lists the open ones.
err-seek-own = That is your own seek: someone else's /seek on the same terms, or their press of Play, starts the game. /unseek withdraws it.
err-seek-public-off = This community's seeks stay in it: an administrator lets them pair with other communities by /settings public-seeks=on.
seek-waiting-everywhere = { $name } seeks an opponent in every community that allows it: { $terms }. Anyone there answers with { $command }; the game is played in private chats with me. Open until { $until }; /unseek withdraws it.
seek-paired-private = You are paired with { $opponent }: { $game } #{ $id } is played in our private chat.
seek-answered-private = Your seek found an opponent: { $opponent }. { $game } #{ $id } is played here, in our private chat.
seek-public-on = This community's seeks with scope=everywhere now pair with every community that allows it, in private chats with me.
seek-public-off = This community's seeks now pair only within it.
discord-opt-public_seeks = Whether this community's everywhere seeks pair with other communities (administrators)
place-private-chat = our private chat
arg-name-public_seeks = public-seeks

## Tournaments (/tournament; docs/community.md "Tournaments")

help-tournament = this chat's tournament: new, join, leave, start, standings, pairings, withdraw @player, end
arg-task = what to do: new, join, leave, start, standings, pairings, withdraw or end
arg-name-task = action
discord-opt-task = What to do with this chat's tournament
tournament-action-new = new
tournament-action-join = join
tournament-action-leave = leave
tournament-action-start = start
tournament-action-standings = standings
tournament-action-pairings = pairings
tournament-action-withdraw = withdraw
tournament-action-end = end
tournament-name = { $game } { $format ->
    [roundrobin] round robin
    [double] double round robin
   *[swiss] Swiss
} #{ $id }
tournament-made = { $maker } made the { $name }: { $terms }, { $rounds ->
    [0] the rounds counted at the start
    [one] 1 round
   *[other] { $rounds } rounds
}, up to { $max } players. To play, type /tournament join here.
tournament-starts-at = It starts at { $at }.
tournament-starts-by-maker = It starts when { $maker } or an administrator types /tournament start.
tournament-joined = { $player } joined the { $name } ({ $count } of at most { $max } players).
tournament-joined-late = { $player } joined the { $name } and is paired from round { $round } on (the rounds missed count 0).
tournament-left = { $player } left the { $name }.
tournament-withdrew = { $player } withdrew from the { $name }: not paired from round { $round } on (a game being played goes on).
tournament-withdrawn = { $by } withdrew { $player } from the { $name }: not paired from round { $round } on (a game being played goes on).
tournament-board = { $board }. { $white } – { $black }: { $result }
tournament-board-bye = { $board }. { $player }: bye ({ $points })
tournament-playing = #{ $id }, being played
tournament-played = #{ $id }, { $white }–{ $black }
tournament-forfeit = not played, { $white }–{ $black }
tournament-round-started = { $name }: round { $round } of { $rounds } has started. On each board the first player named moves first.
tournament-round-pairings = { $name }, round { $round } of { $rounds }:
tournament-told-first = { $name }, round { $round }: you play { $opponent } and move first, game #{ $id }.
tournament-told-second = { $name }, round { $round }: you play { $opponent }, who moves first, game #{ $id }.
tournament-told-bye = { $name }, round { $round }: you have no game this round (a bye).
tournament-tb-buchholz = Buchholz
tournament-tb-sb = SB
tournament-tb-direct = Head-to-head
tournament-final-standings = { $name }: final standings
tournament-standings-after = { $name }: { $round ->
    [0] the players so far
   *[other] standings after round { $round } of { $rounds }
}
tournament-no-players = No players yet: /tournament join.
tournament-standing-line = { $place }. { $player }: { $points }
tournament-standing-breaks = ({ $breaks })
tournament-withdrawn-mark = (withdrawn)
tournament-winner = { $shared ->
   *[no] { $players } wins the { $name } with a score of { $points }!
    [yes] { $players } share first place in the { $name } with a score of { $points } each!
}
tournament-col-player = Player
tournament-col-points = Pts
tournament-more = … and {"{"}n{"}"} more
tournament-ended-by = { $by } ended the { $name } early; games still being played no longer count.
tournament-too-few = The { $name } did not start: fewer than two players joined.
err-tournament-none = There is no tournament here. An administrator makes one: /tournament new <game> format=swiss|roundrobin.
err-tournament-exists = This chat already has a tournament that is not over (#{ $id }): /tournament standings shows it, and its organiser may /tournament end it.
err-tournament-makers = Only this community's administrators make tournaments here (they may let everyone: /settings tournaments=everyone).
err-tournament-organisers = Only the tournament's maker or an administrator of its chat may do that.
err-tournament-closed = This tournament takes no more players: a round robin once it has started, a Swiss once its last round is paired.
err-tournament-full = This tournament is full ({ $max } players).
err-tournament-already = You already play in this tournament.
err-tournament-not-playing = That player does not play in this tournament (or has withdrawn).
err-tournament-started = This tournament has already started.
err-tournament-too-few = A tournament needs at least two players to start: /tournament join.
err-tournament-over = This tournament is over: /tournament standings shows its final standings.
err-tournament-no-round = Round { $round } has not been paired.
err-tournament-setting = { $key }={ $value } is not a setting this tournament can take: format=swiss|roundrobin, rounds=1–30 (Swiss), double=yes|no (round robin), starts=30m|2h|1d, max=2–200 (at most 30 in a round robin).
err-tournament-needs-game = Name the game: /tournament new <game> [format=swiss|roundrobin] [rounds=N] …
err-tournament-needs-player = Name the player: /tournament withdraw @player.
err-tournament-unreachable = This game tells each player their view privately, and I cannot write to you yet: send me /start in a private chat, then /tournament join again.
err-tournament-unreachable-link = This game tells each player their view privately, and I cannot write to you yet: open { $link } and press Start, then /tournament join again.
arg-name-tournaments = tournaments
discord-opt-tournaments = Who makes tournaments in this community (administrators)
tournament-makers-admins = admins
tournament-makers-everyone = everyone
tournament-makers-admins-set = Only this community's administrators make tournaments now.
tournament-makers-everyone-set = Anyone in this community may make a tournament now (/tournament new); its maker starts and ends it.
tournament-place-title = { $name } · round { $round }
tournament-place = The games are played in “{ $place }”.
