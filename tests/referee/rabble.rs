//! Rabble chess at the table, end to end through the transcript runner (the console's referee
//! on a database): selection, the seed's first game to a king capture, refusals that change
//! nothing, every line in a new referee process on the same database (so each step also resumes
//! after a restart), and the live selection timeout taking the default placement.

use std::path::Path;

use arbiter::core::{Seat, Seed};
use arbiter::games::rabble::{Options, State};
use arbiter::games::{Game, GameOptions};
use arbiter::store::{GameStatus, Store};
use serde_json::Value;

use crate::common;
use crate::common::{last_buttons, run, texts_to};

/// The game as stored, replayed from its start (or a fork's stored position) and its log by the
/// engine, with its status and result.
async fn stored_game(db: &Path, id: i64) -> (State, Vec<(i64, String)>, String, Option<String>) {
    let store = Store::open(db).await.expect("the store opens");
    let row = store.game(arbiter::store::GameId(id)).await.expect("the game is stored");
    let options = Options::from_pairs(
        &arbiter::games::options::split_pairs(&row.options).expect("stored options split"),
    )
    .expect("stored options parse");
    // A library fork starts from its stored position; other games from their options.
    let mut game = match &row.position {
        Some(p) => State::from_text(p).expect("the stored position reads"),
        None => <State as Game>::new(&options, Seed(0)).expect("the start replays"),
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

#[tokio::test]
async fn the_seed_first_game_is_selected_and_played_at_the_console_across_restarts() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    let out = run("alice@#t: /new rabble @bob\nbob@#t: /accept\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public
            .iter()
            .any(|t| t.starts_with("Rabble chess #1: alice (Red, moves first) vs bob (Blue).")),
        "{public:#?}"
    );
    assert!(public.last().expect("messages").contains("alice (Red): pick 1 of 9"), "{public:#?}");
    let start = out.iter().rev().find(|m| m["to"] == "#t").expect("a public message");
    assert_eq!(start["buttons"][0], "Default placement");
    assert!(start["image"]["bytes"].as_u64().unwrap_or(0) > 1000, "the board is drawn");

    // A bad pick is refused and changes nothing; then alice picks, everyone else defaults.
    let out = run("alice@#t: /move pick Q Q Q Q\n", &db).await;
    assert!(
        texts_to(&out, "#t").concat().contains("each slot of a row is one of R N B C P"),
        "{out:#?}"
    );
    assert!(stored_game(&db, 1).await.1.is_empty());
    run("alice@#t: /move pick R N B C\n", &db).await;
    for pick in 1..18 {
        let who = if pick % 2 == 1 { "bob" } else { "alice" };
        run(&format!("{who}@#t: /move pick default\n"), &db).await;
    }
    let (game, log, status, _) = stored_game(&db, 1).await;
    assert_eq!((log.len(), status.as_str()), (18, "active"));
    assert_eq!(game.score, [144, 144], "24 pawn slots each");
    assert!(game.selecting().is_none());

    // The seed's first game: Red's pawn reaches the line, then leaps again and takes the king.
    let out = run("alice@#t: /move 7,6x7,8\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(
        text.contains("#1 ply 1: alice (Red) plays (7,6,1)x(7,8,1), capturing p (+1)"),
        "{text}"
    );
    assert!(text.contains("Scores: Red 145, Blue 144."), "{text}");
    // Blue's pawn cannot walk onto Red's: refused with the reason, nothing stored.
    let out = run("bob@#t: /move 3,7>3,6\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(
        text.contains("Not played: (3,6,1) holds an enemy unit: use x to capture it"),
        "{text}"
    );
    assert_eq!(stored_game(&db, 1).await.1.len(), 19);
    for line in ["bob@#t: /move 3,7x3,5", "alice@#t: /move 7,8x7,10", "bob@#t: /move 1,7x1,5"] {
        run(&format!("{line}\n"), &db).await;
    }
    let out = run("alice@#t: /move 7,10x7,12\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("⟦b:|#1 is over: alice wins.⟧"), "{text}");
    assert!(text.contains("bob's king was captured and their score did not lead."), "{text}");
    let (game, log, status, result) = stored_game(&db, 1).await;
    assert_eq!((status.as_str(), result.as_deref()), ("over", Some("seat:0")));
    assert_eq!(log.len(), 23);
    assert!(game.to_act().outcome().is_some(), "the replayed log ends the same way");
}

#[tokio::test]
async fn a_live_selection_pick_that_runs_out_of_time_takes_the_default() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run("alice@#t: /new rabble @bob clock=live per_move=5m\nbob@#t: /accept\n", &db).await;
    // A pick has one minute in live play, not the five of a move.
    let out = run("!clock +61s\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(
        text.contains("alice did not pick in time in #1: the default placement is used."),
        "{text}"
    );
    assert!(text.contains("alice (Red) picks R N B C (step 1)."), "{text}");
    let (_, log, status, _) = stored_game(&db, 1).await;
    assert_eq!((log.len(), status.as_str()), (1, "active"), "no loss on time during selection");
}

// [I-30]: only agreed draws enter the library; a fork is a new game from the same snapshot.
#[tokio::test]
async fn an_agreed_draw_enters_the_library_and_another_channel_continues_it_as_a_fork() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    let out = run("carol@#u: /library\n", &db).await;
    assert!(texts_to(&out, "#u").concat().contains("The draw library is empty"), "{out:#?}");
    run(
        "alice@#t: /new rabble @bob select=off\nbob@#t: /accept\nalice@#t: /move 7,6x7,8\n\
         bob@#t: /move 3,7x3,5\nalice@#t: /move pass draw\nbob@#t: /move pass accept\n",
        &db,
    )
    .await;
    let (drawn, log, status, result) = stored_game(&db, 1).await;
    assert_eq!((status.as_str(), result.as_deref(), log.len()), ("over", Some("draw"), 4));
    // A game decided by a rule (here the quiet-ply limit) is not in the library.
    run("alice@#t: /new rabble @bob select=off quiet_limit=2\nbob@#t: /accept\n", &db).await;
    run("alice@#t: /move pass draw\nbob@#t: /move 3,7x3,5\n", &db).await;
    assert_eq!(stored_game(&db, 2).await.2, "over", "two quiet plies end game 2");

    let out = run("carol@#u: /library\n", &db).await;
    let text = texts_to(&out, "#u").concat();
    assert!(text.contains("The draw library keeps 1 drawn Rabble games"), "{text}");
    assert!(text.contains("#1: 4 plies, Red 145 : 145 Blue"), "{text}");
    assert!(out.iter().any(|m| m["image"]["bytes"].as_u64().unwrap_or(0) > 1000), "a thumbnail");
    let out = run("carol@#u: /library #2 @dave\n", &db).await;
    assert!(texts_to(&out, "#u").concat().contains("#2 is not in the draw library"), "{out:#?}");

    // Carol continues #1 in her channel against Dave: game 3 starts from #1's last position.
    let out = run("carol@#u: /library #1 @dave\ndave@#u: /accept\n", &db).await;
    let text = texts_to(&out, "#u").concat();
    assert!(text.contains("It continues #1 from the draw library, at ply 4."), "{text}");
    let (fork, fork_log, status, _) = stored_game(&db, 3).await;
    assert_eq!((status.as_str(), fork_log.len()), ("active", 0));
    assert_eq!(fork.options.from, Some(1));
    assert_eq!((fork.score, fork.ply, fork.to_move), (drawn.score, drawn.ply, drawn.to_move));
    assert_eq!(fork.board().hash(), drawn.board().hash(), "the same position");
    assert!(fork.end.is_none() && fork.draw_offer.is_none());
    // The fork plays on; the original stays as it was.
    let out = run("carol@#u: /move 5,6x5,8\n", &db).await;
    assert!(texts_to(&out, "#u").concat().contains("#3 ply 5: carol (Red) plays"), "{out:#?}");
    let (again, again_log, status, _) = stored_game(&db, 1).await;
    assert_eq!((status.as_str(), again_log, again.ply), ("over", log, drawn.ply));

    // The library shows each entry's forks and where they stand: #3 in play, then decided;
    // a second fork, #4, waits for an opponent.
    let out = run(
        "carol@#u: /library
",
        &db,
    )
    .await;
    assert!(texts_to(&out, "#u").concat().contains("Continued as: #3 (in play)."), "{out:#?}");
    let out = run(
        "dave@#u: /resign
erin@#v: /library #1
carol@#u: /library
",
        &db,
    )
    .await;
    let text = texts_to(&out, "#u").concat();
    assert!(text.contains("Continued as: #3 (Red won), #4 (waiting for an opponent)."), "{text}");
}

#[tokio::test]
async fn the_board_pans_to_any_centre_and_layer_and_zooms_out() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run(
        "alice@#t: /new rabble @bob select=off\nbob@#t: /accept\nalice@#t: /move drop P&40,3\n",
        &db,
    )
    .await;
    let out = run("carol@#t: /board 40,5\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("#1: x 33..48, y -2..13 of layer z=1."), "{text}");
    // The selection's pieces are changes too: the nearest of them are named outside, the stack
    // on 40,3 is inside.
    assert!(text.contains("Outside the picture: R (12,1,1)"), "{text}");
    assert!(!text.contains("(40,3,1)"), "{text}");
    let width = |out: &[Value]| out[0]["image"]["width"].as_u64().unwrap_or(0);
    let normal = width(&out);
    let out = run("carol@#t: /board zoom 2\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("#1: x -9..22, y -9..22 of layer z=1."), "{text}");
    assert!(text.contains("Outside the picture: PP (40,3,1)"), "{text}");
    assert!(
        width(&out) > normal,
        "twice the squares, each drawn smaller: {} vs {normal}",
        width(&out)
    );
    let out = run("carol@#t: /board 7,6,2\n", &db).await;
    assert!(texts_to(&out, "#t").concat().contains("of layer z=2."), "{out:#?}");
    let out = run("carol@#t: /board zoom 9\n", &db).await;
    assert!(texts_to(&out, "#t").concat().contains("zoom takes 1, 2 or 3"), "{out:#?}");
    let out = run("carol@#t: /board ω,1\n", &db).await;
    assert!(texts_to(&out, "#t").concat().contains("ω-coordinates are notation only"), "{out:#?}");
    // Other games' boards fit their picture.
    run("alice@#t: /new ultima @bob\nbob@#t: /accept\n", &db).await;
    let out = run("carol@#t: /board #2 3,3\n", &db).await;
    let text: String = out.iter().map(|m| m["text"].as_str().unwrap_or("")).collect();
    assert!(text.contains("Only Rabble's board is larger than its picture"), "{out:#?}");
}

// §3 selection by buttons: the piece buttons under the prompt start a pick, and each answer
// offers the next slot's pieces until the fourth plays it; at the last step only the unique
// pieces not yet placed are offered. Someone else's press changes nothing.
#[tokio::test]
async fn a_pick_is_built_button_by_button_and_the_last_step_offers_only_unplaced_uniques() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    let out = run("alice@#t: /new rabble @bob\nbob@#t: /accept\n", &db).await;
    let pieces = ["R Chefu", "N Mazai", "B Xiangye", "C Shanpao", "P Pawn"];
    let mut expected = vec!["Default placement".to_string()];
    expected.extend(pieces.iter().map(ToString::to_string));
    assert_eq!(last_buttons(&out, "#t"), expected);
    // The buttons' payloads: `<game>:<turn>:act-pick-<letter>`, then `complete-<letter>`.
    let out = run(
        "alice@#t: /press 1:0:act-pick-C\nbob@#t: /press 1:0:complete-N\n\
         alice@#t: /press 1:0:complete-N\nalice@#t: /press 1:0:complete-B\n",
        &db,
    )
    .await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("#1: slot 2 of 4 (so far: C). Choose the next piece:"), "{text}");
    assert!(text.contains("#1: slot 4 of 4 (so far: C N B)."), "{text}");
    assert_eq!(last_buttons(&out, "#t"), pieces.map(ToString::to_string).to_vec());
    assert!(stored_game(&db, 1).await.1.is_empty(), "nothing is played before the fourth slot");
    // The partial pick lives in the referee's memory, so the last slot is pressed in the same
    // process as the others (a restart forgets it: the button then says it is stale).
    let out = run(
        "alice@#t: /press 1:0:act-pick-C\nalice@#t: /press 1:0:complete-N\n\
         alice@#t: /press 1:0:complete-B\nalice@#t: /press 1:0:complete-R\n\
         alice@#t: /press 1:0:complete-P\n",
        &db,
    )
    .await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("alice (Red) picks C N B R (step 1)."), "{text}");
    assert!(text.contains("no longer applies"), "a pressed-again button is stale: {text}");
    assert_eq!(stored_game(&db, 1).await.1, vec![(0, "pick C N B R".to_string())]);
    for pick in 1..16 {
        let who = if pick % 2 == 1 { "bob" } else { "alice" };
        run(&format!("{who}@#t: /move pick default\n"), &db).await;
    }
    let out =
        run("alice@#t: /press 1:16:act-pick-K\nalice@#t: /press 1:16:complete-G\n", &db).await;
    assert_eq!(last_buttons(&out, "#t"), ["Q Queen", "J Prince"]);
    let out = run(
        "alice@#t: /press 1:16:act-pick-K\nalice@#t: /press 1:16:complete-G\n\
         alice@#t: /press 1:16:complete-J\nalice@#t: /press 1:16:complete-Q\n",
        &db,
    )
    .await;
    assert!(
        texts_to(&out, "#t").concat().contains("alice (Red) picks K G J Q (step 9)."),
        "{out:#?}"
    );
    let (game, ..) = stored_game(&db, 1).await;
    assert_eq!(game.royals[0][0], Some(arbiter::games::rabble::Coord::main(5, 1)));
}

// The seed's 3-D observation (三維坐標觀察系統) and `/moves`, asked by a spectator: Rabble has
// no secrets, so both answer in the channel.
#[tokio::test]
async fn the_three_d_observation_shows_a_block_through_its_layers_and_moves_lists_one_square() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run(
        "alice@#t: /new rabble @bob select=off\nbob@#t: /accept\nalice@#t: /move drop N&7,6,2\n\
         bob@#t: /move 3,7x3,5\n",
        &db,
    )
    .await;
    // Without layers given: 0..2 widened to the block's changed layers (z = 2 here).
    let out = run("carol@#t: /view z 5..8 5..8\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("#1 3-D observation: x 5..8, y 5..8, layers z=0..2"), "{text}");
    assert!(text.contains("Set by the selection or by play (1; · is empty): (7,6,2) "), "{text}");
    let (game, ..) = stored_game(&db, 1).await;
    let stack = game.board().get(&arbiter::games::rabble::Coord::xyz(7, 6, 2)).expect("a unit");
    assert!(text.contains(&format!("(7,6,2) {}", stack.letters())), "{text}");
    let image = &out[0]["image"];
    assert!(image["bytes"].as_u64().unwrap_or(0) > 1000, "drawn: {image}");
    // Layers given explicitly, and a block elsewhere: Bob's capture emptied 3,7 in z = 1.
    let out = run("carol@#t: /view z 2..4 6..7 -3..1\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("layers z=-3..1"), "{text}");
    assert!(text.contains("(3,7,1) ·"), "{text}");
    // Bad slices are refused with the reason.
    for (slice, why) in [
        ("z 1..20 1..2", "x 1..20 is too wide: at most 12 at a time"),
        ("z 5..1 1..2", "runs backwards"),
        ("z 1..2", "write the columns, the rows"),
        ("q 1..2 1..2", "`q` is not `z`"),
        ("z 1..2 1..2 -5..5", "z -5..5 is too wide: at most 9"),
    ] {
        let out = run(&format!("carol@#t: /view {slice}\n"), &db).await;
        let text = texts_to(&out, "#t").concat();
        assert!(text.contains("Cannot show that slice") && text.contains(why), "{slice}: {text}");
    }
    // `/moves`: the pawn Bob moved to 3,5 captures forward, and an empty square has no unit.
    let out = run("carol@#t: /moves 3,5\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("#1: where p on (3,5,1) can go"), "{text}");
    assert!(text.contains("x3,3"), "Blue's pawn captures two rows down, as 3,7x3,5 did: {text}");
    // In Chinese, the whole listing is worded in Chinese, the targets staying in notation.
    let out = run("dave@#t: /settings language=zh-Hans\ndave@#t: /moves 3,5\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("#1：(3,5,1) 上的 p 能去的地方"), "{text}");
    assert!(text.contains("x3,3") && text.contains("距 1 格有 P、距 2 格有 P"), "{text}");
    for english in ["blocked", "then", "within", "Jumps"] {
        assert!(!text.contains(english), "`{english}` in {text}");
    }
    let out = run("carol@#t: /moves 3,7\n", &db).await;
    assert!(texts_to(&out, "#t").concat().contains("(3,7,1) is empty"), "{out:#?}");
    // Other games have neither.
    run("alice@#t: /new ultima @bob\nbob@#t: /accept\n", &db).await;
    let out = run("carol@#t: /view #2 z 1..2 1..2\ncarol@#t: /moves #2 3,3\n", &db).await;
    let text: String = out.iter().map(|m| m["text"].as_str().unwrap_or("")).collect();
    assert!(text.contains("Only Rabble has a 3-D observation"), "{text}");
    assert!(text.contains("/moves lists one square's targets in Rabble"), "{text}");
}

/// The most characters one answer may have: one Telegram message (4,096) with room to spare.
const ANSWER_CAP: usize = 3_500;

/// The texts sent by one command: exactly one message, to `to`, within [`ANSWER_CAP`].
#[track_caller]
fn one_message_under_the_cap<'a>(out: &'a [Value], to: &str) -> &'a str {
    assert_eq!(out.len(), 1, "one message: {out:#?}");
    assert_eq!(out[0]["to"], to, "{out:#?}");
    let text = out[0]["text"].as_str().unwrap_or("");
    let n = text.chars().count();
    assert!(n <= ANSWER_CAP, "{n} characters: {text}");
    text
}

// Fair use: the worst square anyone can ask about (sixteen dimensions, every number sixteen
// digits, a tall stack holding every hireable piece in an emptied neighbourhood, tall enemy
// stacks on its rays, and sixty other layers with changes in its columns) gets one message of
// at most 3,500 characters from `/moves`, `/board` and `/view z`, its long lists summarised.
#[tokio::test]
async fn the_worst_square_to_ask_about_gets_one_message_under_the_cap_from_every_view() {
    use arbiter::games::rabble::{Coord, Kind, Side, Unit};
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run("alice@#t: /new rabble @bob select=off\nbob@#t: /accept\n", &db).await;
    // The position, built on game 1's, is stored as game 2 (as the draw library stores a fork).
    let (mut game, ..) = stored_game(&db, 1).await;
    // Before any turn, every change is the selection's, on the main plane.
    let main_changes = game.board().change_count();
    let v: i64 = -999_999_999_999_990;
    let far = format!("({})", vec![v.to_string(); 16].join(","));
    let origin = Coord::parse(&far).expect("sixteen dimensions read");
    let mut stack = vec![Kind::Q, Kind::G, Kind::R, Kind::B, Kind::N, Kind::C];
    stack.extend([Kind::P; 34]);
    stack.sort_unstable();
    game.set_cell(&origin, Some(Unit { owner: Side::Red, pieces: stack }));
    for dx in -4..=4 {
        for dy in -4..=4 {
            if (dx, dy) != (0, 0) {
                game.set_cell(&origin.at(v + dx, v + dy), None);
            }
        }
    }
    let tall = Unit { owner: Side::Blue, pieces: vec![Kind::P; 30] };
    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
        game.set_cell(&origin.at(v + 5 * dx, v + 5 * dy), Some(tall.clone()));
    }
    for k in 0..60 {
        let other = origin.with_dim(3, v + 100 + k);
        game.set_cell(&other.at(v + k % 4, v), None);
    }
    let store = Store::open(&db).await.expect("the store opens");
    let row = store.game(arbiter::store::GameId(1)).await.expect("game 1");
    let crafted = arbiter::store::NewGame {
        platform: row.platform,
        chat: row.chat,
        kind: row.kind,
        options: row.options,
        position: Some(game.to_text()),
        seed: row.seed,
        seats: row.seats,
        creator: row.creator,
        locale: row.locale,
        status: GameStatus::Active,
        clock: row.clock,
        engine_version: row.engine_version,
        now: row.created_at,
        community: row.community,
        parent_chat: row.parent_chat,
        rated: false,
        bot_level: None,
    };
    drop(store);
    assert_eq!(common::create_game(&db, &crafted).await, 2, "game 2 is stored");

    let out = run(&format!("carol@#t: /moves #2 {far}\n"), &db).await;
    let text = one_message_under_the_cap(&out, "#t");
    assert!(text.starts_with(&format!("#2: where PPPPPPPPPPPP…(40) on {origin} can go")), "{text}");
    // The neighbourhood's 80 empty squares are all the queen's targets: too many to list.
    let near = text.lines().nth(1).expect("the targets within four squares");
    let listed = near.matches('>').count();
    assert!(listed >= 10 && near.contains(&format!("… and {} more", 80 - listed)), "{near}");
    assert!(text.contains("pppppppppppp…(30) at 5"), "tall stacks are counted: {text}");
    assert!(text.contains("every higher dimension works like d17"), "{text}");
    let out =
        run(&format!("dave@#t: /settings language=zh-Hans\ndave@#t: /moves #2 {far}\n"), &db).await;
    let text = one_message_under_the_cap(&out[1..], "#t");
    assert!(text.contains(&format!("……另有 {} 项", 80 - listed)), "{text}");

    // Other layers, in order: the sixty made above, then the main plane; six are named.
    let out = run(&format!("carol@#t: /board #2 {far}\n"), &db).await;
    let text = one_message_under_the_cap(&out, "#t");
    let rest = format!("… and 55 more layers with {} changed squares in all.", 54 + main_changes);
    assert!(text.contains(&rest), "{text}");
    let (x0, y0) = (v - 5, v - 5);
    let out =
        run(&format!("carol@#t: /view #2 z {x0}..{} {y0}..{}\n", x0 + 11, y0 + 11), &db).await;
    // The block's other layers: the unit's own (a higher dimension is not 1), then the sixty.
    let text = one_message_under_the_cap(&out, "#t");
    assert!(text.contains("… and 55 more layers with 55 changed squares in all."), "{text}");
}

// Fair use: a 4,096-character `/moves` (it once made the bot post 39 messages, 154 KB) is
// refused at once as too long. A square just under the line limit is read whatever it holds
// (decision 21): a thousand dimensions, or two numbers of 950 digits each; its answer is one
// message under the cap, the square shortened readably and the long lists counted
// (decision 22). The same square in a turn gets one short refusal; nothing is played.
#[tokio::test]
async fn a_long_moves_line_is_refused_and_a_square_in_a_thousand_dimensions_or_far_out_gets_one_message()
 {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run("alice@#t: /new rabble @bob select=off\nbob@#t: /accept\n", &db).await;
    let line = format!("/moves 0,0,0{}", ",0".repeat(2_042));
    assert_eq!(line.chars().count(), 4_096);
    let out = run(&format!("carol@#t: {line}\n"), &db).await;
    let text = one_message_under_the_cap(&out, "#t");
    assert_eq!(
        text,
        "That line is 4096 characters long; I read at most 2000 characters a line, so I did \
         nothing with it. Send a shorter one."
    );
    // 993 dimensions, every higher one 0: the default pawn there answers.
    let line = format!("/moves 0,0,0{}", ",0".repeat(990));
    assert!(line.chars().count() < 2_000);
    let out = run(&format!("carol@#t: {line}\n"), &db).await;
    let text = one_message_under_the_cap(&out, "#t");
    assert!(text.starts_with("#1: where P on (0,0,0;d4=0,d5=0,"), "{text}");
    let header = text.lines().next().unwrap_or_default();
    assert!(header.contains(" more) can go"), "the square's other dimensions counted: {header}");
    assert!(header.chars().count() < 600, "{header}");
    let jumps = text.lines().find(|l| l.starts_with("Jumps:")).expect("the jumps");
    assert!(jumps.contains("… and ") && jumps.contains("works like d994"), "{jumps}");
    // Two numbers of 950 digits: written whole while they fit, shortened beyond.
    let (x, y) = (format!("7{}", "0".repeat(949)), format!("-3{}", "1".repeat(949)));
    let out = run(&format!("carol@#t: /moves {x},{y}\n"), &db).await;
    let text = one_message_under_the_cap(&out, "#t");
    assert!(text.starts_with("#1: where P on (70000000…00000000 (950 digits),-31111111…11111111 (950 digits),1) can go"), "{text}");
    assert!(text.contains("Jumps: z+& (1) z-& (1) d4+& (2) d4-& (2)"), "{text}");
    // In a turn, the thousand-dimension square is read and the turn refused by the rules,
    // in one short message.
    let turn = format!("{}>7,7", &format!("0,0,0{}", ",0".repeat(990)));
    let out = run(&format!("alice@#t: /move {turn}\n"), &db).await;
    let text = one_message_under_the_cap(&out, "#t");
    assert!(text.contains(" more) holds"), "each square's dimensions counted: {text}");
    assert!(text.chars().count() < 2_000, "{text}");
    assert!(stored_game(&db, 1).await.1.is_empty());
}

// Issue 42: a refusal gives the true reason and proposes no turn that would be refused; an
// unknown piece in a drop gets the pieces that can be hired; `/moves` prices each turn as the
// turn checker charges it and says each ray outcome once.
#[tokio::test]
async fn issue_42_refusals_name_the_rule_broken_and_moves_prices_and_groups_truly() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run(
        "alice@#t: /new rabble @bob select=off\nbob@#t: /accept\nalice@#t: /move 7,6x7,8\n\
         bob@#t: /move 3,7x3,5\n",
        &db,
    )
    .await;
    // The spec's own example: after the jump down into the hole on 7,6, the enemy on 7,7
    // cannot be captured (rule 4), so no `x` is proposed.
    let out = run("alice@#t: /move 7,6,2 z- >7,7\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(
        text.contains(
            "Not played: (7,7,1) holds an enemy unit, and `(7,6,2) z-x(7,7,1)` would be refused \
             too: CAPTURE is not allowed after JUMP3 (rule 4). Nothing changed."
        ),
        "{text}"
    );
    assert!(!text.contains("use x"), "{text}");
    // A move, then a capture: rule 1, not the Queen's path.
    let out = run("alice@#t: /move 7,5>7,6 x7,7\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("Not played: CAPTURE is not allowed after MOVE (rule 1)."), "{text}");
    assert!(!text.contains("Queen"), "{text}");
    // A drop of an unknown piece.
    let out = run("alice@#t: /move drop X@7,9\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(
        text.contains("`X` names no piece; the pieces that can be hired are P, N, R, B, C, Q, G"),
        "{text}"
    );
    assert_eq!(stored_game(&db, 1).await.1.len(), 2, "nothing was played");
    // Red's pawn on 5,5: a dimension jump onto its own pawn costs 1 for the jump and 1 for
    // stacking a pawn onto a pawn short of Red's zone (spec §5), so 2; the layer jump only the 1
    // for stacking. Its rays all end at once, said once.
    let out = run("carol@#t: /moves 5,5\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("d4+& (2)") && text.contains("z+& (1)"), "{text}");
    assert_eq!(text.matches("locked at once").count(), 1, "{text}");
    let out = run("dave@#t: /settings language=zh-Hans\ndave@#t: /moves 5,5\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert_eq!(text.matches("紧邻即受阻").count(), 1, "{text}");
}

// Issue 42: the selection is 18 announcements; each shows a strip of the picking side's four
// rows (its slots outlined), not the whole board; `/board` still draws the whole board, and the
// announcement that ends the selection shows the board the first turn is played on.
#[tokio::test]
async fn issue_42_the_selection_posts_strips_of_the_picking_rows_and_the_board_comes_with_the_first_turn()
 {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    let size = |m: &Value| {
        (m["image"]["width"].as_u64().unwrap_or(0), m["image"]["height"].as_u64().unwrap_or(0))
    };
    let last_public = |out: &[Value]| -> Value {
        out.iter()
            .rev()
            .find(|m| m["to"] == "#t" && !m["image"].is_null())
            .cloned()
            .expect("a picture")
    };
    let out = run("alice@#t: /new rabble @bob\nbob@#t: /accept\n", &db).await;
    let first = size(&last_public(&out));
    let out = run("carol@#t: /board\n", &db).await;
    let board = size(&last_public(&out));
    // Four rows against the board's sixteen, as wide as the twelve battlefield columns.
    assert!(first.1 * 2 < board.1 && first.0 < board.0, "strip {first:?}, board {board:?}");
    let mut strips = vec![first];
    for pick in 0..17 {
        let who = if pick % 2 == 1 { "bob" } else { "alice" };
        let out = run(&format!("{who}@#t: /move pick default\n"), &db).await;
        strips.push(size(&last_public(&out)));
    }
    assert!(strips.iter().all(|s| *s == first), "every pick's picture is a strip: {strips:?}");
    let out = run("bob@#t: /move pick default\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(text.contains("alice (Red)"), "the first turn is asked for: {text}");
    assert_eq!(size(&last_public(&out)), board, "the selection's end shows the whole board");
}

// Issue 42 (spec §5): each side's statistics by piece type, capture points included, in
// `/board`'s text as in its picture; a side with nothing counted gets no line.
#[tokio::test]
async fn issue_42_board_gives_each_sides_statistics_by_piece_type_with_capture_points() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run("alice@#t: /new rabble @bob select=off\nbob@#t: /accept\n", &db).await;
    let out = run("carol@#t: /board\n", &db).await;
    assert!(!texts_to(&out, "#t").concat().contains("by piece type"), "nothing counted yet");
    // Red's pawn leap-captures Blue's (a pawn is worth 1); Blue hires a pawn onto the square
    // Red's pawn left, inside the battlefield.
    run("alice@#t: /move 7,6x7,8\nbob@#t: /move drop P@7,6\n", &db).await;
    let out = run("carol@#t: /board\n", &db).await;
    let text = texts_to(&out, "#t").concat();
    assert!(
        text.contains(
            "Red by piece type: capture points P 1; hires -; drops into the battlefield -; high-dimension jumps -."
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Blue by piece type: capture points -; hires P 1; drops into the battlefield P 1; high-dimension jumps -."
        ),
        "{text}"
    );
}

// Issue 42: the board is unbounded. Each line runs in a new referee process on the same
// database, so every turn below is stored as typed and replayed after a restart: a
// `steps5000` handicap starts, jumps into dimensions 17 and 1000 (written with trailing 1s
// past sixteen numbers), and in another game a chefu hired onto x = 10^40 captures there.
#[tokio::test]
async fn a_game_far_out_in_unbounded_dimensions_replays_after_every_restart() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("r.db");
    run("alice@#t: /new rabble @bob select=off red_gives=steps5000\nbob@#t: /accept\n", &db).await;
    let (game, ..) = stored_game(&db, 1).await;
    assert_eq!(game.handicap_turns, 5_000, "Blue plays 5,000 free turns first");
    // Blue's pawn on 3,9 jumps into the 17th dimension onto its own pawn, then into the
    // 1000th; the second origin is written with twenty trailing 1s.
    let seventeen = format!("3,9,1{},2", ",1".repeat(13));
    let turns = [
        "bob@#t: /move 3,9 d17+&".to_string(),
        format!("bob@#t: /move {seventeen}{} d1000+&", ",1".repeat(20)),
    ];
    for turn in &turns {
        let out = run(&format!("{turn}\n"), &db).await;
        let text = texts_to(&out, "#t").concat();
        assert!(text.contains("bob (Blue) plays"), "{turn}: {text}");
    }
    let (game, log, status, _) = stored_game(&db, 1).await;
    assert_eq!((log.len(), status.as_str()), (2, "active"));
    assert_eq!(game.handicap_turns, 4_998);
    let there = arbiter::games::rabble::Coord::parse("3,9,1;d17=2,d1000=2").expect("a square");
    assert_eq!(game.board().get(&there).expect("the stack").letters(), "ppp");

    // Game 2: a chefu hired onto x = 10^40 on the empty band row captures up its file.
    let x = format!("1{}", "0".repeat(40));
    run("alice@#u: /new rabble @bob select=off band_empty=on\nbob@#u: /accept\n", &db).await;
    for turn in [format!("alice@#u: /move drop R@{x},6"), "bob@#u: /move 3,9>3,8".to_string()] {
        run(&format!("{turn}\n"), &db).await;
    }
    let out = run(&format!("alice@#u: /move {x},6x{x},9\n"), &db).await;
    let text = texts_to(&out, "#u").concat();
    assert!(text.contains(&format!("plays ({x},6,1)x({x},9,1), capturing p (+1)")), "{text}");
    let (game, log, ..) = stored_game(&db, 2).await;
    assert_eq!(log.len(), 3);
    let square = arbiter::games::rabble::Coord::parse(&format!("{x},9")).expect("a square");
    assert_eq!(game.board().get(&square).expect("the chefu").letters(), "R");
    // Its neighbourhood, asked about after one more restart: one message, the numbers whole.
    let out = run(&format!("carol@#u: /moves #2 {x},9\n"), &db).await;
    let text = one_message_under_the_cap(&out, "#u");
    assert!(text.starts_with(&format!("#2: where R on ({x},9,1) can go")), "{text}");
}
