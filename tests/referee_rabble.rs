//! Rabble chess at the table, end to end through the transcript runner (the console's referee
//! on a database): selection, the seed's first game to a king capture, refusals that change
//! nothing, every line in a new referee process on the same database (so each step also resumes
//! after a restart), and the live selection timeout taking the default placement.

use std::path::Path;

use arbiter::core::{Seat, Seed};
use arbiter::games::rabble::{Options, State};
use arbiter::games::{Game, GameOptions};
use arbiter::store::Store;
use serde_json::Value;

async fn run(script_text: &str, db: &Path) -> Vec<Value> {
    let mut out = Vec::new();
    arbiter::bot::script::run(script_text, db, 7, &mut out).await.expect("the transcript runs");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

fn texts_to<'a>(out: &'a [Value], to: &str) -> Vec<&'a str> {
    out.iter().filter(|m| m["to"] == to).map(|m| m["text"].as_str().unwrap_or("")).collect()
}

/// The game as stored, replayed from its log by the engine, with its status and result.
async fn stored_game(db: &Path, id: i64) -> (State, Vec<(i64, String)>, String, Option<String>) {
    let store = Store::open(db).await.expect("the store opens");
    let row = store.game(id).await.expect("the game is stored");
    let options = Options::from_pairs(
        &arbiter::games::options::split_pairs(&row.options).expect("stored options split"),
    )
    .expect("stored options parse");
    let mut game = <State as Game>::new(&options, Seed(0)).expect("the start replays");
    let mut log = Vec::new();
    for a in store.actions(id).await.expect("actions") {
        let seat = Seat(u8::try_from(a.seat).expect("a seat"));
        let action = game.parse_action(seat, &a.notation).expect("a stored action parses");
        game.play(seat, &action).expect("a stored action replays");
        log.push((a.seat, a.notation));
    }
    (game, log, row.status, row.result)
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
    assert!(text.contains("#1 is over: alice wins."), "{text}");
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
