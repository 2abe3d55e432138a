//! Helpers shared by the transcript tests (`tests/referee/`): run a transcript through the
//! console's referee on a database, and read what was sent where; and what the chat tests
//! (`tests/discord.rs`, `tests/telegram.rs`) read out of the referee's English.

// Each test binary uses what it needs of these.
#![allow(dead_code)]

use std::path::Path;

use serde_json::Value;

/// Runs `script_text` (one `user@#chat: line` per line) on the SQLite database `db` with seed
/// 7, as a new referee process would, and returns every message sent, one JSON value each.
///
/// When `ARBITER_TEST_POSTGRES` names a server, the same transcript also runs on a PostgreSQL
/// twin of `db` (a schema made at `db`'s first run, kept for its later runs, as the file is),
/// and every message must come out the same, byte for byte: the transcript suites are the
/// PostgreSQL store's behavioural test (docs/scale.md).
pub async fn run(script_text: &str, db: &Path) -> Vec<Value> {
    let sqlite = run_on(script_text, &arbiter::store::Location::Sqlite(db.to_path_buf())).await;
    if let Some(twin) = postgres_twin(db).await {
        let postgres = run_on(script_text, &twin).await;
        assert!(
            postgres == sqlite,
            "on PostgreSQL the transcript answered differently:\n{}",
            first_difference(&sqlite, &postgres)
        );
    }
    sqlite
}

/// Like [`run`], on SQLite only: for a test that changes the file between runs in a way the
/// PostgreSQL twin cannot follow (it says why).
pub async fn run_sqlite_only(script_text: &str, db: &Path) -> Vec<Value> {
    run_on(script_text, &arbiter::store::Location::Sqlite(db.to_path_buf())).await
}

/// Like [`run_sqlite_only`], without drawing board pictures (see [`run_words`]).
pub async fn run_words_sqlite_only(script_text: &str, db: &Path) -> Vec<Value> {
    run_drawing(script_text, &arbiter::store::Location::Sqlite(db.to_path_buf()), false).await
}

/// Like [`run`], without drawing board pictures (`"image": null` everywhere; the words are the
/// same): for a test that reads only what the messages say.
pub async fn run_words(script_text: &str, db: &Path) -> Vec<Value> {
    let sqlite =
        run_drawing(script_text, &arbiter::store::Location::Sqlite(db.to_path_buf()), false).await;
    if let Some(twin) = postgres_twin(db).await {
        let postgres = run_drawing(script_text, &twin, false).await;
        assert!(
            postgres == sqlite,
            "on PostgreSQL the transcript answered differently:\n{}",
            first_difference(&sqlite, &postgres)
        );
    }
    sqlite
}

async fn run_on(script_text: &str, db: &arbiter::store::Location) -> Vec<Value> {
    run_drawing(script_text, db, true).await
}

async fn run_drawing(
    script_text: &str,
    db: &arbiter::store::Location,
    pictures: bool,
) -> Vec<Value> {
    let mut out = Vec::new();
    let ran = if pictures {
        arbiter::bot::script::run(script_text, db, 7, &mut out).await
    } else {
        arbiter::bot::script::run_words(script_text, db, 7, &mut out).await
    };
    ran.unwrap_or_else(|e| panic!("the transcript runs on {db}: {e:#}"));
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

/// The PostgreSQL database standing beside the SQLite file `db` in this test process, made on
/// first use; `None` when no server is named.
pub async fn postgres_twin(db: &Path) -> Option<arbiter::store::Location> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static TWINS: Mutex<Option<HashMap<std::path::PathBuf, arbiter::store::Location>>> =
        Mutex::new(None);
    arbiter::store::testing::server()?;
    let known = TWINS.lock().ok()?.get_or_insert_with(HashMap::new).get(db).cloned();
    if let Some(known) = known {
        return Some(known);
    }
    let made = arbiter::store::testing::postgres().await?;
    TWINS.lock().ok()?.get_or_insert_with(HashMap::new).insert(db.to_path_buf(), made.clone());
    Some(made)
}

/// Writes `game` into the SQLite database `db` (and its PostgreSQL twin, when there is one,
/// where it must get the same id), as a test's set-up before its transcript; returns the id.
pub async fn create_game(db: &Path, game: &arbiter::store::NewGame) -> i64 {
    let sqlite = arbiter::store::Location::Sqlite(db.to_path_buf());
    let id = create_game_on(&sqlite, game).await;
    if let Some(twin) = postgres_twin(db).await {
        assert_eq!(create_game_on(&twin, game).await, id, "the twin numbers it alike");
    }
    id
}

async fn create_game_on(db: &arbiter::store::Location, game: &arbiter::store::NewGame) -> i64 {
    let store = arbiter::store::Store::connect(db).await.expect("the store opens");
    store.create_game(game).await.expect("the game is written").id.0
}

/// Where two transcripts' messages first differ, for a failure message.
fn first_difference(a: &[Value], b: &[Value]) -> String {
    let at = a.iter().zip(b).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    format!(
        "message {at} of {} (SQLite) / {} (PostgreSQL):\n  SQLite:     {}\n  PostgreSQL: {}",
        a.len(),
        b.len(),
        a.get(at).map_or_else(|| "(none)".to_string(), Value::to_string),
        b.get(at).map_or_else(|| "(none)".to_string(), Value::to_string),
    )
}

/// The texts of the messages sent to `to` (`#chat` or `dm:user`), in order.
pub fn texts_to<'a>(out: &'a [Value], to: &str) -> Vec<&'a str> {
    out.iter().filter(|m| m["to"] == to).map(|m| m["text"].as_str().unwrap_or("")).collect()
}

/// The button labels of the last message sent to `to` (none when there is no such message).
pub fn last_buttons(out: &[Value], to: &str) -> Vec<String> {
    out.iter()
        .rev()
        .find(|m| m["to"] == to)
        .and_then(|m| m["buttons"].as_array())
        .map(|b| b.iter().filter_map(|l| l.as_str().map(str::to_string)).collect())
        .unwrap_or_default()
}

/// The notations of the actions stored for game `id` on the database `db`, in order: what a
/// restart would replay.
/// On the PostgreSQL twin too, when there is one: the logs must be the same.
pub async fn notations(db: &Path, id: i64) -> Vec<String> {
    let sqlite = notations_on(&arbiter::store::Location::Sqlite(db.to_path_buf()), id).await;
    if let Some(twin) = postgres_twin(db).await {
        assert_eq!(notations_on(&twin, id).await, sqlite, "PostgreSQL stored another log");
    }
    sqlite
}

async fn notations_on(db: &arbiter::store::Location, id: i64) -> Vec<String> {
    let store = arbiter::store::Store::connect(db).await.expect("the store opens");
    store
        .actions(arbiter::store::GameId(id))
        .await
        .expect("the game's actions read")
        .into_iter()
        .map(|a| a.notation)
        .collect()
}

/// The first best action a Chaos Clock hint names ("… Best: move 2, drop 3. (…)"), written as
/// its button's action (`m2`, `d3`, `pass`).
pub fn first_best(hint: &str) -> String {
    let best = hint.split("Best: ").nth(1).expect("the hint names its best actions");
    let first = best.split([',', '.']).next().expect("a first action");
    match first.split_once(' ') {
        Some(("move", n)) => format!("m{n}"),
        Some(("drop", n)) => format!("d{n}"),
        _ => first.to_string(),
    }
}

/// A loopback address nothing listens on, for a bot's `/healthz`. It is chosen below the
/// kernel's ephemeral range: a port found free by binding port 0 may be handed to the next
/// `bind(0)` or outgoing connection (a stand-in, a client socket of another test) before the bot
/// binds it, and a CI run once lost that race; a port below the range is only ever taken by a
/// bind that names it.
pub fn free_address() -> std::net::SocketAddr {
    use std::hash::{BuildHasher, Hasher};
    let low = std::fs::read_to_string("/proc/sys/net/ipv4/ip_local_port_range")
        .ok()
        .and_then(|range| range.split_whitespace().next()?.parse::<u16>().ok())
        .unwrap_or(32768)
        .max(10_001);
    let mut seed = std::collections::hash_map::RandomState::new().build_hasher().finish();
    for _ in 0..200 {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        let span = u64::from(low - 10_000);
        let port = 10_000 + u16::try_from((seed >> 33) % span).unwrap_or(0);
        if let Ok(probe) = std::net::TcpListener::bind(("127.0.0.1", port))
            && let Ok(addr) = probe.local_addr()
        {
            return addr;
        }
    }
    let probe = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    probe.local_addr().expect("its address")
}

/// A small seeded generator (SplitMix64), so that a storm's random points are the same on every
/// run; `ARBITER_TEST_SEED` picks others.
pub struct Rng(pub u64);

impl Rng {
    /// The generator of `ARBITER_TEST_SEED`, or of `default`; and the seed, for messages.
    pub fn seeded(default: u64) -> (Rng, u64) {
        let seed = std::env::var("ARBITER_TEST_SEED")
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(default);
        (Rng(seed), seed)
    }

    /// The next number (the engines' own SplitMix64 step).
    pub fn next(&mut self) -> u64 {
        arbiter::core::splitmix64(&mut self.0)
    }

    /// A number below `n` (at least 1).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    /// A pause shorter than `ms` milliseconds.
    pub fn pause(&mut self, ms: u64) -> std::time::Duration {
        std::time::Duration::from_millis(self.below(ms))
    }
}

/// Whether the three-instance storms run: only when `ARBITER_TEST_STORMS` is set (to anything
/// but `0`). Each takes two minutes or more, most of it waiting for one-minute clocks, so the
/// plain `cargo test` of CI leaves them out (docs/architecture.md, "CI time"; docs/scale.md says
/// how to run them). Prints a clear note when it skips.
pub fn storms_asked() -> bool {
    let asked =
        std::env::var("ARBITER_TEST_STORMS").is_ok_and(|v| !v.trim().is_empty() && v.trim() != "0");
    if !asked {
        eprintln!(
            "skipped: a three-instance storm runs only with ARBITER_TEST_STORMS=1 \
             (and ARBITER_TEST_POSTGRES; docs/scale.md)"
        );
    }
    asked
}

/// The clock of a storm's timed games (`clock=live per_move=Nm`) and its minutes `N`, from
/// `ARBITER_TEST_STORM_CLOCK_MINUTES`: 1 by default, the shortest live clock. Two or more also
/// send the player a reminder at half time, which one minute does not (with under a minute
/// left, a reminder would arrive about when the time is up).
pub fn storm_clock() -> (String, u64) {
    let minutes = std::env::var("ARBITER_TEST_STORM_CLOCK_MINUTES")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .filter(|&n: &u64| (1..=60).contains(&n))
        .unwrap_or(1);
    (format!("clock=live per_move={minutes}m"), minutes)
}

/// Of the copies of each once-only message a storm posted (by message: when each copy went out
/// and which instance sent it), those that no crash explains, each named by its message, and
/// how many a crash does explain. A message goes out again only when the instance that sent an
/// earlier copy was killed after sending it (before it could mark it sent), so a copy is
/// explained when the sender of an earlier one was killed between the two. `kills` holds each
/// instance's kill times (`T`: a clock's instant).
pub fn unexplained_copies<K: std::fmt::Display, T: Ord + Copy>(
    copies: std::collections::HashMap<K, Vec<(T, usize)>>,
    kills: &[Vec<T>],
) -> (Vec<String>, usize) {
    let mut unexplained = Vec::new();
    let mut explained_copies = 0;
    for (message, mut sent) in copies {
        sent.sort_by_key(|(at, _)| *at);
        for (j, &(at, _)) in sent.iter().enumerate().skip(1) {
            let explained = sent[..j]
                .iter()
                .any(|&(earlier, via)| kills[via].iter().any(|&kill| earlier < kill && kill < at));
            if explained {
                explained_copies += 1;
            } else {
                unexplained.push(format!("{message}, copy {}", j + 1));
            }
        }
    }
    (unexplained, explained_copies)
}
