//! The Discord front end: serenity for the gateway and REST, poise for the slash commands. It
//! translates interactions into [`Incoming`] commands and the referee's [`Outbound`] messages
//! into Discord calls, and holds no game logic and no sentences of its own ([`translate`] has
//! the pure parts).
//!
//! - **Commands** are generated from the referee's one command list: a poise command per
//!   referee command with the options its grammar names, descriptions in English with Chinese
//!   localizations (`zh-CN` and `zh-TW`, and the first alias of that script as the localized name), `/admin` only
//!   for members who may manage the server. They are registered globally, or in one server when
//!   `discord.guild_id` is set. Every command runs the same action: the interaction becomes the
//!   line a player would type (`/move A1-A2 R #12`), which the referee parses as anywhere else.
//! - **Answering.** Every interaction is acknowledged at once (an ephemeral "thinking…" for
//!   commands and forms, a silent acknowledgement for buttons), well within Discord's three
//!   seconds whatever saving and drawing take; then what concerns only the asker (their own
//!   private view, refusals, `/help`, `/games`, `/rules`, `/settings`, `/view`) replaces the
//!   "thinking…" ephemerally, public messages go to the channel as ordinary messages (so a
//!   secret typed as a command option is never shown with a public answer), and private
//!   messages for others (the opponent's turn, the fence direction) go by direct message.
//! - **Buttons** carry the referee's payloads (`<game id>:<turn>:<choice>`) as custom ids; a
//!   press is the line `/press <payload>`; an accepted press takes the buttons off its message
//!   (except "My view"), a refused one ("that turn is over") answers ephemerally. "Type a move"
//!   opens a form (modal) whose text becomes `/move <text> #<id>`.
//! - **Boards** are `board.png` attachments shown in an embed.
//! - **Direct messages closed** (error 50007): the referee is told, and its explanation of how
//!   to open them goes to the game's channel.
//! - **Rate limits.** Against the public API serenity's rate limiter honours 429s and route
//!   buckets. With `DISCORD_API_URL` set, the limiter must be off (serenity ignores its proxy
//!   setting otherwise and would talk to discord.com); then the adapter waits and retries a 429
//!   itself.
//! - **Loopback.** When `DISCORD_API_URL` is a loopback address, the HTTP client resolves no
//!   other host name (refusals are counted: [`blocked_requests`]) and the gateway address the
//!   stand-in gives must be loopback too, or the bot refuses to start.

mod send;
pub mod translate;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex, OnceLock};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, Client, ClientBuilder, CommandInteraction, ComponentInteraction, CreateActionRow,
    CreateAutocompleteResponse, CreateInputText, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateModal,
    EditInteractionResponse, FullEvent, GatewayIntents, GuildId, Http, HttpBuilder, InputTextStyle,
    Interaction, ModalInteraction, Permissions, ResolvedOption, ResolvedValue,
};
use tokio::sync::{mpsc, watch};
use tracing::Instrument;

use super::health::{Health, Link};
use super::outbox::{self, Outbox};
use super::route::{Batch, Router};
use crate::store::{self, GameId};
use crate::table::command::CommandSpec;
use crate::table::command::{self, Command};
use crate::table::payload::{Choice, Payload};
use crate::table::reply::{Lang, Outbound};
use crate::table::voice::{self, Permission};
use crate::table::{Answer, Chat, Incoming, Input, Policy, Referee, Scope};
pub use send::{Sender, Shown};
use send::{call, edit, followup};
pub use translate::PLATFORM;
use translate::{CommandDef, Complete, Invoker, OptionKind, Target, Value};

/// The public Discord API (serenity's own address; the adapter sets no proxy for it).
pub const DISCORD_API_URL: &str = "https://discord.com";

/// The shards one instance runs (`discord.shards` and `discord.shard_range`, read by
/// `crate::config::DiscordConfig::sharding`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sharding {
    /// The total across all instances; `None`: Discord's recommendation, asked at start.
    pub total: Option<u32>,
    /// The first and last shard this instance runs (inclusive); `None`: all of them.
    pub range: Option<(u32, u32)>,
}

/// How long the gateway may take to close when stopping.
const STOP_GRACE: Duration = Duration::from_secs(5);
/// Discord's longest modal title and text input label.
const FORM_TEXT_LIMIT: usize = 45;

/// What Discord allows: bots may send direct messages to members of a shared server (unless a
/// member closed them, which shows only when a message fails), boards get a "My view" button,
/// private turn prompts a "Type a move" button.
#[must_use]
pub fn policy() -> Policy {
    Policy {
        dm_needs_start: false,
        default_lang: None,
        start_link: None,
        view_button: true,
        move_button: true,
        reopen: crate::table::notice::Reopen::AllowDirectMessages,
        private_replies: true,
        outbox: true,
        round_places: crate::table::RoundPlaces::default(),
    }
}

/// A tournament round's thread under the tournament's channel (thread mode, `DISCORD_THREADS`):
/// the round's games are played there, as a `/new` game is in its own thread.
struct RoundThreads {
    http: Arc<Http>,
}

impl crate::table::Places for RoundThreads {
    fn open<'a>(
        &'a self,
        chat: &'a store::ChatId,
        title: &'a str,
    ) -> crate::table::BoxFuture<'a, Option<store::ChatId>> {
        Box::pin(async move {
            let id = open_thread(&self.http, &chat.id, title).await?;
            Some(store::ChatId::new(id))
        })
    }
}

static BLOCKED: AtomicU64 = AtomicU64::new(0);

/// How many host names the loopback-only HTTP client refused to resolve in this process (a
/// request that would have left the machine). Tests assert it stays zero.
#[must_use]
pub fn blocked_requests() -> u64 {
    BLOCKED.load(Ordering::SeqCst)
}

/// A resolver for the HTTP client in loopback mode: `localhost` only (addresses are never
/// resolved, so `127.0.0.1` connects directly); any other name is refused and counted.
struct LoopbackOnly;

impl reqwest::dns::Resolve for LoopbackOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_string();
        Box::pin(async move {
            if host.eq_ignore_ascii_case("localhost") {
                let addrs: reqwest::dns::Addrs =
                    Box::new(vec![SocketAddr::from(([127, 0, 0, 1], 0))].into_iter());
                Ok(addrs)
            } else {
                BLOCKED.fetch_add(1, Ordering::SeqCst);
                tracing::error!(%host, "refused: DISCORD_API_URL is loopback, nothing may leave");
                Err(format!("{host}: only loopback is allowed").into())
            }
        })
    }
}

/// The HTTP client used in loopback mode: no proxy from the environment, no host but
/// `localhost` resolved.
///
/// # Errors
///
/// The client cannot be built.
pub fn loopback_client() -> anyhow::Result<reqwest::Client> {
    reqwest::Client::builder()
        .no_proxy()
        .dns_resolver(Arc::new(LoopbackOnly))
        .build()
        .context("building the loopback HTTP client")
}

/// Whether `url` names this machine.
#[must_use]
pub fn is_loopback(url: &url::Url) -> bool {
    super::route::is_loopback(url)
}

/// The Discord front end, connected to the gateway address but not yet running.
pub struct Discord {
    client: Client,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Discord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Discord").finish_non_exhaustive()
    }
}

/// What every handler needs (poise's user data).
pub struct Shared {
    referee: Arc<Referee>,
    router: Router,
    /// The slash commands by name.
    defs: HashMap<&'static str, CommandDef>,
    /// Sends channel posts and direct messages, per destination, until delivered (set once the
    /// REST client exists).
    outbox: OnceLock<Outbox<Sender>>,
    settings: outbox::Settings,
    guild: Option<u64>,
    /// One public thread per game started in a channel.
    threads: bool,
    token: String,
    /// What `/healthz` reports of this link.
    health: Health,
    /// Each shard this instance runs: whether it is connected now.
    shards: StdMutex<Shards>,
}

/// The shards of this instance as `/healthz` sees them: the link is connected only when every
/// one of them is.
#[derive(Debug, Default)]
struct Shards {
    /// How many this instance runs (known once started).
    expected: u32,
    /// Shard id → connected now.
    up: HashMap<u32, bool>,
}

impl Shared {
    /// Records shard `id` up or down and tells `/healthz` what the instance's link is now:
    /// connected when every shard it runs is, lost when one that was connected is not (a
    /// resumable drop), connecting before that.
    fn shard_stage(&self, id: u32, up: bool) {
        let mut shards = self.shards.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        shards.up.insert(id, up);
        let connected = shards.up.values().filter(|&&u| u).count();
        let all = usize::try_from(shards.expected.max(1)).unwrap_or(usize::MAX);
        drop(shards);
        if connected >= all {
            self.health.set(PLATFORM, Link::Connected);
        } else if !up {
            self.health.stage(PLATFORM, false);
        }
    }
}

type Error = anyhow::Error;
type AppContext<'a> = poise::ApplicationContext<'a, Arc<Shared>, Error>;
type Framework = poise::Framework<Arc<Shared>, Error>;

impl Discord {
    /// Prepares the client: the REST client for `api_url` (the public API, or a stand-in with
    /// serenity's rate limiter off), the slash commands, and the gateway address (from the
    /// API's `/gateway` answer).
    ///
    /// # Errors
    ///
    /// The address does not parse, the gateway address of a loopback API is not loopback, or
    /// the client cannot be built.
    #[allow(clippy::too_many_arguments)] // the settings and the shared parts, each its own
    pub async fn connect(
        token: &str,
        api_url: &str,
        guild: Option<u64>,
        threads: bool,
        referee: Arc<Referee>,
        router: Router,
        settings: outbox::Settings,
        health: Health,
    ) -> anyhow::Result<Discord> {
        let url = url::Url::parse(api_url)
            .with_context(|| format!("DISCORD_API_URL is not a URL: {api_url}"))?;
        let base = api_url.trim_end_matches('/');
        let loopback = is_loopback(&url);
        let mut builder = HttpBuilder::new(token);
        if base != DISCORD_API_URL {
            // serenity's rate limiter builds its requests without the proxy, i.e. for
            // discord.com: it must be off whenever another address is set.
            builder = builder.proxy(base).ratelimiter_disabled(true);
        }
        if loopback {
            builder = builder.client(loopback_client()?);
        }
        let http = builder.build();
        referee.set_policy(PLATFORM, policy());
        let defs = translate::command_defs(Referee::commands());
        let commands = defs.iter().map(slash_command).collect();
        let shared = Arc::new(Shared {
            referee,
            router,
            defs: defs.into_iter().map(|d| (d.spec.name, d)).collect(),
            outbox: OnceLock::new(),
            settings,
            guild,
            threads,
            token: token.to_string(),
            health,
            shards: StdMutex::new(Shards::default()),
        });
        let data = shared.clone();
        let framework: Framework = poise::Framework::builder()
            .options(poise::FrameworkOptions {
                commands,
                event_handler: |fw, event| Box::pin(on_event(fw, event)),
                on_error: |error| Box::pin(on_error(error)),
                ..Default::default()
            })
            // No owner-only commands: do not ask Discord who owns the application.
            .initialize_owners(false)
            .setup(move |ctx, ready, framework| {
                Box::pin(async move {
                    tracing::info!(bot = %ready.user.name, shard = ctx.shard_id.0, "connected to Discord");
                    data.shard_stage(ctx.shard_id.0, true);
                    data.register(ctx, &framework.options().commands).await;
                    Ok(data)
                })
            })
            .build();
        // Interactions arrive whatever the intents. DIRECT_MESSAGES brings what players type in
        // their direct messages with the bot (a Dark Fence path, as the private prompt asks);
        // message content in a bot's own DMs needs no privileged intent, and messages in
        // servers are never read (no GUILD_MESSAGES, no MESSAGE_CONTENT).
        let intents = GatewayIntents::GUILDS | GatewayIntents::DIRECT_MESSAGES;
        let client = ClientBuilder::new_with_http(http, intents)
            .framework(framework)
            .await
            .context("building the Discord client")?;
        if threads {
            // Thread mode: each tournament round in a thread of its own, too.
            let places = Arc::new(RoundThreads { http: client.http.clone() });
            let round_places = crate::table::RoundPlaces(Some(places));
            shared.referee.set_policy(PLATFORM, Policy { round_places, ..policy() });
        }
        let sender = Sender {
            http: client.http.clone(),
            referee: shared.referee.clone(),
            dms: StdMutex::new(HashMap::new()),
        };
        let store = shared.referee.store().clone();
        let _ = shared.outbox.set(Outbox::new(sender, store, settings));
        let gateway = client.ws_url.lock().await.clone();
        if loopback {
            let ok = url::Url::parse(&gateway).is_ok_and(|u| is_loopback(&u));
            anyhow::ensure!(
                ok,
                "DISCORD_API_URL is loopback but the gateway is not ({gateway}); refusing to connect"
            );
        }
        tracing::info!(%gateway, "Discord gateway");
        Ok(Discord { client, shared })
    }

    /// Runs the gateway's shards of `sharding` (all of them by default) and delivers `inbox`
    /// (the clock's messages) until `stop` turns true.
    ///
    /// # Errors
    ///
    /// Discord's recommended shard count cannot be asked, or the gateway connection ended on
    /// its own (a wrong token, for one).
    pub async fn run(
        self,
        inbox: mpsc::UnboundedReceiver<Batch>,
        stop: watch::Receiver<bool>,
        sharding: Sharding,
    ) -> anyhow::Result<()> {
        let Discord { mut client, shared } = self;
        let total = match sharding.total {
            Some(total) => total,
            None => {
                let gateway = client.http.get_bot_gateway().await.map_err(|e| {
                    anyhow::anyhow!(
                        "asking Discord for its shard count: {}",
                        shared.redact(&e.to_string())
                    )
                })?;
                gateway.shards.max(1)
            }
        };
        let (first, last) = sharding.range.unwrap_or((0, total - 1));
        shared.shards.lock().unwrap_or_else(std::sync::PoisonError::into_inner).expected =
            last - first + 1;
        tracing::info!(first, last, total, "running Discord shards");
        if let Err(e) = shared.outbox().resume().await {
            tracing::error!(error = ?e, "reading the outbox; undelivered messages wait for a restart");
        }
        let http = client.http.clone();
        let shards = client.shard_manager.clone();
        let deliverer = tokio::spawn(deliver_inbox(shared.clone(), http, inbox, stop.clone()));
        // serenity's `start_shard_range` runs `range.start` to `range.end` inclusive.
        let mut running =
            tokio::spawn(async move { client.start_shard_range(first..last, total).await });
        let mut stop = stop;
        let ended = tokio::select! {
            result = &mut running => Some(result),
            () = stopped(&mut stop) => None,
        };
        if let Some(result) = ended {
            deliverer.abort();
            let detail = match result {
                Ok(Ok(())) => "the gateway connection ended".to_string(),
                Ok(Err(e)) => shared.redact(&e.to_string()),
                Err(e) => format!("panicked: {e}"),
            };
            anyhow::bail!("Discord stopped: {detail}");
        }
        shards.shutdown_all().await;
        if tokio::time::timeout(STOP_GRACE, &mut running).await.is_err() {
            tracing::warn!("the Discord gateway did not stop in time");
            running.abort();
        }
        if tokio::time::timeout(STOP_GRACE, deliverer).await.is_err() {
            tracing::warn!("the clock's messages did not reach the outbox in time");
        }
        let lost = shared.outbox().stop(shared.settings.grace).await;
        tracing::info!("Discord stopped");
        anyhow::ensure!(lost == 0, "{lost} Discord messages could be neither sent nor kept");
        Ok(())
    }
}

/// Delivers what the router sends (the clock's reminders and timeouts) until stopped, then what
/// is left.
async fn deliver_inbox(
    shared: Arc<Shared>,
    http: Arc<Http>,
    mut inbox: mpsc::UnboundedReceiver<Batch>,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        tokio::select! {
            batch = inbox.recv() => match batch {
                Some(batch) => shared.deliver(&http, None, batch, None).await,
                None => return,
            },
            () = stopped(&mut stop) => {
                while let Ok(batch) = inbox.try_recv() {
                    shared.deliver(&http, None, batch, None).await;
                }
                return;
            }
        }
    }
}

async fn stopped(stop: &mut watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

/// The poise command for one referee command.
fn slash_command(def: &CommandDef) -> poise::Command<Arc<Shared>, Error> {
    let describe = |id: &str, lang| translate::clip(&voice::command_text(lang, id), 100);
    let zh = |id: &str| {
        translate::ZH_LOCALES
            .iter()
            .map(|(locale, lang)| ((*locale).into(), describe(id, *lang).into()))
            .collect::<Vec<_>>()
    };
    let spec: &CommandSpec = &def.spec;
    let parameters = def
        .options
        .iter()
        .map(|o| poise::CommandParameter {
            name: o.name.into(),
            // Shown to Chinese clients; the values still come back under the English name.
            name_localizations: zh(&translate::option_name_message(o.name)).into(),
            description: Some(describe(&o.help, Lang::En).into()),
            description_localizations: zh(&o.help).into(),
            required: o.required,
            channel_types: None,
            choices: o
                .choices
                .iter()
                .map(|c| poise::CommandParameterChoice {
                    name: (*c).into(),
                    localizations: translate::choice_message(o.name, c)
                        .map(|id| zh(&id))
                        .unwrap_or_default()
                        .into(),
                    __non_exhaustive: (),
                })
                .collect::<Vec<_>>()
                .into(),
            type_setter: Some(match (o.kind, o.choices.is_empty()) {
                (OptionKind::Text, false) | (OptionKind::Integer, _) => integer_option,
                (OptionKind::Text, true) => string_option,
                (OptionKind::User, _) => user_option,
            }),
            autocomplete_callback: match o.complete {
                Complete::Nothing => None,
                Complete::GameId => Some(complete_game_id),
                Complete::Action => Some(complete_action),
                Complete::GameName => Some(complete_game_name),
                Complete::Options => Some(complete_options),
            },
            __non_exhaustive: (),
        })
        .collect();
    let zh_names: Vec<_> = translate::ZH_LOCALES
        .iter()
        .filter_map(|(locale, lang)| Some(((*locale).into(), spec.alias_for(*lang)?.into())))
        .collect();
    poise::Command {
        slash_action: Some(run_command),
        name: spec.name.into(),
        qualified_name: spec.name.into(),
        identifying_name: spec.name.into(),
        source_code_name: spec.name.into(),
        name_localizations: zh_names.into(),
        description: Some(describe(spec.help, Lang::En).into()),
        description_localizations: zh(spec.help).into(),
        default_member_permissions: if spec.admin {
            Permissions::MANAGE_GUILD
        } else {
            Permissions::empty()
        },
        parameters,
        ..Default::default()
    }
}

fn string_option(b: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
    b.kind(serenity::CommandOptionType::String).max_length(200)
}

fn integer_option(b: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
    b.kind(serenity::CommandOptionType::Integer).min_int_value(0)
}

fn user_option(b: serenity::CreateCommandOption) -> serenity::CreateCommandOption {
    b.kind(serenity::CommandOptionType::User)
}

/// The one action of every slash command.
fn run_command(
    ctx: AppContext<'_>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, Arc<Shared>, Error>>> {
    Box::pin(async move {
        let shared = ctx.framework.user_data.clone();
        let http = &ctx.framework.serenity_context.http;
        let i = ctx.interaction;
        let span = update_span("command", i.channel_id.get(), i.user.id.get());
        shared.command(http, i, ctx.args).instrument(span).await;
        Ok(())
    })
}

/// The span of one update, for logs a reader can follow per chat and user.
fn update_span(kind: &str, channel: u64, user: u64) -> tracing::Span {
    tracing::info_span!("update", platform = "discord", kind, channel, user)
}

async fn on_error(error: poise::FrameworkError<'_, Arc<Shared>, Error>) {
    tracing::error!(error = %error, "Discord framework error");
}

async fn on_event(
    fw: poise::FrameworkContext<'_, Arc<Shared>, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let http = &fw.serenity_context.http;
    match event {
        FullEvent::Ready { .. } | FullEvent::Resume { .. } => {
            fw.user_data.shard_stage(fw.serenity_context.shard_id.0, true);
        }
        FullEvent::ShardStageUpdate { event } => {
            let up = event.new == ::serenity::gateway::ConnectionStage::Connected;
            fw.user_data.shard_stage(event.shard_id.0, up);
        }
        FullEvent::InteractionCreate { interaction } => match interaction {
            Interaction::Component(press) => {
                let span = update_span("button", press.channel_id.get(), press.user.id.get());
                fw.user_data.press(http, press).instrument(span).await;
            }
            Interaction::Modal(form) => {
                let span = update_span("form", form.channel_id.get(), form.user.id.get());
                fw.user_data.form(http, form).instrument(span).await;
            }
            // Commands and autocomplete are poise's.
            _ => {}
        },
        // Only direct messages arrive (the intents ask for no server messages); a bot's own
        // messages, its replies included, are never read.
        FullEvent::Message { new_message }
            if new_message.guild_id.is_none() && !new_message.author.bot =>
        {
            let span =
                update_span("message", new_message.channel_id.get(), new_message.author.id.get());
            fw.user_data.direct_message(http, new_message).instrument(span).await;
        }
        _ => {}
    }
    Ok(())
}

/// The interaction an answer goes back to.
#[derive(Clone, Copy)]
enum Origin<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
    Modal(&'a ModalInteraction),
}

impl Origin<'_> {
    async fn edit(&self, http: &Http, b: EditInteractionResponse) -> serenity::Result<()> {
        match self {
            Origin::Command(i) => i.edit_response(http, b).await.map(drop),
            Origin::Component(i) => i.edit_response(http, b).await.map(drop),
            Origin::Modal(i) => i.edit_response(http, b).await.map(drop),
        }
    }

    async fn followup(
        &self,
        http: &Http,
        b: CreateInteractionResponseFollowup,
    ) -> serenity::Result<()> {
        match self {
            Origin::Command(i) => i.create_followup(http, b).await.map(drop),
            Origin::Component(i) => i.create_followup(http, b).await.map(drop),
            Origin::Modal(i) => i.create_followup(http, b).await.map(drop),
        }
    }

    async fn delete(&self, http: &Http) -> serenity::Result<()> {
        match self {
            Origin::Command(i) => i.delete_response(http).await,
            Origin::Component(i) => i.delete_response(http).await,
            Origin::Modal(i) => i.delete_response(http).await,
        }
    }
}

/// Who is asking, as the referee sees them.
struct Asker {
    user: store::UserId,
    name: String,
    chat: Chat,
    channel: Option<String>,
    locale: Option<String>,
    is_admin: bool,
    scope: Scope,
}

/// The channel a thread sits under, when the interaction says (Discord sends the channel with
/// every interaction; a thread's carries its parent).
fn parent_of(channel: Option<&serenity::PartialChannel>) -> Option<String> {
    channel.and_then(|c| c.parent_id).map(|p| p.get().to_string())
}

/// The preferred locale of every Discord server whose administrators never chose one.
const DEFAULT_GUILD_LOCALE: &str = "en-US";

fn asker(
    user: &serenity::User,
    member: Option<&serenity::Member>,
    guild: Option<GuildId>,
    channel: ChannelId,
    locale: &str,
    guild_locale: Option<&str>,
) -> Asker {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    let is_admin =
        member.and_then(|m| m.permissions).is_some_and(|p| p.administrator() || p.manage_guild());
    let (chat, channel) = match guild {
        Some(_) => (Chat::Group(channel.get().to_string().into()), Some(channel.get().to_string())),
        None => (Chat::Private, None),
    };
    // The server is the community: its administrators act on the games of all its channels.
    // Its preferred locale (Discord sends it with every interaction in a server) is the
    // channels' language until an administrator sets one, unless it is `en-US`: that is what
    // every server has that never chose, so it says nothing of the players (docs/referee.md,
    // "Languages").
    let community_locale = guild
        .and(guild_locale)
        .filter(|l| !l.is_empty() && *l != DEFAULT_GUILD_LOCALE)
        .map(str::to_string);
    let scope = Scope {
        community: guild.map(|g| g.get().to_string()),
        parent: None,
        typed_in: None,
        community_locale,
    };
    Asker {
        user: user.id.get().to_string().into(),
        name,
        chat,
        channel,
        locale: (!locale.is_empty()).then(|| locale.to_string()),
        is_admin,
        scope,
    }
}

impl Shared {
    fn redact(&self, text: &str) -> String {
        if self.token.is_empty() { text.to_string() } else { text.replace(&self.token, "<token>") }
    }

    async fn register(
        &self,
        ctx: &serenity::Context,
        commands: &[poise::Command<Arc<Shared>, Error>],
    ) {
        let result = match self.guild {
            Some(guild) => {
                poise::builtins::register_in_guild(ctx, commands, GuildId::new(guild)).await
            }
            None => poise::builtins::register_globally(ctx, commands).await,
        };
        if let Err(e) = result {
            tracing::error!(error = %self.redact(&e.to_string()), "registering the slash commands failed");
        }
    }

    async fn ask(&self, who: &Asker, input: impl Into<Input>) -> Answer {
        self.referee.answer(self.incoming(who, input.into())).await
    }

    fn incoming(&self, who: &Asker, input: Input) -> Incoming {
        Incoming {
            platform: PLATFORM,
            user_id: who.user.clone(),
            user_name: who.name.clone(),
            chat: who.chat.clone(),
            input,
            locale: who.locale.clone(),
            is_admin: who.is_admin,
            scope: who.scope.clone(),
        }
    }

    /// The permissions a game needs in the channel where `/new` was typed that the bot lacks
    /// there, by name (Discord sends the bot's permissions in the channel with every
    /// interaction): view it, post, attach the board, embed it, and in thread mode open a
    /// public thread and post in it. `None` when nothing is missing, or outside a server.
    fn missing_permissions(&self, i: &CommandInteraction) -> Option<Vec<String>> {
        let have = i.app_permissions?;
        i.guild_id?;
        let lang = i.locale.as_str();
        let lang = Lang::from_code(lang).unwrap_or_default();
        let mut needed = vec![
            (Permissions::VIEW_CHANNEL, Permission::ViewChannel),
            (Permissions::SEND_MESSAGES, Permission::SendMessages),
            (Permissions::ATTACH_FILES, Permission::AttachFiles),
            (Permissions::EMBED_LINKS, Permission::EmbedLinks),
        ];
        let in_thread = i.channel.as_ref().is_some_and(|c| c.thread_metadata.is_some());
        if self.threads && !in_thread {
            needed.push((Permissions::CREATE_PUBLIC_THREADS, Permission::CreatePublicThreads));
            needed.push((Permissions::SEND_MESSAGES_IN_THREADS, Permission::SendMessagesInThreads));
        }
        // An administrator has every permission, whatever the channel's overwrites say.
        if have.administrator() {
            return None;
        }
        let missing: Vec<String> = needed
            .into_iter()
            .filter(|(p, _)| !have.contains(*p))
            .map(|(_, permission)| permission.name(lang))
            .collect();
        (!missing.is_empty()).then_some(missing)
    }

    /// A slash command: acknowledge, ask the referee, answer.
    async fn command(&self, http: &Http, i: &CommandInteraction, args: &[ResolvedOption<'_>]) {
        let defer = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(true),
        );
        if let Err(e) = call("defer", || i.create_response(http, defer.clone())).await {
            tracing::warn!(error = %e, "acknowledging a command failed");
            return;
        }
        let mut who = asker(
            &i.user,
            i.member.as_deref(),
            i.guild_id,
            i.channel_id,
            &i.locale,
            i.guild_locale.as_deref(),
        );
        who.scope.parent = parent_of(i.channel.as_ref());
        let name = i.data.name.as_str();
        if name == "move" {
            // A slash command answered ephemerally is seen by its author alone, options
            // included: a move typed with /move anywhere is as private as a direct message (the
            // referee's rule that secret moves never go to a group is about lines others read).
            // Without an id it means a game of the channel where it was typed first.
            if let Chat::Group(here) = &who.chat {
                who.scope.typed_in = Some(here.clone());
            }
            who.chat = Chat::Private;
        }
        let Some(def) = self.defs.get(name) else {
            tracing::error!(name, "a command we did not register");
            let _ = i.delete_response(http).await;
            return;
        };
        let mut named = Vec::new();
        let values: Vec<(&str, Value)> = args
            .iter()
            .filter_map(|o| {
                let v = match &o.value {
                    ResolvedValue::String(s) => Value::Text((*s).to_string()),
                    ResolvedValue::Integer(n) => Value::Integer(*n),
                    // Choosing this bot itself as the opponent asks the referee to play (its
                    // user id is the application's id).
                    ResolvedValue::User(u, _) if u.id.get() == i.application_id.get() => {
                        Value::User(crate::table::BOT_USER.into())
                    }
                    ResolvedValue::User(u, member) => {
                        let name = member
                            .and_then(|m| m.nick.clone())
                            .or_else(|| u.global_name.clone())
                            .unwrap_or_else(|| u.name.clone());
                        let id = store::UserId::new(u.id.get().to_string());
                        named.push((id.clone(), name));
                        Value::User(id)
                    }
                    _ => return None,
                };
                Some((o.name, v))
            })
            .collect();
        for (user, name) in &named {
            if let Err(e) = self.referee.learn_user(PLATFORM, user, name).await {
                tracing::error!(error = ?e, "remembering a member's name");
            }
        }
        let command = command::build(&def.spec, translate::values(def, &values));
        // Before a game is created: can the bot post here at all? A game nobody sees is worse
        // than none, so /new without the permissions is refused with the list of what is missing.
        if name == "new"
            && command.is_ok()
            && let Some(missing) = self.missing_permissions(i)
        {
            let lang = who.locale.as_deref().and_then(Lang::from_code).unwrap_or_default();
            let text = voice::permissions_missing(lang, &missing);
            if let Err(e) = call("edit reply", || {
                i.edit_response(http, EditInteractionResponse::new().content(text.clone()))
            })
            .await
            {
                tracing::warn!(error = %e, "telling the missing permissions failed");
            }
            return;
        }
        // One public thread per game, where the channel allows it (else the channel), opened
        // only for a /new the referee will not refuse.
        let mut thread = None;
        let mut incoming = self.incoming(&who, Input::Command(command.clone()));
        if name == "new"
            && self.threads
            && let Some(channel) = who.channel.clone()
            && self.referee.refuse_new(&incoming).await.is_none()
        {
            let game = values.iter().find_map(|(n, v)| match (n, v) {
                (&"game", Value::Text(g)) => Some(g.trim().to_string()),
                _ => None,
            });
            let title = format!("{} · {}", game.unwrap_or_default(), who.name);
            if let Some(id) = self.open_thread(http, &channel, &title).await {
                // The game lives in the thread and is reached from its channel too.
                who.scope.parent = Some(channel.clone());
                who.chat = Chat::Group(id.as_str().into());
                who.channel = Some(id.clone());
                thread = Some(id);
                incoming = self.incoming(&who, Input::Command(command));
            }
        }
        let answer = self.referee.answer(incoming).await;
        if answer.refused
            && let Some(id) = thread.as_deref().and_then(|t| t.parse::<u64>().ok())
        {
            // Nothing started: the thread goes again (the refusal is the asker's alone).
            if let Err(e) = call("delete thread", || ChannelId::new(id.max(1)).delete(http)).await {
                tracing::warn!(error = %e, "removing an unused game thread failed");
            }
        }
        let invoker = Invoker {
            user: who.user.clone(),
            channel: who.channel.clone(),
            personal: translate::PERSONAL_COMMANDS.contains(&name),
            refused: answer.refused,
        };
        self.deliver(http, Some(Origin::Command(i)), answer.messages, Some(invoker)).await;
    }

    /// A line typed in a direct message with the bot: read as the private chat's line (a bare
    /// move, or a command typed as text); every answer goes back by direct message.
    async fn direct_message(&self, http: &Http, message: &serenity::Message) {
        if message.content.trim().is_empty() {
            return;
        }
        let mut who = asker(&message.author, None, None, message.channel_id, "", None);
        who.chat = Chat::Private;
        // A line typed in the direct messages proves them open (an ephemeral reply does not).
        let user = store::UserId::new(message.author.id.get().to_string());
        if let Err(e) = self.referee.private_chat_open(PLATFORM, &user).await {
            tracing::warn!(error = ?e, "recording open direct messages");
        }
        let answer = self.ask(&who, Input::Line(message.content.clone())).await;
        self.deliver(http, None, answer.messages, None).await;
    }

    /// A button press.
    async fn press(&self, http: &Http, press: &ComponentInteraction) {
        // A custom id that does not read is a stale button: the referee says so.
        let payload = press.data.custom_id.parse::<Payload>().ok();
        let mut who = asker(
            &press.user,
            press.member.as_ref(),
            press.guild_id,
            press.channel_id,
            &press.locale,
            press.guild_locale.as_deref(),
        );
        if press.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)) {
            // A button under an ephemeral reply was seen by its presser alone, wherever the reply
            // sits: a private press, as /move and its form are.
            who.chat = Chat::Private;
        }
        // "Type a move" opens the form; the referee checks the move when it comes.
        if let Some(Payload { game: id, turn, choice: Choice::TypeMove }) = payload {
            let lang = who.locale.as_deref().and_then(Lang::from_code).unwrap_or_default();
            let (title, label) = voice::move_form(lang, id);
            let input = CreateInputText::new(
                InputTextStyle::Short,
                translate::clip(&label, FORM_TEXT_LIMIT),
                "action",
            )
            .required(true)
            .max_length(200);
            let form = CreateModal::new(
                translate::move_form_id(id, turn),
                translate::clip(&title, FORM_TEXT_LIMIT),
            )
            .components(vec![CreateActionRow::InputText(input)]);
            let response = CreateInteractionResponse::Modal(form);
            if let Err(e) = call("modal", || press.create_response(http, response.clone())).await {
                tracing::warn!(error = %e, "opening the move form failed");
            }
            return;
        }
        if let Err(e) =
            call("ack", || press.create_response(http, CreateInteractionResponse::Acknowledge))
                .await
        {
            tracing::warn!(error = %e, "acknowledging a button failed");
            return;
        }
        // One's own view leaves its button for the next look.
        let keep = matches!(payload, Some(Payload { choice: Choice::View, .. }));
        let answer = self.ask(&who, Input::Command(Ok(Command::Press(payload)))).await;
        if !answer.refused && !keep {
            let clear = EditInteractionResponse::new().components(Vec::new());
            if let Err(e) = call("clear buttons", || press.edit_response(http, clear.clone())).await
            {
                tracing::warn!(error = %e, "taking the buttons off a message failed");
            }
        }
        let invoker = Invoker {
            user: who.user.clone(),
            channel: who.channel.clone(),
            personal: false,
            refused: answer.refused,
        };
        self.deliver(http, Some(Origin::Component(press)), answer.messages, Some(invoker)).await;
    }

    /// A submitted move form.
    async fn form(&self, http: &Http, form: &ModalInteraction) {
        let defer = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(true),
        );
        if let Err(e) = call("defer", || form.create_response(http, defer.clone())).await {
            tracing::warn!(error = %e, "acknowledging a form failed");
            return;
        }
        let mut who = asker(
            &form.user,
            form.member.as_ref(),
            form.guild_id,
            form.channel_id,
            &form.locale,
            form.guild_locale.as_deref(),
        );
        // A form is seen by its author alone: private, as /move is.
        who.chat = Chat::Private;
        let text: String = form
            .data
            .components
            .iter()
            .flat_map(|row| &row.components)
            .find_map(|c| match c {
                serenity::ActionRowComponent::InputText(t) if t.custom_id == "action" => {
                    t.value.clone()
                }
                _ => None,
            })
            .unwrap_or_default();
        let values = command::Values {
            id: translate::move_form_game(&form.data.custom_id),
            text: Some(text.trim().to_string()).filter(|t| !t.is_empty()),
            ..command::Values::default()
        };
        // `/move` is always in the table; were it not, the referee would word the refusal.
        let command = command::find("move").map_or_else(
            || Err(command::CommandError::Unknown("move".into())),
            |spec| command::build(spec, values),
        );
        let answer = self.ask(&who, Input::Command(command)).await;
        let invoker = Invoker {
            user: who.user.clone(),
            channel: who.channel.clone(),
            personal: false,
            refused: answer.refused,
        };
        self.deliver(http, Some(Origin::Modal(form)), answer.messages, Some(invoker)).await;
    }

    fn outbox(&self) -> &Outbox<Sender> {
        self.outbox.get_or_init(|| unreachable!("the outbox is set when the client is built"))
    }

    /// Delivers one referee answer (other platforms' messages to their front ends). With an
    /// interaction, what is only the invoker's goes as its ephemeral replies: the first one
    /// replaces the deferred reply (commands and forms), or the deferred reply is removed when
    /// there is none. Everything else goes through the outbox.
    async fn deliver(
        &self,
        http: &Http,
        origin: Option<Origin<'_>>,
        messages: Vec<Outbound>,
        invoker: Option<Invoker>,
    ) {
        let (mine, others): (Vec<Outbound>, Vec<Outbound>) =
            messages.into_iter().partition(|m| m.platform == PLATFORM);
        if !others.is_empty() {
            self.router.route(others);
        }
        let (inline, queued): (Vec<Outbound>, Vec<Outbound>) = mine.into_iter().partition(|m| {
            origin.is_some() && matches!(translate::target(m, invoker.as_ref()), Target::Ephemeral)
        });
        self.outbox().push(queued);
        // Commands and forms were deferred ephemerally: the first ephemeral message replaces
        // the "thinking…"; a button's acknowledgement has nothing to replace.
        let mut pending = matches!(origin, Some(Origin::Command(_) | Origin::Modal(_)));
        if let Some(origin) = origin {
            for m in inline {
                let kept = m.outbox;
                let mut sent = true;
                for post in translate::plan(vec![m.clone()], invoker.as_ref()) {
                    let result = if pending {
                        pending = false;
                        call("edit reply", || origin.edit(http, edit(&post))).await
                    } else {
                        call("followup", || origin.followup(http, followup(&post))).await
                    };
                    if let Err(e) = result {
                        tracing::warn!(error = %e, "an ephemeral reply failed");
                        sent = false;
                        break;
                    }
                }
                match (sent, kept) {
                    (true, Some(id)) => {
                        if let Err(e) = self.referee.store().delete_messages(&[id]).await {
                            tracing::error!(error = ?e, "marking an ephemeral reply delivered");
                        }
                    }
                    // A kept message the interaction could not carry goes as a direct message.
                    (false, Some(_)) => self.outbox().push(vec![m]),
                    (false, None) => tracing::error!("an ephemeral reply was lost"),
                    (true, None) => {}
                }
            }
        }
        if pending
            && let Some(origin) = origin
            && let Err(e) = call("delete reply", || origin.delete(http)).await
        {
            tracing::warn!(error = %e, "removing the deferred reply failed");
        }
    }

    /// Opens a public thread in `channel` for a game; `None` where threads are not allowed
    /// (a thread already, a direct message, missing permission).
    async fn open_thread(&self, http: &Http, channel: &str, title: &str) -> Option<String> {
        open_thread(http, channel, title).await
    }

    fn completing_asker(&self, i: &CommandInteraction) -> Asker {
        asker(
            &i.user,
            i.member.as_deref(),
            i.guild_id,
            i.channel_id,
            &i.locale,
            i.guild_locale.as_deref(),
        )
    }
}

/// The text value of another option in an autocomplete interaction.
fn text_arg<'a>(args: &'a [ResolvedOption<'a>], name: &str) -> Option<&'a str> {
    args.iter().find(|o| o.name == name).and_then(|o| match &o.value {
        ResolvedValue::String(s) => Some(*s),
        ResolvedValue::Autocomplete { value, .. } => Some(*value),
        _ => None,
    })
}

fn int_arg(args: &[ResolvedOption<'_>], name: &str) -> Option<i64> {
    args.iter().find(|o| o.name == name).and_then(|o| match &o.value {
        ResolvedValue::Integer(n) => Some(*n),
        ResolvedValue::String(s) => s.trim().trim_start_matches('#').parse().ok(),
        _ => None,
    })
}

fn complete_game_id<'a>(
    ctx: AppContext<'a>,
    partial: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move {
        let shared = ctx.framework.user_data;
        let who = shared.completing_asker(ctx.interaction);
        let games = shared
            .referee
            .games_here(PLATFORM, &who.user, &who.chat, translate::CHOICES_LIMIT)
            .await;
        let partial = partial.trim().trim_start_matches('#');
        let mut response = CreateAutocompleteResponse::new();
        for (id, label) in games.into_iter().filter(|(id, _)| id.to_string().starts_with(partial)) {
            response = response.add_int_choice(translate::clip(&label, 100), id.0);
        }
        response
    })
}

fn complete_action<'a>(
    ctx: AppContext<'a>,
    partial: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move {
        let shared = ctx.framework.user_data;
        let who = shared.completing_asker(ctx.interaction);
        let id = int_arg(ctx.args, "id").map(GameId);
        let actions = shared
            .referee
            .public_actions(PLATFORM, &who.user, &who.chat, id, partial, translate::CHOICES_LIMIT)
            .await;
        let mut response = CreateAutocompleteResponse::new();
        for a in actions {
            response = response.add_string_choice(a.clone(), a);
        }
        response
    })
}

fn complete_game_name<'a>(
    ctx: AppContext<'a>,
    partial: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move {
        let lang = Lang::from_code(&ctx.interaction.locale).unwrap_or_default();
        let mut response = CreateAutocompleteResponse::new();
        for (label, code) in translate::game_suggestions(partial, lang) {
            response = response.add_string_choice(label, code);
        }
        response
    })
}

fn complete_options<'a>(
    ctx: AppContext<'a>,
    partial: &'a str,
) -> poise::BoxFuture<'a, CreateAutocompleteResponse> {
    Box::pin(async move {
        let mut response = CreateAutocompleteResponse::new();
        let Some(kind) = text_arg(ctx.args, "game").and_then(crate::table::kind_named) else {
            return response;
        };
        for (name, value) in translate::option_suggestions(partial, kind.option_specs()) {
            response = response.add_string_choice(name, value);
        }
        response
    })
}

/// Opens a public thread titled `title` under `channel`: its id, or `None` where the channel
/// does not allow it (then the game stays in the channel).
async fn open_thread(http: &Http, channel: &str, title: &str) -> Option<String> {
    let id = channel.parse::<u64>().ok()?;
    let builder = serenity::CreateThread::new(translate::clip(title, 100))
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    match call("thread", || ChannelId::new(id.max(1)).create_thread(http, builder.clone())).await {
        Ok(thread) => Some(thread.id.get().to_string()),
        Err(e) => {
            tracing::info!(error = %e, channel, "no thread for the game; it stays in the channel");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_loopback_client_refuses_every_other_host_before_connecting() {
        let before = blocked_requests();
        let runtime =
            tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let refused = runtime.block_on(async {
            let client = loopback_client().expect("a client");
            client.get("https://discord.com/api/v10/gateway").send().await
        });
        assert!(refused.is_err(), "{refused:?}");
        assert!(blocked_requests() > before);
    }

    #[test]
    fn the_readme_invite_url_asks_for_exactly_the_permissions_the_bot_uses() {
        let needed = Permissions::VIEW_CHANNEL
            | Permissions::SEND_MESSAGES
            | Permissions::SEND_MESSAGES_IN_THREADS
            | Permissions::EMBED_LINKS
            | Permissions::ATTACH_FILES
            | Permissions::READ_MESSAGE_HISTORY
            | Permissions::CREATE_PUBLIC_THREADS;
        let readme = include_str!("../../../README.md");
        let url = format!("scope=bot+applications.commands&permissions={}", needed.bits());
        assert!(readme.contains(&url), "the README's invite URL should contain {url}");
    }

    #[test]
    fn every_description_fits_discords_100_characters_uncut_in_every_language() {
        for def in translate::command_defs(Referee::commands()) {
            let options = def.options.iter().map(|o| o.help.to_string());
            for id in std::iter::once(def.spec.help.to_string()).chain(options) {
                for lang in Lang::ALL {
                    let text = voice::command_text(lang, &id);
                    let n = text.chars().count();
                    assert!((1..=100).contains(&n), "{id} ({lang:?}) has {n} characters: {text}");
                }
            }
        }
    }

    #[test]
    fn every_command_becomes_a_described_localised_slash_command() {
        for def in translate::command_defs(Referee::commands()) {
            let command = slash_command(&def);
            let built = command.create_as_slash_command().expect("a slash command");
            let json = serde_json::to_value(&built).expect("json");
            let description = json["description"].as_str().expect("a description");
            assert!((1..=100).contains(&description.chars().count()), "{description}");
            assert!(json["description_localizations"]["zh-CN"].is_string(), "{json}");
            assert!(json["description_localizations"]["zh-TW"].is_string(), "{json}");
            for option in json["options"].as_array().into_iter().flatten() {
                let d = option["description"].as_str().expect("an option description");
                assert!(
                    (1..=100).contains(&d.chars().count()) && !d.starts_with("discord-opt"),
                    "{d}"
                );
            }
            if def.spec.admin {
                assert_eq!(json["default_member_permissions"], "32", "{json}");
            }
        }
    }
}
