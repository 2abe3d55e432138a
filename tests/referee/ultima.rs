//! Ultima at the table, end to end through the transcript runner: the start, moves typed in the
//! channel with their captures worded, the board image on every announcement, takebacks (the
//! first perfect-information game exercises them), draws by agreement, resignation and refusals.

use arbiter::store::GameStatus;

use crate::common::{notations, run, texts_to};

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

/// The start says how to write a move, with an example white can play at once.
#[tokio::test]
async fn the_start_gives_the_notation_with_a_move_white_can_play() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("e.db");
    let out = run("alice@#t: /new ultima @bob\nbob@#t: /accept\n", &db).await;
    let start = texts_to(&out, "#t")
        .into_iter()
        .find(|t| t.starts_with("Ultima #1:"))
        .expect("the start")
        .to_string();
    let example = start
        .split("e.g. /move ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("an example: {start}"));
    let (from, to) = example.split_at(2);
    assert!(start.contains(&format!("(the piece on {from} to {to})")), "{start}");
    let out = run(&format!("alice@#t: /move {example}\n"), &db).await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().any(|t| t.starts_with("#1 ply 1: alice (white)")), "{public:#?}");
    assert_eq!(notations(&db, 1).await, [example]);
}

#[tokio::test]
async fn an_ultima_game_starts_with_the_board_and_announces_a_pinch_with_its_rule() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    let out = run(PINCH, &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public
            .iter()
            .any(|t| t.starts_with("Ultima #1: alice (white, moves first) vs bob (black)")),
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
    for m in out
        .iter()
        .filter(|m| m["to"] == "#t" && m["text"].as_str().is_some_and(|t| t.contains(" ply ")))
    {
        assert!(m["image"].is_object(), "{m}");
    }
    assert_eq!(notations(&db, 1).await, ["c2c5", "d7d5", "e2e5"]);
    let store = arbiter::store::Store::open(&db).await.expect("store");
    let game = store.game(arbiter::store::GameId(1)).await.expect("game");
    assert_eq!(game.status, GameStatus::Active);
}

#[tokio::test]
async fn a_takeback_agreed_by_the_opponent_restores_the_pinched_pincer() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    run(PINCH, &db).await;
    let out = run("alice@#t: /takeback\nbob@#t: /takeback accept\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public.iter().any(|t| t.starts_with("bob agrees: the last move of #1 is taken back.")),
        "{public:#?}"
    );
    assert!(
        public
            .iter()
            .any(|t| t
                .starts_with("#1 Ultima, after ply 2\nLast move: d7d5.\nalice (white) to move.")),
        "the channel sees the position after the takeback: {public:#?}"
    );
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
    assert!(
        public.iter().any(|t| t.starts_with("⟦b:|#1 is over: alice wins.⟧\nbob resigned.")),
        "{public:#?}"
    );
    let db2 = dir.path().join("v.db");
    run(PINCH, &db2).await;
    let out = run("bob@#t: /draw\nalice@#t: /draw accept\n", &db2).await;
    let public = texts_to(&out, "#t");
    assert!(public.iter().any(|t| t.contains("⟦b:|#1 is over: a draw.⟧")), "{public:#?}");
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
    // In algebraic notation, the only withdrawer's move is refused with what is in its way.
    let out = run("alice@#t: /move We4\n", &db).await;
    assert_eq!(
        out[0]["text"],
        "The withdrawer on e1 cannot move to e4: your own pincer on e2 is in the way. Nothing \
         was played."
    );
    // A bare target is a pincer's move (only the d-file pincer reaches d4); `Pd5` names it.
    run("alice@#t: /move d4\nbob@#t: /move Pd5\n", &db).await;
    assert_eq!(notations(&db, 1).await, ["d2d4", "d7d5"]);
}

/// Black's king walks out to d7 and White's long leaper comes to b5, from where it could jump
/// the king along b5-c6-d7 into the empty e8 (spec §2 "Long leaper"): check. Found by a search
/// over the first five plies, checked by hand.
const CHECK: &str = "\
alice@#t: /new ultima @bob
bob@#t: /accept
alice@#t: /move a2a3
bob@#t: /move d7d3
alice@#t: /move b2a2
bob@#t: /move e8d7
alice@#t: /move b1b5
";

#[tokio::test]
async fn check_is_announced_publicly_and_in_the_turn_ping_and_a_move_ignoring_it_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    let out = run(CHECK, &db).await;
    let public = texts_to(&out, "#t");
    let last = public.last().expect("announcements");
    assert!(
        last.starts_with(
            "#1 ply 5: alice (white) long leaper b1-b5. Check: the long leaper on b5 can \
             capture the king.\nbob (black) to move."
        ),
        "{last}"
    );
    let ping = texts_to(&out, "dm:bob");
    let named = "Last move: b1b5. Check: the long leaper on b5 can capture the king.";
    assert!(ping.last().is_some_and(|t| t.ends_with(named)), "{ping:#?}");
    // A black move that leaves the leap open is refused where it was typed, and nothing changes
    // (spec decision 4: no move may leave the mover's king capturable).
    let out = run("bob@#t: /move a7a6\n", &db).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(
        out[0]["text"],
        "That would leave your king on d7 capturable by the long leaper on b5. Nothing was played."
    );
    assert_eq!(notations(&db, 1).await.len(), 5);
}

#[tokio::test]
async fn a_threefold_repetition_ends_the_game_as_a_draw_in_the_announcement() {
    // Both a-pincers step out and back twice: the start position (White to move) stands again
    // after ply 4 and ply 8, the third time (spec decision 6).
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    let mut script = String::from("alice@#t: /new ultima @bob\nbob@#t: /accept\n");
    for _ in 0..2 {
        script.push_str("alice@#t: /move a2a3\nbob@#t: /move a7a6\n");
        script.push_str("alice@#t: /move a3a2\nbob@#t: /move a6a7\n");
    }
    let out = run(&script, &db).await;
    let public = texts_to(&out, "#t");
    let (rated, public) = public.split_last().expect("the ratings after the end");
    assert_eq!(*rated, "#1 ratings: alice 1500? (±0), bob 1500? (±0).");
    let last = public.last().expect("announcements");
    assert_eq!(
        *last,
        "#1 ply 8: bob (black) pincer a6-a7.\n⟦b:|#1 is over: a draw.⟧\n\
         The same position occurred for the third time."
    );
    let store = arbiter::store::Store::open(&db).await.expect("store");
    let game = store.game(arbiter::store::GameId(1)).await.expect("game");
    assert_eq!(
        (game.status.as_str(), game.reason.as_ref().map(arbiter::store::EndReason::code)),
        ("over", Some("threefold-repetition"))
    );
    // Nobody is pinged after the end.
    assert!(!out.last().is_some_and(|m| m["to"] != "#t"), "{:#?}", out.last());
}

/// A freeze is news (issue 42): the move that freezes a piece says which, by what, and that
/// its side may remove it as a whole move; the removal is then played as announced.
#[tokio::test]
async fn a_freeze_is_announced_with_the_frozen_sides_right_to_remove_the_piece() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    // The white immobilizer goes e1-e4, next to the black pincer on d5.
    let script = "alice@#t: /new ultima @bob position=\"4k3/8/8/3p4/8/8/8/4I2K w\"\n\
                  bob@#t: /accept\nalice@#t: /move e1e4\n";
    let out = run(script, &db).await;
    let public = texts_to(&out, "#t");
    assert_eq!(
        *public.last().expect("announcements"),
        "#1 ply 1: alice (white) immobilizer e1-e4. The black pincer on d5 is now frozen by the \
         immobilizer on e4; black may remove it as a whole move (d5d5).\nbob (black) to move."
    );
    let out = run("bob@#t: /move d5d5\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public[0].starts_with("#1 ply 2: bob (black) removes the frozen pincer on d5."),
        "{public:#?}"
    );
}

/// Stalemate loses (spec decision 5), reached at the table from a position given at `/new`:
/// White's chameleon goes e4-g6. It touches neither king; h7, the black king's one square not
/// next to the white king on f7, is now covered by the chameleon (which takes a king as a king
/// does, by moving onto it), g8 and g7 are next to the white king, and Black has no other piece:
/// no legal move, not in check.
#[tokio::test]
async fn a_stalemate_reached_from_a_position_given_at_new_is_a_loss_for_the_stalemated_side() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    let script = "alice@#t: /new ultima @bob position=\"7k/5K2/8/8/4X3/8/8/8 w\"\n\
                  bob@#t: /accept\nalice@#t: /move e4g6\n";
    let out = run(script, &db).await;
    let public = texts_to(&out, "#t");
    let last = *public.last().expect("announcements");
    assert!(last.starts_with("#1 ply 1: alice (white) chameleon e4-g6."), "{last}");
    assert!(
        last.ends_with("⟦b:|#1 is over: alice wins.⟧\nbob has no legal move and loses."),
        "{last}"
    );
    let store = arbiter::store::Store::open(&db).await.expect("store");
    let game = store.game(arbiter::store::GameId(1)).await.expect("game");
    assert_eq!(
        (game.status.as_str(), game.reason.as_ref().map(arbiter::store::EndReason::code)),
        ("over", Some("stalemate"))
    );
    assert_eq!(game.position.as_deref(), Some("7k/5K2/8/8/4X3/8/8/8 w"));
}

/// A position that is not one is refused at `/new` with the reason, and nothing is created.
#[tokio::test]
async fn a_bad_position_at_new_is_refused_with_the_reason_and_creates_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    for (line, why) in [
        (
            "/new ultima @bob position=\"7k/5K2/8 w\"",
            "That is not a position ultima can start from",
        ),
        ("/new ultima @bob position=\"7k/5K2/8/8/4X3/8/8/8 w", "is not of the form key=value"),
    ] {
        let out = run(&format!("alice@#t: {line}\n"), &db).await;
        let public = texts_to(&out, "#t");
        assert_eq!(public.len(), 1, "{public:?}");
        assert!(public[0].contains(why), "{public:?}");
    }
    let store = arbiter::store::Store::open(&db).await.expect("store");
    assert!(store.game(arbiter::store::GameId(1)).await.is_err(), "no game was created");
}

/// Why a position was refused reaches each reader in their language: the engines' reasons are
/// data (a colour's kings, a pawn's square) worded in each; a reason only a parser's English
/// sentence gives (Dark Fence's) is its kind of fault in Chinese, with the sentence in English.
#[tokio::test]
async fn a_bad_position_is_explained_in_the_readers_language() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("u.db");
    let script = "!locale alice zh-CN\nalice@#t: /new ultima @bob position=\"8/5K2/8/8/8/8/8/8 w\"\n\
        !locale alice zh-TW\nalice@#t: /new perfect10 @bob position=\"rcabqkbacr/snegimgens/\
        pppppppppp/10/10/10/10/PPPPPPPPPP/SNEGIMGENS/PCABQKBACR w - - 0 1\"\n\
        alice@#t: /new dark-fence @bob position=\"zz\"\n\
        !locale alice en\nalice@#t: /new dark-fence @bob position=\"zz\"\n";
    let out = run(script, &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        [
            "这不是 ultima 能开始的局面：黑方有 0 个国王，每方必须恰好一个。\
             局面的写法见 `/rules ultima`，要加引号：position=\"…\"。",
            "這不是 perfect10 能開始的局面：兵卒不能站在 a1。\
             局面的寫法見 `/rules perfect10`，要加引號：position=\"…\"。",
            "這不是 dark-fence 能開始的局面：局面文字讀不通。\
             局面的寫法見 `/rules dark-fence`，要加引號：position=\"…\"。",
            "That is not a position dark-fence can start from: the position text does not read \
             (`zz` is not a board size like 4x4). A position is written as `/rules dark-fence` \
             shows, in quotes: position=\"…\".",
        ]
    );
}
