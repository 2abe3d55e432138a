//! Perfect 10 x 10 at the table, end to end through the transcript runner: the start with the
//! board, moves announced in the seed's codes and in words (castling, en passant, promotions of
//! every line, check), promotion choices as buttons, checkmate, the four-checks rule, the pass of
//! a side without a move, the threefold claim, draws by agreement, resignation and refusals.
//!
//! Every expected outcome is derived by hand from the rules (`docs/perfect10.md`);
//! the comment above each transcript says why it ends as it does. Transcripts cannot start from
//! a position, so the games that need one (a pawn on the 9th rank, a lone king, a mating net)
//! are written into the store with their FEN as their start position, exactly as `/new` writes
//! a game, and the runner then plays them on the same database: the referee rebuilds every
//! running game from its stored position and log when it opens.

use std::path::Path;

use arbiter::store::{GameStatus, NewGame, Store};
use arbiter::table::clock::{Pace, TimeControl};

use crate::common;
use crate::common::{last_buttons, notations, run, texts_to};

/// (status, result, reason) of a stored game.
async fn ending(db: &Path, id: i64) -> (String, Option<String>, Option<String>) {
    let store = Store::open(db).await.expect("the store opens");
    let game = store.game(arbiter::store::GameId(id)).await.expect("the game is stored");
    (
        game.status.as_str().to_string(),
        game.result.map(arbiter::store::result_code),
        game.reason.map(|r| r.to_string()),
    )
}

/// Writes a running game of alice (white) against bob (black) in `#t` starting from `fen`, as
/// `/new` and `/accept` would have left it; returns its id.
async fn start_from(db: &Path, fen: &str, pace: Pace) -> i64 {
    start_in(db, fen, pace, "en").await
}

/// [`start_from`] for a game created in `locale`.
async fn start_in(db: &Path, fen: &str, pace: Pace, locale: &str) -> i64 {
    let time = match pace {
        Pace::Correspondence => TimeControl::default(),
        Pace::Live => TimeControl { pace: Pace::Live, per_move: 600 },
    };
    common::create_game(
        db,
        &NewGame {
            platform: arbiter::bot::script::PLATFORM.to_owned(),
            chat: "#t".into(),
            kind: "perfect10".to_owned(),
            options: String::new(),
            position: Some(fen.to_owned()),
            seed: 0,
            seats: r#"["alice","bob"]"#.to_owned(),
            creator: "alice".into(),
            locale: locale.to_owned(),
            status: GameStatus::Active,
            clock: serde_json::to_string(&time).expect("a time control serialises"),
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

const START: &str = "alice@#t: /new perfect10 @bob\nbob@#t: /accept\n";

#[tokio::test]
async fn a_game_starts_with_the_board_and_each_move_is_announced_in_the_seeds_codes_and_words() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    // The name players type may be an alias: p10, perfect-10, 完美十乘十.
    let script = "alice@#t: /new 完美十乘十 @bob\nbob@#t: /accept\nalice@#t: /move e3e5\n\
                  bob@#t: /move Ne9-f7\n";
    let out = run(script, &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public.iter().any(|t| t.starts_with(
            "Perfect 10 x 10 #1: alice (white, moves first) vs bob (black), time: 1d per move."
        )),
        "{public:#?}"
    );
    // A pawn has no letter in the seed's codes; the knight is N; the princess (P) stands on e9
    // in the start position, so "Ne9-f7" names the wrong piece and is refused.
    assert!(public.contains(&"#1 ply 1: alice (white) e3-e5: pawn e3-e5.\nbob (black) to move."));
    assert_eq!(
        *public.last().expect("messages"),
        "e9 holds the princess (code P), not the knight (code N) you named. Nothing was played. \
         Every code: /rules perfect10."
    );
    // The start and every announcement of a move carry a PNG of the board.
    for m in out.iter().filter(|m| {
        m["to"] == "#t"
            && m["text"].as_str().is_some_and(|t| t.contains(" ply ") || t.contains("moves first"))
    }) {
        assert!(m["image"].is_object(), "{m}");
    }
    // Correspondence games ping the player to move privately, with the last move.
    assert_eq!(
        texts_to(&out, "dm:bob"),
        ["#1 Perfect 10 x 10: your move (black). Last move: e3-e5."]
    );
    assert_eq!(notations(&db, 1).await, ["e3e5"]);
}

/// White clears g1, h1 and i1 (pawn i3-i5 opens the i-file; the knight leaves i2; the cannon
/// climbs to i4; the archer steps to i2; the elephant jumps h2-j4 so the bishop can leave g1 for
/// h2) while Black's knight walks b9-a7 and back. Nothing has moved the king or the j1 rook, the
/// king is not in check and no black piece reaches g1 or h1: O-O puts the king on h1 and the
/// rook on g1 (spec decision 5).
const CASTLING: &str = "\
alice@#t: /new perfect10 @bob
bob@#t: /accept
alice@#t: /move i3i5
bob@#t: /move b9a7
alice@#t: /move Ni2-h4
bob@#t: /move a7b9
alice@#t: /move Ci1-i4
bob@#t: /move b9a7
alice@#t: /move Ah1-i2
bob@#t: /move a7b9
alice@#t: /move Eh2-j4
bob@#t: /move b9a7
alice@#t: /move Bg1-h2
bob@#t: /move a7b9
alice@#t: /move O-O
";

#[tokio::test]
async fn castling_kingside_moves_the_king_to_h1_and_the_rook_to_g1() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let out = run(CASTLING, &db).await;
    let public = texts_to(&out, "#t");
    assert_eq!(
        *public.last().expect("announcements"),
        "#1 ply 13: alice (white) O-O: castles kingside, king f1-h1 and rook j1-g1.\n\
         bob (black) to move."
    );
    let log = notations(&db, 1).await;
    assert_eq!(log.len(), 13);
    assert_eq!(log.last().map(String::as_str), Some("f1h1"));
}

#[tokio::test]
async fn castling_through_pieces_is_refused_with_the_reason_and_changes_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    run(START, &db).await;
    // At the start b1, c1, d1 and e1 stand between the king and the a1 rook.
    let out = run("alice@#t: /move O-O-O\n", &db).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(
        out[0]["text"],
        "You cannot castle now: the squares between the king and the rook are not empty. \
         Nothing was played."
    );
    assert!(notations(&db, 1).await.is_empty());
}

/// White's e-pawn steps e3-e5, then to e6 (the first promotion line, where it may stay a pawn);
/// Black's d-pawn steps d8-d6 past it, and White takes it en passant on d7 (the pawn captured
/// stood on d6). Then the d7 pawn takes c8, on the second line: a knight. Black's a-pawn reaches
/// a5, Black's first line, and is made an alfil by typing `=X`; White's f-pawn becomes a wazir
/// typed the oracle's way, `f5f6w`.
#[tokio::test]
async fn promotion_lines_offer_their_pieces_as_buttons_and_en_passant_takes_the_passed_pawn() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    // A question and the press that answers it come in one transcript: a half-typed move is
    // kept in memory only, like a move waiting for confirmation.
    let script = format!(
        "{START}alice@#t: /move e3e5\nbob@#t: /move a8a7\nalice@#t: /move e5e6\n\
         bob@#t: /press 1:2:complete-=W\nalice@#t: /press 1:2:complete-stay\n"
    );
    let out = run(&script, &db).await;
    let public = texts_to(&out, "#t");
    let asked = public.iter().position(|t| t.starts_with("A pawn reaching")).expect("a question");
    // Tier 1 (spec decision 2): wazir, ferz, dabbaba or alfil, or stay; asked where it was typed.
    assert_eq!(
        public[asked],
        "A pawn reaching e6 may become one of wazir (=W), ferz (=F), dabbaba (=D), alfil (=X), \
         or stay a pawn: say which after the move, like =W or stay. Nothing was played.\n\
         Or choose what the pawn becomes for #1 e5e6:"
    );
    let question = out.iter().find(|m| m["text"] == public[asked]).expect("the question");
    assert_eq!(
        question["buttons"],
        serde_json::json!(["Wazir (=W)", "Ferz (=F)", "Dabbaba (=D)", "Alfil (=X)", "Stay a pawn"])
    );
    // Only the mover's own question can be answered: bob's press is stale for him.
    assert_eq!(public[asked + 1], "That turn is over; this button no longer applies.");
    assert_eq!(
        public[asked + 2],
        "#1 ply 3: alice (white) e5-e6: pawn e5-e6.\nbob (black) to move."
    );

    let out = run("bob@#t: /move d8d6\nalice@#t: /move e6d7\n", &db).await;
    assert_eq!(
        *texts_to(&out, "#t").last().expect("announcements"),
        "#1 ply 5: alice (white) e6xd7 e.p.: pawn e6-d7, capturing the pawn on d6 en passant.\n\
         bob (black) to move."
    );

    // Tier 2: eight pieces or stay; the knight button.
    let out =
        run("bob@#t: /move a7a6\nalice@#t: /move d7c8\nalice@#t: /press 1:6:complete-=N\n", &db)
            .await;
    let question = out
        .iter()
        .find(|m| m["text"].as_str().is_some_and(|t| t.starts_with("A pawn reaching c8")))
        .expect("the question");
    assert_eq!(
        question["buttons"],
        serde_json::json!([
            "Guard (=G)",
            "Knight (=N)",
            "Elephant (=E)",
            "Ship (=S)",
            "Rook (=R)",
            "Bishop (=B)",
            "Cannon (=C)",
            "Archer (=A)",
            "Stay a pawn"
        ])
    );
    assert_eq!(
        *texts_to(&out, "#t").last().expect("announcements"),
        "#1 ply 7: alice (white) d7xc8=N: pawn d7-c8, capturing the pawn on c8, promoting to \
         knight.\nbob (black) to move."
    );

    // Black's first line is the 5th rank; a choice typed with `=` plays at once.
    let out = run("bob@#t: /move a6a5=X\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t")[0],
        "#1 ply 8: bob (black) a6-a5=X: pawn a6-a5, promoting to alfil.\nalice (white) to move."
    );
    // A piece the line does not offer is asked about again, with the buttons.
    let out = run("alice@#t: /move f3f5\nbob@#t: /move j8j7\nalice@#t: /move f5f6=Q\n", &db).await;
    assert!(
        texts_to(&out, "#t")
            .last()
            .is_some_and(|t| t.starts_with("A pawn reaching f6 may become one of wazir (=W)")),
        "{out:#?}"
    );
    assert_eq!(last_buttons(&out, "#t").len(), 5);
    // The oracle's form: the lower-case FEN letter glued to the move.
    let out = run("alice@#t: /move f5f6w\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t")[0],
        "#1 ply 11: alice (white) f5-f6=W: pawn f5-f6, promoting to wazir.\nbob (black) to move."
    );
    assert_eq!(
        notations(&db, 1).await,
        ["e3e5", "a8a7", "e5e6", "d8d6", "e6d7", "a7a6", "d7c8n", "a6a5l", "f3f5", "j8j7", "f5f6w"]
    );
}

/// A white pawn on e9 with the black king on a10: e9-e10 must promote (spec decision 2, last
/// line). The marshal on e10 sees a10 along the empty 10th rank: check. Typing "stay" there is
/// asked again.
#[tokio::test]
async fn a_pawn_on_the_last_rank_must_become_a_queen_marshal_or_princess() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let id =
        start_from(&db, "k9/4P5/10/10/10/10/10/10/10/9K w - - 0 1", Pace::Correspondence).await;
    let script = "alice@#t: /move e9e10\nalice@#t: /move e9e10 stay\n\
                  alice@#t: /press 1:0:complete-=M\n";
    let out = run(script, &db).await;
    assert_eq!(
        out[0]["text"],
        "A pawn reaching e10 must become one of queen (=Q), marshal (=M), princess (=P): say \
         which after the move, like =Q. Nothing was played.\n\
         Or choose what the pawn becomes for #1 e9e10:"
    );
    let buttons = serde_json::json!(["Queen (=Q)", "Marshal (=M)", "Princess (=P)"]);
    assert_eq!(out[0]["buttons"], buttons);
    // "Stay" is no answer on the last rank: the same question again.
    assert_eq!(out[1]["text"], out[0]["text"]);
    assert_eq!(out[1]["buttons"], buttons);
    let public = texts_to(&out, "#t");
    // The new marshal on e10 moves like a rook: it sees the king on a10 along the empty 10th
    // rank (b10-d10).
    assert_eq!(
        public[2],
        "#1 ply 1: alice (white) e9-e10=M: pawn e9-e10, promoting to marshal. Check: the \
         marshal on e10 attacks the king.\nbob (black) to move."
    );
    let ping = texts_to(&out, "dm:bob");
    assert_eq!(
        ping,
        ["#1 Perfect 10 x 10: your move (black). Last move: e9-e10=M. Check: the marshal on e10 \
          attacks the king."]
    );
    assert_eq!(notations(&db, id).await, ["e9e10m"]);
}

/// A white rook reaching the last rank becomes a dragon by itself (spec decision 3), and sees
/// the black king on e10 along the empty 10th rank.
#[tokio::test]
async fn a_rook_reaching_the_last_rank_becomes_a_dragon_without_being_asked() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    start_from(&db, "4k5/R9/10/10/10/10/10/10/10/9K w - - 0 1", Pace::Live).await;
    let out = run("alice@#t: /move a9a10\n", &db).await;
    // The dragon moves like a rook: from a10 it sees the king on e10 across b10-d10.
    assert_eq!(
        texts_to(&out, "#t"),
        ["#1 ply 1: alice (white) Ra9-a10=R+: rook a9-a10, and becomes a dragon on the last \
          rank. Check: the dragon on a10 attacks the king.\nbob (black) to move."]
    );
    // A live game pings nobody unless there is something only the mover must hear.
    assert!(texts_to(&out, "dm:bob").is_empty(), "{out:#?}");
}

/// The black king on a10, the white king on c9, the queen on b1: Qb1-b9 checks a10 from the
/// adjacent diagonal; a9 and b10 are on the queen's lines and b9 is guarded by the king, so
/// Black has no move: checkmate (spec decision 4).
#[tokio::test]
async fn checkmate_ends_the_game_with_the_winner_and_the_reason() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let id =
        start_from(&db, "k9/2K7/10/10/10/10/10/10/10/1Q8 w - - 0 1", Pace::Correspondence).await;
    let out = run("alice@#t: /move Qb1-b9\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        ["#1 ply 1: alice (white) Qb1-b9: queen b1-b9. Check: the queen on b9 attacks the \
          king.\n⟦b:|#1 is over: alice wins.⟧\nbob is checkmated."]
    );
    assert!(out[0]["image"].is_object(), "the final position is shown");
    assert_eq!(out.len(), 1, "nobody is pinged after the end: {out:#?}");
    assert_eq!(
        ending(&db, id).await,
        ("over".into(), Some("seat:0".into()), Some("checkmate".into()))
    );
    // A finished game is not loaded again: it is no longer running.
    let out = run("bob@#t: /move a10a9 #1\n", &db).await;
    assert_eq!(out[0]["text"], "There is no running game #1.");
}

/// The queen on c9 takes a9, b9 and b10 from the black king on a10 without attacking a10: Black
/// has no legal move and is not in check, so Black passes (spec decision 6: no stalemate). A
/// king move into the queen's line is refused; so is a pass by White, who has moves.
#[tokio::test]
async fn a_side_without_a_legal_move_is_told_to_pass_and_passes_with_the_button() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let id =
        start_from(&db, "k9/10/10/10/10/10/10/10/10/2Q2K4 w - - 0 1", Pace::Correspondence).await;
    let out = run("alice@#t: /move Qc1-c9\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        ["#1 ply 1: alice (white) Qc1-c9: queen c1-c9.\nbob (black) has no legal move and must \
          pass."]
    );
    assert_eq!(
        texts_to(&out, "dm:bob"),
        ["#1 Perfect 10 x 10: your move (black). Last move: Qc1-c9.\nYou have no legal move, so \
          you must pass (/pass or the button)."]
    );
    assert_eq!(last_buttons(&out, "dm:bob"), ["Pass"]);
    let out = run("bob@#t: /move a10a9\n", &db).await;
    assert_eq!(
        out[0]["text"],
        "That would leave your king on a9 in check from the queen on c9. Nothing was played."
    );
    assert_eq!(out.len(), 1);
    let out = run("bob@dm: /press 1:1:pass\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        ["#1 ply 2: bob (black) has no legal move and passes.\nalice (white) to move."]
    );
    let out = run("alice@#t: /pass\n", &db).await;
    assert_eq!(
        out[0]["text"],
        "You may pass only when you have no legal move. Nothing was played."
    );
    assert_eq!(notations(&db, id).await, ["c1c9", "0000"]);
}

/// Both knights hop out and back twice (b2-a4-b2, b9-a7-b9): after ply 8 the start position,
/// White to move, stands for the third time (plies 0, 4, 8), and White may claim (spec decision
/// 8). After ply 7 Black could have claimed with a7b9, the move that makes that third
/// occurrence, but not without a move: the position then on the board had occurred twice.
#[tokio::test]
async fn the_threefold_repetition_is_offered_as_a_button_and_the_claim_draws() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let mut script = String::from(START);
    for _ in 0..2 {
        script.push_str("alice@#t: /move b2a4\nbob@#t: /move b9a7\n");
        script.push_str("alice@#t: /move a4b2\nbob@#t: /move a7b9\n");
    }
    // Stop before Black's last move to look at Black's prompt.
    let (first, last) = script.rsplit_once("bob@#t: /move a7b9\n").expect("the last move");
    assert!(last.is_empty());
    let out = run(first, &db).await;
    let bob = texts_to(&out, "dm:bob");
    assert_eq!(
        *bob.last().expect("bob's prompts"),
        "#1 Perfect 10 x 10: your move (black). Last move: Na4-b2.\nThese moves would repeat a \
         position for the third time: a7b9. To claim the draw with one, send it after \"claim\", \
         e.g. /move claim a7b9."
    );
    let out = run("bob@#t: /claim\n", &db).await;
    assert_eq!(
        out[0]["text"],
        "There is no draw to claim: this position has occurred 2 times, not three. Nothing was \
         played."
    );
    let out = run("bob@#t: /move a7b9\n", &db).await;
    let alice = texts_to(&out, "dm:alice");
    assert_eq!(
        alice,
        ["#1 Perfect 10 x 10: your move (white). Last move: Na7-b9.\nThis position has now \
          occurred three times: you may claim a draw (/claim or the button), or play on.\nThese \
          moves would repeat a position for the third time: b2a4. To claim the draw with one, \
          send it after \"claim\", e.g. /move claim b2a4."]
    );
    assert_eq!(last_buttons(&out, "dm:alice"), ["Claim draw"]);
    let out = run("alice@dm: /press 1:8:claim\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        [
            "#1: alice (white) claims a draw by threefold repetition.\n⟦b:|#1 is over: a draw.⟧\nThe \
          same position occurred for the third time.",
            // A draw between equal ratings moves neither (expected score ½ each).
            "#1 ratings: alice 1500? (±0), bob 1500? (±0)."
        ]
    );
    assert_eq!(
        ending(&db, 1).await,
        ("over".into(), Some("draw".into()), Some("threefold-repetition".into()))
    );
}

/// The white rook checks the black king from e1, f1 and g1 while the king walks e10-f10-g10-h10
/// (spec decision 7). Before White's fourth move the prompt warns; Rg1-h1 checks a fourth time
/// in a row with the same rook, and White loses. In a live game only that warning pings.
#[tokio::test]
async fn the_third_check_in_a_row_is_warned_about_and_the_fourth_loses() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let id = start_from(&db, "4k5/10/10/10/10/10/10/10/10/1R7K w - - 0 1", Pace::Live).await;
    let out = run("alice@#t: /move Rb1-e1\nbob@#t: /move e10e9\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t")[1],
        "That would leave your king on e9 in check from the rook on e1. Nothing was played."
    );
    let script = "bob@#t: /move e10f10\nalice@#t: /move e1f1\nbob@#t: /move f10g10\n\
                  alice@#t: /move f1g1\nbob@#t: /move g10h10\n";
    let out = run(script, &db).await;
    let alice = texts_to(&out, "dm:alice");
    assert_eq!(
        alice,
        ["#1 Perfect 10 x 10: your move (white). Last move: Kg10-h10.\nCareful: your rook on g1 \
          gave check on each of your last three moves; a fourth check in a row by it loses the \
          game."]
    );
    assert!(texts_to(&out, "dm:bob").is_empty(), "{out:#?}");
    let out = run("alice@#t: /move g1h1\n", &db).await;
    // The rook on h1 sees the king on h10 up the empty h-file (the white king is on j1).
    assert_eq!(
        texts_to(&out, "#t"),
        ["#1 ply 7: alice (white) Rg1-h1: rook g1-h1. Check: the rook on h1 attacks the \
             king.\n⟦b:|#1 is over: bob wins.⟧\nalice gave check with the same piece on four \
             moves in a row and loses."]
    );
    assert_eq!(
        ending(&db, id).await,
        ("over".into(), Some("seat:1".into()), Some("four-checks".into()))
    );
}

/// White K a1, R j1, N j6 between the rook and the black king on j10. Nj6-i8 uncovers the rook
/// up the j-file, and from i8 the knight reaches j10 itself (one file right, two ranks up): a
/// double check, both pieces named in the announcement and on `/board`, in every language.
#[tokio::test]
async fn a_double_check_names_both_checking_pieces_and_their_squares() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let fen = "9k/10/10/10/9N/10/10/10/10/K8R w - - 0 1";
    let db = dir.path().join("p.db");
    start_from(&db, fen, Pace::Live).await;
    let out = run("alice@#t: /move j6i8\nbob@#t: /board\n", &db).await;
    let public = texts_to(&out, "#t");
    assert_eq!(
        public[0],
        "#1 ply 1: alice (white) Nj6-i8: knight j6-i8. Check: the rook on j1 and the knight on \
         i8 attack the king.\nbob (black) to move."
    );
    assert_eq!(
        public[1],
        "#1 Perfect 10 x 10, after ply 1\nLast move: Nj6-i8.\nbob (black) to move. Check: the \
         rook on j1 and the knight on i8 attack the king."
    );
    let db = dir.path().join("q.db");
    start_in(&db, fen, Pace::Live, "zh-Hans").await;
    let out = run("alice@#t: /move j6i8\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        ["#1 第1手：alice（白方）Nj6-i8：骑士 j6-i8。双将：j1 的城堡和 i8 的骑士攻击国王。\n\
          轮到 bob（黑方）。"]
    );
}

#[tokio::test]
async fn a_draw_offer_accepted_and_a_resignation_end_perfect10_games() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let script = format!("{START}alice@#t: /move e3e5\nbob@#t: /draw\nalice@#t: /draw accept\n");
    let out = run(&script, &db).await;
    let public = texts_to(&out, "#t");
    assert!(public.contains(&"bob offers a draw in #1. alice: /draw accept or /draw decline"));
    assert_eq!(
        *public.last().expect("the end"),
        "⟦b:|#1 is over: a draw.⟧\nThe players agreed a draw."
    );
    assert!(out.last().is_some_and(|m| m["image"].is_object()));
    assert_eq!(ending(&db, 1).await, ("over".into(), Some("draw".into()), Some("agreed".into())));

    let db = dir.path().join("q.db");
    let script = format!("{START}alice@#t: /move e3e5\nalice@#t: /resign\n");
    let out = run(&script, &db).await;
    assert_eq!(
        *texts_to(&out, "#t").last().expect("the end"),
        "⟦b:|#1 is over: bob wins.⟧\nalice resigned."
    );
    assert_eq!(
        ending(&db, 1).await,
        ("over".into(), Some("seat:1".into()), Some("resigned".into()))
    );
}

#[tokio::test]
async fn a_takeback_agreed_by_the_opponent_restores_the_captured_piece() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    // The white knight b2 jumps to c4, d6 and takes the pawn on e8, checking the king on f10
    // (a knight's jump away); alice asks to take it back and bob agrees.
    let script = format!(
        "{START}alice@#t: /move b2c4\nbob@#t: /move a8a7\nalice@#t: /move c4d6\n\
         bob@#t: /move a7a6\nalice@#t: /move d6e8\nalice@#t: /takeback\nbob@#t: /takeback accept\n"
    );
    let out = run(&script, &db).await;
    let public = texts_to(&out, "#t");
    // The knight on e8 is a knight's jump (one file right, two ranks up) from the king on f10;
    // d6, which it left, is on no line to f10, so nothing else is uncovered.
    assert!(
        public.contains(
            &"#1 ply 5: alice (white) Nd6xe8: knight d6-e8, capturing the pawn on e8. Check: the \
              knight on e8 attacks the king.\nbob (black) to move."
        ),
        "{public:#?}"
    );
    assert!(
        public.contains(
            &"#1 Perfect 10 x 10, after ply 4\nLast move: a7-a6.\nalice (white) to move."
        ),
        "{public:#?}"
    );
    assert_eq!(notations(&db, 1).await, ["b2c4", "a8a7", "c4d6", "a7a6"]);
}

#[tokio::test]
async fn impossible_moves_are_refused_where_typed_and_change_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    run(START, &db).await;
    for (text, want) in [
        // The knight on b2 stands in the cannon's way.
        (
            "b1b5",
            "The cannon on b1 cannot move to b5: your own knight on b2 is in the way. Nothing was \
             played.",
        ),
        // The queen's diagonal e1-i5 starts with the marshal on f2.
        (
            "e1-i5",
            "The queen on e1 cannot move to i5: your own marshal on f2 is in the way. Nothing was \
             played.",
        ),
        // The ship steps onto its own pawn.
        (
            "a2-a3",
            "The ship on a2 cannot move to a3: your own pawn stands on a3. Nothing was played.",
        ),
        // A queen does not leap like a knight.
        (
            "e1-f3",
            "The queen on e1 cannot move to f3 (a queen moves any distance along a rank, file or \
             diagonal). Nothing was played.",
        ),
        // Algebraic notation: no knight reaches d4; the only queen's move is blocked.
        ("Nd4", "No knight of yours can move to d4. Nothing was played."),
        (
            "Qi5",
            "The queen on e1 cannot move to i5: your own marshal on f2 is in the way. Nothing was \
             played.",
        ),
        ("e8e7", "The pawn on e8 is your opponent's. Nothing was played."),
        ("e5e6", "There is no piece on e5. Nothing was played."),
        (
            "e3e4=Q",
            "A pawn reaching e4 is not on a promotion line, so it cannot promote. Nothing was played.",
        ),
        (
            "hello",
            "“hello” is not a move: give the from and to squares, like e3e5 or Nb2-c4 (promotion \
             e9e10=Q, castling O-O, pass 0000, draw claim: claim). Nothing was played. Piece codes: \
             /rules perfect10.",
        ),
        ("0000", "You may pass only when you have no legal move. Nothing was played."),
    ] {
        let out = run(&format!("alice@#t: /move {text}\n"), &db).await;
        assert_eq!(out.len(), 1, "{text}: {out:#?}");
        assert_eq!(out[0]["to"], "#t", "{text}");
        assert_eq!(out[0]["text"], want, "{text}");
    }
    // Out of turn.
    let out = run("bob@#t: /move e8e6\n", &db).await;
    assert_eq!(out[0]["text"], "It is alice's turn.");
    assert!(notations(&db, 1).await.is_empty());
}

#[tokio::test]
async fn a_game_created_in_chinese_names_the_pieces_by_the_seeds_chinese_names() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let script = "alice@#t: /settings language=zh-Hans\nalice@#t: /new p10 @bob\n\
                  bob@#t: /accept\nalice@#t: /move Nb2-c4\nbob@#t: /move d8d6\n\
                  alice@#t: /move Nc4xd6\n";
    let out = run(script, &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public.contains(&"#1 第1手：alice（白方）Nb2-c4：骑士 b2-c4。\n轮到 bob（黑方）。"),
        "{public:#?}"
    );
    // The knight on c4 jumps to d6 (one file, two ranks): the black pawn there is taken.
    assert!(
        public.contains(
            &"#1 第3手：alice（白方）Nc4xd6：骑士 c4-d6，吃掉 d6 的兵卒。\n轮到 bob（黑方）。"
        ),
        "{public:#?}"
    );
    let out = run("alice@#t: /rules perfect10\n", &db).await;
    let rules = out[0]["text"].as_str().unwrap_or("");
    assert!(rules.starts_with("完美十乘十（Perfect 10 x 10）"), "{rules}");
    assert!(rules.contains("move_rule = 0..1000"), "{rules}");
    assert!(rules.contains("自定规则：双方各走这么多步都没有吃子或走兵即和棋"), "{rules}");
}

/// White's king takes Black's only piece, the rook on e2 that checks it: king against king, a
/// position neither side can ever win, is a draw at once (spec decision 9).
#[tokio::test]
async fn taking_the_last_piece_leaves_bare_kings_and_draws_by_insufficient_material() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let id = start_from(&db, "k9/10/10/10/10/10/10/10/4r5/4K5 w - - 0 1", Pace::Live).await;
    let out = run("alice@#t: /move Ke1xe2\n", &db).await;
    assert_eq!(
        texts_to(&out, "#t"),
        [
            "#1 ply 1: alice (white) Ke1xe2: king e1-e2, capturing the rook on e2.\n⟦b:|#1 is over: a \
          draw.⟧\nNeither side can checkmate any more."
        ]
    );
    assert_eq!(
        ending(&db, id).await,
        ("over".into(), Some("draw".into()), Some("insufficient-material".into()))
    );
}

/// The house rule `move_rule=1` (off by default; the seed has no such rule) draws once each side
/// has made one move without a capture or a pawn move: the two knights' first moves.
#[tokio::test]
async fn the_move_rule_house_rule_is_shown_in_the_invitation_and_draws_when_reached() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let script = "alice@#t: /new perfect10 @bob move_rule=1\nbob@#t: /accept\n\
                  alice@#t: /move b2a4\nbob@#t: /move b9a7\n";
    let out = run(script, &db).await;
    let public = texts_to(&out, "#t");
    assert_eq!(
        public[0],
        "alice invites ⟦p:bob|bob⟧ to Perfect 10 x 10 #1. rules: a draw after one move by each side \
         without a capture or a pawn move, time: 1d per move. ⟦p:bob|bob⟧: /accept #1"
    );
    let (rated, public) = public.split_last().expect("the ratings after the end");
    assert_eq!(*rated, "#1 ratings: alice 1500? (±0), bob 1500? (±0).");
    assert_eq!(
        *public.last().expect("the end"),
        "#1 ply 2: bob (black) Nb9-a7: knight b9-a7.\n⟦b:|#1 is over: a draw.⟧\nOne move by each side \
         without a capture or a pawn move."
    );
    assert_eq!(
        ending(&db, 1).await,
        ("over".into(), Some("draw".into()), Some("move-rule".into()))
    );
}

/// Both kings boxed in by their own blocked pieces (worked out by hand in the engine's tests):
/// White has no legal move and passes; then Black has none either, and the second pass in a row
/// ends the game drawn (spec decision 6).
#[tokio::test]
async fn two_passes_in_a_row_end_the_game_drawn() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let id = start_from(&db, "8lk/9p/6p2P/6P3/10/10/3p6/p2P6/P9/KL8 w - - 0 1", Pace::Live).await;
    let out = run("alice@#t: /pass\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public[0].starts_with("#1 ply 1: alice (white) has no legal move and passes."),
        "{public:?}"
    );
    let out = run("bob@#t: /pass\n", &db).await;
    let public = texts_to(&out, "#t").join("\n");
    assert!(public.contains("#1 ply 2: bob (black) has no legal move and passes."), "{public}");
    assert!(public.contains("⟦b:|#1 is over: a draw.⟧"), "{public}");
    assert_eq!(notations(&db, id).await, ["0000", "0000"]);
    assert_eq!(
        ending(&db, id).await,
        ("over".into(), Some("draw".into()), Some("double-pass".into()))
    );
}

/// King and two bishops on squares of one colour cannot mate a lone king (no mate exists with
/// both on one colour, as in chess), so the capture that leaves that material draws at once;
/// with the bishops on squares of both colours the game goes on. Started with `position=` at
/// `/new`, as a player would. c1, d2 and e1 are all squares of a1's colour; d1 is not.
#[tokio::test]
async fn two_bishops_on_one_colour_against_a_lone_king_draw_and_on_both_colours_play_on() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let script = "alice@#t: /new perfect10 @bob position=\"9k/10/10/10/10/10/10/10/3r6/K1B1B5 w - - 0 1\"\n\
                  bob@#t: /accept\nalice@#t: /move Bc1xd2\n";
    let out = run(script, &db).await;
    let last = *texts_to(&out, "#t").last().expect("announcements");
    assert!(
        last.contains("⟦b:|#1 is over: a draw.⟧\nNeither side can checkmate any more."),
        "{last}"
    );
    assert_eq!(
        ending(&db, 1).await,
        ("over".into(), Some("draw".into()), Some("insufficient-material".into()))
    );
    let script = "alice@#t: /new perfect10 @bob position=\"9k/10/10/10/10/10/10/10/3r6/K1BB6 w - - 0 1\"\n\
                  bob@#t: /accept\nalice@#t: /move Bc1xd2\n";
    let out = run(script, &db).await;
    let last = *texts_to(&out, "#t").last().expect("announcements");
    assert!(!last.contains("is over"), "{last}");
    assert_eq!(ending(&db, 2).await.0, "active");
}

/// One set of codes: `P` is the princess, so `/move Pe3-e5` is refused with what each code
/// means (a pawn has none); the board's Chinese code 首 works in front of a move as the
/// marshal's; `/rules perfect10 M` gives the marshal alone with a picture of its moves, and an
/// unknown code is refused with where the codes are listed.
#[tokio::test]
async fn codes_are_explained_where_a_move_names_the_wrong_piece_and_one_piece_has_its_own_page() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    let script = "alice@#t: /new perfect10 @bob\nbob@#t: /accept\nalice@#t: /move Pe3-e5\n";
    let out = run(script, &db).await;
    assert_eq!(
        *texts_to(&out, "#t").last().expect("the refusal"),
        "e3 holds the pawn (code none: a pawn moves by its squares alone, like e3e5), not the \
         princess (code P) you named. Nothing was played. Every code: /rules perfect10."
    );
    assert!(notations(&db, 1).await.is_empty());
    // The marshal stands on f2 at the start and jumps like a knight to e4.
    let out = run("alice@#t: /move 首f2-e4\n", &db).await;
    let last = *texts_to(&out, "#t").last().expect("the move");
    assert!(last.starts_with("#1 ply 1: alice (white) Mf2-e4: marshal f2-e4."), "{last}");
    let out = run("carol@#t: /rules perfect10 M\n", &db).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(
        out[0]["text"],
        "M marshal: a marshal moves like a rook or a knight. In the picture a dot is a square it \
         may move to, a ring a square it may capture on (from the middle of an empty board)."
    );
    assert!(out[0]["image"].is_object(), "{}", out[0]);
    let out = run("carol@#t: /rules perfect10 Z\n", &db).await;
    assert_eq!(
        out[0]["text"],
        "perfect10 has no piece \"Z\". /rules perfect10 lists every piece with its code."
    );
    // The rules page names every code, and its picture shows every figure beside its code and
    // name: 19 pieces, three to a row.
    let out = run("carol@#t: /rules perfect10\n", &db).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert!(out[0]["image"].is_object(), "{}", out[0]);
    let page = out[0]["text"].as_str().expect("text");
    assert!(
        page.contains("R+ dragon") && page.contains("X alfil") && page.contains("- pawn"),
        "{page}"
    );
}

/// Moves as chess players write them (`Nc4`, lower case, full width) are played, and the pawn,
/// listed in the legend as `-`, has its own page.
#[tokio::test]
async fn moves_in_algebraic_notation_are_played_and_the_pawn_has_a_page_under_its_dash() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("p.db");
    run(START, &db).await;
    let out = run(
        "alice@#t: /move Nc4
bob@#t: /move nc7
alice@#t: /move ｅ４
",
        &db,
    )
    .await;
    let said = texts_to(&out, "#t");
    assert!(said.iter().any(|t| t.starts_with("#1 ply 1: alice (white) Nb2-c4")), "{said:#?}");
    assert!(said.iter().any(|t| t.starts_with("#1 ply 2: bob (black) Nb9-c7")), "{said:#?}");
    assert!(said.iter().any(|t| t.starts_with("#1 ply 3: alice (white) e3-e4")), "{said:#?}");
    assert_eq!(notations(&db, 1).await, ["b2c4", "b9c7", "e3e4"]);
    let out = run("carol@#t: /rules perfect10 -\n", &db).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    let page = out[0]["text"].as_str().expect("text");
    assert!(page.starts_with("- pawn: a pawn steps one square forward"), "{page}");
}
