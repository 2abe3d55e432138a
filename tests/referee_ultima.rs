//! Ultima at the table, end to end through the transcript runner: the start, moves typed in the
//! channel with their captures worded, the board image on every announcement, takebacks (the
//! first perfect-information game exercises them), draws by agreement, resignation and refusals.

use std::path::Path;

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

async fn notations(db: &Path, id: i64) -> Vec<String> {
    let store = arbiter::store::Store::open(db).await.expect("the store opens");
    store.actions(id).await.expect("actions").into_iter().map(|a| a.notation).collect()
}

/// White's c-pincer goes to c5; Black's d-pincer steps next to it on d5; White's e-pincer comes
/// to e5 and the black pincer on d5 sits between e5 and the white pincer on c5: pinched
/// (spec §2 "Pincer": an enemy orthogonally adjacent to the landing square with a friendly
/// piece directly beyond it is captured).
const PINCH: &str = "\
alice@#t: /new ultima @bob
bob@#t: /accept
alice@#t: /move c2c5
bob@#t: /move d7d5
alice@#t: /move e2e5
";

#[tokio::test]
async fn an_ultima_game_starts_with_the_board_and_announces_a_pinch_with_its_rule() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    let out = run(PINCH, &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public.iter().any(|t| t.starts_with("Ultima #1: alice (white, moves first) vs bob (black)")),
        "{public:#?}"
    );
    let last = public.last().expect("announcements");
    assert!(
        last.starts_with(
            "#1 ply 3: alice (white) pincer e2-e5, capturing the pincer on d5 (by pinching)."
        ),
        "{last}"
    );
    assert!(last.ends_with("bob (black) to move."), "{last}");
    // Every announcement in the channel carries a PNG of the board.
    for m in out.iter().filter(|m| m["to"] == "#t" && m["text"].as_str().is_some_and(|t| t.contains(" ply "))) {
        assert!(m["image"].is_object(), "{m}");
    }
    assert_eq!(notations(&db, 1).await, ["c2c5", "d7d5", "e2e5"]);
    let store = arbiter::store::Store::open(&db).await.expect("store");
    let game = store.game(1).await.expect("game");
    assert_eq!(game.status, "active");
}

#[tokio::test]
async fn a_takeback_agreed_by_the_opponent_restores_the_pinched_pincer() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    run(PINCH, &db).await;
    let out = run("alice@#t: /takeback\nbob@#t: /takeback accept\n", &db)
        .await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().any(|t| t.starts_with("bob agrees: the last move of #1 is taken back.")), "{public:#?}");
    assert_eq!(notations(&db, 1).await, ["c2c5", "d7d5"]);
    // White may now play something else; the pincer on d5 is back and can be pinched again.
    let out = run("alice@#t: /move e2e5\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().any(|t| t.contains("capturing the pincer on d5")), "{public:#?}");
}

#[tokio::test]
async fn resignation_and_agreed_draws_end_an_ultima_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    run(PINCH, &db).await;
    let out = run("bob@#t: /resign\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().any(|t| t.starts_with("#1 is over: alice wins.\nbob resigned.")), "{public:#?}");
    let db2 = dir.path().join("v.db");
    run(PINCH, &db2).await;
    let out = run("bob@#t: /draw\nalice@#t: /draw accept\n", &db2).await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().any(|t| t.contains("#1 is over: a draw.")), "{public:#?}");
}

#[tokio::test]
async fn an_impossible_ultima_move_is_refused_in_place_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    run("alice@#t: /new ultima @bob\nbob@#t: /accept\n", &db).await;
    // The long leaper on b1 is boxed in by its own pincers.
    let out = run("alice@#t: /move b1b3\n", &db).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0]["to"], "#t");
    assert!(out[0]["text"].as_str().is_some_and(|t| t.contains("Nothing was played")), "{out:#?}");
    // Out of turn.
    let out = run("bob@#t: /move d7d5\n", &db).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert!(notations(&db, 1).await.is_empty());
}
