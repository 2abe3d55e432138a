//! Bots with levels for every game (issue 43) at the table, through the transcript runner:
//! `/new <game> @bot level=N side=…` in every game, whole games against the bot, the level kept
//! in the store and the record, its seat told nothing, and refusals that change nothing.
//!
//! The human side plays uniformly random legal actions drawn from the engine
//! (`arbiter::bots::random`), not from the bot under test.

use std::path::Path;

use arbiter::core::{Seat, Seed};
use arbiter::games::{AnyGame, AnyOptions, GameKind};
use arbiter::store::{GameId, Store};

use crate::common::{run, run_words_sqlite_only, texts_to};

/// Game `id` as stored: replayed from its log by the engine, with its log, status and the
/// bot's level.
async fn stored(db: &Path, id: i64) -> (AnyGame, Vec<(i64, String)>, String, Option<i64>) {
    let store = Store::open(db).await.expect("the store opens");
    let row = store.game(GameId(id)).await.expect("the game is stored");
    let kind = GameKind::from_code(&row.kind).expect("a known game");
    let options = AnyOptions::parse(kind, &row.options).expect("stored options parse");
    let seed = Seed(u64::from_ne_bytes(row.seed.to_ne_bytes()));
    let mut game = match &row.position {
        Some(p) => AnyGame::from_position(&options, p, seed).expect("stored position"),
        None => AnyGame::new(&options, seed).expect("the start replays"),
    };
    let mut log = Vec::new();
    for a in store.actions(GameId(id)).await.expect("actions") {
        let seat = Seat(u8::try_from(a.seat).expect("a seat"));
        let action = game.parse_action(seat, &a.notation).expect("a stored action parses");
        game.play(seat, &action).expect("a stored action replays");
        log.push((a.seat, a.notation));
    }
    (game, log, row.status.as_str().to_string(), row.bot_level)
}

/// Where alice types her actions in `kind`: Dark Fence's are secret, so privately.
fn place(kind: GameKind) -> &'static str {
    if kind == GameKind::DarkFence { "dm" } else { "#t" }
}

#[tokio::test]
async fn a_whole_dark_fence_game_is_played_against_the_bot_at_its_top_level() {
    whole_game(GameKind::DarkFence, 6).await;
}

#[tokio::test]
async fn a_whole_ultima_game_is_played_against_the_bot_at_level_three() {
    whole_game(GameKind::Ultima, 3).await;
}

#[tokio::test]
async fn a_whole_perfect10_game_is_played_against_the_bot_at_level_three() {
    whole_game(GameKind::Perfect10, 3).await;
}

#[tokio::test]
async fn a_whole_chaos_clock_game_is_played_against_the_bot_at_its_top_level() {
    whole_game(GameKind::ChaosClock, 6).await;
}

#[tokio::test]
async fn a_whole_rabble_game_is_played_against_the_bot_at_its_top_level() {
    whole_game(GameKind::Rabble, 6).await;
}

/// Alice opens `kind` against the bot at `level` and plays random legal actions, each in a new
/// referee process on the same database (so every step also resumes after a restart), until
/// the game ends; the bot answers every one of her actions. (Ultima and Perfect 10 x 10 at
/// level 3, a tenth of a second a move: their top level takes a second or two a move, which
/// `arbiter bench bots` measures.)
async fn whole_game(kind: GameKind, level: u8) {
    // SQLite only and without pictures (the words and the store are read): a whole game is a
    // few hundred runs of a new referee process; the store's behaviour on PostgreSQL is the
    // other suites' subject, the bot's choice is the store's neither.
    {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let db = dir.path().join("b.db");
        let extra = if kind == GameKind::DarkFence { " confirm_moves=off" } else { "" };
        let out = run_words_sqlite_only(
            &format!("alice@#t: /new {} @bot level={level}{extra}\n", kind.code()),
            &db,
        )
        .await;
        let public = texts_to(&out, "#t");
        assert!(
            public.first().is_some_and(|t| t.contains(&format!("I play at level {level} of 6"))),
            "{public:#?}"
        );
        let mut turns = 0;
        loop {
            let (game, log, status, stored_level) = stored(&db, 1).await;
            assert_eq!(stored_level, Some(i64::from(level)));
            if status != "active" {
                assert!(game.to_act().outcome().is_some(), "{kind:?}: {status} {log:?}");
                // Both seats acted, and every action of seat 1 is the bot's (alice is seat 0).
                assert!(log.iter().any(|(s, _)| *s == 1), "{kind:?}: the bot never acted");
                break;
            }
            assert!(turns < 200, "{kind:?}: the game did not end in 200 of alice's turns: {log:?}");
            let Some(seat) = game.to_act().seat() else {
                panic!("{kind:?}: active without a seat")
            };
            assert_eq!(seat, Seat(0), "{kind:?}: after each step it is alice's turn: {log:?}");
            let action = arbiter::bots::random::choose(&game, seat, turns).expect("alice can act");
            let text = game.format_action(&action);
            let out =
                run_words_sqlite_only(&format!("alice@{}: /move {text}\n", place(kind)), &db).await;
            let (_, after, _, _) = stored(&db, 1).await;
            assert!(
                after.len() > log.len(),
                "{kind:?} turn {turns}: `{text}` was not played: {out:#?}"
            );
            assert_eq!(
                after[log.len()],
                (0, text.clone()),
                "{kind:?}: alice's action is stored first"
            );
            // Nobody writes to the bot.
            assert!(out.iter().all(|m| m["to"] != "dm:bot"), "{kind:?}: {out:#?}");
            turns += 1;
        }
    }
}

#[tokio::test]
async fn the_inviter_takes_the_side_the_games_own_seat_names_and_the_bot_opens() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("b.db");
    let out = run("alice@#t: /new perfect10 @bot level=1 side=black\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(
        public[0].contains("Arbiter (bot) (white, moves first) vs alice (black)")
            && public[0].contains("I play at level 1 of 6"),
        "{public:#?}"
    );
    let (game, log, status, level) = stored(&db, 1).await;
    assert_eq!((status.as_str(), level), ("active", Some(1)));
    assert_eq!(log.len(), 1, "the bot, white, opened at once");
    assert_eq!(log[0].0, 0);
    assert_eq!(game.to_act().seat(), Some(Seat(1)), "alice, black, is to move");
    // The seat's name in another script's word, and `random`, are taken too; a name the game
    // does not have is refused, naming the ones it has.
    let out = run("alice@#t: /new rabble @bot side=purple\n", &db).await;
    let refused = texts_to(&out, "#t");
    assert_eq!(refused.len(), 1, "{refused:#?}");
    assert!(refused[0].contains("`side` cannot be `purple`"), "{refused:#?}");
    assert!(refused[0].contains("red") && refused[0].contains("blue"), "{refused:#?}");
    let out = run("alice@#t: /new rabble @bot side=blue level=3\n", &db).await;
    let public = texts_to(&out, "#t");
    assert!(public[0].contains("Arbiter (bot) (Red, moves first) vs alice (Blue)"), "{out:#?}");
    // The bot is not shown how to pick (it picks at once); alice is, after its pick.
    assert!(!public[0].contains("/move pick"), "{public:#?}");
    assert!(public[1].contains("alice (Blue): pick 1 of 9"), "{public:#?}");
}

#[tokio::test]
async fn a_level_outside_one_to_six_or_against_a_person_is_refused_and_creates_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("b.db");
    for (line, expected) in [
        ("/new ultima @bot level=0", "option `level` cannot be `0`"),
        ("/new ultima @bot level=7", "option `level` cannot be `7`"),
        ("/new ultima @bot level=two", "option `level` cannot be `two`"),
        ("/new ultima @bot level=2 level=3", "`level`"),
        ("/new ultima @bob level=2", "unknown option `level`"),
        ("/new ultima @bob side=black", "unknown option `side`"),
    ] {
        let out = run(&format!("alice@#t: {line}\n"), &db).await;
        let public = texts_to(&out, "#t");
        assert_eq!(public.len(), 1, "{line}: {public:#?}");
        assert!(public[0].contains(expected), "{line}: {public:#?}");
    }
    let store = Store::open(&db).await.expect("the store opens");
    assert!(store.game(GameId(1)).await.is_err(), "no game was created");
}

#[tokio::test]
async fn the_bots_level_survives_a_restart_and_is_carried_by_the_record() {
    use arbiter::table::record;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("b.db");
    run("alice@#t: /new ultima @bot level=2\n", &db).await;
    // A new referee process reads the game again, with its level, and the bot answers.
    let (game, _, status, level) = stored(&db, 1).await;
    assert_eq!((status.as_str(), level), ("active", Some(2)));
    let first = game.legal_actions(Seat(0)).into_iter().next().expect("white can move");
    let out = run(&format!("alice@#t: /move {}\n", game.format_action(&first)), &db).await;
    assert!(
        texts_to(&out, "#t").iter().any(|t| t.contains("ply 2: Arbiter (bot) (black)")),
        "{out:#?}"
    );
    // The record says it, and a game imported from the record keeps it (only finished games
    // are imported).
    run("alice@#t: /resign\n", &db).await;
    let store = Store::open(&db).await.expect("the store opens");
    let exported = record::export(&store, GameId(1)).await.expect("the record");
    assert_eq!(exported.header("BotLevel"), Some("2"));
    let text = exported.to_text(GameKind::Ultima);
    let other = Store::open(&dir.path().join("other.db")).await.expect("another store");
    let parsed = record::Record::parse(&text).expect("the record reads back");
    let id = record::import(&other, &parsed, false).await.expect("the record imports");
    assert_eq!(other.game(id).await.expect("imported").bot_level, Some(2));
    // A level the bot does not have is refused.
    let bad = record::Record::parse(&text.replace("[BotLevel \"2\"]", "[BotLevel \"9\"]"))
        .expect("still reads");
    let refused = record::import(&other, &bad, false).await.expect_err("level 9 is refused");
    assert!(refused.to_string().contains("BotLevel"), "{refused}");
}
