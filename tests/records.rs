//! Game records (docs/records.md), as the real binary writes and reads them: for every game, a
//! game played through a transcript is exported, imported into another database, and exported
//! again; the two records agree apart from the id, and the imported game ends as the original.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use arbiter::store::{GameId, Platform, Store, UserId};

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter")).args(args).output().expect("the binary runs")
}

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// `arbiter export` of game `id`, as text (or JSON).
fn export(db: &Path, id: i64, json: bool) -> String {
    let id = id.to_string();
    let mut args = vec!["export", "--db", path(db), "--game", &id];
    if json {
        args.extend(["--format", "json"]);
    }
    let out = arbiter(&args);
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The record without its `Id` tag (the one line an import changes).
fn without_id(record: &str) -> String {
    record.lines().filter(|l| !l.starts_with("[Id ")).collect::<Vec<_>>().join("\n")
}

/// The value of tag `name` in a record's text.
fn tag<'a>(record: &'a str, name: &str) -> Option<&'a str> {
    record
        .lines()
        .find_map(|l| l.strip_prefix(&format!("[{name} \"")).and_then(|v| v.strip_suffix("\"]")))
}

/// Plays `script`, exports game 1, imports the record elsewhere, and checks the round trip.
/// Returns the record.
async fn round_trip(script: &str) -> String {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    common::run(script, &db).await;
    let record = export(&db, 1, false);
    let file = dir.path().join("game.txt");
    std::fs::write(&file, &record).expect("the record is written");
    // The other database already holds a game, so the import gets another id.
    let other = dir.path().join("b.db");
    common::run("carol@#x: /new ultima @dave\n", &other).await;
    // Rated as recorded (asked for), so that the two records agree apart from the id.
    let out = arbiter(&["import", path(&file), "--db", path(&other), "--rated"]);
    assert!(out.status.success(), "{out:?}\n{record}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Imported as #2.\n");
    let again = export(&other, 2, false);
    assert_eq!(without_id(&again), without_id(&record));
    assert!(again.contains("\n[Id \"2\"]\n") && record.contains("\n[Id \"1\"]\n"), "{again}");
    // The same end, and the same log: the same final state.
    let (a, b) = (Store::open(&db).await.expect("a"), Store::open(&other).await.expect("b"));
    let (ra, rb) = (a.game(GameId(1)).await.expect("1"), b.game(GameId(2)).await.expect("2"));
    assert_eq!(
        (ra.status, ra.result, ra.reason.clone()),
        (rb.status, rb.result, rb.reason.clone())
    );
    assert_eq!((&ra.options, &ra.position, ra.seed), (&rb.options, &rb.position, rb.seed));
    assert_eq!(a.actions(GameId(1)).await.expect("1"), b.actions(GameId(2)).await.expect("2"));
    // The JSON form holds the same actions.
    let json: serde_json::Value = serde_json::from_str(&export(&db, 1, true)).expect("JSON");
    let plies = record
        .lines()
        .filter(|l| l.split_once(". ").is_some_and(|(n, _)| n.parse::<u32>().is_ok()))
        .count();
    assert_eq!(json["actions"].as_array().map(Vec::len), Some(plies), "{json}");
    assert_eq!(json["headers"]["Game"].as_str(), tag(&record, "Game"), "{json}");
    assert_eq!(json["headers"]["Event"].as_str(), tag(&record, "Event"), "{json}");
    // The Seven Tag Roster comes first, in PGN's order, with the date of the start.
    let roster: Vec<&str> = record
        .lines()
        .take(7)
        .map(|l| l.split_once(' ').map_or(l, |(name, _)| name).trim_start_matches('['))
        .collect();
    assert_eq!(&roster[..4], ["Event", "Site", "Date", "Round"], "{record}");
    assert_eq!(roster[6], "Result", "{record}");
    let started = tag(&record, "Started").expect("a start time");
    assert_eq!(tag(&record, "Date"), Some(started[..10].replace('-', ".").as_str()));
    record
}

#[tokio::test]
async fn an_ultima_record_round_trips_with_its_moves_and_comments() {
    let record = round_trip(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nbob@#t: /move a7a6\n\
         alice@#t: /resign\n",
    )
    .await;
    // PGN's Seven Tag Roster: a chess-like game names its players White and Black.
    assert!(record.starts_with("[Event \"Rated Ultima game\"]\n[Site \"arbiter, script\"]\n"));
    assert!(
        record.contains(
            "\n[Round \"-\"]\n[White \"alice\"]\n[Black \"bob\"]\n[Result \"0-1\"]\n\
             [Record \"arbiter 2\"]\n[Game \"ultima\"]\n[Id \"1\"]\n[Platform \"script\"]\n"
        ),
        "{record}"
    );
    assert!(record.contains("\n[WhiteUser \"alice\"]\n[BlackUser \"bob\"]\n"), "{record}");
    assert!(record.contains("\n[Reason \"resigned\"]\n"), "{record}");
    assert!(
        record.ends_with(
            "\n\n1. white c2c5 ; alice (white) pincer c2-c5.\n2. black a7a6 ; bob (black) pincer a7-a6.\n"
        ),
        "{record}"
    );
}

#[tokio::test]
async fn a_dark_fence_record_holds_both_hidden_paths_once_the_game_is_over() {
    let record = round_trip(
        "alice@#table: /new dark-fence @bob\nbob@#table: /accept\n\
         alice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm\nbob@dm: D4-D1 L\nbob@dm: /confirm\n\
         alice@dm: B3-B1 D\nalice@dm: /confirm\nbob@dm: D1-D3-B3 U\nbob@dm: /confirm\n",
    )
    .await;
    // The seats' own names, not colours.
    assert_eq!((tag(&record, "P1"), tag(&record, "P2")), (Some("alice"), Some("bob")));
    assert_eq!(tag(&record, "White"), None, "{record}");
    // Each hidden path in the notation; the comment is what the channel was told.
    assert!(
        record.contains("\n1. p1 A1-A4-B4-B3 R ; alice has moved. Fence direction: right."),
        "{record}"
    );
    // The last one ends the game: its comment says why.
    assert!(
        record.ends_with(
            "\n4. p2 D1-D3-B3 U ; bob crossed the fence at B3:R (placed by alice on ply 1).\n"
        ),
        "{record}"
    );
}

#[tokio::test]
async fn a_running_dark_fence_game_has_no_record_until_it_ends() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    common::run(
        "alice@#t: /new dark-fence @bob\nbob@#t: /accept\nalice@dm: A1-A4-B4-B3 R\nalice@dm: /confirm\n",
        &db,
    )
    .await;
    let out = arbiter(&["export", "--db", path(&db), "--game", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty(), "nothing hidden is printed");
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "arbiter: game #1 hides its moves until it ends: its record comes after the end\n"
    );
}

#[tokio::test]
async fn a_perfect10_record_round_trips_to_the_move_rule_draw() {
    let record = round_trip(
        "alice@#t: /new perfect10 @bob move_rule=1\nbob@#t: /accept\n\
         alice@#t: /move b2a4\nbob@#t: /move b9a7\n",
    )
    .await;
    assert_eq!(tag(&record, "Event"), Some("Rated Perfect 10 x 10 game"), "{record}");
    assert_eq!((tag(&record, "White"), tag(&record, "Black")), (Some("alice"), Some("bob")));
    assert_eq!(tag(&record, "Result"), Some("1/2-1/2"), "{record}");
    assert_eq!(tag(&record, "Reason"), Some("move-rule"), "{record}");
}

#[tokio::test]
async fn a_chaos_clock_record_round_trips_from_a_position() {
    let record = round_trip(
        "alice@#t: /new chaos-clock @bob position=\"4,3,7,11,5,10,12,0,0,2,0,0;0;7\"\n\
         bob@#t: /accept\nalice@#t: /move 11\nbob@#t: /resign\n",
    )
    .await;
    assert_eq!(tag(&record, "Position"), Some("4,3,7,11,5,10,12,0,0,2,0,0;0;7"), "{record}");
    assert_eq!(tag(&record, "Rated"), Some("no"), "a game from a position is unrated: {record}");
    assert_eq!(tag(&record, "Event"), Some("Casual Chaos Clock game"), "{record}");
    assert_eq!((tag(&record, "Jia"), tag(&record, "Yi")), (Some("alice"), Some("bob")));
    // Bob (乙, the second seat) resigned.
    assert_eq!(tag(&record, "Result"), Some("1-0"), "{record}");
    assert!(record.contains("\n1. jia m11 ; "), "{record}");
}

#[tokio::test]
async fn a_rabble_record_round_trips_through_the_picks_and_the_kings_capture() {
    let mut script =
        String::from("alice@#t: /new rabble @bob\nbob@#t: /accept\nalice@#t: /move pick R N B C\n");
    for pick in 1..18 {
        let who = if pick % 2 == 1 { "bob" } else { "alice" };
        script.push_str(&format!("{who}@#t: /move pick default\n"));
    }
    for line in [
        "alice@#t: /move 7,6x7,8",
        "bob@#t: /move 3,7x3,5",
        "alice@#t: /move 7,8x7,10",
        "bob@#t: /move 1,7x1,5",
        "alice@#t: /move 7,10x7,12",
    ] {
        script.push_str(line);
        script.push('\n');
    }
    let record = round_trip(&script).await;
    assert_eq!(tag(&record, "Result"), Some("1-0"), "{record}");
    assert_eq!((tag(&record, "Red"), tag(&record, "Blue")), (Some("alice"), Some("bob")));
    assert!(record.lines().filter(|l| l.contains(" pick ")).count() == 18, "{record}");
}

#[tokio::test]
async fn a_record_with_an_illegal_move_is_refused_and_imports_nothing() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    common::run(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nbob@#t: /move a7a6\n\
         alice@#t: /resign\n",
        &db,
    )
    .await;
    let record = export(&db, 1, false).replace("2. black a7a6", "2. black b8b6");
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, &record).expect("written");
    let other = dir.path().join("b.db");
    let out = arbiter(&["import", path(&file), "--db", path(&other)]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    let line = record.lines().position(|l| l.starts_with("2. ")).expect("ply 2") + 1;
    assert!(err.contains(&format!("line {line}: ")), "{err}");
    let store = Store::open(&other).await.expect("opens");
    assert!(store.game(GameId(1)).await.is_err(), "nothing was imported");
}

// An everywhere game hosted on Discord seats a Telegram player as `telegram:5001`: importing
// its record keeps that player's row on Telegram under their own id, not a Discord user named
// `telegram:5001`.
#[tokio::test]
async fn an_imported_seat_from_another_platform_is_that_platforms_user() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    common::run(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nbob@#t: /resign\n",
        &db,
    )
    .await;
    let record = export(&db, 1, false);
    let bob = tag(&record, "BlackUser").expect("Black's user").to_string();
    let platform = tag(&record, "Platform").expect("the platform").to_string();
    let record = record
        .replace(&format!("[Platform \"{platform}\"]"), "[Platform \"discord\"]")
        .replace(&format!("[BlackUser \"{bob}\"]"), "[BlackUser \"telegram:5001\"]");
    assert_eq!(tag(&record, "BlackUser"), Some("telegram:5001"), "{record}");
    let file = dir.path().join("everywhere.txt");
    std::fs::write(&file, &record).expect("written");
    let other = dir.path().join("b.db");
    let out = arbiter(&["import", path(&file), "--db", path(&other)]);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let store = Store::open(&other).await.expect("opens");
    let telegram = store.user(Platform::Telegram, &UserId::from("5001")).await.expect("reads");
    assert!(telegram.is_some(), "the Telegram player has their own row");
    let wrong = store.user(Platform::Discord, &UserId::from("telegram:5001")).await.expect("reads");
    assert!(wrong.is_none(), "no Discord user is named after a Telegram id");
}

/// The game a rated two-ply Ultima game in `#t` left in a new database `dir/a.db`, and its
/// record written to `dir/game.txt`.
async fn rated_game(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let db = dir.join("a.db");
    common::run(
        "alice@#t: /new ultima @bob\nbob@#t: /accept\nalice@#t: /move c2c5\nbob@#t: /move a7a6\n\
         alice@#t: /resign\n",
        &db,
    )
    .await;
    let record = export(&db, 1, false);
    assert_eq!(tag(&record, "Rated"), Some("yes"), "the game counted where it was played");
    let file = dir.join("game.txt");
    std::fs::write(&file, &record).expect("the record is written");
    (db, file, record)
}

// Issue 42: a re-imported game was rated and moved a rating by 90. An import is unrated unless
// `--rated` asks for the record's flag; its help says so.
#[tokio::test]
async fn issue_42_an_import_is_unrated_unless_asked_and_moves_no_rating() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (_, file, _) = rated_game(dir.path()).await;
    let plain = dir.path().join("b.db");
    let out = arbiter(&["import", path(&file), "--db", path(&plain)]);
    assert!(out.status.success(), "{out:?}");
    let imported = export(&plain, 1, false);
    assert_eq!(tag(&imported, "Rated"), Some("no"), "{imported}");
    assert_eq!(tag(&imported, "Event"), Some("Casual Ultima game"), "{imported}");
    let store = Store::open(&plain).await.expect("opens");
    assert!(store.all_ratings().await.expect("ratings").is_empty(), "no rating moved");
    // Asked for, it is rated as recorded.
    let rated = dir.path().join("c.db");
    let out = arbiter(&["import", path(&file), "--db", path(&rated), "--rated"]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(tag(&export(&rated, 1, false), "Rated"), Some("yes"));
    let store = Store::open(&rated).await.expect("opens");
    assert_eq!(store.all_ratings().await.expect("ratings").len(), 2, "both players rated");
    // The help says what the default is and how to ask.
    let help = arbiter(&["import", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("unrated unless --rated is given"), "{help}");
    assert!(help.contains("--rated"), "{help}");
}

// Issue 42: a record already imported (or imported where it was played) is refused with a clear
// error, and nothing changes.
#[tokio::test]
async fn issue_42_a_record_already_in_the_database_is_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (db, file, _) = rated_game(dir.path()).await;
    let refused = |db: &Path, id: i64| {
        let out = arbiter(&["import", path(&file), "--db", path(db), "--rated"]);
        assert_eq!(out.status.code(), Some(2), "{out:?}");
        assert!(out.stdout.is_empty(), "{out:?}");
        let err = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(
            err.contains(&format!(
                "this game is already in the database as #{id}: nothing was imported"
            )),
            "{err}"
        );
    };
    // Where it was played: the game it came from is there.
    refused(&db, 1);
    let store = Store::open(&db).await.expect("opens");
    assert!(store.game(GameId(2)).await.is_err(), "nothing was imported");
    let ratings = store.all_ratings().await.expect("ratings");
    // Elsewhere: once, then refused.
    let other = dir.path().join("b.db");
    let out = arbiter(&["import", path(&file), "--db", path(&other)]);
    assert!(out.status.success(), "{out:?}");
    refused(&other, 1);
    let again = Store::open(&other).await.expect("opens");
    assert!(again.game(GameId(2)).await.is_err(), "nothing was imported the second time");
    assert_eq!(store.all_ratings().await.expect("ratings"), ratings, "no rating moved");
}

// Issue 42: the bot's ordinary actions are its own in a record; `(referee)` is kept for what the
// referee plays for a player whose time ran out.
#[tokio::test]
async fn issue_42_the_bots_actions_are_not_marked_as_the_referees_in_a_record() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let db = dir.path().join("a.db");
    // The bot (乙) opens, then alice resigns.
    common::run("alice@#t: /new chaos-clock @bot\n", &db).await;
    let store = Store::open(&db).await.expect("opens");
    let opened = store.actions(GameId(1)).await.expect("actions");
    assert_eq!(opened.len(), 1, "the bot opened");
    assert_eq!(opened[0].by_user.as_ref().map(|u| u.as_str()), Some("bot"));
    common::run("alice@#t: /resign\n", &db).await;
    let record = export(&db, 1, false);
    let plies: Vec<&str> = record.lines().filter(|l| l.starts_with("1. ")).collect();
    assert_eq!(plies.len(), 1, "{record}");
    assert!(plies[0].starts_with("1. yi "), "{record}");
    assert!(!record.contains("(referee)"), "{record}");
    // A timeout's action is still the referee's: Rabble's selection takes the default pick for
    // a side whose time ran out.
    let db = dir.path().join("r.db");
    common::run(
        "alice@#t: /new rabble @bob\nbob@#t: /accept\nalice@#t: /move pick R N B C\n!clock +30d\n",
        &db,
    )
    .await;
    let store = Store::open(&db).await.expect("opens");
    let log = store.actions(GameId(1)).await.expect("actions");
    assert!(log.len() >= 2 && log[1].by_user.is_none(), "bob's pick timed out: {log:?}");
    let record = export(&db, 1, false);
    assert!(record.contains("\n2. blue (referee) pick"), "{record}");
}
