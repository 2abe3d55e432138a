//! The Telegram front end: long polling (or a webhook) through teloxide, translating updates
//! into [`Incoming`] commands and the referee's [`Outbound`] messages into Bot API calls. It holds
//! no game logic and no sentences of its own; [`translate`] has the pure parts.
//!
//! - **Updates** come by long polling (`getUpdates`, one consumer per bot), or, when
//!   `telegram.webhook_url` is set, by webhook: the address and a secret are registered with
//!   `setWebhook` at start (by every instance alike) and teloxide's axum handler serves
//!   `telegram.listen`, answering 401 to a post without the secret. The webhook is never
//!   deleted at a stop: other instances still serve it. Going back to polling deletes it.
//!
//! - **Chats.** A group or supergroup is a referee channel (by chat id); a private chat is the
//!   user's private chat, whose id is the user id, so `Dest::User(id)` is sent to chat `id`.
//! - **Commands** come as `/new` or `/new@our_bot`; `/new@other_bot` is ignored. The menu is
//!   registered with `setMyCommands` from the referee's one command list, in English and (for
//!   clients in Chinese) in Chinese, with `/admin` only in group administrators' menu.
//! - **Mentions.** `@username` becomes the user id when the bot has seen that user (every
//!   update's sender is remembered in the store); an unknown mention is dropped, which leaves
//!   an open invitation. A `text_mention` (a user without a username) carries its id.
//! - **Buttons** are inline keyboards whose callback data is the button payload. Every callback
//!   query is answered. A refused press answers with an alert instead of a message; an accepted
//!   one removes the keyboard from the pressed message (announcements stay separate messages,
//!   so the chat reads as the game's record).
//! - **Delivery** goes through the [`Outbox`] (per chat, in order, retried until delivered):
//!   boards go as `board.png` photos (the text as caption when it fits), long texts are split,
//!   short texts to one chat are joined; a `429` is waited out for its `retry_after`, however
//!   long; a 5xx, a network error or a hung call is tried again with backoff; a `403` on a
//!   private chat is reported to the referee, whose explanation goes to the group.

mod direct;
pub mod translate;

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::IntoFuture;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use anyhow::Context;
use teloxide::prelude::*;
use teloxide::types::AllowedUpdate;
use teloxide::types::{
    BotCommand, BotCommandScope, Chat as TgChat, ChatId, InlineKeyboardButton,
    InlineKeyboardMarkup, MessageEntityKind, MessageId, ParseMode, ThreadId, User,
};
use teloxide::update_listeners::{Polling, webhooks};
use teloxide::{ApiError, RequestError};
use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::health::{Health, Link};
use super::outbox::{self, BoxFuture, Fault, Outbox};
use super::route::{Batch, Router, is_loopback};
use crate::store::{self, Platform};
use crate::table::command;
use crate::table::command::Command;
use crate::table::reply::{Button, Dest, Lang, Outbound, is_momentary};
use crate::table::{Chat, Incoming, Input, Policy, Referee, Scope};
use translate::{MenuScope, Piece, TextMention};

/// Webhook mode's settings, checked (`crate::config::TelegramConfig::webhook`).
#[derive(Clone, PartialEq, Eq)]
pub struct Webhook {
    /// The public address Telegram posts to.
    pub url: url::Url,
    /// The local address served.
    pub listen: std::net::SocketAddr,
    /// The secret every post must carry.
    pub secret: String,
}

// Written by hand so that the secret never reaches a log line.
impl std::fmt::Debug for Webhook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Webhook")
            .field("url", &self.url.as_str())
            .field("listen", &self.listen)
            .field("secret", &"<redacted>")
            .finish()
    }
}

/// The platform name of Telegram games and messages.
pub const PLATFORM: Platform = Platform::Telegram;

/// How long one `getUpdates` call waits for news (below reqwest's 17-second client timeout
/// that teloxide sets).
const POLL_TIMEOUT: Duration = Duration::from_secs(10);
/// Attempts of one call other than a delivery (those go through the [`Outbox`]) when Telegram
/// asks to retry after a pause (429).
const MAX_ATTEMPTS: u32 = 4;
/// The longest pause such a call waits for; a longer one fails it (and is logged).
const MAX_RETRY_AFTER: Duration = Duration::from_secs(120);
/// How long the dispatcher may take to finish the updates in hand when stopping.
const STOP_GRACE: Duration = Duration::from_secs(5);
/// How long an update holds up its chat's next ones before it goes on in the background.
const DETACH_AFTER: Duration = Duration::from_millis(400);
/// How long a button press waits for the referee before it is answered without an alert.
const PROMPT_ANSWER: Duration = Duration::from_millis(1500);
/// How long a command may take before the chat shows "typing…".
const TYPING_AFTER: Duration = Duration::from_millis(800);
/// How often "typing…" is sent again while the work goes on (Telegram shows it for 5 s).
const TYPING_EVERY: Duration = Duration::from_secs(4);
/// The pause after the first failed `getMe` at start-up (Telegram unreachable); it doubles
/// after each further failure, up to [`MAX_CONNECT_PAUSE`].
const FIRST_CONNECT_PAUSE: Duration = Duration::from_secs(1);
/// The longest pause between two `getMe` attempts at start-up.
const MAX_CONNECT_PAUSE: Duration = Duration::from_secs(60);

/// What Telegram allows: a bot may write privately only to users who pressed Start; once the
/// bot's username is known, unreachable players get a start link.
#[must_use]
pub fn policy(username: Option<&str>) -> Policy {
    Policy {
        dm_needs_start: true,
        default_lang: None,
        start_link: username.map(|u| format!("https://t.me/{u}?start=")),
        outbox: true,
        ..Policy::default()
    }
}

/// A tournament round's topic in a forum group (`createForumTopic`): the round's games are
/// played there. Telegram refuses it outside forums and to a bot without the right to manage
/// topics; the round then stays in the tournament's chat.
struct RoundTopics {
    bot: Bot,
}

impl crate::table::Places for RoundTopics {
    fn open<'a>(
        &'a self,
        chat: &'a store::ChatId,
        title: &'a str,
    ) -> crate::table::BoxFuture<'a, Option<store::ChatId>> {
        Box::pin(async move {
            let id = ChatId(chat.id.parse::<i64>().ok()?);
            let name: String = title.chars().take(128).collect();
            match self.bot.create_forum_topic(id, name).await {
                Ok(topic) => {
                    let ThreadId(MessageId(thread)) = topic.thread_id;
                    Some(store::ChatId { id: chat.id.clone(), topic: Some(i64::from(thread)) })
                }
                Err(e) => {
                    tracing::info!(error = %e, chat = %chat.id, "no topic for the round; it stays in the tournament's chat");
                    None
                }
            }
        })
    }
}

/// Removes the token (and its secret half) from text bound for a log.
fn redact(text: &str, token: &str) -> String {
    let mut text = text.to_string();
    if !token.is_empty() {
        text = text.replace(token, "<token>");
        if let Some((_, secret)) = token.split_once(':')
            && secret.len() >= 8
        {
            text = text.replace(secret, "<token>");
        }
    }
    text
}

/// Whether Telegram refused the chat itself (403: blocked, never started, kicked, deactivated).
fn is_forbidden(error: &RequestError) -> bool {
    match error {
        RequestError::Api(api) => {
            matches!(api, ApiError::CantInitiateConversation | ApiError::CantTalkWithBots)
                || api.to_string().contains("Forbidden:")
        }
        _ => false,
    }
}

/// Where a message goes: a group by its id (and the forum topic inside it, if any), a user's
/// private chat by the user id.
fn chat_id(to: &Dest) -> Option<(ChatId, Option<ThreadId>)> {
    let (id, topic) = match to {
        Dest::Chat(chat) => (chat.id.as_str(), chat.topic),
        Dest::User(user) => (user.as_str(), None),
    };
    let topic = match topic {
        Some(n) => Some(ThreadId(MessageId(i32::try_from(n).ok()?))),
        None => None,
    };
    id.parse::<i64>().ok().map(|id| (ChatId(id), topic))
}

/// The forum topic a message was written in: its `message_thread_id`, but only when the
/// message is a topic message (in a supergroup without topics the field marks reply threads,
/// which are not places of their own).
fn topic_of(message: &Message) -> Option<ThreadId> {
    message.thread_id.filter(|_| message.is_topic_message)
}

/// The referee's view of a Telegram chat (and forum topic); channels are not tables.
fn table_chat(chat: &TgChat, topic: Option<ThreadId>) -> Option<Chat> {
    if chat.is_private() {
        Some(Chat::Private)
    } else if chat.is_group() || chat.is_supergroup() {
        let id = chat.id.0.to_string();
        Some(Chat::Group(match topic {
            Some(topic) => store::ChatId::in_topic(id, i64::from(topic.0.0)),
            None => store::ChatId::new(id),
        }))
    } else {
        None
    }
}

/// A Telegram group is its own community: its administrators act on its games alone.
fn group_scope(chat: &Chat) -> Scope {
    match chat {
        Chat::Group(chat) => {
            // Telegram tells no group's language: the chat's is its administrators' choice,
            // else the creator's of each game.
            Scope {
                community: Some(chat.id.clone()),
                parent: None,
                typed_in: None,
                community_locale: None,
            }
        }
        Chat::Private => Scope::default(),
    }
}

fn user_name(user: &User) -> String {
    translate::display_name(
        &user.first_name,
        user.last_name.as_deref(),
        user.username.as_deref(),
        &user.id.0.to_string(),
    )
}

/// An inline keyboard: the choices three to a row, then each link of the text (a start link)
/// as a URL button on a row of its own.
fn keyboard(buttons: &[Button], text: &str) -> Option<InlineKeyboardMarkup> {
    let links: Vec<InlineKeyboardButton> = crate::table::reply::links(text)
        .into_iter()
        .filter_map(|(label, url)| {
            let url = url::Url::parse(url).ok()?;
            Some(InlineKeyboardButton::url(label.to_string(), url))
        })
        .collect();
    let (send, dropped) = translate::sendable_buttons(buttons);
    for b in &dropped {
        tracing::error!(label = %b.label, payload = %b.payload, "button payload over 64 bytes");
    }
    debug_assert!(dropped.is_empty(), "button payloads must fit Telegram's 64 bytes");
    if send.is_empty() && links.is_empty() {
        return None;
    }
    let mut rows: Vec<Vec<InlineKeyboardButton>> = send
        .chunks(3)
        .map(|row| {
            row.iter()
                .map(|b| InlineKeyboardButton::callback(b.label.clone(), b.payload.to_string()))
                .collect()
        })
        .collect();
    rows.extend(links.into_iter().map(|b| vec![b]));
    Some(InlineKeyboardMarkup::new(rows))
}

/// The Telegram front end, connected: it knows its bot and has registered the commands.
pub struct Telegram {
    adapter: Arc<Adapter>,
}

impl std::fmt::Debug for Telegram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Telegram").field("bot", &self.adapter.username).finish_non_exhaustive()
    }
}

struct Adapter {
    bot: Bot,
    referee: Arc<Referee>,
    router: Router,
    /// Sends Telegram's messages, per chat, until delivered.
    outbox: Outbox<Sender>,
    settings: outbox::Settings,
    /// The bot's username, without `@`.
    username: String,
    /// Kept only to take it out of log lines.
    token: String,
    /// Lower-case username → user id, as learnt from updates (and kept in the store).
    usernames: StdMutex<HashMap<String, String>>,
    /// What `/healthz` reports of this link.
    health: Health,
    /// Webhook mode's settings; `None` for long polling.
    webhook: Option<Webhook>,
}

impl Telegram {
    /// Connects to the Bot API at `api_url` with `token`: asks who the bot is (`getMe`), gives
    /// the referee the start link, registers the command menus and, with `webhook`, registers
    /// its address and secret (`setWebhook`, for messages and button presses), or without one
    /// removes any webhook (long polling needs none). While Telegram cannot be reached (no network, a refused connection,
    /// a 5xx answer) `getMe` is tried again, after 1 s, then twice as long each time up to a
    /// minute, each failure logged as a warning.
    ///
    /// # Errors
    ///
    /// The address does not parse, Telegram refuses the token (401 Unauthorized, or 404 for
    /// a malformed one) or the webhook. The error never contains the token.
    pub async fn connect(
        token: &str,
        api_url: &str,
        referee: Arc<Referee>,
        router: Router,
        settings: outbox::Settings,
        health: Health,
        webhook: Option<Webhook>,
    ) -> anyhow::Result<Telegram> {
        let url = url::Url::parse(api_url)
            .with_context(|| format!("TELEGRAM_API_URL is not a URL: {api_url}"))?;
        let mut client = teloxide::net::default_reqwest_settings();
        if is_loopback(&url) {
            client = client.no_proxy();
        }
        let client = client.build().context("building the HTTP client")?;
        let bot = Bot::with_client(token, client).set_api_url(url);
        let sender =
            Sender { bot: bot.clone(), referee: referee.clone(), token: token.to_string() };
        let outbox = Outbox::new(sender, referee.store().clone(), settings);
        let mut adapter = Adapter {
            bot,
            referee,
            router,
            outbox,
            settings,
            username: String::new(),
            token: token.to_string(),
            usernames: StdMutex::new(HashMap::new()),
            health,
            webhook,
        };
        let mut pause = FIRST_CONNECT_PAUSE;
        let me = loop {
            match adapter.call("getMe", || adapter.bot.get_me()).await {
                Ok(me) => break me,
                Err(e @ RequestError::Api(ApiError::InvalidToken)) => anyhow::bail!(
                    "Telegram refused getMe (is the token right?): {}",
                    adapter.redact(&e)
                ),
                Err(e) => {
                    tracing::warn!(
                        error = %adapter.redact(&e),
                        retry_in_seconds = pause.as_secs(),
                        "cannot reach Telegram (getMe failed); trying again"
                    );
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(MAX_CONNECT_PAUSE);
                }
            }
        };
        adapter.username = me.username.clone().unwrap_or_default();
        anyhow::ensure!(!adapter.username.is_empty(), "Telegram says the bot has no username");
        // A tournament's rounds each get a topic of their own in a forum group whose
        // administrators let the bot manage topics (else they stay where the tournament is).
        let round_places =
            crate::table::RoundPlaces(Some(Arc::new(RoundTopics { bot: adapter.bot.clone() })));
        adapter
            .referee
            .set_policy(PLATFORM, Policy { round_places, ..policy(Some(&adapter.username)) });
        adapter.register_commands().await;
        if let Some(hook) = &adapter.webhook {
            // Every instance registers the same address and secret, so setting it again at each
            // start is harmless; it is never deleted at a stop, which would cut off the others.
            let set = || {
                adapter
                    .bot
                    .set_webhook(hook.url.clone())
                    .secret_token(hook.secret.clone())
                    .allowed_updates([AllowedUpdate::Message, AllowedUpdate::CallbackQuery])
            };
            adapter.call("setWebhook", set).await.map_err(|e| {
                anyhow::anyhow!("Telegram refused setWebhook: {}", adapter.redact(&e))
            })?;
            tracing::info!(url = %hook.url, listen = %hook.listen, "Telegram webhook set");
        } else if let Err(e) = adapter.call("deleteWebhook", || adapter.bot.delete_webhook()).await
        {
            tracing::warn!(error = %adapter.redact(&e), "deleteWebhook failed");
        }
        tracing::info!(bot = %adapter.username, "connected to Telegram");
        adapter.health.set(PLATFORM, Link::Connected);
        Ok(Telegram { adapter: Arc::new(adapter) })
    }

    /// The bot's username, without `@`.
    #[must_use]
    pub fn username(&self) -> &str {
        &self.adapter.username
    }

    /// Resumes the deliveries a previous run left, then polls for updates (or, in webhook mode,
    /// serves the webhook on its `listen` address) and delivers `inbox`
    /// (the clock's messages) until `stop` turns true; then finishes the updates in hand,
    /// delivers what it can within the grace and keeps the rest in the store's outbox.
    ///
    /// # Errors
    ///
    /// Polling stopped on its own (Telegram refused the token meanwhile), or messages could be
    /// neither delivered nor kept at the end.
    pub async fn run(
        self,
        inbox: mpsc::UnboundedReceiver<Batch>,
        stop: watch::Receiver<bool>,
    ) -> anyhow::Result<()> {
        let adapter = self.adapter;
        // The webhook's address first: a start that cannot take it stops before anything else.
        let mut server = match &adapter.webhook {
            Some(hook) => Some(
                tokio::net::TcpListener::bind(hook.listen)
                    .await
                    .with_context(|| format!("cannot listen on {} for Telegram", hook.listen))?,
            ),
            None => None,
        };
        if let Err(e) = adapter.outbox.resume().await {
            tracing::error!(error = ?e, "reading the outbox; undelivered messages wait for a restart");
        }
        let deliverer = tokio::spawn(deliver_inbox(adapter.clone(), inbox, stop.clone()));
        let handler = dptree::entry()
            .branch(Update::filter_message().endpoint(on_message))
            .branch(Update::filter_callback_query().endpoint(on_callback));
        // Updates are handled in order per chat, each detached once it proves slow
        // ([`detach_when_slow`]).
        let mut dispatcher = Dispatcher::builder(adapter.bot.clone(), handler)
            .dependencies(dptree::deps![adapter.clone()])
            .default_handler(|_| async {})
            .build();
        let shutdown = dispatcher.shutdown_token();
        let mut dispatching = if let (Some(hook), Some(server)) = (&adapter.webhook, server.take())
        {
            // Webhook mode: Telegram posts each update to this address; teloxide's handler
            // refuses a post without the secret (401) and hands the rest to the dispatcher.
            let options = webhooks::Options::new(hook.listen, hook.url.clone())
                .secret_token(hook.secret.clone());
            let (listener, stopped_listening, app) = webhooks::axum_no_setup(options);
            tracing::info!(listen = %hook.listen, "receiving Telegram updates by webhook");
            tokio::spawn(async move {
                let served = axum::serve(server, app).with_graceful_shutdown(stopped_listening);
                if let Err(e) = served.await {
                    tracing::error!(error = %e, "the Telegram webhook server failed");
                }
            });
            let on_error = Arc::new(|e: Infallible| async move { match e {} });
            tokio::spawn(
                async move { dispatcher.try_dispatch_with_listener(listener, on_error).await },
            )
        } else {
            let listener = Polling::builder(adapter.bot.clone()).timeout(POLL_TIMEOUT).build();
            let token = adapter.token.clone();
            let health = adapter.health.clone();
            let on_error = Arc::new(move |e: RequestError| {
                let text = redact(&e.to_string(), &token);
                health.failed(PLATFORM);
                async move { tracing::warn!(error = %text, "getUpdates failed; polling again") }
            });
            tokio::spawn(
                async move { dispatcher.try_dispatch_with_listener(listener, on_error).await },
            )
        };
        let mut stop = stop;
        let ended = tokio::select! {
            result = &mut dispatching => Some(result),
            () = stopped(&mut stop) => None,
        };
        if let Some(result) = ended {
            deliverer.abort();
            return match result {
                Ok(Ok(())) => Err(anyhow::anyhow!("Telegram polling stopped")),
                Ok(Err(e)) => {
                    Err(anyhow::anyhow!("Telegram polling failed: {}", adapter.redact(&e)))
                }
                Err(e) => Err(anyhow::anyhow!("Telegram polling panicked: {e}")),
            };
        }
        // The dispatcher refuses a shutdown before it has started polling: ask until it takes,
        // then let it finish the updates in hand.
        let stopped = tokio::time::timeout(STOP_GRACE, async {
            while !dispatching.is_finished() && shutdown.shutdown().is_err() {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let _ = (&mut dispatching).await;
        })
        .await;
        if stopped.is_err() {
            tracing::warn!("Telegram polling did not stop in time");
            dispatching.abort();
        }
        if tokio::time::timeout(STOP_GRACE, deliverer).await.is_err() {
            tracing::warn!("the clock's messages did not reach the outbox in time");
        }
        let lost = adapter.outbox.stop(adapter.settings.grace).await;
        tracing::info!("Telegram stopped");
        anyhow::ensure!(lost == 0, "{lost} Telegram messages could be neither sent nor kept");
        Ok(())
    }
}

/// Delivers what the router sends (the clock's reminders and timeouts) until stopped, then what
/// is left.
async fn deliver_inbox(
    adapter: Arc<Adapter>,
    mut inbox: mpsc::UnboundedReceiver<Batch>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            batch = inbox.recv() => match batch {
                Some(batch) => adapter.deliver(batch),
                None => return,
            },
            () = stopped(&mut stop) => {
                while let Ok(batch) = inbox.try_recv() {
                    adapter.deliver(batch);
                }
                return;
            }
        }
    }
}

/// Completes when `stop` turns true (or its sender is gone).
async fn stopped(stop: &mut watch::Receiver<bool>) {
    // The guard `wait_for` returns is not `Send`: drop it here, not across an await.
    let _ = stop.wait_for(|s| *s).await;
}

async fn on_message(adapter: Arc<Adapter>, message: Message) -> Result<(), Infallible> {
    // An update proves the link works.
    adapter.health.set(PLATFORM, Link::Connected);
    let span = tracing::info_span!(
        "update",
        platform = "telegram",
        kind = "message",
        chat = message.chat.id.0,
        user = message.from.as_ref().map_or(0, |u| u.id.0),
    );
    detach_when_slow(async move { adapter.message(&message).await }.instrument(span)).await;
    Ok(())
}

async fn on_callback(adapter: Arc<Adapter>, query: CallbackQuery) -> Result<(), Infallible> {
    adapter.health.set(PLATFORM, Link::Connected);
    let span = tracing::info_span!(
        "update",
        platform = "telegram",
        kind = "button",
        chat = query.message.as_ref().map_or(0, |m| m.chat().id.0),
        user = query.from.id.0,
    );
    detach_when_slow(async move { adapter.callback(&query).await }.instrument(span)).await;
    Ok(())
}

/// Handles one update in the chat's order, unless it takes longer than [`DETACH_AFTER`] (a
/// solver search, a Bot API call that hangs): then it goes on in the background and the chat's
/// next updates are handled meanwhile, so one player's slow command never freezes a group.
/// Quick commands, nearly all, keep the order they were sent in (Telegram's dispatcher queues
/// updates per chat); the referee orders what touches one game itself.
async fn detach_when_slow(work: impl std::future::Future<Output = ()> + Send + 'static) {
    let task = tokio::spawn(work);
    if let Ok(Err(e)) = tokio::time::timeout(DETACH_AFTER, task).await {
        tracing::error!(error = %e, "handling an update panicked");
    }
}

impl Adapter {
    fn redact(&self, error: &RequestError) -> String {
        redact(&error.to_string(), &self.token)
    }

    /// One Bot API call, repeated after the pause Telegram asks for (429), a few times at most.
    async fn call<T, R>(
        &self,
        method: &'static str,
        mut make: impl FnMut() -> R,
    ) -> Result<T, RequestError>
    where
        R: IntoFuture<Output = Result<T, RequestError>>,
    {
        let mut attempt = 1;
        loop {
            match make().await {
                Err(RequestError::RetryAfter(pause))
                    if attempt < MAX_ATTEMPTS && pause.duration() <= MAX_RETRY_AFTER =>
                {
                    tracing::info!(
                        method,
                        seconds = pause.seconds(),
                        attempt,
                        "rate limited; waiting"
                    );
                    tokio::time::sleep(pause.duration()).await;
                    attempt += 1;
                }
                other => return other,
            }
        }
    }

    async fn register_commands(&self) {
        // setMyCommands takes only a two-letter ISO 639-1 code, so every Chinese client gets one
        // menu: Simplified, the script most Telegram users writing Chinese read. Replies still
        // follow the client (`zh-hant` → Traditional), and the Traditional aliases work typed.
        // Groups get the default menu; private chats and group administrators their own (each
        // scope falls back to the default where it has none).
        let scopes = [
            (MenuScope::Groups, None),
            (MenuScope::Private, Some(BotCommandScope::AllPrivateChats)),
            (MenuScope::Admins, Some(BotCommandScope::AllChatAdministrators)),
        ];
        for (lang, code) in [(Lang::En, None), (Lang::ZhHans, Some("zh"))] {
            for (menu, scope) in &scopes {
                let commands: Vec<BotCommand> = translate::menu(Referee::commands(), lang, *menu)
                    .into_iter()
                    .map(|(name, description)| BotCommand::new(name, description))
                    .collect();
                let result = self
                    .call("setMyCommands", || {
                        let mut request = self.bot.set_my_commands(commands.clone());
                        if let Some(scope) = scope {
                            request = request.scope(scope.clone());
                        }
                        if let Some(code) = code {
                            request = request.language_code(code);
                        }
                        request
                    })
                    .await;
                if let Err(e) = result {
                    tracing::warn!(error = %self.redact(&e), lang = lang.code(), "setMyCommands failed");
                }
            }
        }
    }

    /// Remembers a user's username, here and in the store, so a later `@username` finds them.
    async fn learn(&self, user: &User) {
        let Some(name) = user.username.as_deref().filter(|_| !user.is_bot) else { return };
        let key = name.to_lowercase();
        let id = user.id.0.to_string();
        {
            let mut known =
                self.usernames.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if known.get(&key) == Some(&id) {
                return;
            }
            known.insert(key.clone(), id.clone());
        }
        // Invitations that waited for this username now name the user.
        let user_id = store::UserId::new(id.clone());
        if let Err(e) = self.referee.claim_handle(PLATFORM, &key, &user_id, &user_name(user)).await
        {
            tracing::error!(error = ?e, "giving a user the seats reserved for their username");
        }
        let meta = format!("telegram.username.{key}");
        if let Err(e) = self.referee.store().set_meta(&meta, &id).await {
            tracing::error!(error = %e, "remembering a username");
        }
    }

    /// The user ids of the usernames the bot has seen (lower-case names).
    async fn resolve(&self, names: &[String]) -> HashMap<String, String> {
        let mut found = HashMap::new();
        for name in names {
            let cached = self
                .usernames
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get(name)
                .cloned();
            let id = match cached {
                Some(id) => Some(id),
                None => match self.referee.store().meta(&format!("telegram.username.{name}")).await
                {
                    Ok(Some(id)) => {
                        self.usernames
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .insert(name.clone(), id.clone());
                        Some(id)
                    }
                    Ok(None) => None,
                    Err(e) => {
                        tracing::error!(error = %e, "looking up a username");
                        None
                    }
                },
            };
            if let Some(id) = id {
                found.insert(name.clone(), id);
            }
        }
        found
    }

    /// Whether `user` administers the group `chat` (asked only for administrators' commands).
    async fn is_admin(&self, chat: ChatId, user: UserId) -> bool {
        match self.call("getChatMember", || self.bot.get_chat_member(chat, user)).await {
            Ok(member) => member.is_privileged(),
            Err(e) => {
                tracing::warn!(error = %self.redact(&e), "getChatMember failed");
                false
            }
        }
    }

    async fn message(&self, message: &Message) {
        // A group that became a supergroup: Telegram posts `migrate_to_chat_id` in the old
        // group and `migrate_from_chat_id` in the new one; either moves the games.
        let migrated = match (message.migrate_to_chat_id(), message.migrate_from_chat_id()) {
            (Some(to), _) => Some((message.chat.id, *to)),
            (None, Some(from)) => Some((*from, message.chat.id)),
            (None, None) => None,
        };
        if let Some((from, to)) = migrated {
            moved_chat(&self.referee, from, to).await;
            return;
        }
        let Some(from) = message.from.as_ref().filter(|u| !u.is_bot) else { return };
        self.learn(from).await;
        let Some(raw) = message.text() else { return };
        let topic = topic_of(message);
        let Some(chat) = table_chat(&message.chat, topic) else { return };
        let mut mentions = Vec::new();
        for entity in message.entities().unwrap_or_default() {
            if let MessageEntityKind::TextMention { user } = &entity.kind {
                self.learn(user).await;
                mentions.push(TextMention {
                    offset: entity.offset,
                    length: entity.length,
                    user_id: user.id.0.to_string(),
                });
            }
        }
        let is_command = translate::is_command(raw);
        let text = if is_command {
            if translate::addressed_to_us(raw, &self.username).is_none() {
                return;
            }
            let mut known = self.resolve(&translate::mentioned_usernames(raw)).await;
            // `@<this bot>` as the opponent asks the referee itself to play.
            known.insert(self.username.to_lowercase(), crate::table::BOT_USER.to_string());
            let rewritten = translate::rewrite_mentions(raw, &mentions, &known);
            translate::addressed_to_us(&rewritten, &self.username).unwrap_or(rewritten)
        } else {
            raw.to_string()
        };
        // Who administers the group is asked only where it matters: an administrator's command,
        // `/settings` choosing the chat's language, or `/tournament` (whose making, starting,
        // ending and withdrawals are its chat's administrators').
        let admin_command =
            translate::command_word(&text).and_then(command::find).is_some_and(|spec| {
                spec.admin || spec.name == "tournament" || command::sets_chat_language(&text)
            });
        let asked = async {
            // Asking Telegram who administers the group is part of the wait "typing…" covers.
            let is_admin = matches!(chat, Chat::Group(_))
                && admin_command
                && self.is_admin(message.chat.id, from.id).await;
            self.referee
                .answer(Incoming {
                    platform: PLATFORM,
                    user_id: from.id.0.to_string().into(),
                    user_name: user_name(from),
                    chat: chat.clone(),
                    input: text.into(),
                    locale: from.language_code.clone(),
                    is_admin,
                    scope: group_scope(&chat),
                })
                .await
        };
        let answer = self.typing_while(message.chat.id, topic, asked).await;
        // A secret move typed in the group (a bare path, or `/move <path>`): take it down where
        // the bot may (an administrator with the right to delete messages); otherwise ask its
        // author to, with a button to the private chat.
        let mut messages = answer.messages;
        if answer.secret
            && let Chat::Group(group) = &chat
        {
            let (chat_id, id) = (message.chat.id, message.id);
            if let Err(e) =
                self.call("deleteMessage", || self.bot.delete_message(chat_id, id)).await
            {
                tracing::debug!(error = %self.redact(&e), "cannot delete a secret move");
                let user = store::UserId::new(from.id.0.to_string());
                messages.push(self.referee.secret_kept(PLATFORM, &user, group).await);
            }
        }
        self.deliver(messages);
    }

    async fn callback(&self, query: &CallbackQuery) {
        self.learn(&query.from).await;
        let pressed = query.message.as_ref().map(|m| (m.chat().clone(), m.id()));
        let (Some(data), Some((tg_chat, message_id))) = (query.data.as_deref(), pressed) else {
            self.answer_callback(query, None, false).await;
            return;
        };
        // A button under a message in a forum topic was pressed in that topic. (A message too
        // old for Telegram to send along, 48 h, reads as the group's general chat.)
        let pressed_under = query.message.as_ref().and_then(|m| m.regular_message());
        let thread = pressed_under.and_then(topic_of);
        let Some(chat) = table_chat(&tg_chat, thread) else {
            self.answer_callback(query, None, false).await;
            return;
        };
        let asked = self.referee.answer(Incoming {
            platform: PLATFORM,
            user_id: query.from.id.0.to_string().into(),
            user_name: user_name(&query.from),
            scope: group_scope(&chat),
            chat: chat.clone(),
            // A payload that does not read is a stale button (the referee says so).
            input: Input::Command(Ok(Command::Press(data.parse().ok()))),
            locale: query.from.language_code.clone(),
            is_admin: false,
        });
        tokio::pin!(asked);
        let here = match &chat {
            Chat::Group(c) => Dest::Chat(c.clone()),
            Chat::Private => Dest::User(store::UserId::new(query.from.id.0.to_string())),
        };
        // The press is answered at once: with the refusal as an alert when the referee answers
        // within a moment, else silently (the button stops spinning) while the work goes on, and
        // a late refusal comes as a message. A press taken in a group whose replies wait for
        // Telegram's message limit says so in a small notice, so the group is never silent.
        let (answer, alert) = match tokio::time::timeout(PROMPT_ANSWER, &mut asked).await {
            Ok(answer) => {
                let alert = translate::refusal_alert(&answer).map(crate::table::reply::plain);
                match &alert {
                    Some(text) => self.answer_callback(query, Some(text), true).await,
                    None if !answer.refused && self.outbox.behind(&here) => {
                        let note = crate::table::voice::follows_shortly(answer.lang);
                        self.answer_callback(query, Some(&note), false).await;
                    }
                    None => self.answer_callback(query, None, false).await,
                }
                (answer, alert)
            }
            Err(_) => {
                self.answer_callback(query, None, false).await;
                (self.typing_while(tg_chat.id, thread, asked).await, None)
            }
        };
        let mut messages = answer.messages;
        // The next question of a series asked under the question just answered (the slots of
        // a Rabble pick): the question is edited into the next, instead of a new message.
        let under_question = pressed_under.is_some_and(|m| m.text().is_some());
        let next = messages.iter().position(|m| {
            m.to == here && m.outbox.is_none() && m.image.is_none() && !m.buttons.is_empty()
        });
        let mut edited = false;
        if !answer.refused
            && alert.is_none()
            && under_question
            && let Some(at) = next
        {
            edited = self.edit_question(tg_chat.id, message_id, &messages[at]).await;
            if edited {
                messages.remove(at);
            }
        }
        if !answer.refused && !edited {
            self.remove_keyboard(tg_chat.id, message_id).await;
        }
        if alert.is_none() {
            self.deliver(messages);
        }
    }

    /// Edits the question `message` (chat, id) into `next` (its text and buttons); false when
    /// it does not fit one message or Telegram refuses, and `next` is to be sent instead.
    async fn edit_question(&self, chat: ChatId, message: MessageId, next: &Outbound) -> bool {
        let pieces = translate::plan(vec![next.clone()]);
        let [Piece::Text { text, buttons, .. }] = pieces.as_slice() else {
            return false;
        };
        let result = self
            .call("editMessageText", || {
                let mut request = self
                    .bot
                    .edit_message_text(chat, message, translate::html(text))
                    .parse_mode(ParseMode::Html);
                if let Some(k) = keyboard(buttons, text) {
                    request = request.reply_markup(k);
                }
                request
            })
            .await;
        match result {
            Ok(_) => true,
            Err(e) => {
                tracing::info!(error = %self.redact(&e), "editing a question in place failed");
                false
            }
        }
    }

    /// Awaits `work`, showing "typing…" in `chat` (and topic) while it takes longer than a
    /// moment: Telegram shows a chat action for 5 s, so it is sent again every 4 s until done.
    async fn typing_while<T>(
        &self,
        chat: ChatId,
        topic: Option<ThreadId>,
        work: impl std::future::Future<Output = T>,
    ) -> T {
        tokio::pin!(work);
        let mut wait = TYPING_AFTER;
        loop {
            match tokio::time::timeout(wait, &mut work).await {
                Ok(done) => return done,
                Err(_) => {
                    let mut action =
                        self.bot.send_chat_action(chat, teloxide::types::ChatAction::Typing);
                    if let Some(topic) = topic {
                        action = action.message_thread_id(topic);
                    }
                    let sent = action.await;
                    if let Err(e) = sent {
                        tracing::debug!(error = %self.redact(&e), "sendChatAction failed");
                    }
                    wait = TYPING_EVERY;
                }
            }
        }
    }

    /// Answers a callback query (always: otherwise the button keeps spinning), with a text:
    /// an alert (a box to dismiss) or a notice that fades.
    async fn answer_callback(&self, query: &CallbackQuery, text: Option<&str>, alert: bool) {
        let result = self
            .call("answerCallbackQuery", || {
                let request = self.bot.answer_callback_query(query.id.clone());
                match text {
                    Some(text) => request.text(text).show_alert(alert),
                    None => request,
                }
            })
            .await;
        if let Err(e) = result {
            tracing::warn!(error = %self.redact(&e), "answerCallbackQuery failed");
        }
    }

    /// Takes the buttons off a message whose choice was made.
    async fn remove_keyboard(&self, chat: ChatId, message: MessageId) {
        let result = self
            .call("editMessageReplyMarkup", || self.bot.edit_message_reply_markup(chat, message))
            .await;
        match result {
            Ok(_) | Err(RequestError::Api(ApiError::MessageNotModified)) => {}
            Err(e) => tracing::warn!(error = %self.redact(&e), "removing a keyboard failed"),
        }
    }

    /// Delivers one referee answer: Telegram's messages through the outbox, others to their
    /// front ends.
    fn deliver(&self, messages: Vec<Outbound>) {
        let (mine, others): (Vec<Outbound>, Vec<Outbound>) =
            messages.into_iter().partition(|m| m.platform == PLATFORM);
        if !others.is_empty() {
            self.router.route(others);
        }
        self.outbox.push(mine);
    }
}

/// Moves the games of the group `from` to the supergroup `to` it became.
async fn moved_chat(referee: &Referee, from: ChatId, to: ChatId) {
    let (from, to) = (from.0.to_string(), to.0.to_string());
    if let Err(e) = referee.chat_migrated(PLATFORM, &from, &to).await {
        tracing::error!(error = ?e, from, to, "moving a group's games to its supergroup");
    }
}

/// Telegram as the [`Outbox`] sends through it.
struct Sender {
    bot: Bot,
    referee: Arc<Referee>,
    /// Kept only to take it out of log lines.
    token: String,
}

/// What a failed Bot API call means for a delivery to `to`.
fn fault(to: &Dest, error: &RequestError, token: &str) -> Fault {
    let detail = redact(&error.to_string(), token);
    match error {
        RequestError::RetryAfter(pause) => {
            Fault::Transient { retry_after: Some(pause.duration()), detail }
        }
        // No answer, or not the Bot API's (a proxy's error page): try again.
        RequestError::Network(_) | RequestError::Io(_) | RequestError::InvalidJson { .. } => {
            Fault::Transient { retry_after: None, detail }
        }
        e if is_forbidden(e) && matches!(to, Dest::User(_)) => Fault::Closed,
        RequestError::Api(ApiError::Unknown(text)) if is_server_error(text) => {
            Fault::Transient { retry_after: None, detail }
        }
        _ => Fault::Permanent(detail),
    }
}

/// Whether an error description is one of the Bot API's server-side failures (it answers a 5xx
/// with `{"ok": false, "error_code": 502, "description": "Bad Gateway"}` and the like).
fn is_server_error(description: &str) -> bool {
    [
        "Internal Server Error",
        "Bad Gateway",
        "Service Unavailable",
        "Gateway Timeout",
        "Too Many Requests",
        "restart",
    ]
    .iter()
    .any(|d| description.contains(d))
}

/// A sent message whose momentary buttons may go stale: where it is, and the keyboard it
/// keeps then ("My view" and link buttons), if any.
struct Shown {
    chat: ChatId,
    message: MessageId,
    kept: Option<InlineKeyboardMarkup>,
}

impl outbox::Platform for Sender {
    type Piece = Piece;
    type Sent = Shown;

    fn name(&self) -> crate::store::Platform {
        PLATFORM
    }

    fn merge(&self, last: &mut Outbound, next: &Outbound) -> bool {
        translate::merge(last, next)
    }

    fn plan(&self, message: Outbound, _key: outbox::Key) -> Vec<Piece> {
        translate::plan(vec![message])
    }

    /// Groups are paced: Telegram allows a bot about twenty messages a minute in one group.
    fn paced(&self, to: &Dest) -> bool {
        matches!(to, Dest::Chat(chat) if chat.id.starts_with('-'))
    }

    fn send<'a>(
        &'a self,
        to: &'a Dest,
        piece: &'a Piece,
    ) -> BoxFuture<'a, Result<Option<Shown>, Fault>> {
        Box::pin(async move {
            let Some((chat, topic)) = chat_id(to) else {
                return Err(Fault::Permanent(format!("not a Telegram chat id: {to:?}")));
            };
            let sent = match (self.send_piece(chat, topic, piece).await, to) {
                // The group became a supergroup: its games move, and this piece goes there.
                (Err(RequestError::MigrateToChatId(new)), Dest::Chat(_)) => {
                    moved_chat(&self.referee, chat, new).await;
                    self.send_piece(new, topic, piece).await
                }
                (sent, _) => sent,
            };
            let sent = sent.map_err(|e| fault(to, &e, &self.token))?;
            let (buttons, text) = match piece {
                Piece::Text { buttons, text, .. } => (buttons, text.as_str()),
                Piece::Photo { buttons, caption, .. } => {
                    (buttons, caption.as_deref().unwrap_or(""))
                }
            };
            if !buttons.iter().any(is_momentary) {
                return Ok(None);
            }
            let kept: Vec<Button> = buttons.iter().filter(|b| !is_momentary(b)).cloned().collect();
            Ok(Some(Shown { chat: sent.chat.id, message: sent.id, kept: keyboard(&kept, text) }))
        })
    }

    /// Replaces the keyboard with what it keeps (or none): `editMessageReplyMarkup`.
    fn retire<'a>(&'a self, shown: &'a Shown) -> BoxFuture<'a, ()> {
        Box::pin(async move {
            let edit =
                direct::edit_keyboard(&self.bot, shown.chat, shown.message, shown.kept.clone());
            match edit.await {
                Ok(()) | Err(RequestError::Api(ApiError::MessageNotModified)) => {}
                Err(e) => tracing::info!(
                    error = %redact(&e.to_string(), &self.token),
                    "taking stale buttons off a message failed"
                ),
            }
        })
    }

    fn closed<'a>(
        &'a self,
        user: &'a store::UserId,
        since: tokio::time::Instant,
    ) -> BoxFuture<'a, Vec<Outbound>> {
        Box::pin(async move {
            match self.referee.delivery_failed(PLATFORM, user, since).await {
                Ok(explanation) => explanation,
                Err(e) => {
                    tracing::error!(error = ?e, "recording a closed private chat");
                    Vec::new()
                }
            }
        })
    }

    fn dropped_note(&self, chat: &store::ChatId, count: usize, age: Duration) -> Option<Outbound> {
        Some(self.referee.undelivered_note(PLATFORM, chat, count, age))
    }
}

impl Sender {
    /// One piece, sent directly ([`direct`]): a 5xx fails it at once.
    async fn send_piece(
        &self,
        chat: ChatId,
        topic: Option<ThreadId>,
        piece: &Piece,
    ) -> Result<Message, RequestError> {
        let markup = match piece {
            Piece::Text { text, buttons, .. } => keyboard(buttons, text),
            Piece::Photo { caption, buttons, .. } => {
                keyboard(buttons, caption.as_deref().unwrap_or(""))
            }
        };
        direct::send_piece(&self.bot, chat, topic, piece, markup).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_token_and_its_secret_are_taken_out_of_log_text() {
        let token = "123456:ABCdefGHIjklMNO";
        let text = "error sending request for url (http://x/bot123456:ABCdefGHIjklMNO/GetMe)";
        assert_eq!(
            redact(text, token),
            "error sending request for url (http://x/bot<token>/GetMe)"
        );
        assert_eq!(redact("secret ABCdefGHIjklMNO alone", token), "secret <token> alone");
    }

    #[test]
    fn loopback_addresses_are_recognised_and_the_public_api_is_not() {
        let parse = |u: &str| url::Url::parse(u).expect("a URL");
        assert!(is_loopback(&parse("http://127.0.0.1:8081")));
        assert!(is_loopback(&parse("http://[::1]:8081")));
        assert!(is_loopback(&parse("http://localhost:8081")));
        assert!(!is_loopback(&parse("https://api.telegram.org")));
    }

    #[test]
    fn private_chats_are_the_user_ids_and_groups_their_chat_ids() {
        assert_eq!(chat_id(&Dest::User("1002".into())), Some((ChatId(1002), None)));
        assert_eq!(chat_id(&Dest::Chat("-100123".into())), Some((ChatId(-100_123), None)));
        assert_eq!(chat_id(&Dest::Chat("#table".into())), None);
        let topic = Dest::Chat(store::ChatId::in_topic("-100123", 42));
        assert_eq!(chat_id(&topic), Some((ChatId(-100_123), Some(ThreadId(MessageId(42))))));
    }

    #[test]
    fn forbidden_answers_are_told_apart_from_other_failures() {
        let api = |e: ApiError| RequestError::Api(e);
        assert!(is_forbidden(&api(ApiError::BotBlocked)));
        assert!(is_forbidden(&api(ApiError::Unknown(
            "Forbidden: bot can't initiate conversation with a user".into()
        ))));
        assert!(!is_forbidden(&api(ApiError::MessageNotModified)));
        assert!(!is_forbidden(&RequestError::RetryAfter(teloxide::types::Seconds::from_seconds(
            1
        ))));
    }
}
