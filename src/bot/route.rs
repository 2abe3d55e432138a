//! What the chat front ends share, so that neither imports the other nor the wiring above them
//! (`crate::serve`): the [`Router`] that hands each outgoing message to its platform's front end,
//! and the loopback check that keeps test traffic on this machine.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::mpsc;

use crate::store::Platform;
use crate::table::reply::Outbound;

/// What a front end receives: the messages of one referee answer or one clock tick that belong
/// to its platform, in order.
pub type Batch = Vec<Outbound>;

/// Hands the referee's messages to the front end that owns their platform.
#[derive(Debug, Clone, Default)]
pub struct Router {
    routes: Arc<HashMap<Platform, mpsc::UnboundedSender<Batch>>>,
}

impl Router {
    /// A router over `routes` (platform name → the front end's inbox).
    #[must_use]
    pub fn new(routes: HashMap<Platform, mpsc::UnboundedSender<Batch>>) -> Router {
        Router { routes: Arc::new(routes) }
    }

    /// Sends each platform its messages as one batch, keeping their order. Messages for a
    /// platform without a front end are logged and dropped (the referee saved everything they
    /// announce before returning them).
    pub fn route(&self, messages: Vec<Outbound>) {
        let mut batches: Vec<(Platform, Batch)> = Vec::new();
        for m in messages {
            match batches.iter_mut().find(|(p, _)| *p == m.platform) {
                Some((_, batch)) => batch.push(m),
                None => batches.push((m.platform, vec![m])),
            }
        }
        for (platform, batch) in batches {
            match self.routes.get(&platform) {
                Some(inbox) => {
                    if inbox.send(batch).is_err() {
                        tracing::warn!(%platform, "front end stopped; messages dropped");
                    }
                }
                None => tracing::error!(%platform, "no front end for this platform"),
            }
        }
    }
}

/// Whether the API host is this machine: then no proxy is ever used (a test stand-in on
/// 127.0.0.1 must not be reached through an `HTTP(S)_PROXY`).
#[must_use]
pub fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        Some(url::Host::Domain(name)) => name.eq_ignore_ascii_case("localhost"),
        None => false,
    }
}
