//! Helpers shared by the transcript tests (`tests/referee*.rs`): run a transcript through the
//! console's referee on a database, and read what was sent where; and what the chat tests
//! (`tests/discord.rs`, `tests/telegram.rs`) read out of the referee's English.

// Each test binary uses what it needs of these.
#![allow(dead_code)]

use std::path::Path;

use serde_json::Value;

/// Runs `script_text` (one `user@#chat: line` per line) on the database `db` with seed 7, as a
/// new referee process would, and returns every message sent, one JSON value each.
pub async fn run(script_text: &str, db: &Path) -> Vec<Value> {
    let mut out = Vec::new();
    arbiter::bot::script::run(script_text, db, 7, &mut out).await.expect("the transcript runs");
    String::from_utf8(out)
        .expect("utf-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
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
pub async fn notations(db: &Path, id: i64) -> Vec<String> {
    let store = arbiter::store::Store::open(db).await.expect("the store opens");
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
