//! Every referee command end to end through the transcript runner: each command's happy path
//! once, and every error path we know of. A refusal must answer the sender (where they typed),
//! say why in the words of `locales/en/arbiter.ftl`, tell nobody else, and leave the stored
//! games exactly as they were (version included); the game then goes on normally.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::common;

use arbiter::games::GameKind;
use arbiter::store::{GameStatus, Store, UserId};
use arbiter::table::command::COMMANDS;
use serde_json::Value;

const SEED: u64 = 7;

/// One outbound message as the runner prints it.
#[derive(Debug, Clone)]
struct Msg {
    to: String,
    text: String,
    buttons: Vec<String>,
}

/// A fresh database in its own temporary directory.
struct Bed {
    _dir: tempfile::TempDir,
    db: PathBuf,
}

/// Alice invites Bob in `#t`, Bob accepts: game #1, Alice (A1) to move, Bob on D4.
const STARTED: &str = "alice@#t: /new dark-fence @bob\nbob@#t: /accept\n";

/// [`STARTED`] and Alice's first move (spec T-01): Alice on B3 with a fence on B3:R, Bob to move.
const ONE_MOVE: &str = "alice@#t: /new dark-fence @bob\nbob@#t: /accept\nalice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm\n";

impl Bed {
    fn new() -> Bed {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("arbiter.db");
        Bed { _dir: dir, db }
    }

    /// Runs a transcript on this database and returns what the referee sent.
    /// On the PostgreSQL twin too, when there is one, with the same output (`common::run`).
    async fn run(&self, script: &str) -> Vec<Msg> {
        let run = |db: arbiter::store::Location| async move {
            let mut out = Vec::new();
            arbiter::bot::script::run(script, &db, SEED, &mut out)
                .await
                .unwrap_or_else(|e| panic!("the transcript runs on {db}: {e:#}\n{script}"));
            String::from_utf8(out).expect("UTF-8 output")
        };
        let text = run(arbiter::store::Location::Sqlite(self.db.clone())).await;
        if let Some(twin) = common::postgres_twin(&self.db).await {
            assert_eq!(run(twin).await, text, "on PostgreSQL the transcript answered differently");
        }
        text.lines()
            .map(|line| {
                let v: Value = serde_json::from_str(line).expect("one JSON object per line");
                Msg {
                    to: v["to"].as_str().expect("to").to_string(),
                    text: v["text"].as_str().expect("text").to_string(),
                    buttons: v["buttons"]
                        .as_array()
                        .expect("buttons")
                        .iter()
                        .map(|b| b.as_str().expect("label").to_string())
                        .collect(),
                }
            })
            .collect()
    }

    async fn store(&self) -> Store {
        Store::open(&self.db).await.expect("the store opens")
    }

    /// Every stored game (every field but `updated_at`) and its action log.
    async fn snapshot(&self) -> String {
        let store = self.store().await;
        let games = store
            .games_with_status(&[
                GameStatus::Invited,
                GameStatus::Active,
                GameStatus::Over,
                GameStatus::Aborted,
            ])
            .await
            .expect("games");
        let mut s = String::new();
        for g in games {
            writeln!(
                s,
                "game {} platform={} chat={} kind={} options={} position={:?} seed={} seats={} \
                 creator={} locale={} status={} result={:?} reason={:?} clock={} deadline={:?} \
                 reminders={} offer={:?} version={} engine={} created={}",
                g.id,
                g.platform,
                g.chat,
                g.kind,
                g.options,
                g.position,
                g.seed,
                g.seats,
                g.creator,
                g.locale,
                g.status,
                g.result,
                g.reason.as_ref().map(arbiter::store::EndReason::code),
                g.clock,
                g.deadline_at,
                g.reminders_sent,
                g.offer,
                g.version,
                g.engine_version,
                g.created_at
            )
            .expect("write");
            for a in store.actions(g.id).await.expect("actions") {
                writeln!(
                    s,
                    "  {} seat={} {} by={:?} at={}",
                    a.seq, a.seat, a.notation, a.by_user, a.at
                )
                .expect("write");
            }
        }
        s
    }

    async fn game(&self, id: i64) -> arbiter::store::GameRow {
        self.store().await.game(arbiter::store::GameId(id)).await.expect("the game is stored")
    }

    async fn notations(&self, id: i64) -> Vec<String> {
        let actions =
            self.store().await.actions(arbiter::store::GameId(id)).await.expect("actions");
        actions.into_iter().map(|a| a.notation).collect()
    }

    /// Runs `script` (directives, then one command line last) against the current state and
    /// checks the refusal: at least one reply, every reply to the sender where they typed, one
    /// containing `phrase`, and no stored change at all.
    async fn refused(&self, script: &str, phrase: &str) -> Vec<Msg> {
        let before = self.snapshot().await;
        let out = self.run(script).await;
        let dest = sender_dest(script);
        assert!(!out.is_empty(), "no reply to {script:?}");
        for m in &out {
            assert_eq!(m.to, dest, "a refusal of {script:?} went to someone else: {out:#?}");
        }
        assert!(
            out.iter().any(|m| m.text.contains(phrase)),
            "expected {phrase:?} in the reply to {script:?}, got {out:#?}"
        );
        assert_eq!(self.snapshot().await, before, "{script:?} changed the stored games");
        out
    }
}

/// Where a reply to the last command line of `script` goes: the channel, or `dm:<user>`.
fn sender_dest(script: &str) -> String {
    let line = script
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('!') && !l.starts_with("//"))
        .expect("a command line");
    let (who, _) = line.split_once(':').expect("user@chat: text");
    let (user, chat) = who.split_once('@').expect("user@chat");
    if chat == "dm" { format!("dm:{user}") } else { chat.to_string() }
}

fn texts_to<'a>(out: &'a [Msg], to: &str) -> Vec<&'a str> {
    out.iter().filter(|m| m.to == to).map(|m| m.text.as_str()).collect()
}

fn has(out: &[Msg], to: &str, phrase: &str) -> bool {
    out.iter().any(|m| m.to == to && m.text.contains(phrase))
}

#[track_caller]
fn assert_has(out: &[Msg], to: &str, phrase: &str) {
    assert!(has(out, to, phrase), "expected {phrase:?} to {to}, got {out:#?}");
}

/// The public and private announcement of spec T-01 (`A1-A4-B4-B3 R` from the start).
#[track_caller]
fn assert_t01_announced(out: &[Msg]) {
    assert_has(
        out,
        "#t",
        "Ply 1: alice has moved. Fence direction: right. alice sees bob: down-right; bob sees alice: up-left.",
    );
    assert_has(out, "dm:bob", "#1: alice placed a fence facing right. The opponent is: up-left.");
    assert_has(
        out,
        "dm:alice",
        "#1 ply 1: played A1-A4-B4-B3, fence B3 R. The opponent is: down-right.",
    );
    assert_has(out, "#t", "Ply 2: bob to move.");
    assert_has(out, "dm:bob", "#1: your move (ply 2).");
}

// ---------------------------------------------------------------------------------------------
// Happy paths
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn new_with_an_opponent_posts_an_invitation_with_accept_and_decline_buttons() {
    let bed = Bed::new();
    let out = bed.run("alice@#t: /new dark-fence @bob").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "#t");
    assert!(
        out[0].text.starts_with("alice invites ⟦p:bob|bob⟧ to Dark Fence #1."),
        "{}",
        out[0].text
    );
    assert!(out[0].text.contains("4x4, referee mode"), "{}", out[0].text);
    assert!(out[0].text.ends_with("⟦p:bob|bob⟧: /accept #1"), "{}", out[0].text);
    assert_eq!(out[0].buttons, ["Accept", "Decline"]);
    let g = bed.game(1).await;
    assert_eq!((g.status.as_str(), g.seats.as_str()), ("invited", r#"["alice","bob"]"#));
    assert_eq!(
        (g.chat.id.as_str(), g.kind.as_str(), g.creator.as_str()),
        ("#t", "dark-fence", "alice")
    );
    assert!(bed.notations(1).await.is_empty());
}

#[tokio::test]
async fn an_open_invitation_waits_for_anyone_and_the_first_to_accept_takes_the_seat() {
    let bed = Bed::new();
    let out = bed.run("alice@#t: /new dark-fence").await;
    assert_has(&out, "#t", "alice starts Dark Fence #1 and waits for an opponent.");
    assert_has(&out, "#t", "Anyone: /accept #1");
    let out = bed.run("carol@#t: /accept").await;
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs carol");
    let g = bed.game(1).await;
    assert_eq!((g.status.as_str(), g.seats.as_str()), ("active", r#"["alice","carol"]"#));
}

#[tokio::test]
async fn accept_starts_the_game_and_prompts_the_first_player_publicly_and_privately() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    let out = bed.run("bob@#t: /accept").await;
    assert_has(
        &out,
        "#t",
        "Dark Fence #1: alice (moves first) vs bob, 4x4, referee mode, rules: -, time: 1d per move. \
         Starts: first player A1, second player D4.",
    );
    assert_has(&out, "#t", "Ply 1: alice to move.");
    assert_has(&out, "dm:alice", "#1: your move (ply 1).");
    assert_has(&out, "dm:alice", "Your cell: A1.");
    // Bob is not to move, but has his own view at the start too (spec §3.9.1).
    assert_eq!(
        texts_to(&out, "dm:bob"),
        ["#1: the game has begun; alice moves first, then it is your move.\nYour cell: D4.\n\
          Your fences: none."],
        "{out:#?}"
    );
    let g = bed.game(1).await;
    assert_eq!(g.status, GameStatus::Active);
    assert!(g.deadline_at.is_some(), "a correspondence clock runs from the start");
}

#[tokio::test]
async fn new_takes_table_keys_and_game_options() {
    let bed = Bed::new();
    let out = bed
        .run("alice@#t: /new dark-fence @bob clock=live per_move=5m board=5x5 report=dir16")
        .await;
    let text = &out[0].text;
    assert!(text.contains("5x5, referee mode"), "{text}");
    // Options in words, not keys.
    assert!(text.contains("rules: the other player's direction told in 16 directions"), "{text}");
    assert!(text.contains("time: live, 5m per move"), "{text}");
    let g = bed.game(1).await;
    assert!(g.options.contains("board=5x5"), "{}", g.options);
    assert!(g.options.contains("report=dir16"), "{}", g.options);
    // The far corner of a 5x5 board is E5 (spec §3.2).
    let out = bed.run("bob@#t: /accept").await;
    assert_has(&out, "#t", "Starts: first player A1, second player E5.");
}

#[tokio::test]
async fn a_move_is_echoed_privately_and_played_only_after_confirm() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let before = bed.snapshot().await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    // The echo: only to Alice, derived from the parse (spec §3.4), with buttons.
    assert_eq!(out[0].to, "dm:alice");
    assert_eq!(out[0].text, "#1: will play A1-A4-B4-B3, fence B3 R.");
    assert_eq!(out[0].buttons, ["Confirm", "Cancel"]);
    assert_t01_announced(&out[1..]);
    assert_ne!(bed.snapshot().await, before);
    assert_eq!(bed.notations(1).await, ["A1-A4-B4-B3 R"]);
    let actions = bed.store().await.actions(arbiter::store::GameId(1)).await.expect("actions");
    assert_eq!((actions[0].seq, actions[0].seat), (1, 0));
    assert_eq!(actions[0].by_user, Some("alice".into()));
}

#[tokio::test]
async fn the_echo_alone_changes_nothing_and_tells_nobody_else() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let before = bed.snapshot().await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "dm:alice");
    assert_eq!(bed.snapshot().await, before);
}

#[tokio::test]
async fn cancel_drops_the_echoed_move_and_a_new_move_can_follow() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let before = bed.snapshot().await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /cancel\nalice@dm: /confirm").await;
    assert_eq!(out[1].to, "dm:alice");
    assert_eq!(out[1].text, "Cancelled. Send another move when ready.");
    assert_eq!(out[2].to, "dm:alice");
    assert_eq!(out[2].text, "There is no move waiting for confirmation.");
    assert_eq!(out.len(), 3, "{out:#?}");
    assert_eq!(bed.snapshot().await, before);
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    assert_t01_announced(&out);
}

#[tokio::test]
async fn a_move_echoed_before_a_restart_is_confirmed_after_it() {
    // Each run is a new referee on the same database: a restart between the echo and /confirm.
    let bed = Bed::new();
    bed.run(STARTED).await;
    let echoed = bed.run("alice@dm: A1-A4-B4-B3 R").await;
    assert_eq!(echoed[0].text, "#1: will play A1-A4-B4-B3, fence B3 R.");
    let out = bed.run("alice@dm: /confirm").await;
    assert_t01_announced(&out);
    assert_eq!(bed.notations(1).await, ["A1-A4-B4-B3 R"]);
    // Confirmed once: after another restart there is nothing left to confirm.
    bed.refused("alice@dm: /confirm", "There is no move waiting for confirmation.").await;
}

#[tokio::test]
async fn a_move_cancelled_before_a_restart_stays_cancelled_after_it() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.run("alice@dm: A1-A4-B4-B3 R").await;
    let before = bed.snapshot().await;
    let out = bed.run("alice@dm: /cancel").await;
    assert_eq!(out[0].text, "Cancelled. Send another move when ready.");
    bed.refused("alice@dm: /confirm", "There is no move waiting for confirmation.").await;
    assert_eq!(bed.snapshot().await, before);
}

#[tokio::test]
async fn with_confirm_moves_off_a_move_is_played_at_once() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob confirm_moves=false\nbob@#t: /accept").await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R").await;
    assert!(!out.iter().any(|m| m.buttons.contains(&"Confirm".to_string())), "{out:#?}");
    assert_t01_announced(&out);
    assert_eq!(bed.notations(1).await, ["A1-A4-B4-B3 R"]);
}

#[tokio::test]
async fn move_with_an_id_works_in_private_like_a_bare_action() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed.run("alice@dm: /move A1-A4-B4-B3 R #1\nalice@dm: /confirm #1").await;
    assert_eq!(out[0].text, "#1: will play A1-A4-B4-B3, fence B3 R.");
    assert_t01_announced(&out[1..]);
}

#[tokio::test]
async fn chinese_aliases_and_full_width_slash_work_like_the_english_names() {
    let bed = Bed::new();
    let out = bed.run("alice@#t: /新局 dark-fence @bob\nbob@#t: /接受").await;
    assert_has(&out, "#t", "alice invites ⟦p:bob|bob⟧ to Dark Fence #1.");
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs bob");
    let out = bed.run("alice@dm: /走 A1-A4-B4-B3 右\nalice@dm: /确认").await;
    assert_eq!(out[0].text, "#1: will play A1-A4-B4-B3, fence B3 R.");
    assert_t01_announced(&out[1..]);
    let out = bed.run("bob@#t: ／棋盘\nbob@#t: /规则 暗弈分野").await;
    assert_has(&out, "#t", "#1 Dark Fence, after ply 1: public board");
    assert_has(&out, "#t", "Dark Fence (暗弈分野).");
}

#[tokio::test]
async fn board_shows_the_public_view_in_the_group() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let before = bed.snapshot().await;
    let out = bed.run("carol@#t: /board").await;
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].to, "#t");
    assert_eq!(
        out[0].text,
        "#1 Dark Fence, after ply 1: public board\n\
         Ply 1 (alice): fence right; first sees second: down-right; second sees first: up-left.\n\
         bob to move."
    );
    assert_eq!(bed.snapshot().await, before);
}

#[tokio::test]
async fn view_asked_in_the_group_is_sent_privately() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let before = bed.snapshot().await;
    let out = bed.run("bob@#t: /view").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "dm:bob");
    assert!(out[0].text.starts_with("#1 Dark Fence, after ply 1: your view\nYour cell: D4."));
    assert!(out[0].text.contains("Ply 1 (alice): fence right; the opponent was: up-left."));
    // Alice's view has her own cell and fence, and goes to her.
    let out = bed.run("alice@dm: /view").await;
    assert_eq!(out[0].to, "dm:alice");
    assert!(out[0].text.contains("Your cell: B3."), "{}", out[0].text);
    assert!(out[0].text.contains("Your fences: B3 right (placed on ply 1)."), "{}", out[0].text);
    assert_eq!(bed.snapshot().await, before);
}

#[tokio::test]
async fn resign_ends_the_game_with_a_full_reveal() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let out = bed.run("bob@#t: /resign").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "#t");
    assert_eq!(
        out[0].text,
        "⟦b:|#1 is over: alice wins.⟧\nbob resigned.\n\
         Reveal. Fences: B3:R (alice, ply 1). Moves: 1. alice A1-A4-B4-B3 R. Final cells: alice B3, bob D4."
    );
    let g = bed.game(1).await;
    assert_eq!(g.status, GameStatus::Over);
    assert_eq!(g.result.map(arbiter::store::result_code).as_deref(), Some("seat:0"));
    assert_eq!(g.reason.as_ref().map(arbiter::store::EndReason::code), Some("resigned"));
    assert_eq!(g.deadline_at, None);
}

#[tokio::test]
async fn resign_works_from_the_private_chat_too() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed.run("alice@dm: /resign").await;
    assert_has(&out, "#t", "⟦b:|#1 is over: bob wins.⟧\nalice resigned.");
    assert_eq!(
        bed.game(1).await.result.map(arbiter::store::result_code).as_deref(),
        Some("seat:1")
    );
}

#[tokio::test]
async fn a_draw_offer_then_accept_ends_the_game_in_a_draw() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let out = bed.run("bob@#t: /draw").await;
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].text, "bob offers a draw in #1. alice: /draw accept or /draw decline");
    assert_eq!(out[0].buttons, ["Accept", "Decline"]);
    assert!(bed.game(1).await.offer.is_some());
    let out = bed.run("alice@#t: /draw accept").await;
    assert_has(&out, "#t", "alice accepts the draw in #1.");
    assert_has(&out, "#t", "⟦b:|#1 is over: a draw.⟧\nThe players agreed a draw.\nReveal.");
    let g = bed.game(1).await;
    assert_eq!(
        (
            g.status.as_str(),
            g.result.map(arbiter::store::result_code).as_deref(),
            g.reason.as_ref().map(arbiter::store::EndReason::code)
        ),
        ("over", Some("draw"), Some("agreed"))
    );
}

#[tokio::test]
async fn a_draw_offer_then_decline_keeps_the_game_going() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.run("bob@#t: /draw").await;
    let out = bed.run("alice@dm: /draw decline").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(
        (out[0].to.as_str(), out[0].text.as_str()),
        ("#t", "alice declines the draw in #1.")
    );
    let g = bed.game(1).await;
    assert_eq!((g.status.as_str(), g.offer.as_deref()), ("active", None));
    // The game goes on: Bob moves.
    let out = bed.run("bob@dm: D4-D3 L\nbob@dm: /confirm").await;
    assert_has(&out, "#t", "Ply 2: bob has moved. Fence direction: left.");
    assert_eq!(bed.notations(1).await.len(), 2);
}

#[tokio::test]
async fn the_draw_accept_button_accepts_the_standing_offer() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.run("bob@#t: /draw").await;
    let out = bed.run("alice@#t: /press 1:1:draw-accept").await;
    assert_has(&out, "#t", "alice accepts the draw in #1.");
    assert_eq!(bed.game(1).await.result.map(arbiter::store::result_code).as_deref(), Some("draw"));
}

#[tokio::test]
async fn abort_before_the_first_move_ends_the_game() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed.run("bob@#t: /abort").await;
    assert_has(&out, "#t", "bob aborts #1.");
    assert_has(&out, "#t", "⟦b:|#1 is aborted.⟧\nAborted before the first move.");
    let g = bed.game(1).await;
    assert_eq!(
        (
            g.status.as_str(),
            g.reason.as_ref().map(arbiter::store::EndReason::code),
            g.result.map(arbiter::store::result_code).as_deref()
        ),
        ("aborted", Some("aborted"), None)
    );
}

#[tokio::test]
async fn the_creator_may_abort_an_unanswered_invitation() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    let out = bed.run("alice@#t: /abort #1").await;
    assert_has(&out, "#t", "alice aborts #1.");
    assert_eq!(bed.game(1).await.status, GameStatus::Aborted);
    // Bob can no longer accept it.
    bed.refused("bob@#t: /accept", "There is no invitation for you here.").await;
}

#[tokio::test]
async fn decline_cancels_the_invitation() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    let out = bed.run("bob@#t: /decline").await;
    assert_eq!(out.len(), 1);
    assert_eq!((out[0].to.as_str(), out[0].text.as_str()), ("#t", "bob declined #1."));
    let g = bed.game(1).await;
    assert_eq!(
        (g.status.as_str(), g.reason.as_ref().map(arbiter::store::EndReason::code)),
        ("aborted", Some("declined"))
    );
}

#[tokio::test]
async fn admin_abort_is_refused_for_non_admins() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.refused("carol@#t: /admin abort #1", "Only an administrator of this chat may do that.")
        .await;
    // A player is no administrator either.
    bed.refused("alice@#t: /admin abort #1", "Only an administrator of this chat may do that.")
        .await;
    let out = bed.run("bob@dm: D4-D3 L\nbob@dm: /confirm").await;
    assert_has(&out, "#t", "Ply 2: bob has moved.");
}

#[tokio::test]
async fn admin_abort_is_allowed_for_admins_even_after_moves() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let out = bed.run("!admin carol\ncarol@#t: /admin abort #1").await;
    assert_has(&out, "#t", "carol aborts #1.");
    assert_has(&out, "#t", "⟦b:|#1 is aborted.⟧\nAborted by an administrator.\nReveal.");
    let g = bed.game(1).await;
    assert_eq!(
        (g.status.as_str(), g.reason.as_ref().map(arbiter::store::EndReason::code)),
        ("aborted", Some("admin-aborted"))
    );
}

#[tokio::test]
async fn an_administrator_of_another_chat_cannot_abort_a_game_here() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    // Carol administers #u, not #t: game #1 does not exist for her there.
    bed.refused("!admin carol\ncarol@#u: /admin abort #1", "There is no running game #1.").await;
    // Nor from her private chat, where nobody administers anything.
    bed.refused("!admin carol\ncarol@dm: /admin abort #1", "There is no running game #1.").await;
    let out = bed.run("bob@dm: D4-D3 L\nbob@dm: /confirm").await;
    assert_has(&out, "#t", "Ply 2: bob has moved.");
    // In #t she may.
    let out = bed.run("!admin carol\ncarol@#t: /admin abort #1").await;
    assert_has(&out, "#t", "carol aborts #1.");
}

#[tokio::test]
async fn a_game_is_reached_by_its_id_only_from_its_chat_or_a_players_private_chat() {
    let bed = Bed::new();
    bed.run(&format!("{ONE_MOVE}alice@#t: /new ultima @carol\n")).await;
    // From another group, nobody reaches #1, its players included, whatever the command.
    for line in [
        "carol@#u: /board #1",
        "alice@#u: /board #1",
        "carol@#u: /view #1",
        "alice@#u: /resign #1",
        "bob@#u: /draw #1",
        "bob@#u: /abort #1",
    ] {
        bed.refused(line, "There is no running game #1.").await;
    }
    // An invitation is accepted only where it was made (or privately by the one invited).
    bed.refused("carol@#u: /accept #2", "There is no running game #2.").await;
    bed.refused("dave@dm: /accept #2", "There is no running game #2.").await;
    // Someone not seated reaches nothing from their private chat.
    bed.refused("carol@dm: /board #1", "There is no running game #1.").await;
    bed.refused("carol@dm: /view #1", "There is no running game #1.").await;
    // A button payload names a game too: pressed elsewhere it is as stale as a missing game.
    bed.refused("carol@#u: /press 1:1:view", "That turn is over").await;
    // The game's own chat, and a seated player's private chat, reach it.
    let out = bed.run("carol@#t: /board #1").await;
    assert_eq!(out[0].to, "#t", "{out:#?}");
    assert!(!out[0].text.contains("no running game"), "{out:#?}");
    let out = bed.run("bob@dm: /view #1").await;
    assert_eq!(out[0].to, "dm:bob", "{out:#?}");
    assert!(!out[0].text.contains("no running game"), "{out:#?}");
    let out = bed.run("carol@dm: /accept #2").await;
    assert!(out.iter().all(|m| !m.text.contains("no running game")), "{out:#?}");
    assert_eq!(bed.game(2).await.status, GameStatus::Active);
}

#[tokio::test]
async fn a_finished_game_shows_its_end_to_those_who_could_see_it() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let end = bed.run("bob@#t: /resign").await;
    let announced = end.iter().find(|m| m.text.contains("#1 is over")).expect("the end").clone();
    assert_eq!(announced.to, "#t");
    assert!(announced.text.contains("Reveal."), "{announced:#?}");
    // Afterwards /board in the game's chat shows that end again, the full reveal included.
    let out = bed.run("carol@#t: /board #1").await;
    assert_eq!((out.len(), out[0].to.as_str()), (1, "#t"), "{out:#?}");
    assert_eq!(out[0].text, announced.text);
    // A player's /view shows it privately, wherever asked.
    let out = bed.run("alice@dm: /view #1").await;
    assert_eq!((out.len(), out[0].to.as_str()), (1, "dm:alice"), "{out:#?}");
    assert_eq!(out[0].text, announced.text);
    // Nobody else reaches it: not from another chat, nor privately without a seat.
    bed.refused("carol@#u: /board #1", "There is no running game #1.").await;
    bed.refused("alice@#u: /board #1", "There is no running game #1.").await;
    bed.refused("carol@dm: /view #1", "There is no running game #1.").await;
    bed.refused("carol@dm: /board #1", "There is no running game #1.").await;
}

#[tokio::test]
async fn a_game_whose_log_no_longer_replays_is_listed_told_once_and_aborted_by_an_admin() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    // The stored log is damaged: its one action is no longer a legal move (in the PostgreSQL
    // twin too, when there is one).
    const DAMAGE: &str = "UPDATE actions SET notation = 'D4-D9 Q' WHERE game_id = 1";
    let url = format!("sqlite://{}", bed.db.display());
    let pool = sqlx::SqlitePool::connect(&url).await.expect("the database opens");
    sqlx::query(DAMAGE).execute(&pool).await.expect("the log is changed");
    pool.close().await;
    if let Some(arbiter::store::Location::Postgres(url)) = common::postgres_twin(&bed.db).await {
        let pool = sqlx::PgPool::connect(&url).await.expect("the twin opens");
        sqlx::query(DAMAGE).execute(&pool).await.expect("the twin's log is changed");
        pool.close().await;
    }
    // The next start keeps it listed, tells its chat once (at the first tick), and answers a
    // command naming it with the reason, in reach only.
    let out = bed.run("!clock +1s").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "#t");
    assert!(out[0].text.starts_with("Game #1 cannot be resumed"), "{out:#?}");
    assert!(bed.run("!clock +1s").await.is_empty(), "told once");
    let out = bed.run("carol@#t: /games").await;
    assert!(out[0].text.contains("#1 Dark Fence: cannot be resumed"), "{out:#?}");
    bed.refused("bob@dm: /view #1", "Game #1 cannot be resumed").await;
    bed.refused("carol@#u: /board #1", "There is no running game #1.").await;
    bed.refused("!admin carol\ncarol@#u: /admin abort #1", "There is no running game #1.").await;
    // An administrator of its chat ends it.
    let out = bed.run("!admin carol\ncarol@#t: /admin abort #1").await;
    assert_has(&out, "#t", "carol aborts #1.");
    let g = bed.game(1).await;
    assert_eq!(
        (g.status.as_str(), g.reason.as_ref().map(arbiter::store::EndReason::code)),
        ("aborted", Some("admin-aborted"))
    );
    let out = bed.run("carol@#t: /games").await;
    assert!(!out[0].text.contains("#1"), "{out:#?}");
}

#[tokio::test]
async fn open_invitations_are_limited_per_user_and_per_chat() {
    let bed = Bed::new();
    let mut script = String::new();
    for i in 0..10 {
        writeln!(script, "alice@#c{i}: /new ultima @bob").expect("write");
    }
    bed.run(&script).await;
    bed.refused("alice@#t: /new ultima @bob", "You already have 10 open invitations.").await;
    // A game against the bot is no invitation.
    let out = bed.run("alice@#t: /new chaos-clock @bot").await;
    assert!(out.iter().all(|m| !m.text.contains("open invitations")), "{out:#?}");
    // Ten users inviting in one chat fill it.
    let mut script = String::new();
    for i in 0..10 {
        writeln!(script, "user{i}@#busy: /new ultima").expect("write");
    }
    bed.run(&script).await;
    bed.refused("carol@#busy: /new ultima", "This chat already has 10 open invitations.").await;
    // Once one is answered there is room again.
    bed.run("bob@#c0: /decline").await;
    let invited =
        || async { bed.store().await.games_with_status(&[GameStatus::Invited]).await.unwrap() };
    let before = invited().await.len();
    let out = bed.run("alice@#t: /new ultima @bob").await;
    assert!(out.iter().all(|m| !m.text.contains("open invitations")), "{out:#?}");
    assert_eq!(invited().await.len(), before + 1);
}

#[tokio::test]
async fn games_lists_the_games_here_and_the_ones_waiting_for_you() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob\nalice@#u: /new dark-fence @carol\ncarol@#u: /accept")
        .await;
    let out = bed.run("bob@#t: /games").await;
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].to, "#t");
    assert_eq!(
        out[0].text,
        "Games in this channel: 1\n#1 Dark Fence: alice vs bob, waiting for an answer\n\
         Waiting for you: 1\n#1 Dark Fence: alice vs bob, waiting for an answer"
    );
    // In private there is no "this channel".
    let out = bed.run("carol@dm: /games").await;
    assert_eq!((out[0].to.as_str(), out[0].text.as_str()), ("dm:carol", "Waiting for you: 0"));
    let out = bed.run("carol@#u: /games").await;
    assert_eq!(
        out[0].text,
        "Games in this channel: 1\n#2 Dark Fence: alice vs carol, alice to act\nWaiting for you: 0"
    );
    // Once Alice has moved, #2 waits for Carol.
    bed.run("alice@dm: /move A1-A2 R #2\nalice@dm: /confirm #2").await;
    let out = bed.run("carol@dm: /games").await;
    assert_eq!(
        out[0].text,
        "Waiting for you: 1\n#2 Dark Fence: alice vs carol, carol to act (1d left)"
    );
    let out = bed.run("dave@#v: /games").await;
    assert_eq!(out[0].text, "Games in this channel: 0\nWaiting for you: 0");
    // A finished game drops out of both lists.
    bed.run("carol@#u: /resign").await;
    let out = bed.run("carol@#u: /games").await;
    assert_eq!(out[0].text, "Games in this channel: 0\nWaiting for you: 0");
}

#[tokio::test]
async fn games_does_not_list_your_own_unanswered_invitation_as_waiting_for_you() {
    // The invitation waits for Bob's answer (its own line says "waiting for an answer"), not
    // for Alice; only #2, where Alice is to act, waits for her.
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob\nalice@#u: /new dark-fence @carol\ncarol@#u: /accept")
        .await;
    let out = bed.run("alice@dm: /games").await;
    assert_eq!(
        out[0].text,
        "Waiting for you: 1\n#2 Dark Fence: alice vs carol, alice to act (1d left)"
    );
    // In a group the list holds only that group's games: #2 belongs to #u, and everyone in #t
    // would read about it.
    let out = bed.run("alice@#t: /games").await;
    assert_eq!(
        out[0].text,
        "Games in this channel: 1\n#1 Dark Fence: alice vs bob, waiting for an answer\n\
         Waiting for you: 0"
    );
}

#[tokio::test]
async fn rules_dark_fence_lists_every_option_key_and_the_table_keys() {
    let bed = Bed::new();
    let out = bed.run("alice@#t: /rules dark-fence").await;
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].to, "#t");
    let text = &out[0].text;
    assert!(text.starts_with("Dark Fence (暗弈分野)."), "{text}");
    let specs = GameKind::DarkFence.option_specs();
    assert!(specs.len() >= 20, "spec §3.11 has some twenty options");
    for spec in specs {
        assert!(
            text.contains(&format!("\n{} = ", spec.key)),
            "option {} missing:\n{text}",
            spec.key
        );
    }
    assert!(text.contains("clock=correspondence|live"), "{text}");
    assert!(text.contains("per_move="), "{text}");
    let out = bed.run("alice@dm: /rules").await;
    // The game list names every game, in registration order.
    assert_eq!(
        (out[0].to.as_str(), out[0].text.as_str()),
        ("dm:alice", "Which game? dark-fence, ultima, perfect10, chaos-clock, rabble")
    );
}

#[tokio::test]
async fn help_lists_every_visible_command_and_admin_only_for_admins() {
    let bed = Bed::new();
    let out = bed.run("alice@#t: /help").await;
    assert_eq!(out.len(), 1);
    let text = &out[0].text;
    assert!(text.starts_with("Commands:"), "{text}");
    let mut listed = 0;
    for spec in COMMANDS {
        let line = format!("\n/{}", spec.name);
        if spec.hidden || spec.admin {
            assert!(
                !text.contains(&format!("{line} ")) && !text.contains(&format!("{line}:")),
                "/{} listed:\n{text}",
                spec.name
            );
        } else {
            assert!(text.contains(&line), "/{} missing:\n{text}", spec.name);
            listed += 1;
        }
    }
    assert!(listed >= 19, "the issue's commands are listed");
    // The issue's command list, independently of COMMANDS.
    for name in [
        "new",
        "accept",
        "decline",
        "move",
        "confirm",
        "cancel",
        "board",
        "view",
        "challenge",
        "pass",
        "claim",
        "resign",
        "draw",
        "takeback",
        "abort",
        "games",
        "rules",
        "help",
        "settings",
    ] {
        assert!(text.contains(&format!("\n/{name}")), "/{name} missing:\n{text}");
    }
    let out = bed.run("!admin alice\nalice@#t: /help").await;
    assert!(out[0].text.contains("\n/admin abort <#id>"), "{}", out[0].text);
    // Works in private too.
    let out = bed.run("bob@dm: /帮助").await;
    assert_eq!(out[0].to, "dm:bob");
    assert!(out[0].text.starts_with("Commands:"));
}

/// How the default turn pings read in `/settings`.
const DM: &str = "Turn pings: private message (a mention if that fails). \
             Daily digest: off.";

#[tokio::test]
async fn settings_shows_and_saves_notifications() {
    let bed = Bed::new();
    let out = bed.run("bob@dm: /settings").await;
    assert_eq!(
        (out[0].to.as_str(), out[0].text.as_str()),
        (
            "dm:bob",
            "Language: English. Reminders: on. Turn pings: private message (a mention if that fails). \
             Daily digest: off."
        )
    );
    let out = bed.run("bob@dm: /settings notifications=off").await;
    assert_eq!(
        out[0].text,
        "Saved. Language: English. Reminders: off. Turn pings: private message (a mention if that fails). \
             Daily digest: off."
    );
    let user = bed
        .store()
        .await
        .user(arbiter::store::Platform::Script, &UserId::from("bob"))
        .await
        .expect("user")
        .expect("bob");
    assert!(!user.notifications);
    let out = bed.run("bob@dm: /settings pings=mention").await;
    assert_eq!(
        out[0].text,
        "Saved. Language: English. Reminders: off. Turn pings: a mention in the game's chat. \
         Daily digest: off."
    );
    let out = bed.run("bob@dm: /settings pings=dm").await;
    assert!(out[0].text.ends_with(DM), "{}", out[0].text);
    // It persists into the next run.
    let out = bed.run("bob@#t: /settings").await;
    assert_eq!(
        (out[0].to.as_str(), out[0].text.as_str()),
        (
            "#t",
            "Language: English. Reminders: off. Turn pings: private message (a mention if that fails). \
             Daily digest: off."
        )
    );
}

#[tokio::test]
async fn settings_language_zh_hans_makes_that_users_later_private_messages_chinese() {
    let bed = Bed::new();
    let out = bed.run("bob@dm: /settings language=zh-Hans").await;
    assert_eq!(
        out[0].text,
        "已保存。语言：简体中文。提醒：开。轮到你时：私信（私信不通时改为提及）。每日摘要：关。"
    );
    bed.run(STARTED).await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    // Bob's private messages are Chinese; the public thread keeps the game's language and
    // Alice's private messages stay English.
    assert_has(&out, "dm:bob", "#1：alice 放置了朝右的栅栏。对方位置：左上方。");
    assert_has(&out, "dm:bob", "轮到你（第2手）");
    assert_has(&out, "#t", "Ply 1: alice has moved. Fence direction: right.");
    assert_has(&out, "dm:alice", "#1 ply 1: played A1-A4-B4-B3, fence B3 R.");
    // Bob's refusals are Chinese too.
    bed.refused("bob@dm: D4-D5 L", "格式错误：D5 不在棋盘上").await;
}

#[tokio::test]
async fn start_in_private_welcomes_the_user() {
    let bed = Bed::new();
    let out = bed.run("bob@dm: /start").await;
    assert_eq!(out.len(), 1);
    assert_eq!(out[0].to, "dm:bob");
    assert_eq!(
        out[0].text,
        "Hello bob! I can now write to you privately. Your secret moves go here."
    );
}

#[tokio::test]
async fn the_accept_button_accepts_the_invitation() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    let out = bed.run("bob@#t: /press 1:0:accept").await;
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs bob");
    assert_eq!(bed.game(1).await.status, GameStatus::Active);
}

#[tokio::test]
async fn the_decline_button_declines_the_invitation() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    let out = bed.run("bob@#t: /press 1:0:decline").await;
    assert_has(&out, "#t", "bob declined #1.");
    assert_eq!(bed.game(1).await.status, GameStatus::Aborted);
}

#[tokio::test]
async fn the_confirm_button_plays_the_echoed_move() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /press 1:0:confirm").await;
    assert_t01_announced(&out[1..]);
    assert_eq!(bed.notations(1).await, ["A1-A4-B4-B3 R"]);
}

#[tokio::test]
async fn a_path_without_a_direction_gets_direction_buttons_that_complete_the_move() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let before = bed.snapshot().await;
    // Spec T-10's refusal, privately, then the question with one button per direction; nothing
    // is played yet.
    let out = bed.run("alice@dm: A1-A4-B4-B3").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "dm:alice");
    assert_eq!(
        out[0].text,
        "Format error: no fence direction (U, D, L or R). Nothing was done; please send again.\n\
         Or choose where the fence goes for #1 A1-A4-B4-B3: on which side of your final cell?"
    );
    assert_eq!(out[0].buttons, ["up", "down", "left", "right"]);
    assert_eq!(bed.snapshot().await, before);
    // "right" completes it into `A1-A4-B4-B3 R`, echoed for confirmation like a typed move.
    let out = bed
        .run("alice@dm: A1-A4-B4-B3\nalice@dm: /press 1:0:complete-R\nalice@dm: /press 1:0:confirm")
        .await;
    assert_eq!(out[1].text, "#1: will play A1-A4-B4-B3, fence B3 R.", "{out:#?}");
    assert_t01_announced(&out[2..]);
    assert_eq!(bed.notations(1).await, ["A1-A4-B4-B3 R"]);
    // A completion button of an earlier turn, or with nothing waiting, is stale.
    bed.refused("alice@dm: /press 1:0:complete-U", "That turn is over; this button").await;
    bed.refused("bob@dm: /press 1:1:complete-U", "That turn is over; this button").await;
}

/// Each player's prompt gives an example from their own cell (P2 starts on D4, far from the
/// A1 of the old fixed example), and the example is a move they can send as it is.
#[tokio::test]
async fn each_players_prompt_gives_an_example_move_from_their_own_cell_that_they_can_play() {
    let bed = Bed::new();
    let out = bed.run(STARTED).await;
    let example = |text: &str| {
        let rest = text.split("e.g. ").nth(1).unwrap_or_else(|| panic!("an example: {text}"));
        rest.split('.').next().expect("the example").to_string()
    };
    let alice =
        out.iter().find(|o| o.to == "dm:alice" && o.text.contains("your move")).expect("a prompt");
    let first = example(&alice.text);
    assert!(first.starts_with("A1-"), "{first}");
    let out = bed.run(&format!("alice@dm: {first}\nalice@dm: /confirm")).await;
    let bob =
        out.iter().find(|o| o.to == "dm:bob" && o.text.contains("your move")).expect("a prompt");
    let second = example(&bob.text);
    assert!(second.starts_with("D4-"), "{second}");
    let out = bed.run(&format!("bob@dm: {second}\nbob@dm: /confirm")).await;
    assert!(out.iter().any(|o| o.to == "#t" && o.text.starts_with("Ply 2: bob")), "{out:#?}");
    assert_eq!(bed.notations(1).await, [first, second]);
}

/// A challenge window is asked of its holder privately, with the window's buttons, in a
/// correspondence game and in a live one alike; the group hears of the ply once it closes, in one
/// message (issue 42: the group once read every window and every decision on its own).
#[tokio::test]
async fn a_challenge_window_is_asked_of_its_holder_privately_with_buttons() {
    for clock in ["", " clock=live"] {
        let bed = Bed::new();
        let out = bed
            .run(&format!(
                "alice@#t: /new dark-fence @bob mode=challenge confirm_moves=false{clock}\n\
                 bob@#t: /accept\nalice@dm: A1-A2 R"
            ))
            .await;
        let asked: Vec<_> =
            out.iter().filter(|o| o.to == "dm:bob" && o.text.contains("decision")).collect();
        assert_eq!(asked.len(), 1, "{clock}: {out:#?}");
        assert!(
            asked[0].text.starts_with(
                "#1: Ply 1: alice stops on A2. Your decision: challenge alice? Press a button below"
            ),
            "{}",
            asked[0].text
        );
        assert_eq!(asked[0].buttons, ["Challenge", "Pass"]);
        assert!(!asked[0].text.contains("not moved yet"), "alice has moved: {}", asked[0].text);
        // Nothing in the group while the ply's windows are open: only the invitation and the
        // start.
        assert!(out.iter().all(|o| o.to != "#t" || o.text.contains("Dark Fence #1")), "{out:#?}");
        // Its Pass works from there, and is told to bob. Then alice's window: bob has not moved
        // yet, so a challenge would lose at once, and her window says so.
        let out = bed.run("bob@dm: /press 1:1:pass").await;
        assert_has(&out, "dm:bob", "#1: you do not challenge alice.");
        let warned = "bob has not moved yet, so a challenge now finds nothing and loses: pass.";
        let window =
            out.iter().find(|o| o.to == "dm:alice" && o.buttons.contains(&"Pass".to_string()));
        assert!(
            window.is_some_and(|o| o.text.starts_with("#1: bob does not challenge. Your decision")
                && o.text.ends_with(warned)),
            "{out:#?}"
        );
        assert!(out.iter().all(|o| o.to != "#t"), "{out:#?}");
    }
}

/// 32-bit FNV-1a of `text`, eight hex digits, written out here from its definition (offset
/// basis 0x811c9dc5, prime 0x01000193): the tag a Confirm button carries for its echo.
fn fnv1a(text: &str) -> String {
    let mut hash: u32 = 2_166_136_261;
    for byte in text.bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(16_777_619);
    }
    format!("{hash:08x}")
}

#[tokio::test]
async fn confirm_under_an_older_echo_plays_nothing_and_the_newer_move_still_waits() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let (older, newer) = (fnv1a("A1-A4-B4-B3 R"), fnv1a("A1-A2 R"));
    let out = bed
        .run(&format!(
            "alice@dm: A1-A4-B4-B3 R\nalice@dm: A1-A2 R\nalice@dm: /press 1:0:cancel-{older}\n\
             alice@dm: /press 1:0:confirm-{older}"
        ))
        .await;
    // Both older buttons are stale: the newer echo is what waits, and nothing was played.
    let refusals: Vec<&str> = out[2..].iter().map(|o| o.text.as_str()).collect();
    assert_eq!(refusals.len(), 2, "{out:#?}");
    assert!(refusals.iter().all(|t| t.starts_with("That turn is over; this button")), "{out:#?}");
    assert!(bed.notations(1).await.is_empty());
    let out = bed
        .run(&format!(
            "alice@dm: A1-A4-B4-B3 R\nalice@dm: A1-A2 R\nalice@dm: /press 1:0:confirm-{newer}"
        ))
        .await;
    assert!(
        out.iter().any(|o| o.to == "#t" && o.text.starts_with("Ply 1: alice has moved.")),
        "{out:#?}"
    );
    assert_eq!(bed.notations(1).await, ["A1-A2 R"]);
}

#[tokio::test]
async fn the_cancel_button_drops_the_echoed_move() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let before = bed.snapshot().await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /press 1:0:cancel").await;
    assert_eq!(out[1].text, "Cancelled. Send another move when ready.");
    assert_eq!(bed.snapshot().await, before);
}

const CHALLENGE: &str = "alice@#t: /new dark-fence @bob mode=challenge partition_handling=claim\n\
                         bob@#t: /accept\nalice@dm: A1-A2 R\nalice@dm: /confirm\n";

#[tokio::test]
async fn challenge_variant_pass_buttons_and_commands_open_the_next_window_and_the_next_ply() {
    let bed = Bed::new();
    let out = bed.run(CHALLENGE).await;
    assert_has(&out, "dm:alice", "#1: recorded (ply 1).");
    let window =
        out.iter().find(|m| m.text.contains("Your decision: challenge alice?")).expect("window 1");
    assert_eq!(window.to, "dm:bob");
    assert_eq!(window.buttons, ["Challenge", "Pass", "Separated!"]);
    // Window 1 is Bob's: one action so far, so the button's turn is 1.
    let out = bed.run("bob@#t: /press 1:1:pass").await;
    assert_has(&out, "dm:bob", "#1: you do not challenge alice.");
    assert_has(&out, "dm:alice", "#1: bob does not challenge. Your decision: challenge bob?");
    let out = bed.run("alice@#t: /pass").await;
    // The ply closes: the group hears of it once, all of it.
    let group: Vec<&str> = out.iter().filter(|m| m.to == "#t").map(|m| m.text.as_str()).collect();
    assert_eq!(
        group,
        ["Ply 1: alice stops on A2. bob does not challenge. alice does not challenge.\n\
          Ply 2: bob to move."]
    );
    assert_has(&out, "dm:alice", "#1: you do not challenge bob.");
    assert_eq!(bed.notations(1).await, ["A1-A2 R", "pass", "pass"]);
}

#[tokio::test]
async fn challenge_of_a_clean_move_loses_for_the_challenger() {
    let bed = Bed::new();
    bed.run(CHALLENGE).await;
    let out = bed.run("bob@#t: /challenge").await;
    assert_has(
        &out,
        "#t",
        "⟦b:|#1 is over: alice wins.⟧\nPly 1: alice stops on A2. bob challenges alice!\n\
         Challenge rejected: alice broke no rule, so bob loses.",
    );
    assert_eq!(
        bed.game(1).await.result.map(arbiter::store::result_code).as_deref(),
        Some("seat:0")
    );
}

#[tokio::test]
async fn a_false_claim_loses_for_the_claimant() {
    let bed = Bed::new();
    bed.run(CHALLENGE).await;
    let out = bed.run("bob@#t: /press 1:1:claim").await;
    assert_has(&out, "#t", "bob claims the tokens are separated!");
    assert_has(&out, "#t", "Claim rejected: the tokens are not separated, so bob loses.");
    assert_eq!(bed.game(1).await.status, GameStatus::Over);
}

#[tokio::test]
async fn reminders_come_at_half_time_and_a_timeout_loses_with_a_reveal() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed.run("!clock +12h").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    let deadline = bed.game(1).await.deadline_at.expect("a running clock");
    assert_eq!(
        (out[0].to.as_str(), out[0].text.as_str()),
        (
            "dm:alice",
            format!(
                "Reminder: #1 is waiting for you; your time runs out {}.",
                arbiter::table::reply::moment(deadline, "in 12h")
            )
            .as_str()
        )
    );
    let out = bed.run("!clock +12h").await;
    assert_has(&out, "#t", "alice ran out of time in #1.");
    assert_has(&out, "#t", "⟦b:|#1 is over: bob wins.⟧\nalice lost on time.");
    let g = bed.game(1).await;
    assert_eq!(
        (
            g.result.map(arbiter::store::result_code).as_deref(),
            g.reason.as_ref().map(arbiter::store::EndReason::code)
        ),
        (Some("seat:1"), Some("timeout"))
    );
}

// ---------------------------------------------------------------------------------------------
// Error paths: parser
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn an_unknown_command_is_refused_where_it_was_typed() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.refused("alice@#t: /fly", "I don't know /fly. Try /help.").await;
    bed.refused("alice@dm: /fly away", "I don't know /fly. Try /help.").await;
    // Ordinary chatter in a group is not a command and gets no answer.
    assert!(bed.run("carol@#t: hello all").await.is_empty());
}

#[tokio::test]
async fn missing_arguments_are_refused() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.refused("alice@#t: /new", "/new needs a game. Try /help.").await;
    bed.refused("alice@dm: /move #1", "/move needs an action. Try /help.").await;
    bed.refused("carol@#t: /admin abort", "/admin needs abort #id. Try /help.").await;
    bed.refused("carol@#t: /press", "/press needs a button. Try /help.").await;
}

#[tokio::test]
async fn bad_arguments_are_refused() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.refused("bob@#t: /resign now", r#"/resign does not understand "now". Try /help."#).await;
    bed.refused("bob@#t: /draw maybe", r#"/draw does not understand "maybe". Try /help."#).await;
    bed.refused("bob@#t: /takeback please", r#"/takeback does not understand "please""#).await;
    bed.refused("bob@#t: /games all", r#"/games does not understand "all""#).await;
    bed.refused("bob@#t: /accept #1 now", r#"/accept does not understand "now""#).await;
    // `/board` takes a window only in Rabble, whose board is larger than its picture.
    bed.refused("alice@#t: /board #1 big", "Only Rabble's board is larger than its picture").await;
    // None of it touched the game: Alice still moves.
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    assert_t01_announced(&out[1..]);
}

// ---------------------------------------------------------------------------------------------
// Error paths: new games and invitations
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn an_unknown_game_is_refused_with_the_known_games() {
    let bed = Bed::new();
    // The game list names every game, in registration order.
    bed.refused(
        "alice@#t: /new chess @bob",
        r#"I don't know the game "chess". Games: dark-fence, ultima, perfect10, chaos-clock, rabble."#,
    )
    .await;
    bed.refused(
        "alice@#t: /rules chess",
        r#"I don't know the game "chess". Games: dark-fence, ultima, perfect10, chaos-clock, rabble."#,
    )
    .await;
    assert!(bed.snapshot().await.is_empty(), "no game was created");
}

#[tokio::test]
async fn bad_options_are_refused_and_create_no_game() {
    let bed = Bed::new();
    let cases = [
        ("colour=red", "Those settings don't work: unknown option `colour`"),
        ("board=1x1", "Those settings don't work: option `board` cannot be `1x1`"),
        ("report=far", "option `report` cannot be `far`"),
        ("confirm_moves=maybe", "option `confirm_moves` cannot be `maybe`"),
        ("board", "option `board` is not of the form key=value"),
        ("board=4x4 board=5x5", "option `board` is given twice"),
        ("clock=fast", "option `clock` cannot be `fast`"),
        // Correspondence is 1 h to 14 d per move, live 1 to 60 min (rules-table-keys).
        ("per_move=30s", "option `per_move` cannot be `30s`"),
        ("clock=live per_move=2h", "option `per_move` cannot be `2h`"),
        ("clock=correspondence per_move=15d", "option `per_move` cannot be `15d`"),
    ];
    for (settings, phrase) in cases {
        let out = bed.refused(&format!("alice@#t: /new dark-fence @bob {settings}"), phrase).await;
        assert!(out[0].text.ends_with("See /rules."), "{}", out[0].text);
    }
    assert!(bed.snapshot().await.is_empty(), "no game was created");
    // A good /new still works and gets id #1.
    let out = bed.run("alice@#t: /new dark-fence @bob").await;
    assert_has(&out, "#t", "Dark Fence #1.");
}

#[tokio::test]
async fn conflicting_options_are_refused_never_ignored() {
    // docs/dark-fence.md "Contradictions are refused".
    let bed = Bed::new();
    let cases = [
        ("edge_empty_repeat=true", "option `edge_empty_repeat` needs edge_empty=true"),
        ("juesha=true juesha_count_border=true", "option `juesha_count_border`"),
        ("p2_sees_p1_start=false", "option `p2_sees_p1_start` applies only with start=free"),
        ("mode=challenge start=free p2_sees_p1_start=false", "option `p2_sees_p1_start`"),
        ("commitments=true", "option `commitments`"),
        ("partition_handling=claim", "option `partition_handling`"),
        ("auto_b=true", "option `auto_b`"),
        ("ply_cap=10", "option `ply_cap`"),
    ];
    for (settings, phrase) in cases {
        bed.refused(&format!("alice@#t: /new dark-fence @bob {settings}"), phrase).await;
    }
    assert!(bed.snapshot().await.is_empty());
}

#[tokio::test]
async fn new_in_a_private_chat_is_refused() {
    let bed = Bed::new();
    bed.refused(
        "alice@dm: /new dark-fence @bob",
        "Start games in a group channel, not in private.",
    )
    .await;
    assert!(bed.snapshot().await.is_empty());
}

#[tokio::test]
async fn inviting_yourself_is_refused() {
    let bed = Bed::new();
    bed.refused("alice@#t: /new dark-fence @alice", "You cannot invite yourself.").await;
    assert!(bed.snapshot().await.is_empty());
    let out = bed.run("alice@#t: /new dark-fence @bob").await;
    assert_has(&out, "#t", "alice invites ⟦p:bob|bob⟧");
}

#[tokio::test]
async fn accepting_your_own_invitation_is_refused_and_changes_nothing() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob\nalice@#u: /new dark-fence").await;
    // Any wording: the exact one is checked by the test below.
    bed.refused("alice@#t: /accept", "").await;
    bed.refused("alice@#t: /accept #1", "").await;
    bed.refused("alice@#u: /accept #2", "").await;
    bed.refused("alice@#u: /press 2:0:accept", "").await;
    let out = bed.run("bob@#t: /accept\ncarol@#u: /accept").await;
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs bob");
    assert_has(&out, "#u", "Dark Fence #2: alice (moves first) vs carol");
}

#[tokio::test]
async fn accepting_your_own_invitation_says_you_created_it() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence").await;
    bed.refused(
        "alice@#t: /accept #1",
        "You created that invitation; wait for someone to accept it, or /abort it.",
    )
    .await;
    bed.refused("alice@#t: /accept", "You created that invitation").await;
}

#[tokio::test]
async fn accepting_someone_elses_named_invitation_is_refused_and_changes_nothing() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    bed.refused("carol@#t: /accept #1", "").await;
    bed.refused("carol@#t: /accept", "").await;
    bed.refused("carol@#t: /press 1:0:accept", "").await;
    bed.refused("carol@#t: /decline", "There is no invitation for you here.").await;
    let out = bed.run("bob@#t: /accept").await;
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs bob");
}

#[tokio::test]
async fn accepting_someone_elses_named_invitation_says_it_invites_someone_else() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    bed.refused("carol@#t: /accept #1", "Game #1 invites someone else.").await;
}

#[tokio::test]
async fn declining_an_open_invitation_says_it_is_open_to_anyone_and_leaves_it_open() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence").await;
    bed.refused(
        "carol@#t: /press 1:0:decline",
        "#1 is open to anyone: there is no one to decline it. Accept it to play, or leave it for \
         someone else.",
    )
    .await;
    bed.refused("carol@#t: /decline #1", "#1 is open to anyone").await;
    let out = bed.run("bob@#t: /accept").await;
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs bob");
}

#[tokio::test]
async fn accept_or_decline_with_no_invitation_is_refused() {
    let bed = Bed::new();
    bed.refused("bob@#t: /accept", "There is no invitation for you here.").await;
    bed.refused("bob@#t: /decline", "There is no invitation for you here.").await;
    bed.refused("bob@#t: /accept #7", "There is no running game #7.").await;
    // An invitation in another channel is not "here".
    bed.run("alice@#u: /new dark-fence @bob").await;
    bed.refused("bob@#t: /accept", "There is no invitation for you here.").await;
    // Nor can the creator decline their own invitation (they /abort it).
    bed.refused("alice@#u: /decline", "There is no invitation for you here.").await;
}

#[tokio::test]
async fn an_unreachable_player_blocks_the_start_until_they_send_start() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob\nbob@#t: /games\n!dm-closed bob").await;
    bed.refused(
        "bob@#t: /accept",
        "I can't write to bob privately, and this game needs private messages. \
         Open a private chat with me and send /start, then /accept #1 again.",
    )
    .await;
    assert_eq!(bed.game(1).await.status, GameStatus::Invited);
    let out = bed.run("bob@dm: /start").await;
    assert_has(&out, "dm:bob", "Hello bob!");
    let out = bed.run("bob@#t: /accept").await;
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs bob");
    assert_eq!(bed.game(1).await.status, GameStatus::Active);
}

#[tokio::test]
async fn a_closed_private_chat_of_an_invited_user_never_seen_before_blocks_the_start() {
    // Bob is named in /new but has never written: the platform's refusal to deliver to him must
    // still be recorded (Telegram: a user who never pressed Start), not abort the transcript.
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob\n!dm-closed bob").await;
    bed.refused("bob@#t: /accept", "I can't write to bob privately").await;
}

#[tokio::test]
async fn an_unreachable_creator_blocks_the_start_too() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob\n!dm-closed alice").await;
    bed.refused("bob@#t: /accept", "I can't write to alice privately").await;
    // Any private message from Alice makes her reachable again.
    bed.run("alice@dm: /games").await;
    let out = bed.run("bob@#t: /accept").await;
    assert_has(&out, "#t", "Dark Fence #1: alice (moves first) vs bob");
}

#[tokio::test]
async fn a_private_chat_closed_during_a_game_is_told_once_in_the_channel_and_view_brings_it_back() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed.run("!dm-closed bob").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "#t");
    assert_eq!(
        out[0].text,
        "I can't write to bob privately any more, so bob missed a private message of #1 \
         (nothing is lost). ⟦p:bob|bob⟧: open a private chat with me and send /start, then /view #1."
    );
    // A second failure before bob is back says nothing more.
    assert!(bed.run("!dm-closed bob").await.is_empty());
    // Someone who plays nothing running is only marked.
    assert!(bed.run("!dm-closed carol").await.is_empty());
    let out = bed.run("bob@dm: /start view-1").await;
    assert!(out[0].text.starts_with("Hello bob!"), "{out:#?}");
    assert!(out.len() >= 2 && out[1..].iter().all(|m| m.to == "dm:bob"), "{out:#?}");
    let out = bed.run("bob@dm: /start view-9").await;
    assert_eq!(out[1].text, "There is no running game #9.");
}

#[tokio::test]
async fn a_private_chat_closed_on_the_players_turn_pings_them_with_the_turn_in_the_channel() {
    // Bob's chat closes after the invitation: the refusal of his turn's private prompt comes
    // back after the move was announced, so the notice itself must tell him it is his turn.
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let out = bed.run("!dm-closed bob").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].to, "#t");
    assert_eq!(
        out[0].text,
        "I can't write to bob privately any more, so bob missed a private message of #1 \
         (nothing is lost). ⟦p:bob|bob⟧: open a private chat with me and send /start, then \
         /view #1.\n⟦p:bob|bob⟧, it is your turn in #1."
    );
}

// ---------------------------------------------------------------------------------------------
// Error paths: moves
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn a_move_out_of_turn_is_refused_privately() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.refused("bob@dm: D4-D3 L", "It is alice's turn.").await;
    bed.refused("bob@dm: /move D4-D3 L #1", "It is alice's turn.").await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    assert_t01_announced(&out[1..]);
    // And now it is Alice who waits.
    bed.refused("alice@dm: B3-C3 D", "It is bob's turn.").await;
}

#[tokio::test]
async fn a_move_typed_in_the_group_is_neither_echoed_nor_applied() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed
        .refused(
            "alice@#t: /move A1-A4-B4-B3 R",
            "Moves of this game are secret: send them to me in a private chat, not here. Nothing was played.",
        )
        .await;
    assert_eq!(out.len(), 1, "no echo: {out:#?}");
    assert!(out[0].buttons.is_empty());
    bed.refused("alice@#t: /move A1-A4-B4-B3 R #1", "send them to me in a private chat").await;
    bed.refused("alice@#t: /走 A1-A4-B4-B3 右", "send them to me in a private chat").await;
    // Nothing is pending from the group attempt.
    bed.refused("alice@dm: /confirm", "There is no move waiting for confirmation.").await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    assert_t01_announced(&out[1..]);
}

#[tokio::test]
async fn a_bare_move_posted_in_the_group_is_answered_with_send_it_privately() {
    // Spec §4.7 L-01: P1 posts `A1-A4-B4-B3 R` in the public thread: not accepted; PUB asks for
    // private submission; no state change.
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.refused("alice@#t: A1-A4-B4-B3 R", "send them to me in a private chat").await;
}

#[tokio::test]
async fn each_dark_fence_format_error_is_refused_privately_and_changes_nothing() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    // Spec §4.1, with the wording of df-err-*.
    let cases = [
        ("A1-A5 R", "Format error: A5 is off the board. Nothing was done; please send again."),
        (
            "A1-B2 R",
            "Format error: A1 to B2 is not a straight line. Nothing was done; please send again.",
        ),
        ("B4-B3 R", "Format error: A1 to B4 is not a straight line."),
        (
            "A1-A3",
            "Format error: no fence direction (U, D, L or R). Nothing was done; please send again.",
        ),
        ("A1→A4→B4→B3 →", "Format error: no fence direction (U, D, L or R)."),
        ("A1-Z9 R", "Format error: Z9 is off the board."),
        (
            "hello",
            r#"Format error: "hello" is neither a cell nor a direction. Nothing was done; please send again."#,
        ),
        ("A1-A2 X", r#"Format error: "X" is neither a cell nor a direction."#),
        ("A1 R B1 D", r#"Format error: the direction "R" must come last."#),
    ];
    for (text, phrase) in cases {
        let out = bed.refused(&format!("alice@dm: {text}"), phrase).await;
        assert_eq!(out.len(), 1, "{out:#?}");
        // A refusal is never echoed for confirmation; a path missing only its direction also
        // offers the four directions as buttons.
        let expected: &[&str] = if phrase.contains("no fence direction") {
            &["up", "down", "left", "right"]
        } else {
            &[]
        };
        assert_eq!(out[0].buttons, expected, "{text}");
        let out = bed.refused(&format!("alice@dm: /move {text} #1"), phrase).await;
        assert_eq!(out.len(), 1, "{out:#?}");
    }
}

#[tokio::test]
async fn option_dependent_format_errors_are_refused() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob max_waypoints=2 allow_stay=false\nbob@#t: /accept")
        .await;
    bed.refused("alice@dm: A1-A2-B2 R", "Format error: a path may list at most 2 cells.").await;
    bed.refused("alice@dm: A1 R", "Format error: this game does not allow staying").await;
    let out = bed.run("alice@dm: A1-A3 R\nalice@dm: /confirm").await;
    assert_has(&out, "#t", "Ply 1: alice has moved.");
}

#[tokio::test]
async fn refused_moves_reach_nobody_else_and_the_next_move_is_announced_as_usual() {
    // Spec T-11: two refusals, then a valid move; the others hear only the normal announcement.
    let plain = Bed::new();
    plain.run(STARTED).await;
    let expected = plain.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    let bed = Bed::new();
    bed.run(STARTED).await;
    let out = bed
        .run("alice@dm: A1-B2 R\nalice@dm: A1-A5 R\nalice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm")
        .await;
    assert!(out[..2].iter().all(|m| m.to == "dm:alice"), "{out:#?}");
    let rest: Vec<(String, String)> =
        out[2..].iter().map(|m| (m.to.clone(), m.text.clone())).collect();
    let want: Vec<(String, String)> =
        expected.iter().map(|m| (m.to.clone(), m.text.clone())).collect();
    assert_eq!(rest, want);
    assert_eq!(plain.snapshot().await, bed.snapshot().await);
}

#[tokio::test]
async fn a_move_in_a_game_you_are_not_in_is_refused() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    // From a private chat, a game one does not play is out of reach: as if it did not exist.
    bed.refused("carol@dm: /move A1-A2 R #1", "There is no running game #1.").await;
    bed.refused("carol@dm: A1-A2 R", "You have no game here that this applies to. See /games.")
        .await;
    bed.refused("carol@#t: /move A1-A2 R", "You have no game here that this applies to.").await;
    bed.refused("carol@#t: /resign #1", "Game #1 is not one you can do that in.").await;
    bed.refused("carol@#t: /resign", "You have no game here that this applies to.").await;
    bed.refused("carol@#t: /abort", "You have no game here that this applies to.").await;
    bed.refused("carol@#t: /draw", "You have no game here that this applies to.").await;
    bed.refused(
        "carol@#t: /view #1",
        "Only the players of #1 have a private view; /board shows what everyone sees.",
    )
    .await;
    bed.refused("carol@dm: /confirm #1", "There is no running game #1.").await;
}

#[tokio::test]
async fn a_move_before_the_invitation_is_accepted_is_refused() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob").await;
    bed.refused("alice@dm: A1-A2 R", "You have no game here that this applies to.").await;
    bed.refused("alice@dm: /move A1-A2 R #1", "That game has not started yet.").await;
}

#[tokio::test]
async fn a_move_in_a_finished_game_is_refused() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.run("bob@#t: /resign").await;
    bed.refused("bob@dm: D4-D3 L", "You have no game here that this applies to.").await;
    bed.refused("bob@dm: /move D4-D3 L #1", "There is no running game #1.").await;
    bed.refused("alice@#t: /resign", "You have no game here that this applies to.").await;
    bed.refused("alice@#t: /draw #1", "There is no running game #1.").await;
    bed.refused("alice@#t: /board", "You have no game here that this applies to.").await;
}

#[tokio::test]
async fn confirm_or_cancel_with_nothing_pending_is_refused() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.refused("alice@dm: /confirm", "There is no move waiting for confirmation.").await;
    bed.refused("alice@dm: /cancel", "There is no move waiting for confirmation.").await;
    bed.refused("bob@#t: /confirm", "There is no move waiting for confirmation.").await;
    bed.refused("alice@dm: /press 1:0:confirm", "There is no move waiting for confirmation.").await;
    // No games at all.
    let empty = Bed::new();
    empty.refused("alice@dm: /confirm", "You have no game here that this applies to.").await;
}

#[tokio::test]
async fn a_stale_button_is_refused() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.refused(
        "alice@dm: /press 1:0:confirm",
        "That turn is over; this button no longer applies.",
    )
    .await;
    bed.refused("bob@#t: /press 1:0:accept", "That turn is over").await;
    bed.refused("bob@#t: /press 1:0:decline", "That turn is over").await;
    bed.refused("bob@#t: /press 1:5:pass", "That turn is over").await;
    bed.refused("bob@#t: /press 9:0:accept", "That turn is over").await;
    bed.refused("bob@#t: /press nonsense", "That turn is over").await;
    bed.refused("bob@#t: /press 1:1:fly", "That turn is over").await;
    // A fresh button for the current turn works.
    let out = bed.run("bob@dm: D4-D3 L\nbob@dm: /press 1:1:confirm").await;
    assert_has(&out, "#t", "Ply 2: bob has moved.");
}

#[tokio::test]
async fn a_window_button_is_stale_once_the_window_is_decided() {
    let bed = Bed::new();
    bed.run(CHALLENGE).await;
    bed.run("bob@#t: /pass").await;
    bed.refused("bob@#t: /press 1:1:challenge", "That turn is over").await;
    bed.refused("bob@#t: /press 1:1:pass", "That turn is over").await;
}

#[tokio::test]
async fn window_decisions_out_of_turn_or_out_of_place_are_refused() {
    let bed = Bed::new();
    bed.run(CHALLENGE).await;
    // Window 1 belongs to Bob.
    bed.refused("alice@#t: /pass", "It is bob's turn.").await;
    bed.refused("alice@#t: /challenge", "It is bob's turn.").await;
    // Bob's /confirm of a move during his window is refused (see the ignored test below for the
    // echo that precedes it).
    let before = bed.snapshot().await;
    let out = bed.run("bob@dm: D4-D3 L\nbob@dm: /confirm").await;
    assert!(out.iter().all(|m| m.to == "dm:bob"), "{out:#?}");
    assert_has(&out, "dm:bob", "That is not possible now.");
    assert_eq!(bed.snapshot().await, before);
    // In referee mode there are no windows.
    let referee = Bed::new();
    referee.run(STARTED).await;
    referee.refused("alice@#t: /pass", "That is not possible now.").await;
    referee.refused("alice@#t: /challenge", "That is not possible now.").await;
    referee.refused("bob@#t: /pass", "It is alice's turn.").await;
}

#[tokio::test]
async fn a_move_during_your_challenge_window_is_refused_at_once() {
    // The phase is public, so the refusal needs no hidden information (spec §2.5 rule 2); an
    // echo saying "will play" for a move that cannot be played misleads the player.
    let bed = Bed::new();
    bed.run(CHALLENGE).await;
    let out = bed.refused("bob@dm: D4-D3 L", "That is not possible now.").await;
    assert!(out.iter().all(|m| m.buttons.is_empty()), "{out:#?}");
}

#[tokio::test]
async fn claims_are_refused_when_the_rules_do_not_have_them() {
    let bed = Bed::new();
    bed.run("alice@#t: /new dark-fence @bob mode=challenge\nbob@#t: /accept\nalice@dm: A1-A2 R\nalice@dm: /confirm")
        .await;
    bed.refused("bob@#t: /claim", "Claims are not part of this game's rules.").await;
    let out = bed.run("bob@#t: /pass").await;
    assert_has(&out, "dm:bob", "#1: you do not challenge alice.");
}

// ---------------------------------------------------------------------------------------------
// Error paths: offers, takebacks, aborts
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn takeback_is_refused_in_dark_fence() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    let phrase = "Takebacks are not allowed in games with hidden information.";
    bed.refused("alice@#t: /takeback", phrase).await;
    bed.refused("bob@#t: /takeback accept", phrase).await;
    bed.refused("alice@dm: /悔棋", phrase).await;
    assert_eq!(bed.notations(1).await, ["A1-A4-B4-B3 R"]);
}

#[tokio::test]
async fn answering_a_draw_with_no_offer_is_refused() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.refused("alice@#t: /draw accept", "There is no offer to answer.").await;
    bed.refused("alice@#t: /draw decline", "There is no offer to answer.").await;
    bed.refused("alice@#t: /press 1:1:draw-accept", "There is no offer to answer.").await;
    // The offerer cannot answer their own offer, typed or pressed: it is theirs, and waits.
    bed.run("bob@#t: /draw").await;
    let own = "You already made that offer; wait for the answer.";
    bed.refused("bob@#t: /draw accept", own).await;
    bed.refused("bob@#t: /draw decline", own).await;
    bed.refused("bob@#t: /press 1:1:draw-accept", own).await;
    assert_eq!(bed.game(1).await.status, GameStatus::Active);
    assert!(bed.game(1).await.offer.is_some(), "the offer still stands");
}

#[tokio::test]
async fn offering_a_draw_twice_is_refused() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.run("bob@#t: /draw").await;
    bed.refused("bob@#t: /draw", "You already made that offer; wait for the answer.").await;
    bed.refused("bob@dm: /和棋", "You already made that offer").await;
    // Offering back what the other side offered accepts it.
    let out = bed.run("alice@#t: /draw").await;
    assert_has(&out, "#t", "alice accepts the draw in #1.");
    assert_eq!(bed.game(1).await.result.map(arbiter::store::result_code).as_deref(), Some("draw"));
}

#[tokio::test]
async fn a_move_answers_a_standing_draw_offer() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.run("alice@#t: /draw").await;
    bed.run("bob@dm: D4-D3 L\nbob@dm: /confirm").await;
    assert_eq!(bed.game(1).await.offer, None);
    bed.refused("bob@#t: /draw accept", "There is no offer to answer.").await;
}

#[tokio::test]
async fn abort_after_the_first_move_is_refused() {
    let bed = Bed::new();
    bed.run(ONE_MOVE).await;
    bed.refused("alice@#t: /abort", "The game has started; use /resign instead.").await;
    bed.refused("bob@dm: /abort #1", "The game has started; use /resign instead.").await;
    bed.refused("bob@#t: /abort #42", "There is no running game #42.").await;
    let out = bed.run("bob@#t: /resign").await;
    assert_has(&out, "#t", "bob resigned.");
}

// ---------------------------------------------------------------------------------------------
// Error paths: finding the game
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn view_and_board_with_no_game_are_refused() {
    let bed = Bed::new();
    let phrase = "You have no game here that this applies to. See /games.";
    bed.refused("alice@#t: /board", phrase).await;
    bed.refused("alice@dm: /board", phrase).await;
    bed.refused("alice@#t: /view", phrase).await;
    bed.refused("alice@dm: /view", phrase).await;
    bed.refused("alice@#t: /board #3", "There is no running game #3.").await;
    // A game in another channel is not "here".
    bed.run("alice@#u: /new dark-fence @bob\nbob@#u: /accept").await;
    bed.refused("carol@#t: /board", phrase).await;
}

#[tokio::test]
async fn with_two_games_an_unnamed_command_asks_which_and_lists_the_ids() {
    let bed = Bed::new();
    bed.run(
        "alice@#t: /new dark-fence @bob\nbob@#t: /accept\n\
         alice@#t: /new dark-fence @carol\ncarol@#t: /accept",
    )
    .await;
    let phrase = "Which game? Choose it below, or add its id: #1, #2.";
    bed.refused("alice@#t: /board", phrase).await;
    bed.refused("alice@dm: /view", phrase).await;
    bed.refused("alice@dm: A1-A2 R", phrase).await;
    bed.refused("alice@#t: /resign", phrase).await;
    bed.refused("alice@#t: /draw", phrase).await;
    // Bob and Carol have one game each, so theirs resolve.
    let out = bed.run("carol@#t: /view").await;
    assert!(out[0].text.starts_with("#2 Dark Fence"), "{}", out[0].text);
    // With the id it works.
    let out = bed.run("alice@dm: /move A1-A2 R #2\nalice@dm: /confirm #2").await;
    assert_eq!(out[0].text, "#2: will play A1-A2, fence A2 R.");
    assert_has(&out, "#t", "Ply 1: alice has moved. Fence direction: right.");
    assert_eq!(bed.notations(2).await, ["A1-A2 R"]);
    assert!(bed.notations(1).await.is_empty());
    // Now only #1 waits for Alice, so a bare action in private goes there.
    let out = bed.run("alice@dm: A1-A4-B4-B3 R").await;
    assert_eq!(out[0].text, "#1: will play A1-A4-B4-B3, fence B3 R.");
}

#[tokio::test]
async fn a_move_typed_in_the_channel_goes_to_the_one_game_whose_moves_are_typed_there() {
    let bed = Bed::new();
    bed.run(
        "alice@#t: /new dark-fence @bob\nbob@#t: /accept\n\
         alice@#t: /new ultima @bob\nbob@#t: /accept",
    )
    .await;
    // Both games wait for Alice, but Dark Fence's moves go privately: the channel's move is
    // Ultima's, not a question that would offer the game it cannot be played in.
    bed.run("alice@#t: /move c2c5").await;
    assert_eq!(bed.notations(2).await, ["c2c5"]);
    assert!(bed.notations(1).await.is_empty());
    // With only the secret game left to move in, the channel is told where its moves go.
    bed.run("bob@#t: /resign #2").await;
    bed.refused("alice@#t: /move A1-A2 R", "Moves of this game are secret").await;
}

#[tokio::test]
async fn a_move_typed_in_a_chat_without_the_game_names_the_chat_where_the_game_is() {
    let bed = Bed::new();
    bed.run("alice@#t: /new ultima @bob\nbob@#t: /accept").await;
    bed.refused(
        "alice@#lobby: /move c2c5",
        "You have no game in this chat that this applies to; yours: #1 (Ultima) in #t. Type it \
         there, or to me privately with the game’s number (like #1).",
    )
    .await;
    // Someone without a game anywhere is told as before.
    bed.refused("carol@#lobby: /move c2c5", "You have no game here that this applies to.").await;
}

#[tokio::test]
async fn which_game_offers_a_button_per_game_that_plays_the_command_asked_about_there() {
    let bed = Bed::new();
    bed.run(
        "alice@#t: /new dark-fence @bob confirm_moves=false\nbob@#t: /accept\n\
         alice@#t: /new dark-fence @carol confirm_moves=false\ncarol@#t: /accept",
    )
    .await;
    let out = bed.refused("alice@dm: A1-A2 R", "Which game?").await;
    assert_eq!(out[0].buttons, ["#1 Dark Fence", "#2 Dark Fence"]);
    // Pressing #2 plays the move asked about there (the question is kept in memory, so within
    // one run of the referee); the question is then answered.
    let out = bed.run("alice@dm: A1-A2 R\nalice@dm: /press 2:0:pick").await;
    assert_has(&out, "#t", "Ply 1: alice has moved. Fence direction: right.");
    assert_eq!(bed.notations(2).await, ["A1-A2 R"]);
    assert!(bed.notations(1).await.is_empty());
    bed.refused("alice@dm: /press 1:0:pick", "That turn is over").await;
    // A button for someone else's question does nothing for its presser.
    let out = bed.run("alice@dm: /board\nbob@dm: /press 1:0:pick").await;
    assert_eq!(out.len(), 2, "{out:#?}");
    assert_eq!(
        (out[1].to.as_str(), out[1].text.as_str()),
        ("dm:bob", "That turn is over; this button no longer applies.")
    );
    assert!(bed.notations(1).await.is_empty());
}

#[tokio::test]
async fn start_typed_in_a_group_is_refused() {
    let bed = Bed::new();
    bed.refused("bob@#t: /start", "Send /start in your private chat with me.").await;
}

#[tokio::test]
async fn settings_with_a_bad_value_are_refused_and_change_nothing() {
    let bed = Bed::new();
    bed.run("bob@dm: /settings notifications=off").await;
    let store = bed.store().await;
    let before =
        store.user(arbiter::store::Platform::Script, &UserId::from("bob")).await.expect("user");
    for (line, phrase) in [
        (
            "bob@dm: /settings language=fr",
            r#"I can't change "language=fr". Try: /settings language=en notifications=off"#,
        ),
        ("bob@dm: /settings notifications=maybe", "I can't change"),
        ("bob@dm: /settings pings=sometimes", r#"I can't change "pings=sometimes""#),
        ("bob@dm: /settings colour=red", r#"I can't change "colour""#),
        ("bob@#t: /settings language", "I can't change"),
    ] {
        bed.refused(line, phrase).await;
        assert_eq!(
            bed.store()
                .await
                .user(arbiter::store::Platform::Script, &UserId::from("bob"))
                .await
                .expect("user"),
            before,
            "{line}"
        );
    }
    let out = bed.run("bob@dm: /settings").await;
    assert_eq!(
        out[0].text,
        "Language: English. Reminders: off. Turn pings: private message (a mention if that fails). \
             Daily digest: off."
    );
}

#[tokio::test]
async fn a_refused_settings_line_saves_none_of_its_pairs() {
    let bed = Bed::new();
    bed.run("bob@dm: /settings").await;
    let before = bed
        .store()
        .await
        .user(arbiter::store::Platform::Script, &UserId::from("bob"))
        .await
        .expect("user");
    bed.refused("bob@dm: /settings notifications=off language=fr", "I can't change").await;
    assert_eq!(
        bed.store()
            .await
            .user(arbiter::store::Platform::Script, &UserId::from("bob"))
            .await
            .expect("user"),
        before
    );
    let out = bed.run("bob@dm: /settings").await;
    assert_eq!(
        out[0].text,
        "Language: English. Reminders: on. Turn pings: private message (a mention if that fails). \
             Daily digest: off."
    );
}

#[tokio::test]
async fn free_start_refuses_the_other_players_start_cell_privately() {
    // Spec T-38: P1 picks B2; P2, told that P1 is on B2, picks B2 (refused privately), then C2.
    let bed = Bed::new();
    let out = bed.run("alice@#t: /new dark-fence @bob start=free\nbob@#t: /accept").await;
    assert_has(&out, "#t", "Free start: each player picks a start cell privately.");
    assert_has(&out, "dm:alice", "#1: choose your start cell, e.g. B2.");
    let out = bed.run("alice@dm: B2").await;
    assert_has(&out, "dm:bob", "#1: alice starts on B2. Choose your start cell (not B2).");
    assert!(
        texts_to(&out, "#t").iter().all(|t| !t.contains("B2")),
        "P1's start stays private: {out:#?}"
    );
    bed.refused("bob@dm: B2", "B2 is the other player's start; choose another cell.").await;
    bed.refused("alice@dm: C3", "It is bob's turn.").await;
    bed.refused("bob@dm: Z9", "Format error: Z9 is off the board.").await;
    let out = bed.run("bob@dm: C2").await;
    assert_has(&out, "dm:alice", "#1: the opponent is: right.");
    assert_has(&out, "#t", "Both players are in place; alice moves first.");
    assert_has(&out, "#t", "Ply 1: alice to move.");
}

#[tokio::test]
async fn accept_or_decline_after_the_start_is_refused() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    bed.refused("bob@#t: /accept", "There is no invitation for you here.").await;
    bed.refused("bob@#t: /decline", "There is no invitation for you here.").await;
    bed.refused("carol@#t: /accept", "There is no invitation for you here.").await;
    bed.refused("bob@#t: /accept #1", "").await;
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    assert_t01_announced(&out[1..]);
}

// Fair use: a command line over 2,000 characters is refused at once, before anything in it is
// read (not even the command's name), with one message in the sender's language; in a private
// chat a line without `/` (a move) is held to the same limit, while in a group such a line is
// conversation and gets no answer however long. Nothing is stored, and the game goes on.
#[tokio::test]
async fn a_line_over_two_thousand_characters_is_refused_at_once_in_english_and_chinese() {
    let bed = Bed::new();
    bed.run(STARTED).await;
    let said = |length: usize| {
        format!(
            "That line is {length} characters long; I read at most 2000 characters a line, so I \
             did nothing with it. Send a shorter one."
        )
    };
    let long_move = format!("/move {}", "A1-A2-".repeat(400));
    let out = bed.refused(&format!("alice@#t: {long_move}"), &said(2_406)).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert_eq!(out[0].text, said(long_move.chars().count()));
    bed.refused(&format!("alice@#t: /{}", "x".repeat(3_000)), &said(3_001)).await;
    // In private, a bare line is a move: the same limit; surrounding spaces do not count.
    let bare = "A1-A2 R ".repeat(300);
    let out = bed.refused(&format!("alice@dm: {bare}"), &said(bare.trim().chars().count())).await;
    assert_eq!(out.len(), 1, "{out:#?}");
    // At the limit a line is read: this one is refused for what it says, not for its length.
    let at_limit = format!("/move {}", "A".repeat(1_994));
    assert_eq!(at_limit.chars().count(), 2_000);
    let out = bed.refused(&format!("alice@dm: {at_limit}"), "").await;
    assert!(out.iter().all(|m| !m.text.contains("characters long")), "{out:#?}");
    // Conversation in a group is nobody's business, however long.
    let out = bed.run(&format!("bob@#t: {}", "hello there ".repeat(500))).await;
    assert!(out.is_empty(), "{out:#?}");
    // In Chinese, counted in characters (2,100 Chinese characters are 6,300 bytes).
    bed.run("carol@dm: /settings language=zh-Hans").await;
    let line = format!("/走 {}", "甲".repeat(2_100));
    let length = line.chars().count();
    assert_eq!(length, 2_103);
    let out = bed
        .refused(
            &format!("carol@#t: {line}"),
            &format!(
                "这一行有 {length} 个字符；我每行最多读 2000 个字符，所以没有处理它。请发短一些的。"
            ),
        )
        .await;
    assert_eq!(out.len(), 1, "{out:#?}");
    // Nothing was played or stored: Alice's first move is still the game's first.
    let out = bed.run("alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm").await;
    assert_t01_announced(&out[1..]);
}

/// `assist=2`: a move the player's own view shows would lose is warned about in its echo and
/// waits for Confirm even with `confirm_moves=false`, while a fence of the opponent's is never
/// mentioned: alice fencing where bob's (secret) fence stands is played at once and loses.
#[tokio::test]
async fn assist_two_warns_from_the_players_own_view_only() {
    let bed = Bed::new();
    let out = bed
        .run(
            "alice@#t: /new dark-fence @bob assist=2 confirm_moves=false\nbob@#t: /accept\n\
             alice@dm: A1-A2 R\nbob@dm: D4 L\n",
        )
        .await;
    assert!(has(&out, "#t", "Ply 2: bob"), "{out:#?}");
    // Across her own fence A2|B2: warned, not played.
    let out = bed.run("alice@dm: A2-B2 D").await;
    let echo = out.iter().find(|o| o.to == "dm:alice").expect("the echo");
    assert!(
        echo.text.contains("⚠ The step A2-B2 crosses a fence of yours: crossing any fence loses."),
        "{}",
        echo.text
    );
    assert_eq!(echo.buttons, ["Confirm", "Cancel"]);
    assert!(texts_to(&out, "#t").is_empty(), "{out:#?}");
    assert_eq!(bed.notations(1).await.len(), 2);
    // The border, then her own fence again from its other side.
    for (line, warning) in [
        ("alice@dm: /cancel\nalice@dm: A2 L", "⚠ The left side of A2 is the border"),
        ("alice@dm: /cancel\nalice@dm: A2-A3-B3-B2 L", "⚠ A fence of yours already stands"),
    ] {
        let out = bed.run(line).await;
        assert!(has(&out, "dm:alice", warning), "{line}: {out:#?}");
        assert_eq!(bed.notations(1).await.len(), 2);
    }
    // Bob's fence C4|D4 is his secret: fencing there is not warned about, is played at once
    // and loses.
    let out = bed.run("alice@dm: /cancel\nalice@dm: A2-A4-C4 R").await;
    assert!(!has(&out, "dm:alice", "⚠"), "{out:#?}");
    assert!(has(&out, "#t", "#1 is over: bob wins."), "{out:#?}");
}

/// `assist=0`: after her first move alice's prompt carries no view and no example, and her
/// `/view` says the game is played from memory; the public board and announcements still come.
#[tokio::test]
async fn assist_zero_plays_from_memory_after_the_first_move() {
    let bed = Bed::new();
    let out = bed
        .run("alice@#t: /new dark-fence @bob assist=0 confirm_moves=false\nbob@#t: /accept\n")
        .await;
    assert!(has(&out, "dm:alice", "your move (ply 1). Send a path and a fence direction, e.g."));
    let out = bed.run("alice@dm: A1-A2 R\nbob@dm: D4 L\n").await;
    assert!(has(&out, "#t", "Ply 2: bob"), "{out:#?}");
    let prompt = texts_to(&out, "dm:alice").into_iter().find(|t| t.contains("your move"));
    assert_eq!(
        prompt,
        Some(
            "#1: your move (ply 3). Send a path from your cell and a fence direction; this game \
             is played from memory (assist=0)."
        )
    );
    let out = bed.run("alice@dm: /view").await;
    assert_eq!(
        texts_to(&out, "dm:alice"),
        ["#1 is played from memory (assist=0): your own view is shown when the game ends. The \
          board above each turn shows what everyone sees."]
    );
}

/// The example in a prompt never walks through the player's own fence: bob fenced the top of
/// D4 (D3|D4), so his next example leaves D4 another way.
#[tokio::test]
async fn a_prompts_example_never_crosses_the_players_own_fence() {
    let bed = Bed::new();
    let out = bed
        .run(
            "alice@#t: /new dark-fence @bob confirm_moves=false\nbob@#t: /accept\n\
             alice@dm: A1-A2 R\nbob@dm: D4 U\nalice@dm: A2-A3 R\n",
        )
        .await;
    let prompt = texts_to(&out, "dm:bob")
        .into_iter()
        .find(|t| t.contains("your move (ply 4)"))
        .expect("bob's prompt");
    let example = prompt.split("e.g. ").nth(1).and_then(|r| r.split('.').next()).expect("one");
    assert!(example.starts_with("D4-C4 "), "{prompt}");
    let out = bed.run(&format!("bob@dm: {example}")).await;
    assert!(has(&out, "#t", "Ply 4: bob has moved."), "{out:#?}");
}

/// `/rules dark-fence puzzle` poses the puzzle with the referee's picture of it, and an attempt
/// is judged by playing it and every answer: closing the pocket's gap yourself separates you
/// into the smaller area at once; B4 fenced above leaves one way out, which P1 closes; C3 is out
/// of reach of any single fence (worked out in docs/dark-fence.md).
#[tokio::test]
async fn the_puzzle_is_posed_with_its_picture_and_attempts_are_judged_by_the_referee() {
    let bed = Bed::new();
    let out = bed.run("carol@#t: /rules dark-fence puzzle").await;
    assert_eq!(out.len(), 1, "{out:#?}");
    assert!(out[0].text.starts_with("The puzzle of the original rules"), "{}", out[0].text);
    let judged = [
        ("A1-A4 R", "A1-A4 right loses at once: the fences separate the players."),
        ("A1-A4-B4 U", "A1-A4-B4 up does not survive: P1 answers "),
        ("A1-A4-B4-C4-C3 U", "A1-A4-B4-C4-C3 up survives: no answer of P1's wins at once."),
        ("banana", "Format error: \"banana\" is neither a cell nor a direction."),
    ];
    for (attempt, answer) in judged {
        let out = bed.run(&format!("carol@#t: /rules dark-fence puzzle {attempt}")).await;
        assert!(out.len() == 1 && out[0].text.starts_with(answer), "{attempt}: {out:#?}");
    }
    // Nothing was created.
    let out = bed.run("carol@#t: /games").await;
    assert!(!has(&out, "#t", "#1"), "{out:#?}");
}
