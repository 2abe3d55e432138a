//! For tests: a fresh, empty PostgreSQL database for each test, when `ARBITER_TEST_POSTGRES`
//! names a server (docs/scale.md, "Tests on PostgreSQL").
//!
//! Each call makes a new schema on that server and returns a [`Location`] whose connections
//! put it first on their `search_path`, so every test gets its own tables, sequences and
//! migrations on one database, and tests run in parallel. Schemas are named
//! `arbiter_t_<pid>_<n>`; the first call of a process drops those whose process has ended.

use std::sync::atomic::{AtomicU64, Ordering};

use sqlx::Connection;

use super::location::Location;

/// The variable naming the server (a `postgres://` URL).
pub const VARIABLE: &str = "ARBITER_TEST_POSTGRES";

/// The server named by `ARBITER_TEST_POSTGRES`, if it is set and not empty.
#[must_use]
pub fn server() -> Option<String> {
    std::env::var(VARIABLE).ok().map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

/// A new empty schema on the test server, as a location; `None` when no server is named.
///
/// # Panics
///
/// When the server is named but cannot be reached or refuses the schema: a test run that was
/// asked to cover PostgreSQL must not pass without it.
pub async fn postgres() -> Option<Location> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    static SWEPT: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();
    let server = server()?;
    let mut conn = sqlx::PgConnection::connect(&server)
        .await
        .unwrap_or_else(|e| panic!("{VARIABLE}={server} does not answer: {e}"));
    SWEPT
        .get_or_init(|| async {
            let names: Vec<String> = sqlx::query_scalar(
                "SELECT nspname::text FROM pg_namespace WHERE nspname LIKE 'arbiter\\_t\\_%'",
            )
            .fetch_all(&mut conn)
            .await
            .unwrap_or_default();
            for name in names {
                let pid = name.split('_').nth(2).and_then(|p| p.parse::<u32>().ok());
                let alive =
                    pid.is_some_and(|p| std::path::Path::new(&format!("/proc/{p}")).exists());
                if !alive {
                    // Another process's sweep may drop it first.
                    let _ = sqlx::query(&format!("DROP SCHEMA IF EXISTS {name} CASCADE"))
                        .execute(&mut conn)
                        .await;
                }
            }
        })
        .await;
    let name = format!("arbiter_t_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst));
    sqlx::raw_sql(&format!("DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"))
        .execute(&mut conn)
        .await
        .unwrap_or_else(|e| panic!("creating the schema {name} on {server}: {e}"));
    let _ = conn.close().await;
    let joiner = if server.contains('?') { '&' } else { '?' };
    Some(Location::Postgres(format!("{server}{joiner}options=-c%20search_path%3D{name}")))
}
