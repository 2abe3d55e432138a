//! What a statement written once runs on: one backend's handle or the other's ([`On`]), as a
//! pool, a connection or a write transaction, and `both!`, which compiles a body once per
//! driver. Below the query layer (`queries/`), above the dialects it picks from.

use sqlx::postgres::{PgConnection, PgPool, Postgres};
use sqlx::sqlite::{SqliteConnection, SqlitePool};

use super::dialect::sqlite;
use super::types::{DbError, db};

/// One backend's handle or the other's: what a statement written once runs on.
#[derive(Clone, Copy, Debug)]
pub(super) enum On<L, P> {
    /// SQLite's.
    Lite(L),
    /// PostgreSQL's.
    Pg(P),
}

/// A pool: SQLite's readers or its one writer, or PostgreSQL's pool.
pub(super) type Pool<'a> = On<&'a SqlitePool, &'a PgPool>;

/// A connection, inside a transaction when a statement needs one.
pub(super) type Conn<'a> = On<&'a mut SqliteConnection, &'a mut PgConnection>;

/// A write transaction: on SQLite one holding the write lock from its start
/// (`sqlite::WriteTx`), on PostgreSQL an ordinary one (its writes take row locks).
pub(super) type Tx = On<sqlite::WriteTx, sqlx::Transaction<'static, Postgres>>;

/// `$body` with `$x` bound to the handle `$on` holds, compiled once for each backend; with
/// `$b`, also that backend's module, for the piece that differs (`b::insert_messages`).
macro_rules! both {
    ($on:expr, |$x:ident| $body:expr) => {
        match $on {
            On::Lite($x) => $body,
            On::Pg($x) => $body,
        }
    };
    ($on:expr, |$x:ident, $b:ident| $body:expr) => {
        match $on {
            On::Lite($x) => {
                use $crate::store::dialect::sqlite as $b;
                $body
            }
            On::Pg($x) => {
                use $crate::store::dialect::postgres as $b;
                $body
            }
        }
    };
}

impl<'a> From<&'a mut SqliteConnection> for Conn<'a> {
    fn from(conn: &'a mut SqliteConnection) -> Self {
        On::Lite(conn)
    }
}

impl<'a> From<&'a mut PgConnection> for Conn<'a> {
    fn from(conn: &'a mut PgConnection) -> Self {
        On::Pg(conn)
    }
}

impl Conn<'_> {
    /// The same connection again, for one more statement.
    pub(super) fn re(&mut self) -> Conn<'_> {
        match self {
            On::Lite(c) => On::Lite(&mut **c),
            On::Pg(c) => On::Pg(&mut **c),
        }
    }
}

impl Tx {
    /// Begins a write transaction on the writing pool.
    pub(super) async fn begin(pool: Pool<'_>) -> Result<Tx, DbError> {
        Ok(match pool {
            On::Lite(p) => On::Lite(sqlite::begin_write(p).await?),
            On::Pg(p) => On::Pg(p.begin().await.map_err(db)?),
        })
    }

    /// The transaction's connection.
    pub(super) fn conn(&mut self) -> Conn<'_> {
        match self {
            On::Lite(tx) => On::Lite(&mut **tx),
            On::Pg(tx) => On::Pg(&mut **tx),
        }
    }

    /// Commits if `out` is a success, else rolls back and returns `out`'s error.
    pub(super) async fn finish<T>(self, out: Result<T, DbError>) -> Result<T, DbError> {
        match self {
            On::Lite(tx) => sqlite::finish(tx, out).await,
            On::Pg(tx) => {
                // On an error the transaction is dropped, which rolls it back.
                let value = out?;
                tx.commit().await.map_err(db)?;
                Ok(value)
            }
        }
    }
}
