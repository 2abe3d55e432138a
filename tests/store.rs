//! The store against real databases: every method, the version checks, the transactions, and a
//! restart, on a SQLite file in a temporary directory and, when `ARBITER_TEST_POSTGRES` names a
//! server, on a fresh PostgreSQL schema too (the same test body, one backend after the other;
//! the test's output says which one was running when it failed). Fault injections that only a
//! file has (a full disk, a deleted file) are SQLite's alone.

use std::path::PathBuf;

use arbiter::store::Platform as P;
use arbiter::store::*;
use tempfile::TempDir;

fn db_path(dir: &TempDir) -> PathBuf {
    dir.path().join("arbiter.db")
}

async fn open(dir: &TempDir) -> Store {
    Store::open(&db_path(dir)).await.expect("the store opens")
}

/// One test database: a SQLite file in a temporary directory, or a new schema on the
/// PostgreSQL server `ARBITER_TEST_POSTGRES` names.
struct Db {
    location: Location,
    _dir: Option<TempDir>,
}

impl Db {
    /// A SQLite database always, and a PostgreSQL one when a server is named.
    async fn each() -> Vec<Db> {
        let dir = TempDir::new().expect("a temporary directory");
        let sqlite = Location::Sqlite(db_path(&dir));
        let mut all = vec![Db { location: sqlite, _dir: Some(dir) }];
        match arbiter::store::testing::postgres().await {
            Some(location) => all.push(Db { location, _dir: None }),
            None => eprintln!("PostgreSQL skipped: ARBITER_TEST_POSTGRES names no server"),
        }
        all
    }

    async fn open(&self) -> Store {
        eprintln!("on {}", self.location);
        Store::connect(&self.location).await.expect("the store opens")
    }

    /// Runs `sql` (`$1` its one parameter) on a connection of its own: another writer.
    async fn execute(&self, sql: &str, id: i64) -> Result<u64, String> {
        match &self.location {
            Location::Sqlite(path) => {
                let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
                    .await
                    .expect("the file opens");
                let done = sqlx::query(sql).bind(id).execute(&pool).await;
                pool.close().await;
                done.map(|d| d.rows_affected()).map_err(|e| e.to_string())
            }
            Location::Postgres(url) => {
                let pool = sqlx::PgPool::connect(url).await.expect("the schema opens");
                let done = sqlx::query(sql).bind(id).execute(&pool).await;
                pool.close().await;
                done.map(|d| d.rows_affected()).map_err(|e| e.to_string())
            }
        }
    }

    /// The text column `sql` reads (`$1` its one parameter), on a connection of its own.
    async fn texts(&self, sql: &str, id: i64) -> Vec<String> {
        match &self.location {
            Location::Sqlite(path) => {
                let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display()))
                    .await
                    .expect("the file opens");
                sqlx::query_scalar(sql).bind(id).fetch_all(&pool).await.expect("the query runs")
            }
            Location::Postgres(url) => {
                let pool = sqlx::PgPool::connect(url).await.expect("the schema opens");
                sqlx::query_scalar(sql).bind(id).fetch_all(&pool).await.expect("the query runs")
            }
        }
    }
}

fn new_game(chat_id: &str, status: GameStatus) -> NewGame {
    NewGame {
        platform: P::Console,
        chat: ChatId::new(chat_id),
        kind: "dark-fence".to_owned(),
        options: "size=4".to_owned(),
        position: None,
        seed: -7_046_029_254_386_353_131,
        seats: r#"["alice","bob"]"#.to_owned(),
        creator: "alice".into(),
        locale: "en".to_owned(),
        status,
        clock: r#"{"per_move":86400}"#.to_owned(),
        engine_version: 1,
        now: 1_000,
        community: Some("server-1".to_owned()),
        parent_chat: Some("c0".to_owned()),
        rated: true,
        bot_level: None,
    }
}

fn action(seq: i64, notation: &str) -> ActionRow {
    ActionRow {
        seq,
        seat: (seq - 1) % 2,
        notation: notation.to_owned(),
        by_user: Some(if seq % 2 == 1 { "alice" } else { "bob" }.into()),
        at: 1_000 + seq,
    }
}

#[tokio::test]
async fn opening_creates_the_file_in_wal_mode() {
    let dir = TempDir::new().unwrap();
    let store = open(&dir).await;
    assert!(db_path(&dir).exists());
    assert_eq!(store.journal_mode().await.unwrap(), "wal");
}

#[tokio::test]
async fn opening_in_a_missing_directory_is_an_open_error() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("no-such-dir").join("arbiter.db");
    let err = Store::open(&path).await.unwrap_err();
    assert!(matches!(err, DbError::Open(_)), "{err:?}");
    assert!(err.to_string().contains("no-such-dir"), "the message names the file: {err}");
}

#[tokio::test]
async fn every_platform_is_stored_by_its_name_and_read_back_as_itself() {
    for db in Db::each().await {
        let store = db.open().await;
        for platform in P::ALL {
            store.upsert_user(platform, &UserId::from("7"), "Ann").await.unwrap();
            let row = store.user(platform, &UserId::from("7")).await.unwrap().expect("the user");
            assert_eq!(row.platform, platform);
            assert_eq!(platform.to_string().parse::<P>(), Ok(platform));
        }
        // The column holds the lowercase name (what older rows hold too), read with a plain
        // query.
        let names = db
            .texts("SELECT platform FROM users WHERE length(user_id) > $1 ORDER BY platform", 0)
            .await;
        assert_eq!(names, ["bench", "console", "discord", "script", "telegram"]);
        assert!("irc".parse::<P>().is_err());
    }
}

#[tokio::test]
async fn a_new_user_gets_default_settings() {
    for db in Db::each().await {
        let store = db.open().await;
        let user = store.upsert_user(P::Telegram, &UserId::from("42"), "Alice").await.unwrap();
        assert_eq!(
            user,
            UserRow {
                platform: P::Telegram,
                user_id: "42".into(),
                display_name: "Alice".to_owned(),
                locale: None,
                notifications: true,
                reachable: None,
                pings: arbiter::store::Pings::Dm,
                digest_at: None,
                vacation_from: None,
                vacation_until: None,
                vacation_year: 0,
                vacation_used: 0,
                account: None,
                client_locale: None,
            }
        );
        assert_eq!(store.user(P::Telegram, &UserId::from("42")).await.unwrap(), Some(user));
        assert_eq!(store.user(P::Telegram, &UserId::from("43")).await.unwrap(), None);
        assert_eq!(
            store.user(P::Discord, &UserId::from("42")).await.unwrap(),
            None,
            "users are per platform"
        );
    }
}

#[tokio::test]
async fn settings_are_stored_and_an_upsert_renames_without_resetting_them() {
    for db in Db::each().await {
        let store = db.open().await;
        store.upsert_user(P::Discord, &UserId::from("7"), "Bob").await.unwrap();
        store.set_locale(P::Discord, &UserId::from("7"), Some("zh-Hans")).await.unwrap();
        store.set_notifications(P::Discord, &UserId::from("7"), false).await.unwrap();
        store.set_reachable(P::Discord, &UserId::from("7"), Some(false)).await.unwrap();

        let renamed = store.upsert_user(P::Discord, &UserId::from("7"), "Bobby").await.unwrap();
        assert_eq!(renamed.display_name, "Bobby");
        assert_eq!(renamed.locale.as_deref(), Some("zh-Hans"));
        assert!(!renamed.notifications);
        assert_eq!(renamed.reachable, Some(false));
        assert_eq!(store.user(P::Discord, &UserId::from("7")).await.unwrap(), Some(renamed));

        store.set_locale(P::Discord, &UserId::from("7"), None).await.unwrap();
        store.set_notifications(P::Discord, &UserId::from("7"), true).await.unwrap();
        store.set_reachable(P::Discord, &UserId::from("7"), Some(true)).await.unwrap();
        let user = store.user(P::Discord, &UserId::from("7")).await.unwrap().unwrap();
        assert_eq!((user.locale, user.notifications, user.reachable), (None, true, Some(true)));

        store.set_reachable(P::Discord, &UserId::from("7"), None).await.unwrap();
        assert_eq!(
            store.user(P::Discord, &UserId::from("7")).await.unwrap().unwrap().reachable,
            None
        );
    }
}

#[tokio::test]
async fn settings_of_an_unknown_user_are_not_found() {
    for db in Db::each().await {
        let store = db.open().await;
        let err =
            store.set_locale(P::Console, &UserId::from("ghost"), Some("en")).await.unwrap_err();
        assert!(matches!(err, DbError::NotFound), "{err:?}");
        let err =
            store.set_notifications(P::Console, &UserId::from("ghost"), false).await.unwrap_err();
        assert!(matches!(err, DbError::NotFound), "{err:?}");
        let err =
            store.set_reachable(P::Console, &UserId::from("ghost"), Some(true)).await.unwrap_err();
        assert!(matches!(err, DbError::NotFound), "{err:?}");
        assert_eq!(
            store.user(P::Console, &UserId::from("ghost")).await.unwrap(),
            None,
            "nothing was created"
        );
    }
}

#[tokio::test]
async fn unicode_display_names_round_trip() {
    for db in Db::each().await {
        let store = db.open().await;
        for (id, name) in [("1", "王小明"), ("2", "Zoë 🦀"), ("3", "مرحبا"), ("4", "e\u{301}")]
        {
            let row = store.upsert_user(P::Telegram, &UserId::from(id), name).await.unwrap();
            assert_eq!(row.display_name, name);
            assert_eq!(
                store.user(P::Telegram, &UserId::from(id)).await.unwrap().unwrap().display_name,
                name
            );
        }
    }
}

#[tokio::test]
async fn a_games_bot_level_is_kept_as_created_on_every_database() {
    for db in Db::each().await {
        let store = db.open().await;
        let new = NewGame { bot_level: Some(3), ..new_game("c1", GameStatus::Active) };
        let game = store.create_game(&new).await.unwrap();
        assert_eq!(game.bot_level, Some(3));
        assert_eq!(store.game(game.id).await.unwrap().bot_level, Some(3));
        let other = store.create_game(&new_game("c2", GameStatus::Active)).await.unwrap();
        assert_eq!(store.game(other.id).await.unwrap().bot_level, None);
    }
}

#[tokio::test]
async fn a_created_game_starts_at_version_zero_with_nothing_pending() {
    for db in Db::each().await {
        let store = db.open().await;
        let new = NewGame {
            position: Some("4x4 p1=A1 p2=D4 to=p1".to_owned()),
            ..new_game("c1", GameStatus::Invited)
        };
        let game = store.create_game(&new).await.unwrap();
        assert_eq!(
            game,
            GameRow {
                id: GameId(1),
                platform: new.platform,
                chat: new.chat.clone(),
                kind: new.kind.clone(),
                options: new.options.clone(),
                position: new.position.clone(),
                seed: new.seed,
                seats: new.seats.clone(),
                creator: new.creator.clone(),
                locale: new.locale.clone(),
                status: GameStatus::Invited,
                result: None,
                reason: None,
                clock: new.clock.clone(),
                deadline_at: None,
                reminders_sent: 0,
                offer: None,
                version: 0,
                engine_version: 1,
                created_at: 1_000,
                updated_at: 1_000,
                community: new.community.clone(),
                parent_chat: new.parent_chat.clone(),
                rated: true,
                ended_seq: None,
                bot_level: None,
            }
        );
        assert_eq!(store.game(GameId(1)).await.unwrap(), game);
        assert_eq!(store.actions(GameId(1)).await.unwrap(), []);
    }
}

#[tokio::test]
async fn game_ids_ascend_from_one() {
    for db in Db::each().await {
        let store = db.open().await;
        let mut ids = Vec::new();
        for _ in 0..5 {
            ids.push(store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap().id.0);
        }
        assert_eq!(ids, [1, 2, 3, 4, 5]);
    }
}

#[tokio::test]
async fn a_missing_game_is_not_found() {
    for db in Db::each().await {
        let store = db.open().await;
        let err = store.game(GameId(99)).await.unwrap_err();
        assert!(matches!(err, DbError::NotFound), "{err:?}");
    }
}

#[tokio::test]
async fn an_unknown_status_is_refused_by_the_schema_even_from_another_writer() {
    // The store's GameStatus has only the four statuses; the schema guards the data itself.
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let err = db
            .execute("UPDATE games SET status = 'paused' WHERE id = $1", game.id.0)
            .await
            .unwrap_err();
        assert!(err.to_lowercase().contains("check constraint"), "{err}");
        assert_eq!(store.game(game.id).await.unwrap(), game, "nothing was written");
    }
}

#[tokio::test]
async fn games_with_status_filters_and_orders_by_id() {
    for db in Db::each().await {
        let store = db.open().await;
        for status in [
            GameStatus::Active,
            GameStatus::Invited,
            GameStatus::Active,
            GameStatus::Over,
            GameStatus::Invited,
        ] {
            store.create_game(&new_game("c1", status)).await.unwrap();
        }
        let ids = |games: Vec<GameRow>| games.into_iter().map(|g| g.id.0).collect::<Vec<_>>();
        assert_eq!(ids(store.games_with_status(&[GameStatus::Active]).await.unwrap()), [1, 3]);
        assert_eq!(
            ids(store.games_with_status(&[GameStatus::Invited, GameStatus::Active]).await.unwrap()),
            [1, 2, 3, 5]
        );
        assert_eq!(ids(store.games_with_status(&[GameStatus::Aborted]).await.unwrap()), [0_i64; 0]);
        assert_eq!(ids(store.games_with_status(&[]).await.unwrap()), [0_i64; 0]);
    }
}

#[tokio::test]
async fn games_in_chat_lists_every_status_of_that_chat_only() {
    for db in Db::each().await {
        let store = db.open().await;
        store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        store.create_game(&new_game("c2", GameStatus::Active)).await.unwrap();
        store.create_game(&new_game("c1", GameStatus::Invited)).await.unwrap();
        let other_platform = NewGame { platform: P::Discord, ..new_game("c1", GameStatus::Active) };
        store.create_game(&other_platform).await.unwrap();
        let over = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let update = GameUpdate { status: GameStatus::Over, ..over.update(2_000) };
        store.update_game(over.id, 0, &update).await.unwrap();

        let games = store.games_in_chat(P::Console, &"c1".into()).await.unwrap();
        let summary: Vec<_> = games.iter().map(|g| (g.id.0, g.status.as_str())).collect();
        assert_eq!(summary, [(1, "active"), (3, "invited"), (5, "over")]);
        assert_eq!(store.games_in_chat(P::Console, &"c3".into()).await.unwrap(), []);
    }
}

#[tokio::test]
async fn a_game_in_a_forum_topic_reads_back_in_its_topic_and_is_listed_there_alone() {
    for db in Db::each().await {
        let store = db.open().await;
        let general = store.create_game(&new_game("-100", GameStatus::Active)).await.unwrap();
        let in_topic =
            NewGame { chat: ChatId::in_topic("-100", 7), ..new_game("-100", GameStatus::Active) };
        let topic = store.create_game(&in_topic).await.unwrap();
        assert_eq!(store.game(topic.id).await.unwrap().chat, ChatId::in_topic("-100", 7));
        assert_eq!(store.game(general.id).await.unwrap().chat, ChatId::new("-100"));
        let ids = |games: Vec<GameRow>| games.iter().map(|g| g.id).collect::<Vec<_>>();
        let listed = store.games_in_chat(P::Console, &ChatId::in_topic("-100", 7)).await.unwrap();
        assert_eq!(ids(listed), [topic.id]);
        let listed = store.games_in_chat(P::Console, &ChatId::new("-100")).await.unwrap();
        assert_eq!(ids(listed), [general.id], "the group's own games leave its topics' out");
        let listed = store.games_in_chat(P::Console, &ChatId::in_topic("-100", 8)).await.unwrap();
        assert!(listed.is_empty());
    }
}

#[tokio::test]
async fn update_game_writes_the_mutable_columns_and_bumps_the_version() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Invited)).await.unwrap();
        let update = GameUpdate {
            seats: r#"["alice","carol"]"#.to_owned(),
            status: GameStatus::Over,
            result: Some(arbiter::core::GameResult::Winner(arbiter::core::Seat(1))),
            reason: Some(arbiter::store::EndReason::Resigned),
            deadline_at: Some(90_000),
            reminders_sent: 2,
            offer: Some(r#"{"draw":0}"#.to_owned()),
            rated: false,
            now: 5_000,
        };
        let updated = store.update_game(game.id, 0, &update).await.unwrap();
        let expected = GameRow {
            seats: update.seats.clone(),
            status: update.status,
            result: update.result,
            reason: update.reason.clone(),
            deadline_at: update.deadline_at,
            reminders_sent: 2,
            offer: update.offer.clone(),
            version: 1,
            updated_at: 5_000,
            // The first game to end is first in the order of ends.
            ended_seq: Some(1),
            rated: false,
            ..game.clone()
        };
        assert_eq!(updated, expected);
        assert_eq!(store.game(game.id).await.unwrap(), expected);
        assert_eq!(updated.update(5_000), update, "GameRow::update reads the columns back");
        // The column keeps the result's code, which older rows hold too; a code that is no result
        // does not read as one.
        let code = db.texts("SELECT result FROM games WHERE id = $1", game.id.0).await;
        assert_eq!(code, ["seat:1"]);
        db.execute("UPDATE games SET result = 'won' WHERE id = $1", game.id.0).await.unwrap();
        assert!(store.game(game.id).await.is_err(), "`won` is not a stored result");
        db.execute("UPDATE games SET result = 'seat:1' WHERE id = $1", game.id.0).await.unwrap();

        // An engine's own reason reads back as that reason, and the referee's as its own.
        for reason in [EndReason::Rule("crossed-fence".into()), EndReason::AdminAborted] {
            let version = store.game(game.id).await.unwrap().version;
            let with = GameUpdate { reason: Some(reason.clone()), ..update.clone() };
            let row = store.update_game(game.id, version, &with).await.unwrap();
            assert_eq!(row.reason, Some(reason.clone()));
            assert_eq!(store.game(game.id).await.unwrap().reason, Some(reason.clone()));
            let code = db.texts("SELECT reason FROM games WHERE id = $1", game.id.0).await;
            assert_eq!(code, [reason.code()], "the column keeps the reason's code");
        }
        let updated = store.game(game.id).await.unwrap();

        // Clearing columns works too.
        let cleared =
            GameUpdate { result: None, reason: None, deadline_at: None, offer: None, ..update };
        let again = store.update_game(game.id, updated.version, &cleared).await.unwrap();
        assert_eq!(again.version, updated.version + 1);
        assert_eq!(
            (again.result, again.reason, again.deadline_at, again.offer),
            (None, None, None, None)
        );
    }
}

#[tokio::test]
async fn update_game_with_a_stale_version_is_a_conflict_and_writes_nothing() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let first = store.update_game(game.id, 0, &game.update(2_000)).await.unwrap();

        let stale = GameUpdate { status: GameStatus::Aborted, ..game.update(3_000) };
        let err = store.update_game(game.id, 0, &stale).await.unwrap_err();
        assert!(matches!(err, DbError::Conflict { expected: 0 }), "{err:?}");
        let err = store.update_game(game.id, 7, &stale).await.unwrap_err();
        assert!(
            matches!(err, DbError::Conflict { expected: 7 }),
            "a future version also conflicts"
        );
        assert_eq!(store.game(game.id).await.unwrap(), first);
    }
}

#[tokio::test]
async fn update_game_on_a_missing_game_is_not_found() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let err =
            store.update_game(GameId(game.id.0 + 1), 0, &game.update(2_000)).await.unwrap_err();
        assert!(matches!(err, DbError::NotFound), "{err:?}");
    }
}

#[tokio::test]
async fn commit_action_appends_the_action_and_updates_the_game() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let other = store.create_game(&new_game("c2", GameStatus::Active)).await.unwrap();

        let mut row = game;
        let mut log = Vec::new();
        for (seq, notation) in (1..).zip(["A1-A2", "D4-D3", "A2-B2 R"]) {
            let act = action(seq, notation);
            let update = GameUpdate { deadline_at: Some(10_000 + seq), ..row.update(1_000 + seq) };
            let next = store.commit_action(row.id, row.version, &act, &update).await.unwrap();
            assert_eq!(next.version, row.version + 1);
            assert_eq!(next.deadline_at, Some(10_000 + seq));
            assert_eq!(next.updated_at, 1_000 + seq);
            log.push(act);
            row = next;
        }
        assert_eq!(store.game(row.id).await.unwrap(), row);
        assert_eq!(store.actions(row.id).await.unwrap(), log);

        // Each game has its own log, numbered from 1.
        let referee_pass = ActionRow { by_user: None, ..action(1, "pass") };
        store.commit_action(other.id, 0, &referee_pass, &other.update(2_000)).await.unwrap();
        assert_eq!(store.actions(other.id).await.unwrap(), [referee_pass]);
        assert_eq!(store.actions(row.id).await.unwrap(), log);
    }
}

#[tokio::test]
async fn commit_action_with_a_stale_version_writes_nothing() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let after_one = store
            .commit_action(game.id, 0, &action(1, "A1-A2"), &game.update(1_001))
            .await
            .unwrap();

        let err = store
            .commit_action(game.id, 0, &action(2, "D4-D3"), &game.update(1_002))
            .await
            .unwrap_err();
        assert!(matches!(err, DbError::Conflict { expected: 0 }), "{err:?}");
        assert_eq!(store.actions(game.id).await.unwrap(), [action(1, "A1-A2")]);
        assert_eq!(store.game(game.id).await.unwrap(), after_one, "the version is unchanged");
    }
}

#[tokio::test]
async fn commit_action_with_a_wrong_seq_writes_nothing() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let after_one = store
            .commit_action(game.id, 0, &action(1, "A1-A2"), &game.update(1_001))
            .await
            .unwrap();

        for seq in [0, 1, 3, 10] {
            let update = GameUpdate { status: GameStatus::Over, ..after_one.update(1_002) };
            let err =
                store.commit_action(game.id, 1, &action(seq, "D4-D3"), &update).await.unwrap_err();
            assert!(matches!(err, DbError::Conflict { expected: 1 }), "seq {seq}: {err:?}");
            assert_eq!(store.actions(game.id).await.unwrap(), [action(1, "A1-A2")], "seq {seq}");
            assert_eq!(
                store.game(game.id).await.unwrap(),
                after_one,
                "seq {seq}: version unchanged"
            );
        }
        // The right seq still goes through afterwards.
        let next = store
            .commit_action(game.id, 1, &action(2, "D4-D3"), &after_one.update(1_002))
            .await
            .unwrap();
        assert_eq!(next.version, 2);
    }
}

#[tokio::test]
async fn commit_action_on_a_missing_game_is_not_found_and_stores_no_action() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let err = store
            .commit_action(GameId(42), 0, &action(1, "A1-A2"), &game.update(1_001))
            .await
            .unwrap_err();
        assert!(matches!(err, DbError::NotFound), "{err:?}");
        assert_eq!(store.actions(GameId(42)).await.unwrap(), []);
        assert_eq!(store.game(game.id).await.unwrap(), game, "other games are untouched");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_concurrent_commits_of_the_same_version_store_exactly_one_action() {
    for db in Db::each().await {
        let store = db.open().await;
        let mut game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        for seq in 1..=5 {
            let (a, b) = (store.clone(), store.clone());
            let (row_a, row_b) = (game.clone(), game.clone());
            let first = tokio::spawn(async move {
                let act = action(seq, "first");
                a.commit_action(row_a.id, row_a.version, &act, &row_a.update(1_000 + seq)).await
            });
            let second = tokio::spawn(async move {
                let act = action(seq, "second");
                b.commit_action(row_b.id, row_b.version, &act, &row_b.update(1_000 + seq)).await
            });
            let (first, second) = (first.await.unwrap(), second.await.unwrap());

            let (winner, loser) = match (first, second) {
                (Ok(row), Err(e)) => (row, e),
                (Err(e), Ok(row)) => (row, e),
                other => {
                    panic!("round {seq}: expected one success and one conflict, got {other:?}")
                }
            };
            assert!(
                matches!(loser, DbError::Conflict { expected } if expected == game.version),
                "round {seq}: {loser:?}"
            );
            assert_eq!(winner.version, game.version + 1);
            let log = store.actions(game.id).await.unwrap();
            assert_eq!(log.len(), usize::try_from(seq).unwrap(), "round {seq}: one action stored");
            assert_eq!(store.game(game.id).await.unwrap(), winner);
            game = winner;
        }
    }
}

#[tokio::test]
async fn remove_last_action_takes_back_the_last_action() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let mut row = game.clone();
        for (seq, notation) in (1..).zip(["A1-A2", "D4-D3"]) {
            row = store
                .commit_action(
                    row.id,
                    row.version,
                    &action(seq, notation),
                    &row.update(1_000 + seq),
                )
                .await
                .unwrap();
        }
        let update = GameUpdate { offer: None, reminders_sent: 0, ..row.update(3_000) };
        let back = store.remove_last_action(row.id, row.version, &update).await.unwrap();
        assert_eq!(back.version, 3);
        assert_eq!(back.updated_at, 3_000);
        assert_eq!(store.actions(row.id).await.unwrap(), [action(1, "A1-A2")]);

        // The freed seq is used by the next action.
        let next =
            store.commit_action(row.id, 3, &action(2, "D4-C4"), &back.update(3_001)).await.unwrap();
        assert_eq!(store.actions(row.id).await.unwrap(), [action(1, "A1-A2"), action(2, "D4-C4")]);
        assert_eq!(next.version, 4);
    }
}

#[tokio::test]
async fn remove_last_action_is_version_checked() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let row = store
            .commit_action(game.id, 0, &action(1, "A1-A2"), &game.update(1_001))
            .await
            .unwrap();

        let err = store.remove_last_action(game.id, 0, &row.update(2_000)).await.unwrap_err();
        assert!(matches!(err, DbError::Conflict { expected: 0 }), "{err:?}");
        assert_eq!(store.actions(game.id).await.unwrap(), [action(1, "A1-A2")]);
        assert_eq!(store.game(game.id).await.unwrap(), row);

        let err = store
            .remove_last_action(GameId(game.id.0 + 1), 0, &row.update(2_000))
            .await
            .unwrap_err();
        assert!(matches!(err, DbError::NotFound), "a missing game: {err:?}");
    }
}

#[tokio::test]
async fn remove_last_action_without_actions_is_not_found_and_writes_nothing() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
        let err = store.remove_last_action(game.id, 0, &game.update(2_000)).await.unwrap_err();
        assert!(matches!(err, DbError::NotFound), "{err:?}");
        assert_eq!(store.game(game.id).await.unwrap(), game, "the version is unchanged");
    }
}

#[tokio::test]
async fn meta_values_are_stored_and_replaced() {
    for db in Db::each().await {
        let store = db.open().await;
        assert_eq!(store.meta("telegram.offset").await.unwrap(), None);
        store.set_meta("telegram.offset", "100").await.unwrap();
        assert_eq!(store.meta("telegram.offset").await.unwrap().as_deref(), Some("100"));
        store.set_meta("telegram.offset", "101").await.unwrap();
        assert_eq!(store.meta("telegram.offset").await.unwrap().as_deref(), Some("101"));
        assert_eq!(store.meta("other").await.unwrap(), None);
    }
}

/// What a game's end promised (its analysis, docs/scale.md "Delivery under stops") is kept
/// once: the transaction that takes the promise out puts the messages in the outbox, and a
/// second keeper (another instance, a start), finding it gone, writes nothing.
#[tokio::test]
async fn a_promise_is_kept_once_with_its_messages_and_then_forgotten() {
    for db in Db::each().await {
        let store = db.open().await;
        store.set_meta("analysis-due.1", "1").await.unwrap();
        store.set_meta("analysis-due.2", "1").await.unwrap();
        store.set_meta("telegram.offset", "100").await.unwrap();
        let due = store.meta_starting("analysis-due.").await.unwrap();
        let keys: Vec<&str> = due.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["analysis-due.1", "analysis-due.2"]);
        let kept = store.fulfil("analysis-due.1", vec![note("analysis of #1", 0)]).await.unwrap();
        assert_eq!(kept.map(|ids| ids.len()), Some(1));
        let again = store.fulfil("analysis-due.1", vec![note("analysis of #1", 0)]).await.unwrap();
        assert_eq!(again, None, "kept once");
        // Forgetting a promise without a message.
        assert_eq!(store.fulfil("analysis-due.2", Vec::new()).await.unwrap(), Some(Vec::new()));
        let waiting = store.pending_messages(P::Telegram).await.unwrap();
        assert_eq!(bodies(&waiting), [r#"{"text":"analysis of #1"}"#]);
        assert!(store.meta_starting("analysis-due.").await.unwrap().is_empty());
        assert_eq!(store.meta("telegram.offset").await.unwrap().as_deref(), Some("100"));
    }
}

#[tokio::test]
async fn reopening_the_database_keeps_everything() {
    for db in Db::each().await {
        let (user, game, log) = {
            let store = db.open().await;
            let user = store.upsert_user(P::Telegram, &UserId::from("42"), "Алиса").await.unwrap();
            store.set_locale(P::Telegram, &UserId::from("42"), Some("ru")).await.unwrap();
            store
                .set_pings(P::Telegram, &UserId::from("42"), arbiter::store::Pings::Mention)
                .await
                .unwrap();
            let user = UserRow {
                locale: Some("ru".to_owned()),
                pings: arbiter::store::Pings::Mention,
                ..user
            };
            store.set_meta("schema.note", "kept").await.unwrap();
            let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
            let game = store
                .commit_action(game.id, 0, &action(1, "A1-A2"), &game.update(1_001))
                .await
                .unwrap();
            (user, game, store.actions(GameId(1)).await.unwrap())
        };

        let store = db.open().await;
        if !store.is_postgres() {
            assert_eq!(store.journal_mode().await.unwrap(), "wal");
        }
        assert_eq!(store.user(P::Telegram, &UserId::from("42")).await.unwrap(), Some(user));
        assert_eq!(store.game(game.id).await.unwrap(), game);
        assert_eq!(store.actions(game.id).await.unwrap(), log);
        assert_eq!(store.meta("schema.note").await.unwrap().as_deref(), Some("kept"));
        let second = store.create_game(&new_game("c1", GameStatus::Invited)).await.unwrap();
        assert_eq!(second.id, GameId(2), "ids keep ascending after a restart");
    }
}

#[tokio::test]
async fn after_writes_fail_on_a_full_disk_the_store_writes_again_once_there_is_room() {
    let dir = TempDir::new().unwrap();
    let store = open(&dir).await;
    let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
    // The disk is full: the database may not grow by a single page.
    store.set_page_limit(Some(0)).await.unwrap();
    let long = action(1, &"A1-A2 R ".repeat(3_000));
    for attempt in 1..=3 {
        // Every write fails, and for the reason that the disk is full: not because an earlier
        // failure left the writer stuck in a transaction.
        let e = store.commit_action(game.id, 0, &long, &game.update(2_000)).await.unwrap_err();
        assert!(e.to_string().contains("full"), "attempt {attempt}: {e}");
        let mut update = game.update(2_000);
        update.offer = Some("o".repeat(60_000));
        let e = store.update_game(game.id, 0, &update).await.unwrap_err();
        assert!(e.to_string().contains("full"), "attempt {attempt}: {e}");
    }
    assert_eq!(store.actions(game.id).await.unwrap(), [], "nothing was written");
    assert_eq!(store.game(game.id).await.unwrap().version, 0);
    // Space is freed: the next move is written, and so is everything after it.
    store.set_page_limit(None).await.unwrap();
    let row = store.commit_action(game.id, 0, &long, &game.update(2_000)).await.unwrap();
    assert_eq!(row.version, 1);
    let mut update = row.update(3_000);
    update.offer = Some("o".repeat(60_000));
    assert_eq!(store.update_game(game.id, 1, &update).await.unwrap().version, 2);
    assert_eq!(store.actions(game.id).await.unwrap(), [long]);
}

#[tokio::test]
async fn a_database_file_deleted_or_replaced_under_the_store_stops_every_write() {
    let dir = TempDir::new().unwrap();
    let store = open(&dir).await;
    let game = store.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
    std::fs::remove_file(db_path(&dir)).unwrap();
    let gone = |e: DbError| assert!(matches!(e, DbError::Gone(_)), "{e}");
    gone(
        store
            .commit_action(game.id, 0, &action(1, "A1-A2 R"), &game.update(2_000))
            .await
            .unwrap_err(),
    );
    gone(store.update_game(game.id, 0, &game.update(2_000)).await.unwrap_err());
    gone(store.create_game(&new_game("c1", GameStatus::Invited)).await.unwrap_err());
    gone(store.upsert_user(P::Console, &UserId::from("alice"), "Alice").await.unwrap_err());
    gone(store.set_meta("k", "v").await.unwrap_err());
    // Another file at the same path is not the database the games were in either.
    std::fs::write(db_path(&dir), b"").unwrap();
    gone(
        store
            .commit_action(game.id, 0, &action(1, "A1-A2 R"), &game.update(2_000))
            .await
            .unwrap_err(),
    );
}

fn note(text: &str, size: usize) -> NewMessage {
    NewMessage {
        platform: P::Telegram,
        dest: "chat:-100".to_owned(),
        body: format!(r#"{{"text":"{text}"}}"#),
        image: (size > 0).then(|| vec![7u8; size]),
        game_id: Some(GameId(1)),
        created_at: 5_000,
    }
}

fn bodies(rows: &[StoredMessage]) -> Vec<String> {
    rows.iter().map(|r| r.message.body.clone()).collect()
}

#[tokio::test]
async fn a_change_and_its_messages_are_kept_together_in_order_or_not_at_all() {
    for db in Db::each().await {
        let store = db.open().await;
        let (game, ids) = store
            .create_game_with(&new_game("c1", GameStatus::Invited), |row| {
                vec![note(&format!("invitation to #{}", row.id), 0)]
            })
            .await
            .unwrap();
        let (row, more) = store
            .write_game(
                game.id,
                0,
                GameWrite::Action(action(1, "A1-A2 R")),
                &game.update(2_000),
                vec![note("move", 300), note("prompt", 0)],
            )
            .await
            .unwrap();
        assert_eq!(row.version, 1);
        assert!(ids[0] < more[0] && more[0] < more[1], "{ids:?} {more:?}");
        let pending = store.pending_messages(arbiter::store::Platform::Telegram).await.unwrap();
        assert_eq!(
            bodies(&pending),
            [r#"{"text":"invitation to #1"}"#, r#"{"text":"move"}"#, r#"{"text":"prompt"}"#]
        );
        assert_eq!(pending[1].message.image.as_deref(), Some(&[7u8; 300][..]), "image bytes kept");
        assert!(
            store.pending_messages(arbiter::store::Platform::Discord).await.unwrap().is_empty()
        );
        // A stale version: neither the action nor its messages are written.
        let stale = store
            .write_game(
                game.id,
                0,
                GameWrite::Action(action(2, "B1-B2 R")),
                &game.update(3_000),
                vec![note("lost race", 0)],
            )
            .await
            .unwrap_err();
        assert!(matches!(stale, DbError::Conflict { .. }), "{stale}");
        for write in [GameWrite::Update, GameWrite::RemoveLast] {
            let e = store
                .write_game(game.id, 0, write, &game.update(3_000), vec![note("lost", 0)])
                .await
                .unwrap_err();
            assert!(matches!(e, DbError::Conflict { .. }), "{e}");
        }
        assert_eq!(store.pending_messages_count().await.unwrap(), 3);
        // A full disk (a SQLite file's fault): the move and its messages fail together, and work
        // together once freed.
        let big = vec![note("board", 200_000)];
        if !store.is_postgres() {
            store.set_page_limit(Some(0)).await.unwrap();
            let e = store
                .write_game(game.id, 1, GameWrite::Update, &row.update(4_000), big.clone())
                .await
                .unwrap_err();
            assert!(e.to_string().contains("full"), "{e}");
            assert_eq!(store.game(game.id).await.unwrap().version, 1, "the game did not move");
            store.set_page_limit(None).await.unwrap();
        }
        store.write_game(game.id, 1, GameWrite::Update, &row.update(4_000), big).await.unwrap();
        assert_eq!(store.pending_messages_count().await.unwrap(), 4);
        // Delivered messages are taken out; the rest stay, in order, across a restart.
        store.delete_messages(&[ids[0], more[1]]).await.unwrap();
        drop(store);
        let store = db.open().await;
        let left = store.pending_messages(arbiter::store::Platform::Telegram).await.unwrap();
        assert_eq!(bodies(&left), [r#"{"text":"move"}"#, r#"{"text":"board"}"#]);
    }
}

/// Telegram gives a group a new id when it becomes a supergroup: its games (in every topic),
/// its community and the messages waiting for it move; other chats and platforms stay.
#[tokio::test]
async fn moving_a_chat_moves_its_games_community_and_waiting_messages_only() {
    for db in Db::each().await {
        let store = db.open().await;
        let game = |chat: ChatId| NewGame {
            platform: P::Telegram,
            chat,
            community: Some("-400".to_owned()),
            parent_chat: None,
            rated: false,
            ..new_game("-400", GameStatus::Active)
        };
        let plain = store.create_game(&game(ChatId::new("-400"))).await.unwrap();
        let topic = store.create_game(&game(ChatId::in_topic("-400", 3))).await.unwrap();
        let other = store.create_game(&game(ChatId::new("-4001"))).await.unwrap();
        let console = store.create_game(&new_game("-400", GameStatus::Active)).await.unwrap();
        let waiting = |dest: &str| NewMessage { dest: dest.to_owned(), ..note("x", 0) };
        store
            .enqueue(vec![
                waiting("chat:-400"),
                waiting("topic:3:-400"),
                waiting("chat:-4001"),
                waiting("user:-400"),
            ])
            .await
            .unwrap();
        let moved = store.move_chat(P::Telegram, "-400", "-100400").await.unwrap();
        assert_eq!(moved, 2);
        let row = store.game(plain.id).await.unwrap();
        assert_eq!((row.chat, row.community.as_deref()), (ChatId::new("-100400"), Some("-100400")));
        assert_eq!(store.game(topic.id).await.unwrap().chat, ChatId::in_topic("-100400", 3));
        assert_eq!(store.game(other.id).await.unwrap().chat, ChatId::new("-4001"));
        assert_eq!(store.game(console.id).await.unwrap().chat, ChatId::new("-400"));
        let dests: Vec<String> = store
            .pending_messages(P::Telegram)
            .await
            .unwrap()
            .into_iter()
            .map(|m| m.message.dest)
            .collect();
        assert_eq!(dests, ["chat:-100400", "topic:3:-100400", "chat:-4001", "user:-400"]);
        // A second notice of the same move finds nothing left to move.
        assert_eq!(store.move_chat(P::Telegram, "-400", "-100400").await.unwrap(), 0);
    }
}

/// Creates a rated game of `kind` in community `server-1` between `seats` and ends it with
/// `result`; returns its id.
async fn ended(
    store: &Store,
    kind: &str,
    seats: [&str; 2],
    result: arbiter::core::GameResult,
) -> GameId {
    let new = NewGame {
        kind: kind.to_owned(),
        seats: serde_json::to_string(&seats).expect("seats serialise"),
        ..new_game("c1", GameStatus::Active)
    };
    end_game(store, &new, result).await
}

/// Creates the game `new` and ends it with `result`; returns its id.
async fn end_game(store: &Store, new: &NewGame, result: arbiter::core::GameResult) -> GameId {
    let game = store.create_game(new).await.expect("the game is written");
    let mut update = game.update(2_000);
    update.status = GameStatus::Over;
    update.result = Some(result);
    update.reason = Some(arbiter::store::EndReason::Resigned);
    store.update_game(game.id, game.version, &update).await.expect("the game ends");
    game.id
}

#[tokio::test]
async fn games_are_numbered_in_the_order_they_end_and_rated_once() {
    use arbiter::core::{GameResult, Seat};
    for db in Db::each().await {
        let store = db.open().await;
        let a = ended(&store, "ultima", ["alice", "bob"], GameResult::Winner(Seat(0))).await;
        let b = ended(&store, "ultima", ["bob", "alice"], GameResult::Draw).await;
        assert_eq!(store.game(a).await.unwrap().ended_seq, Some(1));
        assert_eq!(store.game(b).await.unwrap().ended_seq, Some(2));
        let first = store.rate_game(a).await.unwrap();
        assert_eq!(first.len(), 2);
        // The crate's published example: 1500/350 beats 1500/350 → 1662 and 1338.
        assert_eq!((first[0].after.round(), first[1].after.round()), (1662.0, 1338.0));
        assert_eq!(store.rate_game(a).await.unwrap(), first, "rating twice changes nothing");
        store.rate_game(b).await.unwrap();
        let alice = store.ratings_of(P::Console, "server-1", &"alice".into()).await.unwrap();
        assert_eq!((alice[0].games, alice[0].wins, alice[0].draws, alice[0].losses), (2, 1, 1, 0));
        let board = store.leaderboard(P::Console, "server-1", "ultima").await.unwrap();
        let order: Vec<&str> = board.iter().map(|r| r.user_id.as_str()).collect();
        assert_eq!(order, ["alice", "bob"]);
        let history =
            store.rating_history(P::Console, "server-1", "ultima", &"bob".into()).await.unwrap();
        assert_eq!(history.iter().map(|c| c.game_id).collect::<Vec<_>>(), [a, b]);
        assert_eq!(history[1].before, history[0].after, "each game starts where the last ended");
    }
}

/// Issue 43: the everywhere pool is one pool for Discord and Telegram. A game hosted on one
/// chat platform seats a player of the other by a qualified id; each player's rating is kept
/// under their own platform and id, whichever platform hosted the game, and a rebuild (or
/// rating out of order) comes to the same figures.
#[tokio::test]
async fn the_everywhere_pool_rates_each_player_under_their_own_platform_whoever_hosted() {
    use arbiter::core::{GameResult, Seat};
    for db in Db::each().await {
        let store = db.open().await;
        let pool = |platform: P, seats: [&str; 2]| NewGame {
            platform,
            kind: "ultima".to_owned(),
            seats: serde_json::to_string(&seats).expect("seats serialise"),
            community: Some("everywhere".to_owned()),
            parent_chat: None,
            ..new_game("pool:1", GameStatus::Active)
        };
        // Tom (Telegram 5001) loses to Dave on Discord's table, then beats Tess on Telegram's;
        // a console game in a community named "everywhere" stays apart.
        let a = end_game(
            &store,
            &pool(P::Discord, ["3100", "telegram:5001"]),
            GameResult::Winner(Seat(0)),
        )
        .await;
        let b = end_game(&store, &pool(P::Telegram, ["5001", "5002"]), GameResult::Winner(Seat(0)))
            .await;
        let c = end_game(&store, &pool(P::Console, ["5001", "5002"]), GameResult::Winner(Seat(1)))
            .await;
        store.rate_game(b).await.unwrap();
        store.rate_game(a).await.unwrap();
        store.rate_game(c).await.unwrap();
        let tom = store.ratings_of(P::Telegram, "everywhere", &"5001".into()).await.unwrap();
        assert_eq!(tom.len(), 1, "{tom:?}");
        assert_eq!((tom[0].games, tom[0].wins, tom[0].losses), (2, 1, 1));
        let dave = store.ratings_of(P::Discord, "everywhere", &"3100".into()).await.unwrap();
        assert_eq!((dave[0].games, dave[0].wins), (1, 1));
        assert!(
            store
                .ratings_of(P::Discord, "everywhere", &"telegram:5001".into())
                .await
                .unwrap()
                .is_empty()
        );
        let console = store.ratings_of(P::Console, "everywhere", &"5001".into()).await.unwrap();
        assert_eq!((console[0].games, console[0].losses), (1, 1), "the console's own pool");
        // Rated out of order (b before a): the same as a rebuild, in the order they ended.
        let live = store.all_ratings().await.unwrap();
        assert_eq!(store.rebuild_ratings().await.unwrap(), 3);
        assert_eq!(store.all_ratings().await.unwrap(), live);
        // Game a, which ended first, met Tom as a newcomer.
        assert_eq!(store.rate_game(a).await.unwrap()[1].before.round(), 1500.0);
        assert_eq!(store.rate_game(b).await.unwrap()[0].before.round(), 1338.0);
    }
}

#[tokio::test]
async fn games_rated_out_of_order_come_out_as_a_rebuild_does() {
    use arbiter::core::{GameResult, Seat};
    for db in Db::each().await {
        let store = db.open().await;
        let a = ended(&store, "ultima", ["alice", "bob"], GameResult::Winner(Seat(0))).await;
        let b = ended(&store, "ultima", ["alice", "carol"], GameResult::Winner(Seat(1))).await;
        let c = ended(&store, "chaos-clock", ["alice", "bob"], GameResult::BothWin).await;
        // An unrated game and one still running count for nothing.
        let unrated = store
            .create_game(&NewGame { rated: false, ..new_game("c1", GameStatus::Active) })
            .await
            .unwrap();
        assert!(store.rate_game(unrated.id).await.unwrap().is_empty());
        // The later game first (as after a crash between a game's end and its rating).
        store.rate_game(b).await.unwrap();
        store.rate_game(c).await.unwrap();
        store.rate_game(a).await.unwrap();
        let live = store.all_ratings().await.unwrap();
        assert_eq!(store.rebuild_ratings().await.unwrap(), 3);
        let rebuilt = store.all_ratings().await.unwrap();
        assert_eq!(live, rebuilt);
        // In order, alice's second game starts from her first: b saw her at 1662.
        let b_changes = store.rate_game(b).await.unwrap();
        assert_eq!(b_changes[0].before.round(), 1662.0);
        // Both winning at Chaos Clock is a draw between newcomers: nobody moves.
        let clock = store.ratings_of(P::Console, "server-1", &"bob".into()).await.unwrap();
        let cc = clock.iter().find(|r| r.kind == "chaos-clock").unwrap();
        assert_eq!((cc.rating, cc.draws), (1500.0, 1));
        let games = store
            .finished_games(P::Console, "server-1", Some(&"carol".into()), None, 10)
            .await
            .unwrap();
        assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), [b]);
        let all =
            store.finished_games(P::Console, "server-1", None, Some("ultima"), 10).await.unwrap();
        assert_eq!(all.iter().map(|g| g.id).collect::<Vec<_>>(), [b, a], "most recent first");
    }
}

#[tokio::test]
async fn a_due_digest_is_claimed_once_and_link_codes_are_used_once_before_they_expire() {
    for db in Db::each().await {
        let store = db.open().await;
        let bob = UserId::from("bob");
        store.upsert_user(P::Telegram, &bob, "Bob").await.unwrap();
        store.set_digest(P::Telegram, &bob, Some(100)).await.unwrap();
        assert!(store.digests_due(99).await.unwrap().is_empty());
        let due = store.digests_due(100).await.unwrap();
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].digest_at, Some(100));
        // Two claims of the same due digest (two ticks, two instances): one wins.
        assert!(store.claim_digest(P::Telegram, &bob, 100, 86_500).await.unwrap());
        assert!(!store.claim_digest(P::Telegram, &bob, 100, 86_500).await.unwrap());
        assert!(store.digests_due(86_499).await.unwrap().is_empty());
        store.set_digest(P::Telegram, &bob, None).await.unwrap();
        assert!(store.digests_due(i64::MAX).await.unwrap().is_empty());

        store.put_link_code("AAAA-BBBB", P::Telegram, &bob, 0, 900).await.unwrap();
        assert_eq!(
            store.take_link_code("AAAA-BBBB", 899).await.unwrap(),
            Some((P::Telegram, bob.clone()))
        );
        assert_eq!(store.take_link_code("AAAA-BBBB", 899).await.unwrap(), None, "used once");
        store.put_link_code("CCCC-DDDD", P::Telegram, &bob, 0, 900).await.unwrap();
        // A new code replaces the user's last one.
        store.put_link_code("EEEE-FFFF", P::Telegram, &bob, 10, 910).await.unwrap();
        assert_eq!(store.take_link_code("CCCC-DDDD", 11).await.unwrap(), None);
        assert_eq!(store.take_link_code("EEEE-FFFF", 910).await.unwrap(), None, "expired");

        store.set_vacation(P::Telegram, &bob, Some((5, 50)), 2026, 3).await.unwrap();
        let away = store.on_vacation().await.unwrap();
        assert_eq!(away.len(), 1);
        assert_eq!(
            (
                away[0].vacation_from,
                away[0].vacation_until,
                away[0].vacation_year,
                away[0].vacation_used
            ),
            (Some(5), Some(50), 2026, 3)
        );
        store.set_vacation(P::Telegram, &bob, None, 2026, 1).await.unwrap();
        assert!(store.on_vacation().await.unwrap().is_empty());
        assert_eq!(store.user(P::Telegram, &bob).await.unwrap().unwrap().vacation_used, 1);

        store.set_account(P::Telegram, &bob, Some("telegram:bob")).await.unwrap();
        store.upsert_user(P::Discord, &bob, "bob").await.unwrap();
        store.set_account(P::Discord, &bob, Some("telegram:bob")).await.unwrap();
        let linked = store.linked("telegram:bob").await.unwrap();
        assert_eq!(
            linked.iter().map(|r| r.platform).collect::<Vec<_>>(),
            [P::Discord, P::Telegram]
        );
    }
}

/// Several bot instances on one database (PostgreSQL; on SQLite, two stores on one file): every
/// move submitted by two instances for the same version is stored once, games ending at once
/// are numbered apart, and rating them from both instances at once rates each once, in order.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_stores_on_one_database_store_each_move_once_and_number_every_end_apart() {
    use arbiter::core::{GameResult, Seat};
    for db in Db::each().await {
        let (one, two) = (db.open().await, db.open().await);
        let mut games = Vec::new();
        for _ in 0..20 {
            games.push(one.create_game(&new_game("c1", GameStatus::Active)).await.unwrap());
        }
        // Each game's first move arrives at both instances at once.
        let mut racing = tokio::task::JoinSet::new();
        for game in &games {
            for (store, notation) in [(one.clone(), "A1-A2 R"), (two.clone(), "A1-B1 D")] {
                let game = game.clone();
                racing.spawn(async move {
                    store.commit_action(game.id, 0, &action(1, notation), &game.update(2_000)).await
                });
            }
        }
        let (mut won, mut lost) = (0, 0);
        while let Some(result) = racing.join_next().await {
            match result.unwrap() {
                Ok(row) => {
                    assert_eq!(row.version, 1);
                    won += 1;
                }
                Err(DbError::Conflict { expected: 0 }) => lost += 1,
                Err(other) => panic!("{other}"),
            }
        }
        assert_eq!((won, lost), (20, 20), "one move of each pair is stored, the other refused");
        for game in &games {
            assert_eq!(two.actions(game.id).await.unwrap().len(), 1, "game #{}", game.id);
        }
        // The games end at once, half through each instance, then each instance rates them all.
        let mut ending = tokio::task::JoinSet::new();
        for (i, game) in games.iter().enumerate() {
            let store = if i % 2 == 0 { one.clone() } else { two.clone() };
            let id = game.id;
            ending.spawn(async move {
                let mut update = store.game(id).await.unwrap().update(3_000);
                update.status = GameStatus::Over;
                update.result = Some(GameResult::Winner(Seat(0)));
                store.update_game(id, 1, &update).await.unwrap()
            });
        }
        let mut ends: Vec<i64> = Vec::new();
        while let Some(row) = ending.join_next().await {
            ends.push(row.unwrap().ended_seq.expect("an ended game has its place"));
        }
        ends.sort_unstable();
        ends.dedup();
        assert_eq!(ends.len(), 20, "every end is numbered apart: {ends:?}");
        let mut rating = tokio::task::JoinSet::new();
        for game in &games {
            for store in [one.clone(), two.clone()] {
                let id = game.id;
                rating.spawn(async move { store.rate_game(id).await });
            }
        }
        while let Some(result) = rating.join_next().await {
            result.unwrap().unwrap();
        }
        let live = one.all_ratings().await.unwrap();
        let alice = live.iter().find(|r| r.user_id.as_str() == "alice").unwrap();
        assert_eq!((alice.games, alice.wins), (20, 20), "each game is rated once");
        one.rebuild_ratings().await.unwrap();
        assert_eq!(two.all_ratings().await.unwrap(), live, "as a rebuild in the order of ends");
    }
}

/// A PostgreSQL URL that cannot be reached is an open error, and the message shows the URL
/// without its password.
#[tokio::test]
async fn an_unreachable_postgres_database_is_an_open_error_that_hides_the_password() {
    // Port 1 on loopback: nothing listens there; the start gives up after `connect_timeout`.
    let location =
        Location::parse("postgres://bot:s3cret@127.0.0.1:1/arbiter?connect_timeout=1").unwrap();
    let err = Store::connect(&location).await.unwrap_err();
    assert!(matches!(err, DbError::Open(_)), "{err:?}");
    let shown = err.to_string();
    assert!(shown.contains("postgres://bot:***@127.0.0.1:1/arbiter"), "{shown}");
    assert!(!shown.contains("s3cret"), "{shown}");
}

/// `arbiter copy`: every row lands in an empty store as it was (ids, versions, settings, the
/// order of ends, the waiting messages), the ratings are rebuilt there to the same figures,
/// new games, ends and messages are numbered on past the copied ones, and a store that holds
/// anything is refused. From a SQLite file into each backend.
#[tokio::test]
async fn copying_a_store_keeps_every_row_and_refuses_a_store_that_is_not_empty() {
    use arbiter::core::{GameResult, Seat};
    let dir = TempDir::new().expect("a temporary directory");
    let source = Store::open(&dir.path().join("source.db")).await.expect("the source opens");
    source.upsert_user(P::Console, &"alice".into(), "Alice").await.unwrap();
    source.set_locale(P::Console, &"alice".into(), Some("de")).await.unwrap();
    source.set_vacation(P::Console, &"alice".into(), Some((10, 20)), 2026, 3).await.unwrap();
    source.upsert_user(P::Telegram, &"42".into(), "Bob").await.unwrap();
    let over = ended(&source, "ultima", ["alice", "bob"], GameResult::Winner(Seat(0))).await;
    source.rate_game(over).await.unwrap();
    let running = source.create_game(&new_game("c1", GameStatus::Active)).await.unwrap();
    let update = running.update(1_001);
    source.commit_action(running.id, running.version, &action(1, "A1-A2"), &update).await.unwrap();
    source.enqueue(vec![note("waiting", 3)]).await.unwrap();
    let follow = Follow {
        platform: P::Console,
        follower: "bob".into(),
        followed: Followed::Game(running.id),
    };
    source.add_follow(&follow).await.unwrap();
    source.set_meta("telegram.offset", "7").await.unwrap();
    source.set_client_locale(P::Telegram, &"42".into(), Some("zh-Hant")).await.unwrap();
    let (c1, al) = (ChatId::new("c1"), UserId::from("al"));
    let moved = source.set_chat_locale(P::Console, &c1, Some("zh-Hans"), &al, 9).await;
    assert_eq!(moved.unwrap(), [running.id]);
    let every = [GameStatus::Invited, GameStatus::Active, GameStatus::Over, GameStatus::Aborted];
    let waiting = source.pending_messages(P::Telegram).await.unwrap();
    for db in Db::each().await {
        let to = db.open().await;
        let copied = source.copy_into(&to).await.unwrap();
        let all = Copied {
            users: 2,
            games: 2,
            actions: 1,
            messages: 1,
            follows: 1,
            chat_languages: 1,
            meta: 1,
        };
        assert_eq!(copied, all);
        assert_eq!(to.all_users().await.unwrap(), source.all_users().await.unwrap());
        assert_eq!(
            to.games_with_status(&every).await.unwrap(),
            source.games_with_status(&every).await.unwrap()
        );
        assert_eq!(to.actions(running.id).await.unwrap(), [action(1, "A1-A2")]);
        assert_eq!(to.pending_messages(P::Telegram).await.unwrap(), waiting);
        assert_eq!(to.all_follows().await.unwrap(), std::slice::from_ref(&follow));
        assert_eq!(to.all_meta().await.unwrap(), [("telegram.offset".into(), "7".into())]);
        assert_eq!(
            to.all_chat_languages().await.unwrap(),
            source.all_chat_languages().await.unwrap()
        );
        assert_eq!(to.game(running.id).await.unwrap().locale, "zh-Hans");
        assert_eq!(to.all_ratings().await.unwrap(), source.all_ratings().await.unwrap());

        let next = ended(&to, "ultima", ["bob", "alice"], GameResult::Draw).await;
        assert_eq!(next.0, running.id.0 + 1, "game ids go on past the copied ones");
        assert_eq!(to.game(next).await.unwrap().ended_seq, Some(2));
        let ids = to.enqueue(vec![note("next", 0)]).await.unwrap();
        assert_eq!(ids, [waiting[0].id + 1], "message ids go on past the copied ones");

        let err = source.copy_into(&to).await.unwrap_err();
        assert!(matches!(err, DbError::Write(_)), "{err:?}");
    }
}

/// A chat's own language (`/settings chat-language=`): a topic's choice outranks its chat's,
/// choosing moves the chat's running games (not its finished ones, nor other chats', nor a
/// topic's that chose its own), forgetting changes no game, and a group's migration to a
/// supergroup carries the choice. A client's language is kept with the user.
#[tokio::test]
async fn a_chats_language_moves_its_running_games_and_follows_a_migration() {
    for db in Db::each().await {
        let store = db.open().await;
        let chat = ChatId::new("g1");
        let topic = ChatId { id: "g1".into(), topic: Some(5) };
        let running = store.create_game(&new_game("g1", GameStatus::Active)).await.unwrap();
        let invited = store.create_game(&new_game("g1", GameStatus::Invited)).await.unwrap();
        let over = store.create_game(&new_game("g1", GameStatus::Over)).await.unwrap();
        let elsewhere = store.create_game(&new_game("g2", GameStatus::Active)).await.unwrap();
        let in_topic = store
            .create_game(&NewGame { chat: topic.clone(), ..new_game("g1", GameStatus::Active) })
            .await
            .unwrap();
        assert_eq!(store.chat_locale(P::Console, &chat).await.unwrap(), None);

        // The topic chooses first: only its game moves.
        let al = UserId::from("al");
        let moved = store.set_chat_locale(P::Console, &topic, Some("en"), &al, 1).await;
        assert_eq!(moved.unwrap(), [in_topic.id]);
        // The whole chat: its running games, not the topic's, which chose its own.
        let moved = store.set_chat_locale(P::Console, &chat, Some("zh-Hant"), &al, 2).await;
        assert_eq!(moved.unwrap(), [running.id, invited.id]);
        let locale = |id| {
            let store = &store;
            async move { store.game(id).await.unwrap().locale }
        };
        assert_eq!(locale(running.id).await, "zh-Hant");
        assert_eq!(locale(invited.id).await, "zh-Hant");
        assert_eq!(locale(over.id).await, "en", "a finished game keeps its language");
        assert_eq!(locale(elsewhere.id).await, "en");
        assert_eq!(locale(in_topic.id).await, "en");
        assert_eq!(store.chat_locale(P::Console, &chat).await.unwrap().as_deref(), Some("zh-Hant"));
        assert_eq!(store.chat_locale(P::Console, &topic).await.unwrap().as_deref(), Some("en"));
        let other_topic = ChatId { id: "g1".into(), topic: Some(6) };
        assert_eq!(
            store.chat_locale(P::Console, &other_topic).await.unwrap().as_deref(),
            Some("zh-Hant"),
            "a topic without its own choice has its chat's"
        );
        assert_eq!(store.chat_locale(P::Telegram, &chat).await.unwrap(), None, "per platform");

        // Forgetting the topic's choice moves nothing; the topic then has its chat's.
        let moved = store.set_chat_locale(P::Console, &topic, None, &al, 3).await;
        assert_eq!(moved.unwrap(), Vec::<GameId>::new());
        assert_eq!(locale(in_topic.id).await, "en");
        assert_eq!(
            store.chat_locale(P::Console, &topic).await.unwrap().as_deref(),
            Some("zh-Hant")
        );

        // A group that became a supergroup keeps its language.
        store.move_chat(P::Console, "g1", "g9").await.unwrap();
        assert_eq!(store.chat_locale(P::Console, &chat).await.unwrap(), None);
        let moved_chat = ChatId::new("g9");
        assert_eq!(
            store.chat_locale(P::Console, &moved_chat).await.unwrap().as_deref(),
            Some("zh-Hant")
        );
        let all = store.all_chat_languages().await.unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!((all[0].set_by.as_str(), all[0].set_at), ("al", 2));

        // The client's language, kept with the user.
        store.upsert_user(P::Telegram, &"7".into(), "Mei").await.unwrap();
        store.set_client_locale(P::Telegram, &"7".into(), Some("zh-Hant")).await.unwrap();
        let mei = store.user(P::Telegram, &"7".into()).await.unwrap().unwrap();
        assert_eq!((mei.locale, mei.client_locale.as_deref()), (None, Some("zh-Hant")));
    }
}

/// A seek of `user` for Ultima with a day per move, made at `now` in `#lobby` of `server-1`.
fn new_seek(user: &str, now: i64) -> arbiter::store::NewSeek {
    arbiter::store::NewSeek {
        platform: P::Console,
        user_id: user.into(),
        user_name: user.to_owned(),
        chat: Some(ChatId::new("#lobby")),
        community: "server-1".to_owned(),
        parent_chat: None,
        everywhere: false,
        kind: "ultima".to_owned(),
        options: "move_rule=50".to_owned(),
        clock: r#"{"per_move":86400}"#.to_owned(),
        rated: true,
        now,
        expires_at: now + 86_400,
        offer_bot_at: now + 3_600,
    }
}

#[tokio::test]
async fn a_seek_is_taken_exactly_once_when_many_answer_it_at_the_same_moment_on_every_database() {
    for db in Db::each().await {
        let store = db.open().await;
        let (seek, renewed) = store.put_seek(&new_seek("alice", 1_000)).await.unwrap();
        assert!(!renewed);
        // Twelve answers at once (on PostgreSQL each on its own connection of the pool): one
        // gets the game, the others find the seek gone and create nothing.
        let answers = (0..12).map(|i| {
            let store = store.clone();
            let game = NewGame {
                seats: format!(r#"["alice","p{i}"]"#),
                ..new_game("#lobby", GameStatus::Active)
            };
            tokio::spawn(async move { store.pair_seek(seek.id, &game).await })
        });
        let mut paired = Vec::new();
        for answer in answers {
            if let Some((taken, row)) = answer.await.unwrap().unwrap() {
                assert_eq!(taken, seek);
                paired.push(row);
            }
        }
        assert_eq!(paired.len(), 1, "exactly one answer took the seek");
        let games = store.games_with_status(&[GameStatus::Active]).await.unwrap();
        assert_eq!(games, paired, "only the one answer created a game");
        assert!(store.open_seeks(1_001).await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn seeks_are_renewed_withdrawn_lapse_and_offer_the_bot_once_on_every_database() {
    for db in Db::each().await {
        let store = db.open().await;
        let (first, _) = store.put_seek(&new_seek("alice", 1_000)).await.unwrap();
        // The same terms again: the seek is renewed in place (its buttons still answer it), its
        // time starting again.
        let (again, renewed) = store.put_seek(&new_seek("alice", 2_000)).await.unwrap();
        assert!(renewed && again.id == first.id && again.expires_at == 2_000 + 86_400);
        assert_eq!((again.created_at, again.offer_bot_at), (2_000, Some(2_000 + 3_600)));
        let bob = store.put_seek(&new_seek("bob", 2_500)).await.unwrap().0;
        assert_eq!(store.open_seeks(3_000).await.unwrap(), vec![again.clone(), bob.clone()]);
        // An hour after each was made, each seeker is offered the bot once.
        assert!(store.offer_bot_to_seeks(5_599).await.unwrap().is_empty());
        let offered = store.offer_bot_to_seeks(5_600).await.unwrap();
        assert_eq!(offered.iter().map(|s| s.id).collect::<Vec<_>>(), vec![again.id]);
        assert_eq!(offered[0].offer_bot_at, None);
        assert!(store.offer_bot_to_seeks(5_600).await.unwrap().is_empty());
        // Withdrawn by game: only the seeker's own, only that game's.
        let alice = UserId::from("alice");
        assert!(store.drop_seeks(P::Console, &alice, Some("rabble")).await.unwrap().is_empty());
        assert_eq!(store.drop_seeks(P::Console, &alice, None).await.unwrap().len(), 1);
        // A lapsed seek cannot be taken, and is closed once.
        let game = new_game("#lobby", GameStatus::Active);
        let late = NewGame { now: bob.expires_at, ..game };
        assert_eq!(store.pair_seek(bob.id, &late).await.unwrap(), None);
        assert_eq!(store.expire_seeks(bob.expires_at).await.unwrap(), vec![bob.clone()]);
        assert!(store.expire_seeks(bob.expires_at).await.unwrap().is_empty());
        assert!(store.games_with_status(&[GameStatus::Active]).await.unwrap().is_empty());
        // A community's administrators open its seeks to others, and close them again.
        assert!(!store.public_seeks(P::Console, "server-1").await.unwrap());
        store.set_public_seeks(P::Console, "server-1", true, &alice, 9).await.unwrap();
        assert!(store.public_seeks(P::Console, "server-1").await.unwrap());
        store.set_public_seeks(P::Console, "server-1", false, &alice, 10).await.unwrap();
        assert!(!store.public_seeks(P::Console, "server-1").await.unwrap());
    }
}

// Issue 44: a tournament's round is paired once. Two instances (two stores on one database)
// start the same round at the same moment: one creates its games, the other nothing; a chat
// has one unfinished tournament; joins stop at the most players allowed.
#[tokio::test]
async fn a_tournaments_round_is_started_once_whichever_instance_asks_on_every_database() {
    use arbiter::store::{NewBoard, NewTournament};
    for db in Db::each().await {
        let (one, two) = (db.open().await, db.open().await);
        let new = NewTournament {
            platform: P::Console,
            chat: ChatId::new("c1"),
            community: "c1".into(),
            parent_chat: None,
            kind: "ultima".into(),
            options: String::new(),
            clock: r#"{"per_move":86400}"#.into(),
            format: "swiss".into(),
            rounds: 3,
            double_rr: false,
            max_players: 2,
            rated: true,
            starts_at: None,
            seed: 7,
            locale: "en".into(),
            created_by: "alice".into(),
            creator_name: "alice".into(),
            now: 1_000,
        };
        let t = one.create_tournament(&new).await.unwrap().expect("made");
        assert_eq!(two.create_tournament(&new).await.unwrap(), None, "one unfinished per chat");
        let topic =
            NewTournament { chat: ChatId { id: "c1".into(), topic: Some(5) }, ..new.clone() };
        assert!(two.create_tournament(&topic).await.unwrap().is_some(), "a topic is its own chat");
        for (user, joined) in [("bob", true), ("bob", false), ("carol", true), ("dave", false)] {
            let got = one.join_tournament(t.id, P::Console, &user.into(), user, 1500.0).await;
            assert_eq!(got.unwrap().is_some(), joined, "{user}");
        }
        let players = two.tournament_players(t.id).await.unwrap();
        assert_eq!(players.iter().map(|p| p.number).collect::<Vec<_>>(), [1, 2]);
        let board = NewBoard {
            white: 1,
            black: Some(2),
            game: Some(NewGame {
                kind: "ultima".into(),
                options: String::new(),
                seats: r#"["bob","carol"]"#.into(),
                ..new_game("c1", GameStatus::Active)
            }),
            points: (0, 0),
        };
        let boards = [board];
        let (a, b) = tokio::join!(
            one.start_tournament_round(t.id, 1, 3, &boards),
            two.start_tournament_round(t.id, 1, 3, &boards)
        );
        let (a, b) = (a.unwrap(), b.unwrap());
        assert!(a.is_some() != b.is_some(), "exactly one started it: {a:?} {b:?}");
        let games = a.or(b).unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(one.start_tournament_round(t.id, 1, 3, &boards).await.unwrap(), None);
        let pairings = two.tournament_pairings(t.id).await.unwrap();
        assert_eq!(pairings.len(), 1);
        assert_eq!(pairings[0].game_id, Some(games[0].id));
        assert_eq!(pairings[0].status.as_deref(), Some("active"));
        assert_eq!(one.tournament_of_game(games[0].id).await.unwrap(), Some((t.id, 1, 1)));
        let row = two.tournament(t.id).await.unwrap().unwrap();
        assert_eq!((row.status.as_str(), row.round), ("running", 1));
        let (a, b) = tokio::join!(one.end_tournament(t.id, 2_000), two.end_tournament(t.id, 2_000));
        assert!(a.unwrap() != b.unwrap(), "ended once");
        assert!(one.create_tournament(&new).await.unwrap().is_some(), "the chat may have another");
        one.close().await;
        two.close().await;
    }
}
