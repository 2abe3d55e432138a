//! `arbiter serve` (also `arbiter` with no subcommand): one store and one referee for every
//! configured chat platform, the referee's one-second clock, and a [`Router`] that hands each
//! outgoing message to the front end of its platform. With no platform configured it opens the
//! console table instead, as before.
//!
//! A front end is added in three steps, as Telegram and Discord are here: put its `Policy` in the map the
//! referee opens with, give it a route (an mpsc sender) in the [`Router`], and spawn its task.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use tokio::sync::{mpsc, watch};
use tokio::task::JoinSet;

use crate::bot::console::{self, ConsoleSettings};
use crate::bot::health::{self, Health};
use crate::bot::route::Router;
use crate::bot::{discord, telegram};
use crate::config::Config;
use crate::store::{Platform, Store};
use crate::table::Referee;
use crate::table::clock::SystemClock;

/// How long a front end may take to stop after the shutdown signal, beyond the delivery grace
/// (`[delivery] grace_seconds`): the updates in hand are answered first.
const STOP_MARGIN: Duration = Duration::from_secs(15);

/// Runs the referee for every configured platform until `shutdown` completes (or a front end
/// fails); without any platform, the console table until `/quit`.
///
/// # Errors
///
/// The store cannot be opened, or a front end cannot start (e.g. Telegram refuses the token)
/// or stops on its own.
pub async fn run(
    config: &Config,
    seed: u64,
    shutdown: impl Future<Output = ()> + Send,
) -> anyhow::Result<()> {
    if !config.has_platform() {
        let settings = ConsoleSettings {
            user: config.console.user.clone(),
            channel: config.console.channel.clone(),
            locale: config.console.locale.clone(),
            invitations: config.limits.invitations,
            vacation_days: config.limits.vacation_days,
        };
        // The console table answers `/healthz` too (the database alone), so that a container
        // running it is not reported unhealthy.
        let (stop_tx, stop_rx) = watch::channel(false);
        let mut server = None;
        if let Some(listen) = config.listen {
            let db = &config.database;
            let store = Store::connect(db).await.with_context(|| format!("opening {db}"))?;
            let listener = health::bind(listen).await?;
            server = Some(tokio::spawn(health::serve(listener, Health::new(store, &[]), stop_rx)));
        }
        let result = console::run(&config.database, seed, settings).await;
        let _ = stop_tx.send(true);
        if let Some(server) = server {
            let _ = server.await;
        }
        return result;
    }
    let db = &config.database;
    let store = Store::connect(db).await.with_context(|| format!("opening {db}"))?;
    let health = Health::new(store.clone(), &referee_platforms(config));
    let (stop_tx, stop_rx) = watch::channel(false);
    // The health endpoint answers from the start: "connecting" while a platform is not yet
    // reached (Telegram retries an unreachable API) is what an operator needs to see.
    let mut server = None;
    if let Some(listen) = config.listen {
        let listener = health::bind(listen).await?;
        tracing::info!(%listen, "serving /healthz");
        server = Some(tokio::spawn(health::serve(listener, health.clone(), stop_rx.clone())));
    }
    let mut policies = HashMap::new();
    if config.telegram.token.is_some() {
        policies.insert(telegram::PLATFORM, telegram::policy(None));
    }
    if config.discord.token.is_some() {
        policies.insert(discord::PLATFORM, discord::policy());
    }
    let referee = Arc::new(
        Referee::open(store, Arc::new(SystemClock), seed, policies)
            .await
            .map_err(|e| anyhow::anyhow!("starting the referee: {e:?}"))?
            .with_invitation_limit(config.limits.invitations)
            .with_vacation_days(config.limits.vacation_days),
    );
    let mut routes = HashMap::new();
    let mut inboxes = HashMap::new();
    for platform in referee_platforms(config) {
        let (tx, rx) = mpsc::unbounded_channel();
        routes.insert(platform, tx);
        inboxes.insert(platform, rx);
    }
    let router = Router::new(routes);
    // A shutdown while a front end is still connecting (Telegram retries an unreachable API
    // with backoff) ends the run at once: nothing has been taken in yet.
    tokio::pin!(shutdown);
    let mut front_ends = JoinSet::new();
    if let (Some(token), Some(inbox)) =
        (config.telegram.token.as_deref(), inboxes.remove(&telegram::PLATFORM))
    {
        let connect = telegram::Telegram::connect(
            token,
            &config.telegram.api_url,
            referee.clone(),
            router.clone(),
            config.delivery.settings(),
            health.clone(),
            config.telegram.webhook()?,
        );
        let bot = tokio::select! {
            bot = connect => bot?,
            () = &mut shutdown => return Ok(()),
        };
        front_ends.spawn(bot.run(inbox, stop_rx.clone()));
    }
    if let (Some(token), Some(inbox)) =
        (config.discord.token.as_deref(), inboxes.remove(&discord::PLATFORM))
    {
        let bot = discord::Discord::connect(
            token,
            &config.discord.api_url,
            config.discord.guild_id,
            config.discord.threads,
            referee.clone(),
            router.clone(),
            config.delivery.settings(),
            health.clone(),
        )
        .await?;
        front_ends.spawn(bot.run(inbox, stop_rx.clone(), config.discord.sharding()?));
    }
    tracing::info!(database = %db, "serving");
    let mut ticker = tokio::time::interval(Duration::from_secs(1));
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let ended = loop {
        tokio::select! {
            () = &mut shutdown => break None,
            _ = ticker.tick() => router.route(referee.tick().await),
            Some(result) = front_ends.join_next() => break Some(result),
        }
    };
    // What games that ended just now promised to say afterwards (Chaos Clock's analysis) is
    // waited for, within the delivery grace, and handed to the front ends before they stop:
    // they deliver it or keep it with the rest. What is still under way then is made again at
    // the next start.
    router.route(referee.settle(config.delivery.settings().grace).await);
    // Stop the others and give them time to deliver what is in flight.
    let _ = stop_tx.send(true);
    let rest = tokio::time::timeout(config.delivery.settings().grace + STOP_MARGIN, async {
        let mut results = Vec::new();
        while let Some(result) = front_ends.join_next().await {
            results.push(result);
        }
        results
    })
    .await;
    let rest = match rest {
        Ok(results) => results,
        Err(_) => {
            tracing::warn!("a front end did not stop in time");
            front_ends.abort_all();
            Vec::new()
        }
    };
    if let Some(server) = server {
        match tokio::time::timeout(STOP_MARGIN, server).await {
            Ok(Ok(Err(e))) => tracing::warn!(error = %e, "the /healthz server failed"),
            Ok(_) => {}
            Err(_) => tracing::warn!("the /healthz server did not stop in time"),
        }
    }
    let early = ended.is_some();
    for result in ended.into_iter().chain(rest) {
        result.context("a front end panicked")??;
    }
    if early {
        anyhow::bail!("a front end stopped on its own");
    }
    Ok(())
}

/// The platforms `config` turns on, by name.
fn referee_platforms(config: &Config) -> Vec<Platform> {
    let mut platforms = Vec::new();
    if config.telegram.token.is_some() {
        platforms.push(telegram::PLATFORM);
    }
    if config.discord.token.is_some() {
        platforms.push(discord::PLATFORM);
    }
    platforms
}

/// Completes on Ctrl-C or, on Unix, SIGTERM (what `docker stop` sends).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::route::Batch;
    use crate::table::Policy;
    use crate::table::reply::Dest;
    use crate::table::reply::Outbound;

    fn msg(platform: Platform, text: &str) -> Outbound {
        Outbound {
            platform,
            to: Dest::Chat("c".into()),
            text: text.into(),
            image: None,
            buttons: Vec::new(),
            outbox: None,
            stamp: None,
        }
    }

    #[test]
    fn each_platform_gets_its_own_messages_in_order_in_one_batch() {
        let (tg, mut tg_rx) = mpsc::unbounded_channel();
        let (dc, mut dc_rx) = mpsc::unbounded_channel();
        let router =
            Router::new(HashMap::from([(Platform::Telegram, tg), (Platform::Discord, dc)]));
        // The console has no front end here: its message is logged and dropped.
        router.route(vec![
            msg(Platform::Telegram, "1"),
            msg(Platform::Discord, "a"),
            msg(Platform::Console, "x"),
            msg(Platform::Telegram, "2"),
        ]);
        let texts = |b: Batch| b.into_iter().map(|m| m.text).collect::<Vec<_>>();
        assert_eq!(texts(tg_rx.try_recv().expect("a telegram batch")), ["1", "2"]);
        assert_eq!(texts(dc_rx.try_recv().expect("a discord batch")), ["a"]);
        assert!(tg_rx.try_recv().is_err() && dc_rx.try_recv().is_err());
    }

    #[test]
    fn the_telegram_policy_needs_start_and_links_to_the_bot_once_known() {
        let p: Policy = telegram::policy(Some("arbiter_bot"));
        assert!(p.dm_needs_start);
        assert_eq!(p.start_link.as_deref(), Some("https://t.me/arbiter_bot?start="));
        assert!(telegram::policy(None).start_link.is_none());
    }
}
