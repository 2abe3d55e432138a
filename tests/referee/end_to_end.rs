//! The referee end to end: whole Dark Fence games through the transcript runner, restarts,
//! byte-identical transcripts, exactly-once moves under concurrency, and the no-leak property at
//! the referee level (what the channel and the other player receive never depends on one
//! player's hidden paths and fences).

// Helpers outside `#[test]` functions are test code too; a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::sync::Arc;

use arbiter::bot::script;
use arbiter::core::{Seat, Seed, Viewer};
use arbiter::games::{AnyGame, AnyOptions, GameKind};
use arbiter::store::{GameStatus, Store};
use arbiter::table::clock::ManualClock;
use arbiter::table::reply::{Dest, Outbound};
use arbiter::table::{Chat, Incoming, Policy, Referee};
use serde_json::Value;

use crate::common::{run, texts_to};

/// A path (`A1-A4`) or an edge (`B3:R`): what the channel must never see during a game.
fn has_private_detail(text: &str) -> bool {
    let bytes: Vec<char> = text.chars().collect();
    bytes.windows(5).any(|w| {
        w[0].is_ascii_uppercase()
            && w[1].is_ascii_digit()
            && ((w[2] == '-' && w[3].is_ascii_uppercase() && w[4].is_ascii_digit())
                || (w[2] == ':' && "UDLR".contains(w[3])))
    })
}

const REFEREE_GAME: &str = "\
alice@#table: /new dark-fence @bob
bob@#table: /accept
alice@dm: A1-A4-B4-B3 R
alice@dm: /confirm
bob@dm: D4-D1 L
bob@dm: /confirm
alice@dm: B3-B1 D
alice@dm: /confirm
bob@dm: D1-D3-B3 U
bob@dm: /confirm
";

#[tokio::test]
async fn a_referee_mode_game_plays_to_the_end_and_the_channel_never_sees_a_path_or_fence() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(REFEREE_GAME, &dir.path().join("g.db")).await;
    let public = texts_to(&out, "#table");
    // The rating change comes after the end (it names no path or fence).
    let (rated, public) = public.split_last().expect("public messages");
    assert!(rated.starts_with("#1 ratings: alice 1662? (+162), bob 1338?"), "{rated}");
    let (last, during) = public.split_last().expect("public messages");
    for text in during {
        assert!(!has_private_detail(text), "the channel saw a private detail: {text}");
    }
    // Spec §3.9.1: each continuing ply announces the fence direction and both reports.
    // Whose move it is ends the ply's one message (issue 42).
    assert!(public.contains(&"Ply 1: alice has moved. Fence direction: right. alice sees bob: down-right; bob sees alice: up-left.\nPly 2: bob to move."));
    // bob walks D1-D3-B3: from C3 to B3 he crosses alice's fence B3:R (placed on ply 1).
    assert!(last.starts_with("⟦b:|#1 is over: alice wins.⟧"), "{last}");
    assert!(last.contains("bob crossed the fence at B3:R (placed by alice on ply 1)."), "{last}");
    assert!(
        last.contains(
            "Moves: 1. alice A1-A4-B4-B3 R; 2. bob D4-D1 L; 3. alice B3-B1 D; 4. bob D1-D3-B3 U."
        ),
        "{last}"
    );
    // Each player heard the other's fence direction privately, and only their own path.
    let bob = texts_to(&out, "dm:bob");
    assert!(
        bob.contains(&"#1: alice placed a fence facing right. The opponent is: up-left."),
        "{bob:?}"
    );
    assert!(bob.iter().all(|t| !t.contains("A1-A4")), "bob saw alice's path: {bob:?}");
    let alice = texts_to(&out, "dm:alice");
    assert!(alice.iter().all(|t| !t.contains("D4-D1")), "alice saw bob's path: {alice:?}");
    let store = Store::open(&dir.path().join("g.db")).await.unwrap();
    let game = store.game(arbiter::store::GameId(1)).await.unwrap();
    assert_eq!(
        (
            game.status.as_str(),
            game.result.map(arbiter::store::result_code).as_deref(),
            game.reason.as_ref().map(arbiter::store::EndReason::code)
        ),
        ("over", Some("seat:0"), Some("crossed-fence"))
    );
    assert_eq!(store.actions(arbiter::store::GameId(1)).await.unwrap().len(), 4);
}

#[tokio::test]
async fn a_challenge_variant_game_plays_windows_in_order_to_a_verdict() {
    // Spec T-C1: P1 crosses P2's fence B1:D on ply 3; P2 challenges in window 1 and wins.
    let transcript = "\
alice@#t: /new dark-fence @bob mode=challenge confirm_moves=false
bob@#t: /accept
alice@dm: A1-A2 R
bob@#t: /pass
alice@#t: /pass
bob@dm: D4-B4-B2 U
alice@#t: /pass
bob@#t: /pass
alice@dm: A2-A1-B1-B3 R
bob@#t: /challenge
";
    let dir = tempfile::tempdir().unwrap();
    let out = run(transcript, &dir.path().join("g.db")).await;
    let public = texts_to(&out, "#t");
    // One group message a ply, said when it closes: the stop and each decision together.
    let stops: Vec<&str> =
        public.iter().filter_map(|t| t.lines().find(|l| l.contains(" stops on "))).collect();
    assert_eq!(
        stops,
        [
            "Ply 1: alice stops on A2. bob does not challenge. alice does not challenge.",
            "Ply 2: bob stops on B2. alice does not challenge. bob does not challenge.",
            "Ply 3: alice stops on B3. bob challenges alice!",
        ]
    );
    assert_eq!(
        public.len(),
        6,
        "the invitation, the start, two plies, the end, the ratings: {public:#?}"
    );
    // The windows are asked privately, each of its holder.
    let windows: Vec<(&str, &str)> = out
        .iter()
        .filter(|m| m["text"].as_str().is_some_and(|t| t.contains("Your decision: challenge ")))
        .map(|m| (m["to"].as_str().unwrap(), m["text"].as_str().unwrap()))
        .collect();
    assert_eq!(
        windows.iter().map(|w| w.0).collect::<Vec<_>>(),
        ["dm:bob", "dm:alice", "dm:alice", "dm:bob", "dm:bob"],
        "window 1 then window 2 after plies 1 and 2, window 1 after ply 3"
    );
    assert!(
        windows[0].1.starts_with("#1: Ply 1: alice stops on A2. Your decision: challenge alice?")
            && windows[1]
                .1
                .starts_with("#1: bob does not challenge. Your decision: challenge bob?"),
        "{windows:#?}"
    );
    let (rated, public) = public.split_last().unwrap();
    assert_eq!(*rated, "#1 ratings: alice 1338? (−162), bob 1662? (+162).");
    let (last, during) = public.split_last().unwrap();
    assert!(during.iter().all(|t| !has_private_detail(t)), "{during:?}");
    assert!(last.starts_with("⟦b:|#1 is over: bob wins.⟧"), "{last}");
    assert!(last.contains("Challenge upheld: alice broke a rule on ply 3"), "{last}");
    // The sealed receipt says only "recorded".
    assert_eq!(texts_to(&out, "dm:alice").iter().filter(|t| t.contains("recorded")).count(), 2);
    let buttons: Vec<&Value> = out
        .iter()
        .filter(|m| m["text"].as_str().is_some_and(|t| t.contains(": challenge ")))
        .map(|m| &m["buttons"])
        .collect();
    assert!(buttons.iter().all(|b| *b == &serde_json::json!(["Challenge", "Pass"])), "{buttons:?}");
}

#[tokio::test]
async fn no_reminder_comes_with_less_than_a_minute_left() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    // Two minutes a move: at half time one minute is left (reminded); at 90 % only 12 seconds,
    // which a reminder would hardly beat: none; then alice loses on time.
    let script = "\
alice@#t: /new dark-fence @bob confirm_moves=false clock=live per_move=2m
bob@#t: /accept
!clock +1m
!clock +48s
!clock +12s
";
    let out = run(script, &db).await;
    let reminders: Vec<String> =
        texts_to(&out, "dm:alice").iter().map(|t| arbiter::table::reply::plain(t)).collect();
    let reminders: Vec<&String> = reminders.iter().filter(|t| t.starts_with("Reminder")).collect();
    assert_eq!(
        reminders,
        ["Reminder: #1 is waiting for you; your time runs out in 1m."],
        "{out:#?}"
    );
    assert!(texts_to(&out, "#t").contains(&"alice ran out of time in #1."), "{out:#?}");
}

#[tokio::test]
async fn a_second_transcript_on_the_same_database_continues_the_games_and_their_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let first = "\
alice@#t: /new dark-fence @bob confirm_moves=false clock=live per_move=10m
bob@#t: /accept
alice@dm: A1-A2 R
!clock +4m
";
    let out = run(first, &db).await;
    assert!(texts_to(&out, "#t").iter().any(|t| t.ends_with("\nPly 2: bob to move.")), "{out:#?}");
    // After a restart: the deadline set before it still runs (10 min from alice's move), the
    // reminders come at half and at 90 %, and then bob loses on time.
    let second = "\
bob@#t: /board
!clock +1m
!clock +4m
!clock +1m
";
    let out = run(second, &db).await;
    let board = texts_to(&out, "#t")[0];
    assert!(board.contains("Ply 1 (alice): fence right"), "{board}");
    // Each reminder carries the deadline as a moment (a live time on Discord), worded for
    // everyone else: 10 min after alice's move, seen at 5 and at 9 minutes.
    let reminders = texts_to(&out, "dm:bob");
    let plain: Vec<String> = reminders.iter().map(|t| arbiter::table::reply::plain(t)).collect();
    assert_eq!(
        plain,
        [
            "Reminder: #1 is waiting for you; your time runs out in 5m.",
            "Reminder: #1 is waiting for you; your time runs out in 1m."
        ]
    );
    let moments: Vec<i64> = reminders
        .iter()
        .flat_map(|t| arbiter::table::reply::spans(t))
        .filter_map(|s| match s {
            arbiter::table::reply::Span::Moment { at, .. } => Some(at),
            _ => None,
        })
        .collect();
    assert_eq!(moments.len(), 2, "{reminders:?}");
    assert_eq!(moments[0], moments[1], "one deadline, told twice");
    let public = texts_to(&out, "#t");
    assert!(public.contains(&"bob ran out of time in #1."), "{public:?}");
    assert!(
        public.iter().any(|t| t.starts_with("⟦b:|#1 is over: alice wins.⟧\nbob lost on time.")),
        "{public:?}"
    );
    // A third run finds the game over and says so.
    let out = run("bob@dm: D4 U\n", &db).await;
    assert_eq!(
        texts_to(&out, "dm:bob"),
        ["You have no game here that this applies to. See /games."]
    );
}

#[tokio::test]
async fn a_restart_in_the_middle_of_a_challenge_window_keeps_the_window() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    run("alice@#t: /new dark-fence @bob mode=challenge confirm_moves=false\nbob@#t: /accept\nalice@dm: A1-A2 R\n", &db).await;
    let out = run("alice@#t: /pass\nbob@#t: /pass\n", &db).await;
    assert_eq!(texts_to(&out, "#t")[0], "It is bob's turn.", "window 1 is bob's");
    assert!(texts_to(&out, "dm:bob").contains(&"#1: you do not challenge alice."), "{out:#?}");
    assert!(
        texts_to(&out, "dm:alice").iter().any(|t| t.contains("Your decision: challenge bob?")),
        "then window 2, alice's: {out:#?}"
    );
}

#[test]
fn the_script_command_prints_byte_identical_output_for_the_same_file_seed_and_database() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.txt");
    std::fs::write(&file, format!("// commitments depend on the seed\n{REFEREE_GAME}alice@#table: /new dark-fence @bob mode=challenge commitments=true confirm_moves=false\nbob@#table: /accept\nalice@dm: A1 R\n")).unwrap();
    let exe = env!("CARGO_BIN_EXE_arbiter");
    let go = |seed: &str, db: Option<&Path>| {
        let mut c = Command::new(exe);
        c.arg("script").arg("--seed").arg(seed);
        if let Some(db) = db {
            c.arg("--db").arg(db);
        }
        let out = c.arg(&file).output().expect("runs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        out.stdout
    };
    let a = go("5", None);
    let b = go("5", None);
    assert_eq!(a, b, "same file, seed and (empty) database");
    assert!(String::from_utf8_lossy(&a).contains("Commitment: "));
    assert_ne!(go("6", None), a, "another seed salts the commitment differently");
    let (d1, d2) = (dir.path().join("1.db"), dir.path().join("2.db"));
    assert_eq!(go("5", Some(&d1)), a);
    assert_eq!(go("5", Some(&d2)), a);
    // With --db the state persists: the same file again meets the games it left.
    let again = String::from_utf8(go("5", Some(&d1))).unwrap();
    assert!(again.contains("#3"), "new games get new ids on the kept database: {again}");
    let bad = Command::new(exe).args(["script", "/nonexistent/file"]).output().unwrap();
    assert!(!bad.status.success());
    std::fs::write(&file, "alice@#t: /help\nthis line is not a command\n").unwrap();
    let bad = Command::new(exe).arg("script").arg(&file).output().unwrap();
    assert!(
        !bad.status.success() && bad.stdout.is_empty(),
        "a malformed line stops the run before anything"
    );
    assert!(String::from_utf8_lossy(&bad.stderr).contains("line 2"));
}

fn say(user: &str, chat: Chat, text: &str) -> Incoming {
    Incoming {
        platform: script::PLATFORM,
        user_id: user.into(),
        user_name: user.into(),
        chat,
        input: text.into(),
        locale: None,
        is_admin: false,
        scope: arbiter::table::Scope::default(),
    }
}

async fn referee(db: &Path) -> Referee {
    let store = Store::open(db).await.unwrap();
    let policies = HashMap::from([(
        script::PLATFORM,
        Policy { dm_needs_start: false, default_lang: None, start_link: None, ..Policy::default() },
    )]);
    Referee::open(store, Arc::new(ManualClock::new(script::EPOCH)), 1, policies).await.unwrap()
}

/// Two referees on one database, on a platform whose private replies prove nothing of the
/// private chat (Discord's ephemeral answers).
async fn ephemeral_instances(db: &Path) -> (Referee, Referee) {
    let mut two = Vec::new();
    for _ in 0..2 {
        let store = Store::open(db).await.unwrap();
        let policy = Policy { private_replies: true, ..Policy::default() };
        let clock = Arc::new(ManualClock::new(script::EPOCH));
        two.push(
            Referee::open(store, clock, 1, HashMap::from([(script::PLATFORM, policy)]))
                .await
                .unwrap(),
        );
    }
    let second = two.pop().unwrap();
    (two.pop().unwrap(), second)
}

#[tokio::test]
async fn a_private_command_read_before_a_refusal_never_makes_the_channel_hear_it_twice() {
    // The CI failure of stop 51: the invitation's direct message was refused while its invitee
    // pressed Accept; the press had read the invitee as "unknown", so their next /move (private
    // on Discord, but no proof of open direct messages) marked them reachable again, and the
    // next refusal told the channel a second time. Two instances make the stale read certain.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let (one, two) = ephemeral_instances(&db).await;
    let g = Chat::Group("#t".into());
    one.handle(say("alice", g.clone(), "/new dark-fence @bob confirm_moves=false")).await;
    // The second instance reads bob while nothing is known of his private chat.
    two.handle(say("bob", g.clone(), "/games")).await;
    let user = arbiter::store::UserId::new("bob".to_string());
    let first = one.delivery_failed(script::PLATFORM, &user, tokio::time::Instant::now()).await;
    assert_eq!(first.unwrap().len(), 1, "the channel is told the first time");
    two.handle(say("bob", Chat::Private, "/games")).await;
    let row = one.store().user(script::PLATFORM, &user).await.unwrap().unwrap();
    assert_eq!(row.reachable, Some(false), "a private command proves nothing on this platform");
    let again = one.delivery_failed(script::PLATFORM, &user, tokio::time::Instant::now()).await;
    assert_eq!(again.unwrap(), Vec::new(), "the channel is told once");
}

#[tokio::test]
async fn a_start_link_brings_an_unreachable_player_in_and_completes_their_accept() {
    // A platform where the bot may write only after /start (Telegram), with a start link.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("g.db")).await.unwrap();
    let policy = Policy {
        dm_needs_start: true,
        default_lang: None,
        start_link: Some("https://t.me/arbiter_bot?start=".into()),
        ..Policy::default()
    };
    let r = Referee::open(
        store,
        Arc::new(ManualClock::new(script::EPOCH)),
        1,
        HashMap::from([(script::PLATFORM, policy)]),
    )
    .await
    .unwrap();
    let g = Chat::Group("#t".into());
    r.handle(say("alice", Chat::Private, "/start")).await;
    r.handle(say("alice", g.clone(), "/new dark-fence @bob")).await;
    let refused = r.handle(say("bob", g, "/accept")).await;
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].to, Dest::Chat("#t".into()));
    // The start link is a link mark, which chat platforms show as a button under the text.
    assert!(refused[0].text.contains("Press “Open private chat” below and then Start"));
    assert_eq!(
        arbiter::table::reply::links(&refused[0].text),
        [("Open private chat", "https://t.me/arbiter_bot?start=accept-1")],
        "{}",
        refused[0].text
    );
    assert_eq!(
        r.store().game(arbiter::store::GameId(1)).await.unwrap().status,
        GameStatus::Invited
    );
    // Following the link sends `/start accept-1` privately: welcome, then the game starts.
    let out = r.handle(say("bob", Chat::Private, "/start accept-1")).await;
    assert!(out[0].to == Dest::User("bob".into()) && out[0].text.starts_with("Hello bob!"));
    assert!(
        out.iter().any(|m| m.to == Dest::Chat("#t".into())
            && m.text.starts_with("Dark Fence #1: alice (moves first) vs bob")),
        "{out:?}"
    );
    assert_eq!(r.store().game(arbiter::store::GameId(1)).await.unwrap().status, GameStatus::Active);
    // The creator following a link to their own game only opens the chat.
    let own = r.handle(say("alice", Chat::Private, "/start accept-1")).await;
    assert_eq!(own.len(), 1, "{own:?}");
    // A token for no game is a clear refusal, privately.
    let none = r.handle(say("bob", Chat::Private, "/start accept-99")).await;
    assert_eq!(none.len(), 2, "{none:?}");
    assert_eq!(none[1].text, "There is no running game #99.");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_simultaneous_submissions_of_one_move_apply_exactly_once() {
    for round in 0..20 {
        let dir = tempfile::tempdir().unwrap();
        let r = Arc::new(referee(&dir.path().join("g.db")).await);
        let g = Chat::Group("#t".into());
        r.handle(say("alice", g.clone(), "/new dark-fence @bob confirm_moves=false")).await;
        r.handle(say("bob", g, "/accept")).await;
        let (r1, r2) = (r.clone(), r.clone());
        let a =
            tokio::spawn(async move { r1.handle(say("alice", Chat::Private, "A1-A2 R")).await });
        let b =
            tokio::spawn(async move { r2.handle(say("alice", Chat::Private, "A1-A2 R")).await });
        let (a, b) = (a.await.unwrap(), b.await.unwrap());
        let applied = |out: &[Outbound]| out.iter().any(|m| m.to == Dest::Chat("#t".into()));
        assert!(applied(&a) ^ applied(&b), "round {round}: exactly one applies: {a:?} / {b:?}");
        let refused = if applied(&a) { &b } else { &a };
        assert_eq!(refused.len(), 1, "round {round}: {refused:?}");
        assert_eq!(refused[0].to, Dest::User("alice".into()));
        assert_eq!(refused[0].text, "That was already played.", "round {round}");
        assert_eq!(
            r.store().actions(arbiter::store::GameId(1)).await.unwrap().len(),
            1,
            "round {round}"
        );
    }
}

/// A player who opens games in several chats at the same moment gets every invitation: only a
/// start drawn by the solver (Chaos Clock's) is one request in flight per player. (The storms of
/// tests/telegram.rs found Ultima invitations refused with "Your previous request to the solver
/// is still being worked out".)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_opened_in_several_chats_at_the_same_moment_are_all_invited() {
    let dir = tempfile::tempdir().unwrap();
    let r = Arc::new(referee(&dir.path().join("g.db")).await);
    for round in 0..5 {
        let opened: Vec<_> = (0..8)
            .map(|k| {
                let (r, chat) = (r.clone(), format!("#r{round}c{k}"));
                tokio::spawn(async move {
                    let out = r
                        .handle(say("alice", Chat::Group(chat.clone().into()), "/new ultima @bob"))
                        .await;
                    (chat, out)
                })
            })
            .collect();
        for opening in opened {
            let (chat, out) = opening.await.unwrap();
            let invited = out.iter().any(|m| {
                m.to == Dest::Chat(chat.clone().into())
                    && m.text.starts_with("alice invites ")
                    && m.text.contains(" to Ultima #")
            });
            assert!(invited, "round {round}, {chat}: {out:?}");
        }
        // The open invitations are withdrawn before the next round (at most 10 at a time).
        for k in 0..8 {
            r.handle(say("alice", Chat::Group(format!("#r{round}c{k}").into()), "/abort")).await;
        }
    }
}

#[tokio::test]
async fn the_store_refuses_a_second_writer_that_read_the_same_version() {
    // Two referees (processes) on one database: the second one's view of the game is stale, and
    // its move is refused instead of applied twice.
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let r1 = referee(&db).await;
    let g = Chat::Group("#t".into());
    r1.handle(say("alice", g.clone(), "/new dark-fence @bob confirm_moves=false")).await;
    r1.handle(say("bob", g, "/accept")).await;
    let r2 = referee(&db).await;
    let first = r1.handle(say("alice", Chat::Private, "A1-A2 R")).await;
    assert!(first.iter().any(|m| m.to == Dest::Chat("#t".into())));
    let second = r2.handle(say("alice", Chat::Private, "A1-A3 R")).await;
    assert_eq!(second.len(), 1, "{second:?}");
    assert_eq!(second[0].text, "That was already played.");
    assert_eq!(r1.store().actions(arbiter::store::GameId(1)).await.unwrap().len(), 1);
}

// ---------------------------------------------------------------------------------------------
// No leaks at the referee level (spec §3.13 test 1, L-03).

use arbiter::core::SplitMix64 as Rng;

fn visible_events(
    game: &mut AnyGame,
    seat: Seat,
    text: &str,
    watcher: Seat,
) -> Option<(Vec<String>, bool)> {
    let action = game.parse_action(seat, text).ok()?;
    let events = game.play(seat, &action).ok()?;
    let seen = events
        .iter()
        .filter(|n| n.audience.reaches(Viewer::Seat(watcher)) || n.audience.reaches(Viewer::Public))
        .map(|n| format!("{:?}{}", n.audience, serde_json::to_string(&n.event).unwrap()))
        .collect();
    Some((seen, game.to_act().outcome().is_some()))
}

/// Moves (as text) from `game` for `seat` that keep it running.
fn continuing(game: &AnyGame, seat: Seat) -> Vec<String> {
    game.legal_actions(seat)
        .into_iter()
        .filter(|a| {
            let mut probe = game.clone();
            probe.play(seat, a).is_ok() && probe.to_act().outcome().is_none()
        })
        .map(|a| game.format_action(&a))
        .collect()
}

/// The same cell reached by another straight-segment route (a hidden difference).
fn detours(text: &str) -> Vec<String> {
    let Some((path, dir)) = text.rsplit_once(' ') else { return Vec::new() };
    let cells: Vec<&str> = path.split('-').collect();
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    let mut out = Vec::new();
    for via in ["A", "B", "C", "D", "E"] {
        for row in 1..=5 {
            // first -> (via, first row) -> (via, last row) -> last: straight when columns/rows line up.
            let a = format!("{via}{}", &first[1..]);
            let b = format!("{via}{}", &last[1..]);
            out.push(format!("{first}-{a}-{b}-{last} {dir}"));
            let c = format!("{}{row}", &first[..1]);
            let d = format!("{}{row}", &last[..1]);
            out.push(format!("{first}-{c}-{d}-{last} {dir}"));
        }
    }
    out
}

/// Plays twin games through two referees: identical for `watcher`, while the other player's
/// hidden paths and fences differ wherever the public facts allow. Asserts that the channel and
/// the watcher receive byte-identical messages on every turn until the twins' public facts part.
/// Returns the number of turns on which the hidden part differed.
async fn twin_games(
    options: &str,
    seed: u64,
    watcher: Seat,
    a: &Referee,
    b: &Referee,
    n: usize,
) -> usize {
    let mut rng = Rng(seed);
    let users = [format!("a{n}"), format!("b{n}")];
    let chat = arbiter::store::ChatId::new(format!("#g{n}"));
    let w_user = users[watcher.index()].clone();
    let kind = GameKind::DarkFence;
    let opts = AnyOptions::parse(kind, &format!("confirm_moves=false,{options}")).unwrap();
    let mut ga = AnyGame::new(&opts, Seed(0)).unwrap();
    let mut gb = ga.clone();
    let setup = [
        (
            0,
            format!(
                "/new dark-fence @{} confirm_moves=false {}",
                users[1],
                options.replace(',', " ")
            ),
        ),
        (1, "/accept".to_string()),
    ];
    for (seat, text) in &setup {
        let i = say(&users[*seat], Chat::Group(chat.clone()), text);
        assert_eq!(a.handle(i.clone()).await, b.handle(i).await);
    }
    let mut varied = 0;
    for turn in 0..60 {
        let Some(seat) = ga.to_act().seat() else { break };
        let prompt_is_window =
            matches!(ga.to_act(), arbiter::core::ToAct::Seat(_, arbiter::core::Prompt::Window));
        let (text_a, text_b, chat_of) = if prompt_is_window {
            ("pass".to_string(), "pass".to_string(), Chat::Group(chat.clone()))
        } else {
            let options = continuing(&ga, seat);
            if options.is_empty() {
                break;
            }
            let text_a = options[rng.below(options.len())].clone();
            let mut text_b = text_a.clone();
            if seat != watcher {
                // Another route, or another cell with the same public facts, for the twin.
                let mut probe = ga.clone();
                let Some(want) = visible_events(&mut probe, seat, &text_a, watcher) else { break };
                let mut candidates = detours(&text_a);
                candidates.extend(continuing(&gb, seat));
                let start = rng.below(candidates.len());
                for k in 0..candidates.len() {
                    let c = &candidates[(start + k) % candidates.len()];
                    let mut probe = gb.clone();
                    if c != &text_a
                        && visible_events(&mut probe, seat, c, watcher).as_ref() == Some(&want)
                    {
                        text_b = c.clone();
                        break;
                    }
                }
            }
            (text_a, text_b, Chat::Private)
        };
        let text_a = if prompt_is_window { "/pass".to_string() } else { text_a };
        let text_b = if prompt_is_window { "/pass".to_string() } else { text_b };
        // The twins' public facts must agree, or the premise ends here.
        let (Some(ea), Some(eb)) = (
            visible_events(&mut ga, seat, text_a.trim_start_matches('/'), watcher),
            visible_events(&mut gb, seat, text_b.trim_start_matches('/'), watcher),
        ) else {
            break;
        };
        if ea != eb || ea.1 {
            break;
        }
        varied += usize::from(text_a != text_b);
        let user = &users[seat.index()];
        let oa = a.handle(say(user, chat_of.clone(), &text_a)).await;
        let ob = b.handle(say(user, chat_of, &text_b)).await;
        // Text, buttons and image bytes: everything the channel and the watcher receive.
        type Seen = (Dest, String, Vec<String>, Option<arbiter::table::reply::Image>);
        let seen = |out: &[Outbound]| -> Vec<Seen> {
            out.iter()
                .filter(|m| {
                    m.to == Dest::Chat(chat.clone()) || m.to == Dest::User(w_user.as_str().into())
                })
                .map(|m| {
                    (
                        m.to.clone(),
                        m.text.clone(),
                        m.buttons.iter().map(|b| format!("{}={}", b.label, b.payload)).collect(),
                        m.image.clone(),
                    )
                })
                .collect()
        };
        assert_eq!(
            seen(&oa),
            seen(&ob),
            "options `{options}`, seed {seed}, watcher {watcher:?}, turn {turn}: `{text_a}` vs `{text_b}`"
        );
        assert!(!seen(&oa).is_empty(), "every turn says something to the channel or the watcher");
    }
    varied
}

/// Twin games under `options`: for each seed and each watching seat, two games whose hidden
/// paths and fences differ must say the same bytes to the channel and to the watcher. One test
/// per option set, so that the five run side by side instead of one after another (CI time).
async fn same_bytes_whatever_the_hidden_paths_and_fences(options: &str) {
    let games: u64 =
        std::env::var("ARBITER_LEAK_GAMES").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let dir = tempfile::tempdir().unwrap();
    // Drawing is the costly part: every game compares texts and buttons, the first seeds of each
    // option set compare the images' bytes too.
    let (a, b) = (
        referee(&dir.path().join("a.db")).await.without_images(),
        referee(&dir.path().join("b.db")).await.without_images(),
    );
    let (ai, bi) =
        (referee(&dir.path().join("ai.db")).await, referee(&dir.path().join("bi.db")).await);
    let mut n = 0;
    let mut varied = 0;
    for seed in 0..games {
        for watcher in [Seat(0), Seat(1)] {
            n += 1;
            let (a, b) = if seed < 3 { (&ai, &bi) } else { (&a, &b) };
            varied += twin_games(options, seed, watcher, a, b, n).await;
        }
    }
    assert!(varied as u64 > games, "only {varied} hidden variations under `{options}`");
}

#[tokio::test]
async fn the_channel_and_the_other_player_hear_the_same_bytes_whatever_the_hidden_paths_and_fences()
{
    same_bytes_whatever_the_hidden_paths_and_fences("").await;
}

#[tokio::test]
async fn the_same_bytes_whatever_the_hidden_state_on_a_small_board_with_sixteen_directions() {
    same_bytes_whatever_the_hidden_paths_and_fences("board=5x5,report=dir16").await;
}

#[tokio::test]
async fn the_same_bytes_whatever_the_hidden_state_in_the_challenge_variant() {
    same_bytes_whatever_the_hidden_paths_and_fences("mode=challenge").await;
}

#[tokio::test]
async fn the_same_bytes_whatever_the_hidden_state_in_the_challenge_variant_with_a_free_start() {
    same_bytes_whatever_the_hidden_paths_and_fences("mode=challenge,start=free").await;
}

#[tokio::test]
async fn the_same_bytes_whatever_the_hidden_state_with_a_free_start_and_empty_edges() {
    same_bytes_whatever_the_hidden_paths_and_fences("start=free,edge_empty=true").await;
}

/// A long Dark Fence game keeps each private turn prompt short: the last plies and the newest
/// fences in text (the board image and `/view` have the rest), where the whole notebook once
/// reached 3,900 characters at ply 62 on 8x8 and split into several messages.
#[tokio::test]
async fn a_dark_fence_turn_prompt_stays_under_1500_characters_however_long_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let options = "board=8x8 confirm_moves=false";
    let kind = GameKind::DarkFence;
    // A long game from the engine's own legal moves: at each ply a pseudo-random one after
    // which the game goes on, from the first seed that lasts 70 plies.
    let play_out = |mut rng: u64| -> (Vec<(Seat, String)>, usize) {
        let mut game = AnyGame::new(&AnyOptions::parse(kind, options).unwrap(), Seed(0)).unwrap();
        let mut moves = Vec::new();
        while let arbiter::core::ToAct::Seat(seat, _) = game.to_act() {
            let going: Vec<_> = game
                .legal_actions(seat)
                .into_iter()
                .filter(|a| {
                    let mut probe = game.clone();
                    probe.play(seat, a).is_ok()
                        && matches!(probe.to_act(), arbiter::core::ToAct::Seat(..))
                })
                .collect();
            if going.is_empty() || moves.len() == 70 {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let action = &going[usize::try_from(rng % going.len() as u64).unwrap()];
            moves.push((seat, game.format_action(action)));
            game.play(seat, action).unwrap();
        }
        let n = moves.len();
        (moves, n)
    };
    let mut best = (Vec::new(), 0);
    for seed in 1..200u64 {
        let tried = play_out(seed);
        if tried.1 > best.1 {
            best = tried;
        }
        if best.1 >= 70 {
            break;
        }
    }
    let (moves, plies) = best;
    let mut script = format!("alice@#t: /new dark-fence @bob {options}\nbob@#t: /accept\n");
    for (seat, action) in &moves {
        let who = ["alice", "bob"][seat.index()];
        script.push_str(&format!("{who}@dm: {action}\n"));
    }
    assert!(plies >= 62, "a long game: {plies} plies");
    // The prompts' words are what this test reads: no board is drawn.
    let out = crate::common::run_words(&script, &db).await;
    let prompts: Vec<&str> = ["dm:alice", "dm:bob"]
        .iter()
        .flat_map(|to| texts_to(&out, to))
        .filter(|t| t.starts_with("#1: your move"))
        .collect();
    assert!(prompts.len() >= plies - 1, "a prompt each turn: {}", prompts.len());
    let longest = prompts.iter().map(|t| t.chars().count()).max().unwrap();
    assert!(longest < 1500, "{longest} characters:\n{}", prompts.last().unwrap());
    let last = prompts.last().unwrap();
    assert!(last.contains("earlier plies: /view shows them all"), "{last}");
    // /view still gives the whole notebook: every ply.
    let out = crate::common::run_words("alice@dm: /view\n", &db).await;
    let view = texts_to(&out, "dm:alice").concat();
    for ply in [1, 2, plies / 2, plies] {
        assert!(view.contains(&format!("Ply {ply} ")), "ply {ply} missing from /view:\n{view}");
    }
}

/// Referees on one PostgreSQL database, as several bot instances serving the same bots are
/// (docs/scale.md, "Several instances"), reading one clock. `None` (with a note) when
/// `ARBITER_TEST_POSTGRES` names no server.
async fn instances(n: usize, clock: &Arc<ManualClock>) -> Option<Vec<Arc<Referee>>> {
    instances_at(n, clock).await.map(|(_, referees)| referees)
}

/// [`instances`], with the database's location (for a test that changes it underneath).
async fn instances_at(n: usize, clock: &Arc<ManualClock>) -> Option<(String, Vec<Arc<Referee>>)> {
    let Some(location) = arbiter::store::testing::postgres().await else {
        eprintln!("skipped: ARBITER_TEST_POSTGRES names no PostgreSQL server (docs/scale.md)");
        return None;
    };
    let arbiter::store::Location::Postgres(url) = &location else { return None };
    let url = url.clone();
    let mut referees = Vec::new();
    for _ in 0..n {
        let store = Store::connect(&location).await.unwrap();
        let policies = HashMap::from([(
            script::PLATFORM,
            Policy {
                dm_needs_start: false,
                default_lang: None,
                start_link: None,
                ..Policy::default()
            },
        )]);
        let clock: Arc<dyn arbiter::table::clock::Clock> = clock.clone();
        referees.push(Arc::new(Referee::open(store, clock, 1, policies).await.unwrap()));
    }
    Some((url, referees))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn instances_sharing_a_database_find_each_others_games_and_play_a_move_sent_to_two_once() {
    let clock = Arc::new(ManualClock::new(script::EPOCH));
    let Some(r) = instances(3, &clock).await else { return };
    let g = Chat::Group("#t".into());
    // Created on one instance, accepted on another (which started before the game existed),
    // played on the third.
    r[0].handle(say("alice", g.clone(), "/new dark-fence @bob confirm_moves=false")).await;
    let started = r[1].handle(say("bob", g.clone(), "/accept")).await;
    assert!(
        started.iter().any(|m| m.text.starts_with("Dark Fence #1: alice (moves first) vs bob")),
        "{started:?}"
    );
    let moves =
        [("alice", "A1-A2 R"), ("bob", "D4-D3 L"), ("alice", "A2-A3 R"), ("bob", "D3-D2 L")];
    for (round, (player, mv)) in moves.into_iter().enumerate() {
        // The same move sent to two instances at once (a double tap that two webhook
        // deliveries carried to different instances): played once, refused once.
        let (a, b) = (r[round % 3].clone(), r[(round + 1) % 3].clone());
        let (one, two) = tokio::join!(
            a.handle(say(player, Chat::Private, mv)),
            b.handle(say(player, Chat::Private, mv))
        );
        let applied = |out: &[Outbound]| out.iter().any(|m| m.to == Dest::Chat("#t".into()));
        assert!(
            applied(&one) ^ applied(&two),
            "move {round}: exactly one applies: {one:?} / {two:?}"
        );
        let refused = if applied(&one) { &two } else { &one };
        assert_eq!(refused.len(), 1, "move {round}: {refused:?}");
        assert_eq!(refused[0].text, "That was already played.", "move {round}");
        let stored = r[2].store().actions(arbiter::store::GameId(1)).await.unwrap();
        assert_eq!(stored.len(), round + 1, "move {round}: stored once");
        assert_eq!(stored[round].notation, mv, "move {round}");
    }
    // Every instance answers from the game as it now stands: the third to play is alice,
    // whichever instance she asks.
    for (i, referee) in r.iter().enumerate() {
        let wrong = referee.handle(say("bob", Chat::Private, "D2-D1 L")).await;
        assert_eq!(wrong.len(), 1, "instance {i}: {wrong:?}");
        assert_eq!(wrong[0].text, "It is alice's turn.", "instance {i}");
    }
    // A game ended on one instance is over on the others.
    r[2].handle(say("bob", g.clone(), "/resign")).await;
    for (i, referee) in r.iter().enumerate() {
        let out = referee.handle(say("alice", Chat::Private, "A3-A4 R")).await;
        assert_eq!(out.len(), 1, "instance {i}: {out:?}");
        assert_eq!(
            out[0].text, "You have no game here that this applies to. See /games.",
            "instance {i} played on an ended game"
        );
    }
}

/// The work `arbiter bench referee` reports per instance (issue 45): a game another instance
/// moved is read again, and rebuilt from its log, once per command that finds it moved; the
/// instance's own writes cost it nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_instance_counts_the_games_it_reads_again_because_another_moved_them() {
    let clock = Arc::new(ManualClock::new(script::EPOCH));
    let Some(r) = instances(2, &clock).await else { return };
    let g = Chat::Group("#w".into());
    let work = |i: usize| {
        let w = r[i].work();
        (w.games_held, w.games_read_again, w.games_replayed)
    };
    r[0].handle(say("alice", g.clone(), "/new dark-fence @bob confirm_moves=false")).await;
    r[0].handle(say("bob", g.clone(), "/accept")).await;
    r[0].handle(say("alice", Chat::Private, "A1-A2 R")).await;
    assert_eq!(work(0), (1, 0, 0), "its own writes: nothing read again");
    assert_eq!(work(1), (0, 0, 0), "nothing asked of the second instance yet");
    // The second instance is asked: it reads the game it has never held.
    r[1].handle(say("bob", Chat::Private, "D4-D3 L")).await;
    assert_eq!(work(1), (1, 1, 1));
    // The first finds its copy older than the store: read again once.
    r[0].handle(say("alice", Chat::Private, "A2-A3 R")).await;
    assert_eq!(work(0), (1, 1, 1));
    // Its own move since: nothing more to read.
    r[0].handle(say("bob", Chat::Private, "D3-D2 L")).await;
    assert_eq!(work(0), (1, 1, 1));
    r[1].handle(say("alice", Chat::Private, "A3-A4 R")).await;
    assert_eq!(work(1), (1, 2, 2));
    let stored = r[0].store().actions(arbiter::store::GameId(1)).await.unwrap();
    assert_eq!(stored.len(), 5, "every move was played: {stored:?}");
}

/// A game read again while the store fails is read again at the next command, not called
/// unresumable. Here the read of its log fails because the actions table is renamed away, as a
/// lost connection or a pool with no free connection in time (ten instances on one server's
/// 100 connections) fails it; until stop 59 such a game was kept as "cannot be resumed" on that
/// instance, and its chat told so at the next tick.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_read_while_the_store_fails_is_read_again_later_not_called_unresumable() {
    let clock = Arc::new(ManualClock::new(script::EPOCH));
    let Some((url, r)) = instances_at(2, &clock).await else { return };
    let alter = |sql: &'static str| {
        let url = url.clone();
        async move {
            let pool = sqlx::PgPool::connect(&url).await.expect("the schema opens");
            sqlx::query(sql).execute(&pool).await.expect(sql);
            pool.close().await;
        }
    };
    let g = Chat::Group("#s".into());
    r[0].handle(say("alice", g.clone(), "/new dark-fence @bob confirm_moves=false")).await;
    r[0].handle(say("bob", g.clone(), "/accept")).await;
    r[0].handle(say("alice", Chat::Private, "A1-A2 R")).await;
    // The second instance has never held the game, and its read of the log fails.
    alter("ALTER TABLE actions RENAME TO actions_away").await;
    let failed = r[1].handle(say("bob", Chat::Private, "D4-D3 L")).await;
    alter("ALTER TABLE actions_away RENAME TO actions").await;
    let told = r[1].tick().await;
    assert!(!told.iter().any(|m| m.text.contains("cannot be resumed")), "{told:?}");
    let played = r[1].handle(say("bob", Chat::Private, "D4-D3 L")).await;
    assert!(
        played.iter().any(|m| m.to == Dest::Chat("#s".into())),
        "the move is played once the store answers: {failed:?} / {played:?}"
    );
    let told = r[1].tick().await;
    assert!(!told.iter().any(|m| m.text.contains("cannot be resumed")), "{told:?}");
    let stored = r[0].store().actions(arbiter::store::GameId(1)).await.unwrap();
    assert_eq!(stored.len(), 2, "{stored:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deadline_due_on_three_instances_at_once_reminds_once_and_times_out_once() {
    let clock = Arc::new(ManualClock::new(script::EPOCH));
    let Some(r) = instances(3, &clock).await else { return };
    let g = Chat::Group("#t".into());
    r[0].handle(say(
        "alice",
        g.clone(),
        "/new dark-fence @bob confirm_moves=false clock=live per_move=10m",
    ))
    .await;
    r[1].handle(say("bob", g.clone(), "/accept")).await;
    let tick_all = || async {
        let (a, b, c) = tokio::join!(r[0].tick(), r[1].tick(), r[2].tick());
        [a, b, c].concat()
    };
    // Half the time gone: one reminder, from whichever instance wrote it first.
    clock.advance(5 * 60);
    let out = tick_all().await;
    let reminders: Vec<&Outbound> = out.iter().filter(|m| m.text.contains("Reminder")).collect();
    assert_eq!(reminders.len(), 1, "{out:?}");
    assert_eq!(tick_all().await.iter().filter(|m| m.text.contains("Reminder")).count(), 0);
    // Time up: one timeout, announced once, stored once.
    clock.advance(5 * 60 + 1);
    let out = tick_all().await;
    let lost: Vec<&Outbound> = out.iter().filter(|m| m.text.contains("ran out of time")).collect();
    assert_eq!(lost.len(), 1, "{out:?}");
    assert!(tick_all().await.iter().all(|m| !m.text.contains("ran out of time")));
    let row = r[2].store().game(arbiter::store::GameId(1)).await.unwrap();
    assert_eq!(row.status, GameStatus::Over);
    assert_eq!(row.reason, Some(arbiter::store::EndReason::Timeout), "{row:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_that_loses_the_race_to_another_instances_reminder_is_played_after_reading_it() {
    let clock = Arc::new(ManualClock::new(script::EPOCH));
    let Some(r) = instances(2, &clock).await else { return };
    const GAMES: usize = 8;
    for n in 0..GAMES {
        let g = Chat::Group(format!("#t{n}").into());
        let new = "/new dark-fence @bob confirm_moves=false clock=live per_move=10m";
        r[0].handle(say("alice", g.clone(), new)).await;
        r[1].handle(say("bob", g, "/accept")).await;
    }
    let moves =
        [("alice", "A1-A2 R"), ("bob", "D4-D3 L"), ("alice", "A2-A3 R"), ("bob", "D3-D2 L")];
    for (k, (player, mv)) in moves.into_iter().enumerate() {
        // Half the time gone in every game: the first instance's tick writes a reminder to
        // each game while the player's move reaches the second instance. Whichever write comes
        // second fails on the version; a move that lost is decided again and played.
        clock.advance(5 * 60 + 1);
        let tick = r[0].tick();
        let plays =
            (0..GAMES).map(|n| {
                let r1 = r[1].clone();
                async move {
                    r1.handle(say(player, Chat::Private, &format!("/move {mv} #{}", n + 1))).await
                }
            });
        let (_, played) = tokio::join!(tick, futures_util::future::join_all(plays));
        for (n, out) in played.iter().enumerate() {
            assert!(
                out.iter().any(|m| m.to == Dest::Chat(format!("#t{n}").into())),
                "move {k} of game #{}: {out:?}",
                n + 1
            );
            let stored = r[0].store().actions(arbiter::store::GameId(n as i64 + 1)).await.unwrap();
            assert_eq!(stored.len(), k + 1, "move {k} of game #{}", n + 1);
        }
    }
}

/// Seeks on three instances sharing one PostgreSQL database (issue 43): two players answer
/// one seek at the same moment on two instances; one game is made, the other answer keeps its
/// own seek; a seek that lapses is closed and told once whichever instances tick.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_answered_on_two_instances_at_once_makes_one_game_and_lapses_are_told_once() {
    let clock = Arc::new(ManualClock::new(script::EPOCH));
    let Some(r) = instances(3, &clock).await else { return };
    let g = Chat::Group("#t".into());
    r[0].handle(say("alice", g.clone(), "/seek ultima clock=live")).await;
    let (bob, carol) = tokio::join!(
        r[1].handle(say("bob", g.clone(), "/seek ultima clock=live")),
        r[2].handle(say("carol", g.clone(), "/seek ultima clock=live"))
    );
    let started = |out: &[Outbound]| out.iter().any(|m| m.text.starts_with("Ultima #1: "));
    assert!(
        started(&bob) ^ started(&carol),
        "exactly one answer starts the game: {bob:?} / {carol:?}"
    );
    // The other found the seek taken and waits with their own.
    let other = if started(&bob) { &carol } else { &bob };
    assert!(other[0].text.contains("seeks an opponent: Ultima, live"), "{other:?}");
    let games = r[0].store().games_with_status(&[GameStatus::Active]).await.unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(r[0].store().open_seeks(script::EPOCH).await.unwrap().len(), 1);
    // A day on, the waiting seek closes on whichever instance ticks first, told once.
    clock.advance(24 * 3600);
    let (a, b, c) = tokio::join!(r[0].tick(), r[1].tick(), r[2].tick());
    let told = [a, b, c].concat();
    let closed = told.iter().filter(|m| m.text.starts_with("Your seek closed without an opponent"));
    assert_eq!(closed.count(), 1, "{told:?}");
    assert!(r[1].store().open_seeks(script::EPOCH + 24 * 3600).await.unwrap().is_empty());
}
