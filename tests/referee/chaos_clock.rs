//! Chaos Clock at the table, end to end through the transcript runner (the console's referee on
//! a database): a whole game against the bot, every turn in a new referee process on the same
//! database (so each step also resumes after a restart); buttons for exactly the legal actions;
//! a fair start; `/hint` only where both players agreed to hints; the post-game analysis; and
//! refusals that change nothing.
//!
//! Expected verdicts come from the worked examples of `docs/chaos-clock.md`,
//! not from the solver under test.

use std::path::Path;

use arbiter::core::{Seat, Seed};
use arbiter::games::chaos_clock::{Action, Options, State, fast, solver};
use arbiter::games::{Game, GameOptions};
use arbiter::store::{GameStatus, NewGame, Store};
use arbiter::table::clock::TimeControl;

use crate::common;
use crate::common::{last_buttons, run, texts_to};

/// The game as stored: options, seed, and the actions replayed from the log by the engine.
async fn stored_game(db: &Path, id: i64) -> (State, Vec<(i64, String)>, String, Option<String>) {
    let store = Store::open(db).await.expect("the store opens");
    let row = store.game(arbiter::store::GameId(id)).await.expect("the game is stored");
    let options = Options::from_pairs(
        &arbiter::games::options::split_pairs(&row.options).expect("stored options split"),
    )
    .expect("stored options parse");
    let mut game = match &row.position {
        Some(p) => State::from_position(&options, p, Seed(0)).expect("stored position"),
        None => State::new(&options, Seed(row.seed as u64)).expect("the start replays"),
    };
    let mut log = Vec::new();
    for a in store.actions(arbiter::store::GameId(id)).await.expect("actions") {
        let seat = Seat(u8::try_from(a.seat).expect("a seat"));
        let action = game.parse_action(seat, &a.notation).expect("a stored action parses");
        game.play(seat, &action).expect("a stored action replays");
        log.push((a.seat, a.notation));
    }
    (game, log, row.status.as_str().to_string(), row.result.map(arbiter::store::result_code))
}

/// The button label of an action, as the English wording says it.
fn label(action: Action) -> String {
    match action {
        Action::Move(n) => format!("move {n}"),
        Action::Drop(n) => format!("drop {n}"),
        Action::Pass => "pass".to_string(),
    }
}

/// Alice's simple policy: bring a piece home if she can, else drop, else the first move, and
/// pass only when nothing else is legal.
fn alice_choice(game: &State) -> Action {
    let legal = game.legal_actions(game.to_move());
    let board = game.board();
    let homing = legal.iter().copied().find(|a| match a {
        Action::Move(n) => game.slot_of(*n).is_some_and(|s| {
            arbiter::games::chaos_clock::landing(s, *n) == *n && board[usize::from(*n) - 1] == 0
        }),
        _ => false,
    });
    homing
        .or_else(|| legal.iter().copied().find(|a| matches!(a, Action::Drop(_))))
        .or_else(|| legal.iter().copied().find(|a| matches!(a, Action::Move(_))))
        .unwrap_or(Action::Pass)
}

#[tokio::test]
async fn a_whole_game_against_the_bot_plays_at_the_console_and_ends_with_an_analysis() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("c.db");
    let out = run("alice@#t: /new chaos-clock @bot\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public[0].starts_with(
            "Chaos Clock #1: alice (Jia, odd pieces) vs Arbiter (bot) (Yi, even pieces, moves first)."
        ),
        "{public:#?}"
    );
    // 乙 moves first: the bot has already answered, saved before it was announced.
    let (game, log, status, _) = stored_game(&db, 1).await;
    assert_eq!(status, "active");
    assert_eq!(log.len(), 1);
    assert_eq!(log[0].0, 1, "the bot sits in 乙's seat");
    assert!(public.last().expect("messages").contains("alice (Jia, odd) to act."), "{public:#?}");
    // The buttons under the board are exactly alice's legal actions.
    let mut expected: Vec<String> = game.legal_actions(Seat(0)).into_iter().map(label).collect();
    let mut shown = last_buttons(&out, "#t");
    expected.sort();
    shown.sort();
    assert_eq!(shown, expected);
    // Nobody is sent private messages for the bot, and alice is not pinged: the bot's answer
    // comes right after her own action.
    assert!(out.iter().all(|m| m["to"] != "dm:bot" && m["to"] != "dm:alice"), "{out:#?}");

    let mut last_out = out;
    for turn in 0..150 {
        let (game, log, status, _) = stored_game(&db, 1).await;
        if status != "active" {
            break;
        }
        assert_eq!(game.to_move(), Seat(0), "turn {turn}: after each step it is alice's turn");
        let action = alice_choice(&game);
        last_out = run(&format!("alice@#t: /move {action}\n"), &db).await;
        let (after, new_log, status, _) = stored_game(&db, 1).await;
        // Alice's action was played, then the bot's answers (a drop capturing an opponent's
        // piece earns another turn, so either side may act twice).
        assert!(new_log.len() > log.len(), "turn {turn}: {last_out:#?}");
        assert_eq!(new_log[log.len()], (0, action.to_string()));
        if status == "active" {
            assert_eq!(after.to_move(), Seat(0));
        }
    }
    let (game, log, status, result) = stored_game(&db, 1).await;
    assert_eq!(status, "over", "the game ends within 150 of alice's turns: {log:?}");
    assert!(game.outcome().is_some());
    assert!(
        matches!(result.as_deref(), Some("seat:0" | "seat:1" | "both-win" | "both-lose")),
        "{result:?}"
    );
    let public = texts_to(&last_out, "#t");
    assert!(
        public.iter().any(|t| t.starts_with("Analysis of #1: with best play the start was")),
        "{public:#?}"
    );
    // Over: no buttons any more.
    assert!(last_buttons(&last_out, "#t").is_empty());
}

/// Writes a running game of alice (甲) against bob (乙) in `#t` from `position`, as `/new` and
/// `/accept` would have left it; returns its id.
async fn start_from(db: &Path, position: &str, options: &str) -> i64 {
    start_between(db, position, options, r#"["alice","bob"]"#).await
}

/// The same with the seats given (JSON), e.g. alice against the bot.
async fn start_between(db: &Path, position: &str, options: &str, seats: &str) -> i64 {
    start_in(db, position, options, seats, "en").await
}

/// The same in the chat language `locale`.
async fn start_in(db: &Path, position: &str, options: &str, seats: &str, locale: &str) -> i64 {
    common::create_game(
        db,
        &NewGame {
            platform: arbiter::bot::script::PLATFORM.to_owned(),
            chat: "#t".into(),
            kind: "chaos-clock".to_owned(),
            options: options.to_owned(),
            position: Some(position.to_owned()),
            seed: 0,
            seats: seats.to_owned(),
            creator: "alice".into(),
            locale: locale.to_owned(),
            status: GameStatus::Active,
            clock: serde_json::to_string(&TimeControl::default()).expect("serialises"),
            engine_version: arbiter::table::ENGINE_VERSION,
            now: arbiter::bot::script::EPOCH,
            community: None,
            parent_chat: None,
            rated: false,
            bot_level: None,
        },
    )
    .await
}

// Spec §6.1, last seed row: 4,3,7,11,5,10,12,0,0,2,0,0 with 甲 to move and 7 just moved: 甲 wins,
// and only by m11.
const JIA_WINS_BY_M11: &str = "4,3,7,11,5,10,12,0,0,2,0,0;0;7";

#[tokio::test]
async fn a_hint_names_the_verdict_and_every_best_action_privately_only_where_hints_are_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("h.db");
    let off = start_from(&db, JIA_WINS_BY_M11, "").await;
    let on = start_from(&db, JIA_WINS_BY_M11, "hints=on").await;
    let out = run(&format!("alice@#t: /hint #{off}\nalice@#t: /hint #{on}\n"), &db).await;
    let to_alice = texts_to(&out, "dm:alice");
    assert!(
        out.iter().any(|m| m["text"]
            .as_str()
            .is_some_and(|t| t.starts_with(&format!("Hints are off in #{off}")))),
        "{out:#?}"
    );
    let hint = to_alice.iter().find(|t| t.starts_with("Hint for")).expect("a hint");
    assert!(
        hint.starts_with(&format!(
            "Hint for #{on}, alice (Jia, odd) to act: with best play this is a win for you. Best: move 11."
        )),
        "{hint}"
    );
    // Nothing about the hint reaches the channel.
    assert!(texts_to(&out, "#t").iter().all(|t| !t.contains("Best:")), "{out:#?}");
    // Bob is waiting: a hint is for the player to act, so he is told whose turn it is, and
    // nothing about the position reaches him.
    let out = run(&format!("bob@#t: /hint #{on}\n"), &db).await;
    let texts: Vec<&str> = out.iter().filter_map(|m| m["text"].as_str()).collect();
    assert_eq!(texts, ["It is alice's turn."], "{out:#?}");
}

// Spec §6.1, first seed row: 甲 to move, 共赢 with best play by d7, d9, m2 or m11 (the spec lists
// the reference solver's actions; pass and m12, which it prunes, may be best here too).
const BOTH_WIN_FOR_JIA: &str = "4,3,11,0,5,6,0,0,0,2,0,0;0;12";

#[tokio::test]
async fn a_chinese_game_is_worded_in_chinese_with_chinese_list_and_sentence_punctuation() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("z.db");
    let id = start_in(&db, BOTH_WIN_FOR_JIA, "hints=on", r#"["alice","bob"]"#, "zh-Hans").await;
    let out =
        run(&format!("alice@#t: /settings language=zh-Hans\nalice@#t: /hint #{id}\n"), &db).await;
    let hint = texts_to(&out, "dm:alice").concat();
    // Generation order: drops, then moves, each ascending; joined with 、.
    assert!(hint.contains("最佳下法下为共赢。最佳：摆7、摆9、走2、"), "{hint}");
    assert!(hint.contains("走11"), "{hint}");
    assert!(!hint.contains(", ") && !hint.contains("Best"), "{hint}");
    // The public announcement: no space after the player's name nor after 。.
    let out = run(&format!("alice@#t: /move #{id} 走2\n"), &db).await;
    let public = texts_to(&out, "#t").concat();
    assert!(public.contains("alice（甲，单数）把 2 号从 "), "{public}");
    assert!(public.contains("\n轮到 bob（乙，双数）。2 号刚被移动，现在不能走。"), "{public}");
    assert!(!public.contains("。 ") && !public.contains("） "), "{public}");
}

#[tokio::test]
async fn the_analysis_names_the_first_action_that_changed_the_proven_outcome() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    let id = start_from(&db, JIA_WINS_BY_M11, "").await;
    // m11 is 甲's only winning action, so passing gives the win away; then 甲 resigns.
    let out = run(&format!("alice@#t: /pass #{id}\nalice@#t: /resign #{id}\n"), &db).await;
    let public = texts_to(&out, "#t");
    let analysis =
        public.iter().find(|t| t.starts_with("Analysis of")).expect("an analysis after the end");
    assert!(
        analysis.starts_with(&format!(
            "Analysis of #{id}: with best play the start was alice wins; action 1, alice (Jia, odd): pass, first changed it to"
        )),
        "{analysis}"
    );
}

#[tokio::test]
async fn refused_actions_say_why_and_change_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    let id = start_from(&db, JIA_WINS_BY_M11, "").await;
    let out = run(
        &format!(
            "alice@#t: /move 7 #{id}\nalice@#t: /move 5 #{id}\nalice@#t: /move d4 #{id}\n\
             alice@#t: /move 13 #{id}\nbob@#t: /move 2 #{id}\n"
        ),
        &db,
    )
    .await;
    let said: Vec<&str> = out.iter().map(|m| m["text"].as_str().unwrap_or("")).collect();
    for expected in [
        "Piece 7 was just moved by your opponent and may not move now. Nothing was done.",
        "Piece 5 is home and never moves again. Nothing was done.",
        "Piece 4 is not yours to drop. Nothing was done.",
        "\"13\" is not an action",
        "It is alice's turn.",
    ] {
        assert!(said.iter().any(|t| t.starts_with(expected)), "{expected}: {said:#?}");
    }
    let (_, log, status, _) = stored_game(&db, id).await;
    assert!(log.is_empty(), "{log:?}");
    assert_eq!(status, "active");
    // The fair start's recorded draw is the engine's, not a player's option (it would skip the
    // proof).
    let out = run("alice@#t: /new chaos-clock @bob start=fair fair_draw=2\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        [
            "Those settings don't work: unknown option `fair_draw` (known: start, hints). See /rules."
        ]
    );
    let store = Store::open(&db).await.expect("the store opens");
    assert!(store.game(arbiter::store::GameId(id + 1)).await.is_err(), "no game was created");
    // Offers to the bot are refused.
    let out = run("alice@#t: /new chaos-clock @bot\nalice@#t: /draw #2\n", &db).await;
    assert!(
        texts_to(&out, "#t")
            .contains(&"I do not take draw or takeback offers: play on, or /resign."),
        "{out:#?}"
    );
}

/// Against the bot the inviter chooses a side: `side=yi` moves first as 乙, `side=jia` lets
/// the bot (乙) open, `side=random` takes either (both happen over six games), and the
/// stored seats agree with what was announced. A person's game has no such option.
#[tokio::test]
async fn the_inviter_chooses_a_side_against_the_bot() {
    // At level 1, which searches nothing: the sides are the subject here, not the bot's play.
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("s.db");
    let out = run("alice@#t: /new chaos-clock @bot side=yi level=1\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(public[0].contains("vs alice (Yi, even pieces, moves first)"), "{public:#?}");
    assert!(!public.iter().any(|t| t.contains("ply 1")), "the bot waits for alice: {public:#?}");
    let out = run("alice@#t: /new chaos-clock @bot side=jia level=1\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(public[0].contains("alice (Jia, odd pieces) vs Arbiter (bot)"), "{public:#?}");
    assert!(public.iter().any(|t| t.contains("#2 ply 1: Arbiter (bot)")), "{public:#?}");
    let mut sides = std::collections::BTreeSet::new();
    let store = Store::open(&db).await.expect("the store opens");
    for id in 3..9 {
        let out = run("alice@#t: /new chaos-clock @bot side=random level=1\n", &db).await;
        let first = texts_to(&out, "#t")[0].to_string();
        let row = store.game(arbiter::store::GameId(id)).await.expect("stored");
        let seats: Vec<Option<String>> = serde_json::from_str(&row.seats).expect("seats");
        let seat = seats.iter().position(|s| s.as_deref() == Some("alice")).expect("seated");
        let announced = if first.contains("alice (Yi") { 1 } else { 0 };
        assert_eq!(seat, announced, "{first}");
        sides.insert(seat);
    }
    assert_eq!(sides.len(), 2, "both sides came up");
    let out = run(
        "alice@#t: /new chaos-clock @bob side=yi\nalice@#t: /new chaos-clock @bot side=up\n",
        &db,
    )
    .await;
    let public = texts_to(&out, "#t");
    assert!(public[0].contains("unknown option `side`"), "{public:#?}");
    assert!(public[1].contains("option `side` cannot be `up` (expected jia or yi or random)"));
}

/// Chinese players' spellings: `/move 5号` (piece five), `/过` (pass).
#[tokio::test]
async fn a_piece_number_with_hao_and_the_pass_command_guo_are_understood() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("h.db");
    // 甲 (alice) to move, 7 just moved: 甲 may move 11 (the seed's winning move) or pass.
    let id = start_from(&db, JIA_WINS_BY_M11, "").await;
    let out = run(
        &format!(
            "alice@#t: /过 #{id}
bob@#t: /move 2号 #{id}
"
        ),
        &db,
    )
    .await;
    let said = texts_to(&out, "#t");
    assert!(said.iter().any(|t| t.contains("alice (Jia, odd) passes")), "{said:#?}");
    let (_, log, _, _) = stored_game(&db, id).await;
    let actions: Vec<&str> = log.iter().map(|(_, a)| a.as_str()).collect();
    assert_eq!(actions, ["pass", "m2"], "{said:#?}");
}

#[tokio::test]
async fn a_fair_start_is_announced_as_proven_and_reloads_without_searching_again() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("f.db");
    let out = run("alice@#t: /new chaos-clock @bob start=fair\nbob@#t: /accept\n", &db).await;
    let public = texts_to(&out, "#t");
    let fair =
        public.iter().find(|t| t.contains("Fair start: ")).expect("the start says it was proven");
    // In players' words: no solver, no seed.
    assert!(
        fair.contains("if both of you play well, you both bring all your pieces home and both win"),
        "{fair}"
    );
    assert!(!fair.contains("seed") && !fair.contains("solver"), "{fair}");
    let store = Store::open(&db).await.expect("the store opens");
    let row = store.game(arbiter::store::GameId(1)).await.expect("stored");
    assert!(row.options.contains("start=fair"), "{}", row.options);
    assert!(row.options.contains("fair_draw="), "the draw is recorded: {}", row.options);
    let (game, _, _, _) = stored_game(&db, 1).await;
    // A start with no piece at home and 乙 to move, whose value is 共赢.
    assert!(game.board().iter().zip(1u8..).all(|(&p, s)| p != s && p != 0));
    assert_eq!(game.to_move(), Seat(1));
    assert_eq!(
        fast::value(&game.solver_pos(), fast::DEFAULT_BUDGET),
        Ok(solver::BOTH_WIN),
        "{}",
        game.position()
    );
    // The recorded draw is the first 共赢 one from the seed: every earlier draw is not 共赢.
    let draw: u32 = row
        .options
        .split(',')
        .find_map(|p| p.strip_prefix("fair_draw="))
        .and_then(|d| d.parse().ok())
        .expect("a draw number");
    let mut rng = arbiter::games::chaos_clock::SplitMix64(row.seed as u64);
    for _ in 1..draw {
        let board = rng.derangement();
        let state = State::from_position(
            &Options::default(),
            &format!("{};1;0", board.map(|p| p.to_string()).join(",")),
            Seed(0),
        )
        .expect("a derangement is a position");
        assert_ne!(fast::value(&state.solver_pos(), fast::DEFAULT_BUDGET), Ok(solver::BOTH_WIN));
    }
    assert_eq!(rng.derangement(), game.board());
}

// A restart between a player's saved action and the bot's answer: the stored game has the bot
// (乙) to act. The next clock tick makes it move, saved and announced like any action; it never
// loses on time.
#[tokio::test]
async fn a_bot_interrupted_before_its_answer_moves_on_the_next_tick() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("t.db");
    // Spec §6.1 row 2: 乙 to move, 共赢 with best play by d10 or m12.
    let id = start_between(&db, "4,3,11,0,5,6,12,0,0,2,0,0;1;11", "", r#"["alice","bot"]"#).await;
    let out = run("!clock +2d\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public.iter().any(|t| t.starts_with(&format!("#{id} ply 1: Arbiter (bot)"))),
        "{public:#?}"
    );
    assert!(public.iter().all(|t| !t.contains("lost on time")), "{public:#?}");
    let (_, log, _, _) = stored_game(&db, id).await;
    assert_eq!(log.len(), 1);
    // The spec's best actions for this row (pass is also best here: decision 2 of the spec).
    assert!(["d10", "m12", "pass"].contains(&log[0].1.as_str()), "{log:?}");
}

/// A start (given with `position=`) where 甲 (alice) has only piece 1 in hand and 乙 (bob) is to
/// move with piece 10 in hand, 2 on slot 4 and 4 on slot 10; everything else is home.
const STUCK_NEXT: &str = "0,0,3,2,5,6,7,8,9,4,11,12;1;0";

/// Worked out by hand: bob's 4 goes 10 → 2. Now 2 sits on 4's slot and 4 on 2's, each would land
/// on slot 6 (6 is home, no piece may land there) and no other piece can ever reach them: both
/// are stuck for good, so bob can never finish. Alice drops 1 next and finishes, and bob (3 pieces
/// home) then loses at once. The referee ends the game right after bob's move, naming 2 and 4.
#[tokio::test]
async fn a_side_stuck_for_good_is_adjudicated_at_once_naming_the_stuck_pieces() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("c.db");
    let script = format!(
        "alice@#t: /new chaos-clock @bob position=\"{STUCK_NEXT}\"\nbob@#t: /accept\nbob@#t: /move 4\n"
    );
    let out = run(&script, &db).await;
    let public = texts_to(&out, "#t").join("\n");
    assert!(
        public.contains("#1: bob's pieces 2, 4 can never move again, so they never come home"),
        "{public}"
    );
    assert!(public.contains("#1 is over: alice wins."), "{public}");
    let (_, log, status, result) = stored_game(&db, 1).await;
    assert_eq!(log, [(1, "m4".to_string())]);
    assert_eq!((status.as_str(), result.as_deref()), ("over", Some("seat:0")));
    let store = Store::open(&db).await.expect("the store opens");
    let row = store.game(arbiter::store::GameId(1)).await.expect("the game");
    assert_eq!(row.reason.map(|r| r.to_string()).as_deref(), Some("stuck-adjudicated"));
}

/// In [`STUCK_NEXT`] bob is lost whatever he does (worked out by hand: after 4 → 2 or the drop
/// of 10 alice's drop of 1 wins and her pass lets bob escape, 1 winning reply of 2; after bob's
/// pass alice may also move bob's 4 herself, which wins too, 2 of 3). The hint says so and
/// ranks the actions by those counts instead of calling every action "best".
#[tokio::test]
async fn a_hint_in_a_lost_position_ranks_the_actions_by_the_opponents_winning_replies() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("c.db");
    let script = format!(
        "alice@#t: /new chaos-clock @bob hints=on position=\"{STUCK_NEXT}\"\nbob@#t: /accept\nbob@#t: /hint\n"
    );
    let out = run(&script, &db).await;
    let hint = *texts_to(&out, "dm:bob").last().expect("the hint");
    assert!(hint.contains("with best play this is lost, alice"), "{hint}");
    // The two actions that leave 1 winning reply of 2 share the note, said once (issue 42).
    assert_eq!(hint.matches("(1 of 2 replies wins for them)").count(), 1, "{hint}");
    assert!(hint.contains(" or ") && hint.contains("move 4"), "{hint}");
    let last = hint.find("(2 of 3 replies win for them)").expect("the pass, last");
    assert!(hint.find("(1 of 2").is_some_and(|first| first < last), "{hint}");
}

/// The start's example names a piece the first player may move now, and it plays as written.
#[tokio::test]
async fn the_starts_example_is_an_action_the_first_player_can_send_as_it_is() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("c.db");
    let out = run("alice@#t: /new chaos-clock @bob\nbob@#t: /accept\n", &db).await;
    let start = texts_to(&out, "#t")
        .into_iter()
        .find(|t| t.starts_with("Chaos Clock #1:"))
        .expect("the start")
        .to_string();
    let piece = start
        .split("Actions: /move ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("an example: {start}"));
    assert!(start.contains(&format!("(move piece {piece}, which may move now)")), "{start}");
    let out = run(&format!("bob@#t: /move {piece}\n"), &db).await;
    assert!(
        texts_to(&out, "#t").iter().any(|t| t.starts_with("#1 ply 1: bob")),
        "{:#?}",
        texts_to(&out, "#t")
    );
    let (_, log, _, _) = stored_game(&db, 1).await;
    assert_eq!(log, [(1, format!("m{piece}"))]);
}

/// A referee over `db` for a platform that delivers from the outbox (as Telegram and Discord
/// do), so that what it announces is kept until delivered.
async fn kept_referee(db: &Path) -> arbiter::table::Referee {
    let store = Store::open(db).await.expect("the store opens");
    let policy = arbiter::table::Policy {
        dm_needs_start: false,
        default_lang: None,
        start_link: None,
        outbox: true,
        ..arbiter::table::Policy::default()
    };
    let clock =
        std::sync::Arc::new(arbiter::table::clock::ManualClock::new(arbiter::bot::script::EPOCH));
    let policies = std::collections::HashMap::from([(arbiter::bot::script::PLATFORM, policy)]);
    arbiter::table::Referee::open(store, clock, 7, policies).await.expect("the referee opens")
}

fn said(user: &str, text: &str) -> arbiter::table::Incoming {
    arbiter::table::Incoming {
        platform: arbiter::bot::script::PLATFORM,
        user_id: user.into(),
        user_name: user.into(),
        chat: arbiter::table::Chat::Group("#t".into()),
        input: text.into(),
        locale: None,
        is_admin: false,
        scope: arbiter::table::Scope::default(),
    }
}

/// Alice invites Bob to a random start and Bob accepts: game #1 runs.
async fn started(r: &arbiter::table::Referee) -> i64 {
    r.handle(said("alice", "/new chaos-clock @bob")).await;
    let started = r.handle(said("bob", "/accept")).await;
    assert!(started.iter().any(|m| m.text.starts_with("Chaos Clock #1: ")), "{started:#?}");
    1
}

/// The end of a Chaos Clock game is announced at once, saved with its announcement before it
/// is sent; the analysis, a search of seconds, does not hold it up but follows as a message of
/// its own, kept in the outbox after the end's.
#[tokio::test]
async fn the_end_is_announced_at_once_and_the_analysis_follows_as_its_own_kept_message() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    let id = start_from(&db, JIA_WINS_BY_M11, "").await;
    let r = kept_referee(&db).await;
    let ended = r.handle(said("alice", &format!("/resign #{id}"))).await;
    assert!(ended.iter().any(|m| m.text.contains(&format!("#{id} is over"))), "{ended:#?}");
    assert!(ended.iter().all(|m| !m.text.contains("Analysis of")), "{ended:#?}");
    let end_rows: Vec<i64> = ended.iter().filter_map(|m| m.outbox).collect();
    assert!(!end_rows.is_empty(), "the end is kept until delivered: {ended:#?}");
    let after = r.settle(std::time::Duration::from_secs(600)).await;
    assert_eq!(after.len(), 1, "{after:#?}");
    assert!(after[0].text.starts_with(&format!("Analysis of #{id}: ")), "{}", after[0].text);
    let row = after[0].outbox.expect("the analysis is kept until delivered");
    assert!(end_rows.iter().all(|end| *end < row), "kept after the end: {end_rows:?} {row}");
    let waiting = r.store().pending_messages(arbiter::bot::script::PLATFORM).await.expect("rows");
    assert!(waiting.iter().any(|m| m.id == row), "in the outbox until delivered");
    // Nothing more is promised: a start finds nothing to make again.
    let again = kept_referee(&db).await;
    assert!(again.settle(std::time::Duration::from_secs(600)).await.is_empty());
}

/// The bot dies right after a game's end is saved, while the analysis is searched: the end
/// promised it, so the next start makes it and keeps it in the outbox, exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_cut_short_by_a_crash_after_the_end_is_made_at_the_next_start_once() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    let r = std::sync::Arc::new(kept_referee(&db).await);
    let id = started(&r).await;
    let resign = format!("/resign #{id}");
    let handling = tokio::spawn({
        let r = r.clone();
        async move { r.handle(said("alice", &resign)).await }
    });
    // Killed as soon as the end is in the store.
    let store = Store::open(&db).await.expect("the store opens");
    let game = arbiter::store::GameId(id);
    while store.game(game).await.expect("the game").status != GameStatus::Over {
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    handling.abort();
    let _ = handling.await;
    // The process is gone: what it handed to the database is committed or rolled back before
    // the next start (an aborted task's statement would otherwise still run on sqlx's thread,
    // after the restart read the promises).
    let old = r.store().clone();
    drop(r);
    old.close().await;
    let analyses = |rows: &[arbiter::store::StoredMessage]| {
        rows.iter().filter(|m| m.message.body.contains(&format!("Analysis of #{id}: "))).count()
    };
    let platform = arbiter::bot::script::PLATFORM;
    let kept_before = analyses(&store.pending_messages(platform).await.expect("rows"));
    let restarted = kept_referee(&db).await;
    let made = restarted.settle(std::time::Duration::from_secs(600)).await;
    let made_now = made.iter().filter(|m| m.text.starts_with(&format!("Analysis of #{id}: ")));
    assert!(made_now.clone().all(|m| m.outbox.is_some()), "kept: {made:#?}");
    assert_eq!(kept_before + made_now.count(), 1, "the analysis, once: {made:#?}");
    let kept = analyses(&store.pending_messages(platform).await.expect("rows"));
    assert_eq!(kept, 1, "in the outbox until delivered");
    assert_eq!(store.meta(&format!("analysis-due.{id}")).await.expect("meta"), None);
}

// Issue 42: hints are never given in a rated game (docs/chaos-clock.md, decision 8; game #6 was
// rated with hints on). `hints=on` makes a game unrated, `hints=on rated=yes` is refused, and
// `/hint` in a rated game (one stored before this rule) is refused with the reason.
#[tokio::test]
async fn issue_42_hints_are_never_given_in_a_rated_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("h.db");
    let out = run("alice@#t: /new chaos-clock @bob hints=on\nbob@#t: /accept\n", &db).await;
    let start = texts_to(&out, "#t").join("\n");
    assert!(start.contains("hints allowed (so the game is unrated)"), "{start}");
    let store = Store::open(&db).await.expect("the store opens");
    let row = store.game(arbiter::store::GameId(1)).await.expect("stored");
    assert!(!row.rated, "a game with hints is unrated");
    // Both asked for: refused, nothing started.
    let out = run("alice@#t: /new chaos-clock @bob hints=on rated=yes\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        [
            "A rated game has no hints: leave out hints=on, or rated=yes (a game with hints is unrated). Nothing was started."
        ]
    );
    assert!(store.game(arbiter::store::GameId(2)).await.is_err(), "no game was created");
    // A rated game with hints on, as one stored before the rule: no hint.
    let id = common::create_game(
        &db,
        &NewGame {
            platform: arbiter::bot::script::PLATFORM.to_owned(),
            chat: "#t".into(),
            kind: "chaos-clock".to_owned(),
            options: "hints=on".to_owned(),
            position: Some(JIA_WINS_BY_M11.to_owned()),
            seed: 0,
            seats: r#"["alice","bob"]"#.to_owned(),
            creator: "alice".into(),
            locale: "en".to_owned(),
            status: GameStatus::Active,
            clock: serde_json::to_string(&TimeControl::default()).expect("serialises"),
            engine_version: arbiter::table::ENGINE_VERSION,
            now: arbiter::bot::script::EPOCH,
            community: None,
            parent_chat: None,
            rated: true,
            bot_level: None,
        },
    )
    .await;
    let out = run(&format!("alice@#t: /hint #{id}\n"), &db).await;
    let said: Vec<&str> = out.iter().filter_map(|m| m["text"].as_str()).collect();
    assert_eq!(
        said,
        [format!(
            "#{id} is rated, and a rated game has no hints: the result must be the players' own."
        )],
        "{out:#?}"
    );
}

// Issue 42: against the perfect bot a player can be lost before moving. From the spec's seed
// row where 甲 wins (and only by m11), alice takes 乙 (`side=yi`): the bot (甲) opens with m11
// and alice is lost whatever she does. She is told so and offered 甲, which she takes with the
// button; the game starts again from its start with alice as 甲, to act. Once she has acted,
// the sides stay.
#[tokio::test]
async fn issue_42_a_player_lost_before_moving_is_told_and_may_take_the_other_side() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("s.db");
    let out = run(
        &format!("alice@#t: /new chaos-clock @bot side=yi position=\"{JIA_WINS_BY_M11}\"\n"),
        &db,
    )
    .await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().any(|t| t.starts_with("#1 ply 1: Arbiter (bot)")), "{public:#?}");
    let (_, log, _, _) = stored_game(&db, 1).await;
    assert_eq!(log, [(0, "m11".to_string())], "the bot, 甲, plays the one winning action");
    // Said with the start, before the bot's opening: alice's board and buttons come last.
    assert_eq!(
        public[1],
        "alice, with best play this start is lost for Yi: I win whatever you do. You may take Jia \
         instead before your first action: press \"Switch sides\" or send /switch."
    );
    let warning = out.iter().find(|m| m["text"] == public[1]).expect("the warning");
    assert_eq!(warning["buttons"], serde_json::json!(["Switch sides"]));
    assert!(
        public.last().expect("the opening").contains("alice (Yi, even) to act."),
        "{public:#?}"
    );
    // The button (its payload: game 1, offered at the start, turn 0), pressed after the bot's
    // opening: still good, as alice has not acted.
    let out = run("alice@#t: /press 1:0:switch\n", &db).await;
    let public = texts_to(&out, "#t");
    assert_eq!(
        public[0],
        "#1: alice now plays Jia and I play Yi; the game starts again from its start."
    );
    assert!(
        public[1].starts_with("Chaos Clock #1: alice (Jia, odd pieces) vs Arbiter (bot) (Yi"),
        "{public:#?}"
    );
    let (game, log, status, _) = stored_game(&db, 1).await;
    assert!(log.is_empty(), "the bot's opening was taken back: {log:?}");
    assert_eq!(status, "active");
    assert_eq!(game.to_move(), Seat(0), "alice (甲) is to act");
    let store = Store::open(&db).await.expect("the store opens");
    let row = store.game(arbiter::store::GameId(1)).await.expect("stored");
    assert_eq!(row.seats, r#"["alice","bot"]"#);
    // Alice, now 甲, wins by m11 as the seed table says; after her first action, no switch.
    let out = run("alice@#t: /move 11\nalice@#t: /switch\n", &db).await;
    let said = texts_to(&out, "#t");
    assert!(said.iter().any(|t| t.starts_with("#1 ply 1: alice")), "{said:#?}");
    assert!(
        said.contains(
            &"You have acted in #1 already: sides can be switched only before your first action."
        ),
        "{said:#?}"
    );
}

/// The offer comes only when the player's side is lost: alice as 甲 in the same position is
/// the one who wins, and hears nothing of switching; against a person `/switch` is refused.
#[tokio::test]
async fn a_side_that_can_win_is_not_offered_the_other_and_people_cannot_switch() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("w.db");
    let out = run(
        &format!("alice@#t: /new chaos-clock @bot side=jia position=\"{JIA_WINS_BY_M11}\"\n"),
        &db,
    )
    .await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().all(|t| !t.contains("/switch")), "{public:#?}");
    assert!(
        out.iter().all(|m| m["buttons"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|b| b != "Switch sides")),
        "{out:#?}"
    );
    let id = start_from(&db, JIA_WINS_BY_M11, "").await;
    let out = run(&format!("bob@#t: /switch #{id}\n"), &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        [format!(
            "Sides can be switched only in a game against me: in #{id} your opponent is a person."
        )]
    );
}

// Issue 42: a start from a position says so (it said "Random start"), and every example of how
// to act is one of the buttons (it suggested `/move d7` where 7 cannot be dropped). In
// `STUCK_NEXT` bob (乙) is to act with piece 10 in hand.
#[tokio::test]
async fn issue_42_a_start_from_a_position_is_labelled_so_and_its_examples_are_among_the_buttons() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let out = run(
        &format!("alice@#t: /new chaos-clock @bob position=\"{STUCK_NEXT}\"\nbob@#t: /accept\n"),
        &db,
    )
    .await;
    let start = out
        .iter()
        .find(|m| {
            m["to"] == "#t" && m["text"].as_str().is_some_and(|t| t.starts_with("Chaos Clock #1:"))
        })
        .expect("the start");
    let text = start["text"].as_str().unwrap_or_default();
    assert!(text.contains("Start from a given position"), "{text}");
    assert!(!text.contains("Random start"), "{text}");
    let buttons: Vec<&str> =
        start["buttons"].as_array().into_iter().flatten().filter_map(|b| b.as_str()).collect();
    let examples = text.split("Actions: ").nth(1).expect("the examples");
    let mut named = 0;
    for example in examples.split("/").skip(1) {
        let word: String =
            example.chars().take_while(|c| !c.is_whitespace() && *c != ',').collect();
        let label = match word.as_str() {
            "pass" => "pass".to_string(),
            "move" => {
                let what = example["move ".len()..].split_whitespace().next().unwrap_or_default();
                match what.strip_prefix('d') {
                    Some(piece) => format!("drop {piece}"),
                    None => format!("move {what}"),
                }
            }
            _ => continue,
        };
        assert!(buttons.contains(&label.as_str()), "{label} in {buttons:?}: {text}");
        named += 1;
    }
    // Bob may move 4, drop 10 or pass (worked out by hand above): one example of each.
    assert_eq!(named, 3, "{text}");
    assert!(text.contains("/move d10 (drop 10)"), "{text}");
}
