//! The health endpoint (docs/scale.md): `GET /healthz` on the `listen` address, for container
//! health checks and load balancers. It answers `200` with a JSON report when the database
//! answers a query and every configured platform is connected, `503` with the same report
//! otherwise. `arbiter health` asks it (the Docker image's `HEALTHCHECK`: the runtime image has
//! no curl).
//!
//! Platforms report their link as it changes: Telegram is connected once `getMe` answered and
//! failing while its last `getUpdates` failed less than [`FAILURE_MEMORY`] ago (long polling
//! gives no word of a success without news); Discord follows its gateway shard's stages.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::StatusCode;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::store::{Platform, Store};

/// How long a failed poll counts against a platform (a few long-poll rounds).
pub const FAILURE_MEMORY: Duration = Duration::from_secs(30);

/// A platform's link to its service.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// Not connected yet (Telegram retrying an unreachable API at start).
    Connecting,
    /// Connected.
    Connected,
    /// The connection was lost (a gateway shard down).
    Lost,
}

impl Link {
    fn word(self) -> &'static str {
        match self {
            Link::Connecting => "connecting",
            Link::Connected => "connected",
            Link::Lost => "lost",
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct State {
    link: Link,
    failed_at: Option<tokio::time::Instant>,
}

/// What `/healthz` reports: the store, and each configured platform's link.
#[derive(Debug, Clone)]
pub struct Health {
    store: Store,
    platforms: Arc<Mutex<BTreeMap<Platform, State>>>,
}

impl Health {
    /// The health of `store` and of `platforms`, each connecting at first.
    #[must_use]
    pub fn new(store: Store, platforms: &[Platform]) -> Health {
        let states = platforms
            .iter()
            .map(|p| (*p, State { link: Link::Connecting, failed_at: None }))
            .collect();
        Health { store, platforms: Arc::new(Mutex::new(states)) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<Platform, State>> {
        self.platforms.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Records `platform`'s link.
    pub fn set(&self, platform: Platform, link: Link) {
        let mut states = self.lock();
        let state = states.entry(platform).or_insert(State { link, failed_at: None });
        state.link = link;
        if link == Link::Connected {
            state.failed_at = None;
        }
    }

    /// Records a connection stage of `platform`: up, or down (lost when it was connected; a
    /// platform still connecting stays so).
    pub fn stage(&self, platform: Platform, up: bool) {
        if up {
            self.set(platform, Link::Connected);
            return;
        }
        if let Some(state) = self.lock().get_mut(&platform)
            && state.link == Link::Connected
        {
            state.link = Link::Lost;
        }
    }

    /// Records a failed call to `platform` (a poll): it reads as failing for a while.
    pub fn failed(&self, platform: Platform) {
        if let Some(state) = self.lock().get_mut(&platform) {
            state.failed_at = Some(tokio::time::Instant::now());
        }
    }

    /// The report, and whether everything is healthy.
    pub async fn report(&self) -> (bool, serde_json::Value) {
        let database = match self.store.ping().await {
            Ok(()) => "ok".to_string(),
            Err(e) => format!("error: {e}"),
        };
        let mut healthy = database == "ok";
        let mut platforms = serde_json::Map::new();
        for (platform, state) in self.lock().iter() {
            let failing = state.failed_at.is_some_and(|at| at.elapsed() < FAILURE_MEMORY);
            let word = match state.link {
                Link::Connected if failing => "failing",
                link => link.word(),
            };
            healthy &= word == "connected";
            platforms.insert(platform.as_str().to_string(), json!(word));
        }
        let status = if healthy { "ok" } else { "unhealthy" };
        (healthy, json!({"status": status, "database": database, "platforms": platforms}))
    }
}

/// Serves `GET /healthz` on `listener` until `stop` says so.
///
/// # Errors
///
/// The server fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    health: Health,
    mut stop: tokio::sync::watch::Receiver<bool>,
) -> anyhow::Result<()> {
    let app = axum::Router::new().route(
        "/healthz",
        axum::routing::get(move || {
            let health = health.clone();
            async move {
                let (healthy, report) = health.report().await;
                let code = if healthy { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
                (code, axum::Json(report))
            }
        }),
    );
    axum::serve(listener, app)
        .with_graceful_shutdown(async move {
            let _ = stop.wait_for(|stopped| *stopped).await;
        })
        .await?;
    Ok(())
}

/// Binds the health endpoint's address.
///
/// # Errors
///
/// The address cannot be bound (in use, not this machine's).
pub async fn bind(listen: SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {listen} for /healthz: {e}"))
}

/// `arbiter health`: asks the endpoint at `listen` and returns its status code and body.
///
/// # Errors
///
/// Nothing answers there, or not within five seconds.
pub async fn ask(listen: SocketAddr) -> anyhow::Result<(u16, String)> {
    // An unspecified address (0.0.0.0, as a container listens) is asked on loopback.
    let addr = if listen.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), listen.port())
    } else {
        listen
    };
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(addr).await?;
        let request = format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await?;
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await?;
        anyhow::Ok(String::from_utf8_lossy(&answer).into_owned())
    };
    let answer = tokio::time::timeout(Duration::from_secs(5), exchange)
        .await
        .map_err(|_| anyhow::anyhow!("{addr} did not answer within 5 s"))?
        .map_err(|e| anyhow::anyhow!("asking {addr}: {e}"))?;
    let code = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("{addr} answered something that is not HTTP"))?;
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b).trim().to_string();
    Ok((code, body))
}
