//! The Discord front end end to end, offline: `arbiter::serve::run` (what `arbiter serve`
//! runs) is pointed through `DISCORD_API_URL` at a stand-in of Discord on 127.0.0.1, with a fake
//! token, and the real serenity and poise client code talks to it:
//!
//! - a REST server for the routes the bot uses (`/gateway`, `/gateway/bot`, command
//!   registration, interaction callbacks, the deferred reply's edit and deletion, followups,
//!   channel messages with attachments as multipart, direct-message channels), answering with
//!   Discord's JSON shapes and, where the tests ask, 403 with code 50007 (direct messages closed)
//!   or 429; a test may also queue faults for the messages posted to a channel ([`Fault`]: 429
//!   with Discord's headers, 500, Cloudflare's 502, a request that never answers);
//! - a WebSocket gateway that sends HELLO, takes IDENTIFY, sends READY, answers heartbeats and
//!   then sends the interactions a test injects (slash commands, button presses, autocomplete,
//!   form submissions).
//!
//! serenity drops an event that lacks a field its model requires, without a word; so the tests
//! assert on the calls the bot makes, each awaited with a timeout.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use arbiter::bot::discord;
use arbiter::config::Config;
use arbiter::serve;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Json, Response};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc, oneshot};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message as WsMessage;

use crate::common;

const TOKEN: &str = "MTAwMDAwMDAwMDAwMDAwMDAx.loopback.stand-in-token";
const APP: &str = "777000000000000001";
const GUILD: &str = "444000000000000001";
const CHANNEL: &str = "555000000000000001";
/// The thread the stand-in opens for a game (when threads are on).
const THREAD: &str = "555000000000000009";
/// A second server and its channel, for what must stay inside its own server.
const OTHER_GUILD: &str = "444000000000000002";
const OTHER_CHANNEL: &str = "555000000000000002";
/// How long any expected effect may take before the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(10);
/// Discord's limit for the first answer to an interaction.
const THREE_SECONDS: Duration = Duration::from_secs(3);

/// A Discord user of the tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Person {
    id: &'static str,
    name: &'static str,
    /// Their direct-message channel with the bot.
    dm: &'static str,
}

const ALICE: Person = Person { id: "111000000000000001", name: "alice", dm: "600000000000000001" };
const BOB: Person = Person { id: "111000000000000002", name: "bob", dm: "600000000000000002" };
const CAROL: Person = Person { id: "111000000000000003", name: "carol", dm: "600000000000000003" };
const PEOPLE: [Person; 3] = [ALICE, BOB, CAROL];

impl Person {
    fn json(self) -> Value {
        json!({"id": self.id, "username": self.name, "discriminator": "0",
               "global_name": capitalised(self.name), "avatar": null})
    }

    fn member(self, permissions: &str) -> Value {
        json!({"user": self.json(), "roles": [], "joined_at": "2026-01-01T00:00:00Z",
               "deaf": false, "mute": false, "flags": 0, "permissions": permissions})
    }
}

fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn bot_user() -> Value {
    json!({"id": "777000000000000002", "username": "arbiter", "discriminator": "0",
           "global_name": null, "avatar": null, "bot": true})
}

/// Where a message the bot sent landed.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Place {
    /// The server's channel, seen by everyone there.
    Channel,
    /// The game's public thread in it.
    Thread,
    /// The channel of the second server (OTHER_CHANNEL).
    OtherChannel,
    /// Someone's direct messages.
    Dm(&'static str),
    /// An ephemeral reply, seen by this user only.
    Ephemeral(&'static str),
    /// A channel of one of the storm's servers ([`Inner::servers`]).
    Server(&'static str),
}

/// One message as the stand-in keeps it (edits applied).
#[derive(Debug, Clone)]
struct Sent {
    id: u64,
    place: Place,
    content: String,
    /// The custom ids of its buttons.
    buttons: Vec<String>,
    /// Its attachments: (file name, is a PNG by its signature, a digest of the bytes).
    files: Vec<(String, bool, u64)>,
    /// An embed shows `attachment://board.png`.
    embedded_board: bool,
    /// The interaction token it answers, if any.
    token: Option<String>,
}

/// One request the bot made.
#[derive(Debug, Clone)]
struct Call {
    method: String,
    path: String,
    body: Value,
    files: Vec<(String, bool, u64)>,
    status: u16,
    authorised: bool,
    at: Instant,
    /// The instance that made it, when it came through that instance's address
    /// ([`StandIn::listen_for`]).
    via: Option<u64>,
}

/// An injected interaction.
#[derive(Debug, Clone)]
struct Injected {
    token: String,
    at: Instant,
    user: &'static str,
    /// The channel it came from (a direct-message channel, or a server's).
    channel: &'static str,
    /// For a button: the message it sits on.
    message: Option<u64>,
}

/// What the stand-in does with a message posted to a channel instead of its usual answer,
/// queued per channel ([`Inner::fault_messages`]).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Fault {
    /// The usual answer: lets one message through between faults.
    Pass,
    /// 500 with Discord's JSON error.
    ServerError,
    /// 502 from Cloudflare in front of Discord: an HTML page, no JSON.
    BadGateway,
    /// No answer at all: the request stays open until the bot gives up on it (a stalled
    /// connection). Discord never saw it: nothing is posted.
    Hang,
    /// 429 with Discord's body and headers: wait this many seconds (a float, as Discord
    /// gives it).
    Throttle(f64),
    /// The usual answer, decided (and recorded) when the request arrives, reaches the bot this
    /// many seconds later (a slow network): what it says may be stale by then.
    Late(f64),
    /// The message is made, but its answer never reaches the bot (the connection dropped
    /// before the reply): the bot cannot tell it from a post Discord never saw.
    Lost,
}

/// The status recorded for a request that was never answered ([`Fault::Hang`]).
const HUNG: u16 = 0;
/// The status recorded for a post that was made but whose answer was lost ([`Fault::Lost`]).
const LOST: u16 = 1;
/// How long Discord remembers a nonce sent with `enforce_nonce` ("the past few minutes").
const NONCE_MEMORY: Duration = Duration::from_secs(5 * 60);

#[derive(Default)]
struct Inner {
    calls: Vec<Call>,
    sent: Vec<Sent>,
    next_id: u64,
    injected: HashMap<String, Injected>,
    /// Users whose direct messages are closed (50007).
    closed: HashSet<&'static str>,
    /// The next message to this channel answers 429.
    throttled: Vec<String>,
    /// Channel: what the next messages posted to it meet instead of their usual answers, in
    /// order.
    faults: HashMap<String, VecDeque<Fault>>,
    /// The gateway address `/gateway` gives (None: it fails).
    gateway: Option<String>,
    /// Commands registered: (scope path, body).
    registered: Vec<(String, Value)>,
    identified: bool,
    /// Each IDENTIFY's shard, `[id, total]`, in order.
    shards_identified: Vec<(u64, u64)>,
    /// The total the shards identified with (1 until one does).
    total_shards: u64,
    /// The open connection of each shard.
    shard_links: HashMap<u64, mpsc::UnboundedSender<Value>>,
    /// Events routed to a shard not connected yet, in order.
    pending: HashMap<u64, Vec<Value>>,
    /// Each shard's event sequence number.
    seqs: HashMap<u64, u64>,
    /// (shard, event type) of every event sent, in order.
    routed: Vec<(u64, String)>,
    /// The intents the bot asked for in IDENTIFY.
    intents: Option<u64>,
    /// Run the bot with `DISCORD_THREADS=true`.
    threads_on: bool,
    /// Thread creation answers 403 (missing permission).
    no_threads: bool,
    /// Threads opened (names) and deleted (ids).
    opened: Vec<String>,
    deleted: Vec<String>,
    /// Where interactions happen (the channel, or the game's thread).
    here: Option<&'static str>,
    /// Interactions come from a second server (OTHER_GUILD, its channel OTHER_CHANNEL), where
    /// Carol may manage the server and Alice may not.
    other_server: bool,
    /// The locale each user's client reports (user id → `zh-TW` …; `en-US` when absent).
    locales: HashMap<&'static str, &'static str>,
    /// Each server's preferred locale (guild id → `zh-TW` …; `en-US`, Discord's default, when
    /// absent), sent as `guild_locale` with every interaction in the server, as Discord does.
    guild_locales: HashMap<&'static str, &'static str>,
    /// The bot's permissions per channel, where they differ from [`BOT_PERMISSIONS`] (a
    /// channel's overwrites): sent with every interaction there as `app_permissions`, and
    /// enforced on posts (403 with code 50013, Missing Permissions).
    permissions: HashMap<&'static str, u64>,
    /// Edits of the bot's own messages (`PATCH /channels/…/messages/…`).
    edits: usize,
    /// More servers, each with one channel (channel → server), for storms across shards.
    servers: HashMap<&'static str, &'static str>,
    /// An event for a shard with no connection is lost, as Discord fails an interaction no
    /// connected shard takes (instead of holding it for the shard's next connection, as it
    /// does for a bot still starting).
    lost_when_down: bool,
    /// Events lost that way.
    lost: usize,
    /// The nonces of posts made with `enforce_nonce`, per channel: the message each made, and
    /// when (the bot is the only author here).
    nonces: HashMap<(String, String), (u64, Instant)>,
}

/// What the README's invite link grants: View Channel, Send Messages, Embed Links, Attach
/// Files, Read Message History, Create Public Threads, Send Messages in Threads.
const BOT_PERMISSIONS: u64 = 309_237_763_072;
const SEND_MESSAGES: u64 = 1 << 11;
const ATTACH_FILES: u64 = 1 << 15;

impl Inner {
    /// The bot's permissions in `channel`.
    fn permissions_in(&self, channel: &str) -> u64 {
        self.permissions.get(channel).copied().unwrap_or(BOT_PERMISSIONS)
    }
}

impl Inner {
    /// Queues `faults` for the next messages posted to `channel`, after any queued before.
    fn fault_messages(&mut self, channel: &str, faults: impl IntoIterator<Item = Fault>) {
        self.faults.entry(channel.to_string()).or_default().extend(faults);
    }
}

/// The loopback stand-in of Discord.
#[derive(Clone)]
struct StandIn {
    inner: Arc<Mutex<Inner>>,
    changed: Arc<Notify>,
}

/// The bot itself as a user (its user id is the application's id), for choosing it as the
/// opponent.
const ARBITER: Person = Person { id: APP, name: "arbiter", dm: "600000000000000009" };

fn person(id: &str) -> Option<Person> {
    PEOPLE.iter().copied().chain([ARBITER]).find(|p| p.id == id)
}

fn by_dm(channel: &str) -> Option<Person> {
    PEOPLE.iter().copied().find(|p| p.dm == channel)
}

fn message_json(id: u64, channel: &str, content: &str, buttons: &[String]) -> Value {
    let rows: Vec<Value> = buttons
        .chunks(5)
        .map(|row| {
            let row: Vec<Value> = row
                .iter()
                .map(|b| json!({"type": 2, "style": 2, "label": b, "custom_id": b}))
                .collect();
            json!({"type": 1, "components": row})
        })
        .collect();
    json!({"id": id.to_string(), "channel_id": channel, "author": bot_user(), "content": content,
           "timestamp": "2026-11-22T00:00:00Z", "edited_timestamp": null, "tts": false,
           "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
           "embeds": [], "pinned": false, "type": 0, "components": rows})
}

fn discord_error(status: StatusCode, code: i64, message: &str) -> Response {
    (status, Json(json!({"code": code, "message": message}))).into_response()
}

/// Discord's 429 for a route's bucket: its body (no error code) and its headers, `Retry-After`
/// in whole seconds and the bucket's reset in fractional ones.
#[allow(clippy::disallowed_methods)] // the reset is a wall-clock time, as Discord sends it
fn rate_limited(seconds: f64) -> Response {
    let body = json!({"message": "You are being rate limited.", "retry_after": seconds,
                      "global": false});
    let reset = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
        + seconds;
    let headers = [
        ("retry-after", format!("{}", seconds.ceil())),
        ("x-ratelimit-limit", "5".to_string()),
        ("x-ratelimit-remaining", "0".to_string()),
        ("x-ratelimit-reset", format!("{reset:.3}")),
        ("x-ratelimit-reset-after", format!("{seconds:.3}")),
        ("x-ratelimit-bucket", "f3e2d1c0b9a8".to_string()),
        ("x-ratelimit-scope", "user".to_string()),
    ];
    let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    for (name, value) in headers {
        let value = value.parse().expect("a header value");
        response.headers_mut().insert(name, value);
    }
    response
}

/// What a message posted to a channel gets for `fault` (never [`Fault::Hang`] or
/// [`Fault::Pass`]).
fn fault_response(fault: Fault) -> Response {
    match fault {
        Fault::ServerError => {
            discord_error(StatusCode::INTERNAL_SERVER_ERROR, 0, "500: Internal Server Error")
        }
        Fault::BadGateway => {
            let page = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n\
                        <center><h1>502 Bad Gateway</h1></center>\r\n\
                        <hr><center>cloudflare</center>\r\n</body>\r\n</html>\r\n";
            let html = [(CONTENT_TYPE, "text/html")];
            (StatusCode::BAD_GATEWAY, html, page).into_response()
        }
        Fault::Throttle(seconds) => rate_limited(seconds),
        Fault::Pass | Fault::Hang | Fault::Late(_) | Fault::Lost => {
            unreachable!("answered normally or not at all")
        }
    }
}

/// The buttons' custom ids of a message body.
fn custom_ids(body: &Value) -> Vec<String> {
    body["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

fn embeds_board(body: &Value) -> bool {
    body["embeds"]
        .as_array()
        .into_iter()
        .flatten()
        .any(|e| e["image"]["url"] == "attachment://board.png")
}

/// Reads a JSON body, or a multipart one (`payload_json` and `files[n]`).
async fn body(req: Request) -> (Value, Vec<(String, bool, u64)>) {
    let multipart = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let bytes = Bytes::from_request(req, &()).await.expect("a body");
        let value = if bytes.is_empty() {
            json!({})
        } else {
            serde_json::from_slice(&bytes).expect("a JSON body")
        };
        return (value, Vec::new());
    }
    let mut form = Multipart::from_request(req, &()).await.expect("a multipart body");
    let mut payload = json!({});
    let mut files = Vec::new();
    while let Some(field) = form.next_field().await.expect("a multipart field") {
        let name = field.name().unwrap_or("").to_string();
        let file_name = field.file_name().map(str::to_string);
        let data = field.bytes().await.expect("the field's bytes");
        match file_name {
            Some(file) => {
                let mut digest = std::collections::hash_map::DefaultHasher::new();
                std::hash::Hash::hash(&data[..], &mut digest);
                let digest = std::hash::Hasher::finish(&digest);
                files.push((file, data.starts_with(b"\x89PNG\r\n\x1a\n"), digest));
            }
            None if name == "payload_json" => {
                payload = serde_json::from_slice(&data).expect("payload_json is JSON");
            }
            None => {}
        }
    }
    (payload, files)
}

impl StandIn {
    async fn start() -> (StandIn, String) {
        let stand_in = StandIn {
            inner: Arc::new(Mutex::new(Inner::default())),
            changed: Arc::new(Notify::new()),
        };
        let gateway = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let gateway_addr = gateway.local_addr().expect("the gateway address");
        stand_in.lock().gateway = Some(format!("ws://{gateway_addr}"));
        tokio::spawn(run_gateway(stand_in.clone(), gateway));
        let app = axum::Router::new().fallback(handle).with_state(stand_in.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("the REST address");
        assert!(addr.ip().is_loopback() && gateway_addr.ip().is_loopback());
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the stand-in serves") });
        (stand_in, format!("http://{addr}"))
    }

    /// Another REST address of the stand-in, for instance `n`: requests through it are recorded
    /// as made by that instance ([`Call::via`]).
    async fn listen_for(&self, n: u64) -> String {
        let app = axum::Router::new().fallback(handle_via).with_state((self.clone(), n));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("the REST address");
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the stand-in serves") });
        format!("http://{addr}")
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("the stand-in's state")
    }

    /// Sends a gateway event on the shard Discord routes it to: a server's events to shard
    /// `(guild_id >> 22) % total`, everything else (direct messages) to shard 0; held until
    /// that shard connects.
    fn send_event(&self, kind: &str, data: Value) {
        let mut inner = self.lock();
        let total = inner.total_shards.max(1);
        let guild = data["guild_id"].as_str().and_then(|g| g.parse::<u64>().ok());
        let shard = guild.map_or(0, |g| (g >> 22) % total);
        let seq = inner.seqs.entry(shard).or_insert(1);
        *seq += 1;
        let mut event = json!({"op": 0, "t": kind, "s": *seq});
        event["d"] = data;
        inner.routed.push((shard, kind.to_string()));
        let sent =
            inner.shard_links.get(&shard).is_some_and(|link| link.send(event.clone()).is_ok());
        if !sent && inner.lost_when_down {
            inner.lost += 1;
        } else if !sent {
            inner.pending.entry(shard).or_default().push(event);
        }
    }

    /// Injects an interaction of `kind` by `who` (in the server's channel, or in their direct
    /// messages when `in_dm`); returns its token.
    fn interact(
        &self,
        who: Person,
        kind: u8,
        data: Value,
        message: Option<Value>,
        in_dm: bool,
    ) -> String {
        self.interact_in(who, kind, data, message, in_dm, None)
    }

    /// Like [`StandIn::interact`]; in `server`'s channel (one of [`Inner::servers`]) when given.
    fn interact_in(
        &self,
        who: Person,
        kind: u8,
        data: Value,
        message: Option<Value>,
        in_dm: bool,
        server: Option<&'static str>,
    ) -> String {
        let (token, id, permissions) = {
            let mut inner = self.lock();
            inner.next_id += 1;
            let id = 9_000_000 + inner.next_id;
            let token = format!("tok-{id}");
            let message_id = message.as_ref().and_then(|m| m["id"].as_str()?.parse().ok());
            let channel = if in_dm {
                who.dm
            } else if let Some(channel) = server {
                channel
            } else if inner.other_server {
                OTHER_CHANNEL
            } else {
                inner.here.unwrap_or(CHANNEL)
            };
            inner.injected.insert(
                token.clone(),
                Injected {
                    token: token.clone(),
                    at: Instant::now(),
                    user: who.id,
                    channel,
                    message: message_id,
                },
            );
            (token, id, inner.permissions_in(channel))
        };
        let mut i = json!({"id": id.to_string(), "application_id": APP, "type": kind,
            "token": token, "version": 1, "app_permissions": permissions.to_string(),
            "locale": self.lock().locales.get(who.id).copied().unwrap_or("en-US"),
            "entitlements": [], "authorizing_integration_owners": {},
            "attachment_size_limit": 10_485_760});
        let guild = server.and_then(|c| self.lock().servers.get(c).copied());
        if in_dm {
            i["channel_id"] = json!(who.dm);
            i["user"] = who.json();
            i["context"] = json!(1);
        } else if let (Some(channel), Some(guild)) = (server, guild) {
            i["guild_id"] = json!(guild);
            i["channel_id"] = json!(channel);
            i["member"] = who.member("0");
            i["context"] = json!(0);
        } else if self.lock().other_server {
            i["guild_id"] = json!(OTHER_GUILD);
            i["channel_id"] = json!(OTHER_CHANNEL);
            let permissions = if who == CAROL { "32" } else { "0" };
            i["member"] = who.member(permissions);
            i["context"] = json!(0);
        } else {
            i["guild_id"] = json!(GUILD);
            i["channel_id"] = json!(self.lock().here.unwrap_or(CHANNEL));
            let permissions = if who == ALICE { "32" } else { "0" };
            i["member"] = who.member(permissions);
            i["context"] = json!(0);
        }
        if let Some(guild) = i["guild_id"].as_str() {
            let locale = self.lock().guild_locales.get(guild).copied().unwrap_or("en-US");
            i["guild_locale"] = json!(locale);
        }
        i["data"] = data;
        if let Some(m) = message {
            i["message"] = m;
        }
        self.send_event("INTERACTION_CREATE", i);
        token
    }

    /// `who` runs `/name` with `options` (`(name, type, value)`) in the server's channel.
    fn slash(&self, who: Person, name: &str, options: &[(&str, u8, Value)]) -> String {
        self.slash_in(who, name, options, false)
    }

    fn slash_in(
        &self,
        who: Person,
        name: &str,
        options: &[(&str, u8, Value)],
        in_dm: bool,
    ) -> String {
        let data = slash_data(name, options);
        self.interact(who, 2, data, None, in_dm)
    }

    /// `who` runs `/name` with `options` in `channel`, one of [`Inner::servers`].
    fn slash_at(
        &self,
        who: Person,
        channel: &'static str,
        name: &str,
        options: &[(&str, u8, Value)],
    ) -> String {
        let data = slash_data(name, options);
        self.interact_in(who, 2, data, None, false, Some(channel))
    }

    /// `who` types in `/name`'s option `focused` (the others given); returns the token.
    fn autocomplete(
        &self,
        who: Person,
        name: &str,
        focused: (&str, u8, &str),
        others: &[(&str, u8, Value)],
    ) -> String {
        let mut opts: Vec<Value> =
            others.iter().map(|(n, t, v)| json!({"name": n, "type": t, "value": v})).collect();
        // Discord sends the focused option with its own type and the partial text as a string.
        opts.push(
            json!({"name": focused.0, "type": focused.1, "value": focused.2, "focused": true}),
        );
        let data = json!({"id": "1000", "name": name, "type": 1, "options": opts});
        self.interact(who, 4, data, None, false)
    }

    /// `who` types `content` in their direct messages with the bot. Discord sends the gateway
    /// event MESSAGE_CREATE only to a bot that asked for the DIRECT_MESSAGES intent (1 << 12);
    /// returns whether it was sent.
    fn dm(&self, who: Person, content: &str) -> bool {
        let (id, wants) = {
            let mut inner = self.lock();
            inner.next_id += 1;
            (8_000_000 + inner.next_id, inner.intents.is_some_and(|i| i & (1 << 12) != 0))
        };
        if !wants {
            return false;
        }
        let mut message = message_json(id, who.dm, content, &[]);
        message["author"] = who.json();
        self.send_event("MESSAGE_CREATE", message);
        true
    }

    /// `who` presses `custom_id` under `sent`.
    fn press(&self, who: Person, sent: &Sent, custom_id: &str) -> String {
        let channel = match &sent.place {
            Place::Dm(user) => person(user).expect("a person").dm,
            Place::OtherChannel => OTHER_CHANNEL,
            Place::Server(channel) => channel,
            _ => CHANNEL,
        };
        let mut message = message_json(sent.id, channel, &sent.content, &sent.buttons);
        if matches!(sent.place, Place::Ephemeral(_)) {
            // Discord marks an ephemeral message with the EPHEMERAL flag (1 << 6).
            message["flags"] = json!(64);
        }
        let data = json!({"custom_id": custom_id, "component_type": 2});
        let server = if let Place::Server(channel) = sent.place { Some(channel) } else { None };
        self.interact_in(who, 3, data, Some(message), matches!(sent.place, Place::Dm(_)), server)
    }

    /// `who` submits the form `custom_id` with `text` in its one field.
    fn submit(&self, who: Person, custom_id: &str, text: &str, in_dm: bool) -> String {
        let data = json!({"custom_id": custom_id, "components": [{"type": 1, "components": [
            {"type": 4, "custom_id": "action", "value": text}]}]});
        self.interact(who, 5, data, None, in_dm)
    }

    /// Waits until `f` finds something.
    async fn wait<T>(&self, what: &str, f: impl Fn(&Inner) -> Option<T>) -> T {
        self.wait_long(what, PATIENCE, f).await
    }

    /// Waits up to `patience` until `f` finds something.
    /// Looks every 50 ms, up to `patience`, until `f` finds something; `None` if it found
    /// nothing. For storms: hundreds of waiters woken by every change would each read every
    /// message at every change.
    async fn poll_for<T>(&self, patience: Duration, f: impl Fn(&Inner) -> Option<T>) -> Option<T> {
        let deadline = Instant::now() + patience;
        loop {
            if let Some(found) = f(&self.lock()) {
                return Some(found);
            }
            if Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    async fn wait_long<T>(
        &self,
        what: &str,
        patience: Duration,
        f: impl Fn(&Inner) -> Option<T>,
    ) -> T {
        let deadline = Instant::now() + patience;
        loop {
            let notified = self.changed.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(found) = f(&self.lock()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                let inner = self.lock();
                let log: Vec<String> = inner
                    .sent
                    .iter()
                    .map(|s| format!("{:?} #{}: {:?} {:?}", s.place, s.id, s.content, s.buttons))
                    .collect();
                panic!("timed out waiting for {what}; sent so far:\n{}", log.join("\n"));
            }
        }
    }

    /// Waits for a message at `place` containing `needle`.
    async fn expect(&self, place: Place, needle: &str) -> Sent {
        self.wait(&format!("{needle:?} at {place:?}"), |i| {
            i.sent.iter().find(|s| s.place == place && s.content.contains(needle)).cloned()
        })
        .await
    }

    /// Waits for the latest message at `place` carrying the button `custom_id`.
    /// Waits for a button at `place` whose custom id starts with `prefix` (a Confirm carries
    /// its action's tag after `confirm-`); returns the message and that custom id.
    async fn expect_button_starting(&self, place: Place, prefix: &str) -> (Sent, String) {
        self.wait(&format!("a button {prefix}… at {place:?}"), |i| {
            i.sent.iter().rev().find_map(|s| {
                let id = s.buttons.iter().find(|b| b.starts_with(prefix))?;
                (s.place == place).then(|| (s.clone(), id.clone()))
            })
        })
        .await
    }

    async fn expect_button(&self, place: Place, custom_id: &str) -> Sent {
        self.wait(&format!("a button {custom_id} at {place:?}"), |i| {
            i.sent
                .iter()
                .rev()
                .find(|s| s.place == place && s.buttons.iter().any(|b| b == custom_id))
                .cloned()
        })
        .await
    }

    /// Waits for the interaction callback of `token`; returns its body.
    async fn callback(&self, token: &str) -> Value {
        self.wait(&format!("the callback of {token}"), |i| {
            i.calls
                .iter()
                .find(|c| c.path.ends_with(&format!("/{token}/callback")))
                .map(|c| c.body.clone())
        })
        .await
    }

    fn at(&self, place: &Place) -> Vec<Sent> {
        self.lock().sent.iter().filter(|s| s.place == *place).cloned().collect()
    }

    fn calls(&self, method: &str, path_part: &str) -> Vec<Call> {
        self.lock()
            .calls
            .iter()
            .filter(|c| c.method == method && c.path.contains(path_part))
            .cloned()
            .collect()
    }

    fn message(&self, id: u64) -> Sent {
        self.lock().sent.iter().find(|s| s.id == id).cloned().expect("a sent message")
    }

    /// The messages posted to `channel` after the first `from` requests of the log, answered or
    /// not, in the order they were answered (a hung one when it came in).
    fn posts_to(&self, channel: &str, from: usize) -> Vec<Call> {
        let path = format!("/api/v10/channels/{channel}/messages");
        let inner = self.lock();
        let calls = inner.calls.get(from..).unwrap_or_default();
        calls.iter().filter(|c| c.method == "POST" && c.path == path).cloned().collect()
    }
}

/// The request log of `calls`, one line each, with the time since the first.
fn call_log(calls: &[Call]) -> String {
    let start = calls.first().map(|c| c.at);
    calls
        .iter()
        .map(|c| {
            let since = start.map_or(Duration::ZERO, |s| c.at.duration_since(s));
            format!("{since:>10.3?} {} {} {}: {}", c.method, c.path, c.status, c.body["content"])
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The gateway: each connection is one shard.
async fn run_gateway(stand_in: StandIn, listener: tokio::net::TcpListener) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(gateway_connection(stand_in.clone(), stream));
    }
}

/// One gateway connection: HELLO; IDENTIFY names its shard `[id, total]` (Discord closes with
/// 4010 on a shard outside the total), READY echoes it, and the connection then carries the
/// events routed to that shard ([`StandIn::send_event`]) and acknowledges heartbeats.
async fn gateway_connection(stand_in: StandIn, stream: tokio::net::TcpStream) {
    let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else { return };
    let hello = json!({"op": 10, "d": {"heartbeat_interval": 41_250}});
    if ws.send(WsMessage::text(hello.to_string())).await.is_err() {
        return;
    }
    let (link, mut events) = mpsc::unbounded_channel::<Value>();
    let mut shard = None;
    loop {
        tokio::select! {
            frame = ws.next() => {
                let Some(Ok(frame)) = frame else { break };
                let WsMessage::Text(text) = frame else { continue };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                match payload["op"].as_u64() {
                    Some(2) => {
                        let id = payload["d"]["shard"][0].as_u64().unwrap_or(0);
                        let total = payload["d"]["shard"][1].as_u64().unwrap_or(1);
                        if total == 0 || id >= total {
                            let close = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                code: 4010.into(),
                                reason: "Invalid shard".into(),
                            };
                            let _ = ws.send(WsMessage::Close(Some(close))).await;
                            break;
                        }
                        let ready = json!({"op": 0, "t": "READY", "s": 1, "d": {
                            "v": 10, "user": bot_user(), "guilds": [],
                            "session_id": format!("s-{id}"),
                            "resume_gateway_url": "ws://127.0.0.1:1", "shard": [id, total],
                            "application": {"id": APP, "flags": 0}}});
                        // Recorded before READY goes out, as the real gateway has identified
                        // the shard when it says so: a bot that answers READY at once (its
                        // commands registered) must find the identify already counted.
                        {
                            let mut inner = stand_in.lock();
                            inner.identified = true;
                            inner.intents = payload["d"]["intents"].as_u64();
                            inner.shards_identified.push((id, total));
                            inner.total_shards = total;
                        }
                        if ws.send(WsMessage::text(ready.to_string())).await.is_err() {
                            break;
                        }
                        let mut inner = stand_in.lock();
                        inner.shard_links.insert(id, link.clone());
                        for event in inner.pending.remove(&id).unwrap_or_default() {
                            let _ = link.send(event);
                        }
                        drop(inner);
                        shard = Some(id);
                        stand_in.changed.notify_waiters();
                    }
                    Some(1) => {
                        let ack = json!({"op": 11});
                        if ws.send(WsMessage::text(ack.to_string())).await.is_err() {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            event = events.recv() => {
                let Some(event) = event else { break };
                if ws.send(WsMessage::text(event.to_string())).await.is_err() {
                    break;
                }
            }
        }
    }
    if let Some(id) = shard {
        let mut inner = stand_in.lock();
        if inner.shard_links.get(&id).is_some_and(|l| l.same_channel(&link)) {
            inner.shard_links.remove(&id);
        }
    }
}

/// The header by which the stand-in's address for one instance ([`StandIn::listen_for`]) marks
/// that instance's requests.
const VIA: &str = "x-test-via";

/// The stand-in's address for instance `n`: like the stand-in's own, but each request through
/// it is recorded as made by that instance.
async fn handle_via(
    State((stand_in, n)): State<(StandIn, u64)>,
    method: Method,
    mut req: Request,
) -> Response {
    req.headers_mut().insert(VIA, axum::http::HeaderValue::from(n));
    handle(State(stand_in), method, req).await
}

async fn handle(State(stand_in): State<StandIn>, method: Method, req: Request) -> Response {
    let path = req.uri().path().to_string();
    let authorised = req
        .headers()
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bot {TOKEN}"));
    let via = req.headers().get(VIA).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    let (body, files) = body(req).await;
    // Faults hit the messages the bot posts itself: POST /api/v10/channels/<id>/messages.
    let posted = path
        .strip_prefix("/api/v10/channels/")
        .and_then(|rest| rest.strip_suffix("/messages"))
        .filter(|channel| method == Method::POST && !channel.contains('/'));
    let fault = posted
        .and_then(|channel| stand_in.lock().faults.get_mut(channel).and_then(VecDeque::pop_front));
    let record = |status: u16, body: Value, files: Vec<(String, bool, u64)>| {
        stand_in.lock().calls.push(Call {
            method: method.to_string(),
            path: path.clone(),
            body,
            files,
            status,
            authorised,
            at: Instant::now(),
            via,
        });
        stand_in.changed.notify_waiters();
    };
    let response = match fault {
        Some(Fault::Hang) => {
            record(HUNG, body, files);
            return std::future::pending().await;
        }
        Some(Fault::Pass) | None => answer(&stand_in, &method, &path, &body, &files),
        Some(Fault::Late(seconds)) => {
            // Recorded on arrival (what Discord decided then), answered later.
            let response = answer(&stand_in, &method, &path, &body, &files);
            record(response.status().as_u16(), body, files);
            tokio::time::sleep(Duration::from_secs_f64(seconds)).await;
            return response;
        }
        Some(Fault::Lost) => {
            // Made as usual; the answer never leaves.
            let _made = answer(&stand_in, &method, &path, &body, &files);
            record(LOST, body, files);
            return std::future::pending().await;
        }
        Some(fault) => fault_response(fault),
    };
    record(response.status().as_u16(), body, files);
    response
}

fn record(
    inner: &mut Inner,
    place: Place,
    body: &Value,
    files: &[(String, bool, u64)],
    token: Option<String>,
) -> u64 {
    inner.next_id += 1;
    let id = 1_000_000 + inner.next_id;
    inner.sent.push(Sent {
        id,
        place,
        content: body["content"].as_str().unwrap_or("").to_string(),
        buttons: custom_ids(body),
        files: files.to_vec(),
        embedded_board: embeds_board(body),
        token,
    });
    id
}

fn answer(
    stand_in: &StandIn,
    method: &Method,
    path: &str,
    body: &Value,
    files: &[(String, bool, u64)],
) -> Response {
    let Some(rest) = path.strip_prefix("/api/v10/") else {
        return discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found");
    };
    let parts: Vec<&str> = rest.split('/').collect();
    let mut inner = stand_in.lock();
    let ok = |v: Value| Json(v).into_response();
    match (method.as_str(), parts.as_slice()) {
        ("GET", ["gateway"]) => match inner.gateway.clone() {
            Some(url) => ok(json!({"url": url})),
            None => discord_error(StatusCode::INTERNAL_SERVER_ERROR, 0, "gateway unavailable"),
        },
        ("GET", ["gateway", "bot"]) => match inner.gateway.clone() {
            Some(url) => ok(json!({"url": url, "shards": 1, "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})),
            None => discord_error(StatusCode::INTERNAL_SERVER_ERROR, 0, "gateway unavailable"),
        },
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
            inner.registered.push((rest.to_string(), body.clone()));
            let commands: Vec<Value> = body
                .as_array()
                .into_iter()
                .flatten()
                .enumerate()
                .map(|(n, c)| {
                    let mut c = c.clone();
                    c["id"] = json!((1000 + n).to_string());
                    c["application_id"] = json!(APP);
                    c["version"] = json!("1");
                    c["default_member_permissions"] =
                        c.get("default_member_permissions").cloned().unwrap_or(Value::Null);
                    c["type"] = json!(1);
                    c
                })
                .collect();
            ok(json!(commands))
        }
        ("POST", ["interactions", _, token, "callback"]) => {
            let token = (*token).to_string();
            let Some(injected) = inner.injected.get(&token).cloned() else {
                return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
            };
            let user = person(injected.user).map_or("?", |p| p.id);
            // Type 4 is a message reply: keep it like the others.
            if body["type"] == 4 {
                let flags = body["data"]["flags"].as_u64().unwrap_or(0);
                let place = if flags & 64 != 0 {
                    Place::Ephemeral(user_static(user))
                } else {
                    public_place(&inner, injected.channel)
                };
                record(&mut inner, place, &body["data"], files, Some(token));
            }
            StatusCode::NO_CONTENT.into_response()
        }
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            let token = (*token).to_string();
            let Some(injected) = inner.injected.get(&token).cloned() else {
                return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            };
            // A button's original is the message the button is on; a command's is its
            // deferred (ephemeral) reply.
            let target = match injected.message {
                Some(id) => inner.sent.iter().position(|s| s.id == id),
                None => inner.sent.iter().position(|s| s.token.as_deref() == Some(token.as_str())),
            };
            let at = match target {
                Some(at) => at,
                None => {
                    let user = user_static(injected.user);
                    let id =
                        record(&mut inner, Place::Ephemeral(user), &json!({}), &[], Some(token));
                    inner.sent.iter().position(|s| s.id == id).expect("just recorded")
                }
            };
            let s = &mut inner.sent[at];
            if let Some(content) = body["content"].as_str() {
                s.content = content.to_string();
            }
            if body.get("components").is_some() {
                s.buttons = custom_ids(body);
            }
            if !files.is_empty() {
                s.files = files.to_vec();
            }
            if body.get("embeds").is_some() {
                s.embedded_board = embeds_board(body);
            }
            let (id, content, buttons) = (s.id, s.content.clone(), s.buttons.clone());
            ok(message_json(id, CHANNEL, &content, &buttons))
        }
        ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
            let token = (*token).to_string();
            // Only a deferred reply is ever deleted (followups keep no token here).
            inner.sent.retain(|s| s.token.as_deref() != Some(token.as_str()));
            StatusCode::NO_CONTENT.into_response()
        }
        ("POST", ["webhooks", _, token]) => {
            let token = (*token).to_string();
            let Some(injected) = inner.injected.get(&token).cloned() else {
                return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            };
            let flags = body["flags"].as_u64().unwrap_or(0);
            let place = if flags & 64 != 0 {
                Place::Ephemeral(user_static(injected.user))
            } else {
                public_place(&inner, injected.channel)
            };
            let id = record(&mut inner, place, body, files, None);
            ok(message_json(id, CHANNEL, body["content"].as_str().unwrap_or(""), &custom_ids(body)))
        }
        ("POST", ["users", "@me", "channels"]) => {
            let Some(p) = body["recipient_id"].as_str().and_then(person) else {
                return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            };
            ok(json!({"id": p.dm, "type": 1, "recipients": [p.json()], "last_message_id": null}))
        }
        ("POST", ["channels", channel, "threads"]) => {
            if inner.no_threads || *channel != CHANNEL {
                return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            let name = body["name"].as_str().unwrap_or("").to_string();
            inner.opened.push(name.clone());
            ok(json!({"id": THREAD, "type": 11, "name": name, "guild_id": GUILD,
                      "parent_id": CHANNEL, "owner_id": "777000000000000002",
                      "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
                          "archive_timestamp": "2026-11-22T00:00:00Z", "locked": false}}))
        }
        ("DELETE", ["channels", channel]) => {
            inner.deleted.push((*channel).to_string());
            ok(json!({"id": channel, "type": 11, "name": "deleted", "guild_id": GUILD}))
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            // A bot edits its own messages, in channels, threads and direct messages alike.
            let id = message.parse::<u64>().unwrap_or(0);
            let Some(s) = inner.sent.iter_mut().find(|s| s.id == id && s.token.is_none()) else {
                return discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message");
            };
            if let Some(content) = body["content"].as_str() {
                s.content = content.to_string();
            }
            if body.get("components").is_some() {
                s.buttons = custom_ids(body);
            }
            let (id, content, buttons) = (s.id, s.content.clone(), s.buttons.clone());
            inner.edits += 1;
            ok(message_json(id, channel, &content, &buttons))
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel = (*channel).to_string();
            if let Some(at) = inner.throttled.iter().position(|c| *c == channel) {
                inner.throttled.remove(at);
                return rate_limited(0.2);
            }
            let place = if channel == CHANNEL {
                Place::Channel
            } else if channel == OTHER_CHANNEL {
                Place::OtherChannel
            } else if channel == THREAD {
                Place::Thread
            } else if let Some((&server, _)) = inner.servers.get_key_value(channel.as_str()) {
                Place::Server(server)
            } else if let Some(p) = by_dm(&channel) {
                if inner.closed.contains(p.id) {
                    return discord_error(
                        StatusCode::FORBIDDEN,
                        50007,
                        "Cannot send messages to this user",
                    );
                }
                Place::Dm(p.id)
            } else {
                return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
            };
            let allowed = inner.permissions_in(&channel);
            let attaches = !files.is_empty();
            if !matches!(place, Place::Dm(_))
                && (allowed & SEND_MESSAGES == 0 || (attaches && allowed & ATTACH_FILES == 0))
            {
                return discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            if body["content"].as_str().is_some_and(|c| c.chars().count() > 2000) {
                return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            // A nonce is a string of at most 25 characters or an integer. With
            // `enforce_nonce`, the same nonce from the same author in the same channel within
            // a few minutes makes no new message: Discord answers with the one it made.
            let nonce = match &body["nonce"] {
                Value::String(n) if n.chars().count() > 25 => {
                    return discord_error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
                }
                Value::String(n) => Some(n.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            };
            let enforced = body["enforce_nonce"] == true;
            if let Some(nonce) = nonce.as_ref().filter(|_| enforced) {
                let key = (channel.clone(), nonce.clone());
                let made = inner.nonces.get(&key).filter(|(_, at)| at.elapsed() < NONCE_MEMORY);
                if let Some(s) = made.and_then(|(id, _)| inner.sent.iter().find(|s| s.id == *id)) {
                    return ok(message_json(s.id, &channel, &s.content, &s.buttons));
                }
            }
            let in_dm = matches!(place, Place::Dm(_));
            let id = record(&mut inner, place, body, files, None);
            if let Some(nonce) = nonce.filter(|_| enforced) {
                inner.nonces.insert((channel.clone(), nonce), (id, Instant::now()));
            }
            let message = message_json(
                id,
                &channel,
                body["content"].as_str().unwrap_or(""),
                &custom_ids(body),
            );
            // Discord echoes a bot's own direct messages to it as MESSAGE_CREATE (author: the
            // bot) when it asked for DIRECT_MESSAGES: a bot must not read its own words.
            if in_dm && inner.intents.is_some_and(|i| i & (1 << 12) != 0) {
                drop(inner);
                stand_in.send_event("MESSAGE_CREATE", message.clone());
            }
            ok(message)
        }
        _ => discord_error(StatusCode::NOT_FOUND, 0, "404: Not Found (not in the stand-in)"),
    }
}

fn user_static(id: &str) -> &'static str {
    person(id).map_or("?", |p| p.id)
}

/// The data of `/name` with `options` (`(name, type, value)`, users resolved as Discord does).
fn slash_data(name: &str, options: &[(&str, u8, Value)]) -> Value {
    let mut resolved = serde_json::Map::new();
    let mut members = serde_json::Map::new();
    let opts: Vec<Value> = options
        .iter()
        .map(|(n, t, v)| {
            if *t == 6 {
                let p = person(v.as_str().expect("a user id")).expect("a known person");
                resolved.insert(p.id.to_string(), p.json());
                let mut m = p.member("0");
                m.as_object_mut().expect("an object").remove("user");
                members.insert(p.id.to_string(), m);
            }
            json!({"name": n, "type": t, "value": v})
        })
        .collect();
    let mut data = json!({"id": "1000", "name": name, "type": 1, "options": opts});
    if !resolved.is_empty() {
        data["resolved"] = json!({"users": resolved, "members": members});
    }
    data
}

/// Where a public answer to an interaction from `channel` lands (followups and replies keep
/// no thread of their own here).
fn public_place(inner: &Inner, channel: &str) -> Place {
    if channel == OTHER_CHANNEL {
        Place::OtherChannel
    } else if let Some((&server, _)) = inner.servers.get_key_value(channel) {
        Place::Server(server)
    } else {
        Place::Channel
    }
}

/// A path (`A1-A4`) or an edge (`B3:R`): what the channel must never see during a game.
fn has_private_detail(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(5).any(|w| {
        w[0].is_ascii_uppercase()
            && w[1].is_ascii_digit()
            && ((w[2] == '-' && w[3].is_ascii_uppercase() && w[4].is_ascii_digit())
                || (w[2] == ':' && "UDLR".contains(w[3])))
    })
}

/// `arbiter serve` running against a fresh stand-in and database.
struct Bot {
    api: StandIn,
    url: String,
    stop: Option<oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<anyhow::Result<()>>,
    _dir: tempfile::TempDir,
}

impl Bot {
    /// The bot's database file (the test may open it beside the running bot: SQLite in WAL
    /// mode takes a second connection).
    fn db(&self) -> std::path::PathBuf {
        self._dir.path().join("arbiter.db")
    }

    async fn start() -> Bot {
        Bot::start_with(true, |_| {}).await
    }

    /// Starts the bot (commands in the test server when `guild`) after `prepare` set up the
    /// stand-in.
    async fn start_with(guild: bool, prepare: impl FnOnce(&mut Inner)) -> Bot {
        Bot::start_with_env(guild, &[], prepare).await
    }

    /// Starts the bot like [`Bot::start_with`], with the environment variables `extra` besides
    /// the usual ones (delivery settings).
    async fn start_with_env(
        guild: bool,
        extra: &[(&str, &str)],
        prepare: impl FnOnce(&mut Inner),
    ) -> Bot {
        let (api, url) = StandIn::start().await;
        prepare(&mut api.lock());
        let threads = api.lock().threads_on;
        let dir = tempfile::tempdir().expect("a temporary directory");
        let file = dir.path().join("config.toml");
        std::fs::write(&file, "[console]\nuser = \"nobody\"\n").expect("the config file");
        let db = dir.path().join("arbiter.db").display().to_string();
        let env = |key: &str| match key {
            "DISCORD_THREADS" if threads => Some("true".to_string()),
            "DISCORD_TOKEN" => Some(TOKEN.to_string()),
            "DISCORD_API_URL" => Some(url.clone()),
            "DISCORD_GUILD_ID" if guild => Some(GUILD.to_string()),
            "ARBITER_DATABASE" => Some(db.clone()),
            _ => extra.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_string()),
        };
        let config = Config::load(Some(&file), env).expect("the configuration loads");
        assert!(config.has_platform(), "a token turns Discord on");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            serve::run(&config, 7, async {
                let _ = stopped.await;
            })
            .await
        });
        // A bot that stops before it registers its commands (it could not bind its address, say)
        // fails here with its own error rather than after the wait's patience.
        let mut task = task;
        tokio::select! {
            () = api.wait("the commands registered", |i| (!i.registered.is_empty()).then_some(())) => {}
            ended = &mut task => panic!("serve stopped before registering its commands: {ended:?}"),
        }
        Bot { api, url, stop: Some(stop), task, _dir: dir }
    }

    /// Stops `serve` and checks what holds for every test: it stopped cleanly, every request
    /// reached this stand-in and none was refused for leaving loopback, every REST call carried
    /// the token, every interaction was acknowledged within three seconds, and every attachment
    /// was a PNG named board.png shown in an embed.
    async fn finish(mut self) -> StandIn {
        let injected: Vec<Injected> = self.api.lock().injected.values().cloned().collect();
        for i in &injected {
            let body = self.api.callback(&i.token).await;
            let call = self
                .api
                .calls("POST", &format!("/{}/callback", i.token))
                .into_iter()
                .next()
                .expect("the callback");
            let took = call.at.duration_since(i.at);
            assert!(took < THREE_SECONDS, "{} answered after {took:?}: {body}", i.token);
        }
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let stopped = tokio::time::timeout(PATIENCE, self.task).await.expect("serve stops in time");
        stopped.expect("serve does not panic").expect("serve stops cleanly");
        assert_eq!(discord::blocked_requests(), 0, "a request tried to leave loopback");
        assert!(self.url.starts_with("http://127.0.0.1:"), "{}", self.url);
        let inner = self.api.lock();
        assert!(inner.identified, "the bot identified on the loopback gateway");
        // No post ever notifies anyone but the invitee of an invitation it carries, or the
        // player whose turn it says it is.
        for c in inner.calls.iter().filter(|c| c.method == "POST" && c.path.ends_with("/messages"))
        {
            let allowed = &c.body["allowed_mentions"];
            assert_eq!(allowed["parse"], json!([]), "{}", c.body);
            for user in allowed["users"].as_array().into_iter().flatten() {
                let user = user.as_str().unwrap_or("?");
                // In a channel's language: English, 简体 or 繁體.
                let named = [
                    format!("invites <@{user}>"),
                    format!("<@{user}>, it is your turn in #"),
                    // The notice that their private chat is closed addresses them.
                    format!("<@{user}>: allow direct messages"),
                    format!("<@{user}>："),
                    format!("邀请 <@{user}>"),
                    format!("邀請 <@{user}>"),
                    format!("<@{user}>，轮到你了"),
                    format!("<@{user}>，輪到你了"),
                ];
                let content = c.body["content"].as_str().unwrap_or("");
                assert!(named.iter().any(|n| content.contains(n)), "{user} pinged by {content:?}");
            }
        }
        for c in &inner.calls {
            assert_ne!(
                c.status, 404,
                "a route the stand-in does not know: {} {}",
                c.method, c.path
            );
            // Interaction callbacks and webhooks are authorised by their token in the path.
            if !c.path.contains("/interactions/") && !c.path.contains("/webhooks/") {
                assert!(c.authorised, "{} {} without the token", c.method, c.path);
            }
            for (name, png, _) in &c.files {
                // Boards are PNGs; a record is text and a replay a GIF, under their own names.
                let known = (name == "board.png" && *png)
                    || (["record.txt", "replay.gif"].contains(&name.as_str()) && !*png);
                assert!(known, "{} {}: {name}", c.method, c.path);
            }
        }
        for s in &inner.sent {
            // A board is shown in an embed; other files are plain attachments.
            let board = s.files.iter().any(|(name, _, _)| name == "board.png");
            assert_eq!(s.embedded_board, board, "{s:?}");
        }
        drop(inner);
        self.api
    }
}

fn text(v: &str) -> Value {
    json!(v)
}

/// Alice invites Bob to `game` with `options`; Bob accepts with the button. Returns the
/// invitation.
async fn start_game(api: &StandIn, game: &str, options: &str) -> Sent {
    let mut args = vec![("game", 3, text(game)), ("opponent", 6, text(BOB.id))];
    if !options.is_empty() {
        args.push(("options", 3, text(options)));
    }
    let token = api.slash(ALICE, "new", &args);
    let defer = api.callback(&token).await;
    assert_eq!(defer["type"], 5, "deferred: {defer}");
    assert_eq!(defer["data"]["flags"], 64, "ephemerally: {defer}");
    let invitation = api.expect_button(Place::Channel, "1:0:accept").await;
    // The invitee is named as a mention (the client shows the member), which pings no one:
    // the message allows no mentions.
    let named = format!("Alice invites <@{}>", BOB.id);
    assert!(invitation.content.contains(&named), "{}", invitation.content);
    // The stand-in records a call once it has answered it: wait for the record.
    let call = api
        .wait("the invitation's post", |i| {
            i.calls
                .iter()
                .find(|c| {
                    c.method == "POST"
                        && c.path.ends_with("/messages")
                        && c.body["content"].as_str().is_some_and(|t| t.contains(&named))
                })
                .cloned()
        })
        .await;
    // It notifies the invitee alone: no roles, no @everyone, no one else named.
    assert_eq!(call.body["allowed_mentions"]["parse"], json!([]), "{}", call.body);
    assert_eq!(call.body["allowed_mentions"]["users"], json!([BOB.id]), "{}", call.body);
    let press = api.press(BOB, &invitation, "1:0:accept");
    assert_eq!(api.callback(&press).await["type"], 6, "a press is acknowledged silently");
    invitation
}

/// `who` plays `action` with /move in the channel and confirms with the ephemeral button.
async fn play(api: &StandIn, who: Person, action: &str, turn: u32) {
    let token = api.slash(who, "move", &[("action", 3, text(action))]);
    let prefix = format!("1:{turn}:confirm-");
    let (echo, confirm) = api.expect_button_starting(Place::Ephemeral(who.id), &prefix).await;
    assert_eq!(echo.token.as_deref(), Some(token.as_str()), "the echo replaces the deferred reply");
    api.press(who, &echo, &confirm);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_the_server_with_chinese_localizations_and_typed_options() {
    let bot = Bot::start().await;
    let api = &bot.api;
    let (scope, commands) = api.lock().registered[0].clone();
    assert_eq!(scope, format!("applications/{APP}/guilds/{GUILD}/commands"));
    let list = commands.as_array().expect("a list of commands");
    let find = |name: &str| list.iter().find(|c| c["name"] == name).cloned();
    for hidden in ["press", "start"] {
        assert!(find(hidden).is_none(), "/{hidden} is not registered");
    }
    let new = find("new").expect("/new");
    assert_eq!(new["name_localizations"]["zh-CN"], "新局");
    let zh = new["description_localizations"]["zh-CN"].as_str().expect("a Chinese description");
    assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{zh}");
    // Traditional for zh-TW clients: /認輸 and a description in Traditional characters.
    let resign = find("resign").expect("/resign");
    assert_eq!(resign["name_localizations"]["zh-CN"], "认输");
    assert_eq!(resign["name_localizations"]["zh-TW"], "認輸");
    let settings = find("settings").expect("/settings");
    assert_eq!(settings["name_localizations"]["zh-TW"], "設定");
    let tw = new["description_localizations"]["zh-TW"].as_str().expect("a zh-TW description");
    assert!(tw.contains('頻') || tw.contains('對') || tw.contains('邀'), "Traditional: {tw}");
    let options = new["options"].as_array().expect("options");
    let kinds: Vec<(String, u64, bool)> = options
        .iter()
        .map(|o| {
            (
                o["name"].as_str().unwrap_or("").to_string(),
                o["type"].as_u64().unwrap_or(0),
                o["autocomplete"].as_bool().unwrap_or(false),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [("game".into(), 3, true), ("opponent".into(), 6, false), ("options".into(), 3, true)]
    );
    assert_eq!(options[0]["required"], true);
    let mv = find("move").expect("/move");
    assert_eq!(mv["options"][0]["autocomplete"], true);
    assert_eq!(mv["options"][1]["type"], 4, "a game id is an integer");
    let draw = find("draw").expect("/draw");
    let choices: Vec<&str> = draw["options"][0]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(choices, ["accept", "decline"]);
    // Options are named in the reader's script (their values still come back by name).
    assert_eq!(new["options"][0]["name"], "game");
    assert_eq!(new["options"][0]["name_localizations"]["zh-CN"], "游戏");
    assert_eq!(new["options"][0]["name_localizations"]["zh-TW"], "遊戲");
    // Choices are named in the reader's script too (the value sent back stays the index).
    let decline = &draw["options"][0]["choices"][1];
    assert_eq!(decline["name_localizations"]["zh-CN"], "拒绝", "{decline}");
    assert_eq!(decline["name_localizations"]["zh-TW"], "拒絕", "{decline}");
    let settings = find("settings").expect("/settings");
    let zh_hant = &settings["options"][0]["choices"][2];
    assert_eq!(zh_hant["name"], "zh-Hant");
    assert_eq!(zh_hant["name_localizations"]["zh-TW"], "繁體中文", "{zh_hant}");
    assert_eq!(find("admin").expect("/admin")["default_member_permissions"], "32");
    assert!(find("help").expect("/help")["default_member_permissions"].is_null());
    // The gateway was asked for GUILDS (1 << 0) and DIRECT_MESSAGES (1 << 12) alone: no
    // server messages, no privileged intent such as message content (1 << 15), members or
    // presences; everything in a server comes through interactions.
    assert_eq!(api.lock().intents, Some(1 | 1 << 12));
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_globally_without_a_test_server() {
    let bot = Bot::start_with(false, |_| {}).await;
    let scope = bot.api.lock().registered[0].0.clone();
    assert_eq!(scope, format!("applications/{APP}/commands"));
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_referee_mode_game_is_played_with_slash_commands_buttons_and_a_form_and_the_channel_never_sees_a_path()
 {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "dark-fence", "").await;
    let started = api.expect(Place::Channel, "Dark Fence #1: Alice (moves first) vs Bob").await;
    assert!(started.content.contains("Alice"), "{}", started.content);
    // The invitation's buttons are gone once the choice is made.
    let invitation = api.expect(Place::Channel, &format!("Alice invites <@{}>", BOB.id)).await;
    api.wait("the invitation's buttons removed", |i| {
        i.sent.iter().find(|s| s.id == invitation.id).filter(|s| s.buttons.is_empty()).map(|_| ())
    })
    .await;
    // Alice's private prompt (a DM: nobody asked) has her board and a "Type a move" button.
    let prompt = api.expect_button(Place::Dm(ALICE.id), "1:0:type").await;
    assert_eq!(prompt.files.len(), 1, "{prompt:?}");
    assert!(prompt.content.contains("Send a path"), "{}", prompt.content);
    // As the prompt says, she sends her path right there, as a direct message; the echo with
    // its Confirm button comes back there too.
    assert!(api.dm(ALICE, "A1-A4-B4-B3 R"), "the bot asked for direct messages");
    let (echo, confirm) = api.expect_button_starting(Place::Dm(ALICE.id), "1:0:confirm-").await;
    api.press(ALICE, &echo, &confirm);
    api.expect(Place::Channel, "Ply 1: Alice has moved.").await;
    // Bob is pinged privately; he types his move in the form the button opens.
    let prompt = api.expect_button(Place::Dm(BOB.id), "1:1:type").await;
    let press = api.press(BOB, &prompt, "1:1:type");
    let form = api.callback(&press).await;
    assert_eq!(form["type"], 9, "a modal: {form}");
    let form_id = form["data"]["custom_id"].as_str().expect("a form id").to_string();
    assert_eq!(form_id, "move:1:1");
    let submitted = api.submit(BOB, &form_id, "D4-D1 L", true);
    assert_eq!(api.callback(&submitted).await["type"], 5);
    let (echo, confirm) =
        api.expect_button_starting(Place::Ephemeral(BOB.id), "1:1:confirm-").await;
    api.press(BOB, &echo, &confirm);
    api.expect(Place::Channel, "Ply 2: Bob has moved.").await;
    // "My view" under the public board answers with the presser's own view, ephemerally.
    let board = api.expect_button(Place::Channel, "1:2:view").await;
    assert_eq!(board.files.len(), 1, "the public board");
    let before = api.at(&Place::Ephemeral(ALICE.id)).len();
    let view = api.press(ALICE, &board, "1:2:view");
    assert_eq!(api.callback(&view).await["type"], 6);
    api.wait("Alice's view", |i| {
        let mine = i.sent.iter().filter(|s| s.place == Place::Ephemeral(ALICE.id));
        (mine.count() > before).then_some(())
    })
    .await;
    assert!(!api.message(board.id).buttons.is_empty(), "My view keeps its button");
    play(api, ALICE, "B3-B1 D", 2).await;
    api.expect(Place::Channel, "Ply 3: Alice has moved.").await;
    play(api, BOB, "D1-D3-B3 U", 3).await;
    let over = api.expect(Place::Channel, "#1 is over: Alice wins.").await;
    assert!(over.content.contains("crossed the fence at B3:R"), "{}", over.content);
    let api = bot.finish().await;
    let channel: Vec<String> = api.at(&Place::Channel).into_iter().map(|s| s.content).collect();
    let during: Vec<&String> = channel.iter().take_while(|t| !t.contains("is over")).collect();
    assert!(during.len() >= 5, "{during:?}");
    for text in &during {
        assert!(!has_private_detail(text), "the channel saw a private detail: {text}");
    }
    // Every command's first answer was an ephemeral deferral; nothing was answered publicly.
    for c in api.calls("POST", "/callback") {
        assert!(c.body["type"] != 4 || c.body["data"]["flags"] == 64, "{}", c.body);
    }
    for c in api.calls("POST", "/webhooks/") {
        assert_eq!(c.body["flags"], 64, "followups are ephemeral: {}", c.body);
    }
    // Each player read only their own paths.
    let read = |p: Person| -> Vec<String> {
        let places = [Place::Dm(p.id), Place::Ephemeral(p.id)];
        api.lock()
            .sent
            .iter()
            .filter(|s| places.contains(&s.place))
            .map(|s| s.content.clone())
            .collect()
    };
    assert!(read(BOB).iter().all(|t| !t.contains("A1-A4")), "{:?}", read(BOB));
    assert!(read(ALICE).iter().all(|t| !t.contains("D4-D1")), "{:?}", read(ALICE));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_variant_game_is_played_to_a_verdict_and_a_stale_press_is_told_privately() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "dark-fence", "mode=challenge confirm_moves=false").await;
    api.expect(Place::Channel, "Dark Fence #1:").await;
    // Each window is asked of its holder privately (issue 42), with its buttons; the channel
    // hears of a ply once it closes.
    api.slash(ALICE, "move", &[("action", 3, text("A1-A2 R"))]);
    let window = api.expect_button(Place::Dm(BOB.id), "1:1:pass").await;
    assert!(
        window.content.starts_with("#1: Ply 1: Alice stops on A2. Your decision: challenge Alice?"),
        "{}",
        window.content
    );
    api.press(BOB, &window, "1:1:pass");
    api.expect(Place::Ephemeral(BOB.id), "#1: you do not challenge Alice.").await;
    let second = api.expect_button(Place::Dm(ALICE.id), "1:2:pass").await;
    assert!(
        second.content.starts_with("#1: Bob does not challenge. Your decision: challenge Bob?"),
        "{}",
        second.content
    );
    // Pressing the old window again (a client that still shows it) is a stale press, told to
    // the one who pressed.
    api.press(BOB, &window, "1:1:pass");
    api.expect(Place::Ephemeral(BOB.id), "That turn is over").await;
    api.press(ALICE, &second, "1:2:pass");
    api.expect(
        Place::Channel,
        "Ply 1: Alice stops on A2. Bob does not challenge. Alice does not challenge.\nPly 2: Bob \
         to move.",
    )
    .await;
    api.slash(BOB, "move", &[("action", 3, text("D4-B4-B2 U"))]);
    let w = api.expect_button(Place::Dm(ALICE.id), "1:4:pass").await;
    api.press(ALICE, &w, "1:4:pass");
    let w = api.expect_button(Place::Dm(BOB.id), "1:5:pass").await;
    api.press(BOB, &w, "1:5:pass");
    // Interactions are handled concurrently, as on Discord: wait for the ply to close.
    api.expect(Place::Channel, "Ply 2: Bob stops on B2.").await;
    api.slash(ALICE, "move", &[("action", 3, text("A2-A1-B1-B3 R"))]);
    let w = api.expect_button(Place::Dm(BOB.id), "1:7:challenge").await;
    api.press(BOB, &w, "1:7:challenge");
    let over = api.expect(Place::Channel, "#1 is over: Bob wins.").await;
    assert!(
        over.content.contains("Ply 3: Alice stops on B3. Bob challenges Alice!"),
        "{}",
        over.content
    );
    assert!(over.content.contains("Challenge upheld"), "{}", over.content);
    let api = bot.finish().await;
    let channel: Vec<String> = api.at(&Place::Channel).into_iter().map(|s| s.content).collect();
    for text in channel.iter().take_while(|t| !t.contains("is over")) {
        assert!(!has_private_detail(text), "the channel saw a private detail: {text}");
    }
    assert_eq!(channel.iter().filter(|t| t.contains(" stops on ")).count(), 3, "{channel:#?}");
    assert!(channel.iter().all(|t| !t.contains("turn is over") && !t.contains("Your decision")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ultima_game_suggests_only_the_movers_legal_moves_and_announces_each_with_a_board() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "ultima", "").await;
    let started =
        api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    assert_eq!(started.files.len(), 1, "the start position with its board");
    // Autocomplete: Alice (to move) gets her legal moves starting with what she typed; Bob none.
    let token = api.autocomplete(ALICE, "move", ("action", 3, "c2"), &[]);
    let choices = api.callback(&token).await;
    assert_eq!(choices["type"], 8, "{choices}");
    let offered: Vec<String> = choices["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_string))
        .collect();
    assert!(offered.contains(&"c2c5".to_string()), "{offered:?}");
    assert!(offered.iter().all(|m| m.starts_with("c2")) && offered.len() <= 25, "{offered:?}");
    let token = api.autocomplete(BOB, "move", ("action", 3, ""), &[]);
    assert_eq!(api.callback(&token).await["data"]["choices"], json!([]), "not Bob's turn");
    // Game names and game ids complete too.
    let token = api.autocomplete(ALICE, "new", ("game", 3, "ul"), &[]);
    assert_eq!(api.callback(&token).await["data"]["choices"][0]["value"], "ultima");
    let token = api.autocomplete(
        ALICE,
        "new",
        ("options", 3, "board=5x5 mo"),
        &[("game", 3, text("dark-fence"))],
    );
    let keys = api.callback(&token).await;
    assert_eq!(keys["data"]["choices"][0]["value"], "board=5x5 mode=", "{keys}");
    let token = api.autocomplete(ALICE, "board", ("id", 4, ""), &[]);
    let ids = api.callback(&token).await;
    assert_eq!(ids["data"]["choices"][0]["value"], 1, "{ids}");
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    let moved = api.expect(Place::Channel, "#1 ply 1: Alice (white) pincer c2-c5.").await;
    assert_eq!(moved.files.len(), 1, "with the board");
    api.expect(Place::Dm(BOB.id), "#1 Ultima: your move (black). Last move: c2c5.").await;
    // A refused move is told to Bob alone and changes nothing.
    api.slash(BOB, "move", &[("action", 3, text("b8b6"))]);
    api.expect(Place::Ephemeral(BOB.id), "The long leaper on b8 cannot move to b6").await;
    api.slash(BOB, "resign", &[]);
    api.expect(Place::Channel, "#1 is over: Alice wins.").await;
    let _ = bot.finish().await;
}

/// The `allowed_mentions.users` of the latest post whose text holds `needle` (waiting for the
/// stand-in to record it: it records a call once answered).
async fn allowed_users(api: &StandIn, needle: &str) -> Value {
    let call = api
        .wait(&format!("a post with {needle:?}"), |i| {
            i.calls
                .iter()
                .rev()
                .find(|c| {
                    c.method == "POST"
                        && c.path.ends_with("/messages")
                        && c.body["content"].as_str().is_some_and(|t| t.contains(needle))
                })
                .cloned()
        })
        .await;
    assert_eq!(call.body["allowed_mentions"]["parse"], json!([]), "{}", call.body);
    call.body["allowed_mentions"]["users"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_pings_follow_each_players_settings_and_notify_no_one_else() {
    let bot = Bot::start_with(true, |i| {
        i.closed.insert(CAROL.id);
    })
    .await;
    let api = &bot.api;
    // Bob wants a mention in the channel (choice 1), Alice no ping at all (choice 2); Carol
    // keeps the default (a direct message), but her direct messages are closed.
    api.slash(BOB, "settings", &[("pings", 4, json!(1))]);
    api.expect(Place::Ephemeral(BOB.id), "Turn pings: a mention in the game's chat.").await;
    api.slash(ALICE, "settings", &[("pings", 4, json!(2))]);
    api.expect(Place::Ephemeral(ALICE.id), "Turn pings: off.").await;
    start_game(api, "ultima", "").await;
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    // Bob asked for mentions, so he was not told of the invitation privately either.
    assert!(api.at(&Place::Dm(BOB.id)).is_empty(), "{:?}", api.at(&Place::Dm(BOB.id)));
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    let moved = api.expect(Place::Channel, "#1 ply 1: Alice (white) pincer c2-c5.").await;
    let ping = format!("<@{}>, it is your turn in #1.", BOB.id);
    assert!(moved.content.contains(&ping), "{}", moved.content);
    assert_eq!(allowed_users(api, &ping).await, json!([BOB.id]), "Bob alone is notified");
    // He still gets his private prompt: a mention comes on top of it.
    api.expect(Place::Dm(BOB.id), "#1 Ultima: your move (black).").await;
    api.slash(BOB, "move", &[("action", 3, text("a7a6"))]);
    let replied = api.expect(Place::Channel, "#1 ply 2: Bob (black)").await;
    assert!(!replied.content.contains("your turn"), "{}", replied.content);
    assert!(!replied.content.contains(&format!("<@{}>", ALICE.id)), "{}", replied.content);
    assert_eq!(allowed_users(api, "#1 ply 2: Bob (black)").await, json!([]));
    // Alice turned pings off: no private prompt for a game whose board is public.
    assert!(
        !api.at(&Place::Dm(ALICE.id)).iter().any(|s| s.content.contains("your move")),
        "{:?}",
        api.at(&Place::Dm(ALICE.id))
    );
    // Carol's direct messages are closed: the invitation's private copy fails, the channel is
    // told once, and her turns are announced with a mention instead.
    api.slash(ALICE, "new", &[("game", 3, text("ultima")), ("opponent", 6, text(CAROL.id))]);
    let invitation = api.expect_button(Place::Channel, "2:0:accept").await;
    api.expect(Place::Channel, "I can't send Carol direct messages").await;
    api.press(CAROL, &invitation, "2:0:accept");
    api.expect(Place::Channel, "Ultima #2: Alice (white, moves first) vs Carol (black)").await;
    // Her private prompt for this turn is refused, but the refusal reaches the bot late: only
    // after she has opened her direct messages below. A refusal in flight when the chat opens
    // is stale and must not close it again.
    let refused = format!("/api/v10/channels/{}/messages", CAROL.dm);
    let refusals =
        |i: &Inner| i.calls.iter().filter(|c| c.path == refused && c.status == 403).count();
    let before = refusals(&api.lock());
    api.lock().fault_messages(CAROL.dm, [Fault::Late(0.6)]);
    api.slash(ALICE, "move", &[("action", 3, text("c2c5")), ("id", 4, json!(2))]);
    let ping = format!("<@{}>, it is your turn in #2.", CAROL.id);
    let moved = api.expect(Place::Channel, "#2 ply 1: Alice (white) pincer c2-c5.").await;
    assert!(moved.content.contains(&ping), "{}", moved.content);
    assert_eq!(allowed_users(api, &ping).await, json!([CAROL.id]));
    // The prompt reached Discord while her direct messages were closed (refused on arrival;
    // the answer is still on its way back).
    api.wait("the refusal of Carol's prompt", |i| (refusals(i) > before).then_some(())).await;
    // Carol opens her direct messages and writes there: that proves them open, and her next
    // turn comes by direct message again, without a mention.
    api.lock().closed.remove(CAROL.id);
    assert!(api.dm(CAROL, "/games"));
    // The answer to that line itself (an earlier message the outbox sends again once the
    // direct messages open also names #2, and would not prove the line was read). It waits
    // behind the late refusal in her queue, so the refusal has been handled by then.
    api.expect(Place::Dm(CAROL.id), "Waiting for you").await;
    api.slash(CAROL, "move", &[("action", 3, text("a7a6")), ("id", 4, json!(2))]);
    api.expect(Place::Channel, "#2 ply 2: Carol (black)").await;
    api.slash(ALICE, "move", &[("action", 3, text("d2d5")), ("id", 4, json!(2))]);
    let moved = api.expect(Place::Channel, "#2 ply 3: Alice (white)").await;
    assert!(!moved.content.contains("your turn"), "{}", moved.content);
    api.expect(Place::Dm(CAROL.id), "#2 Ultima: your move (black).").await;
    // The stale refusal told the channel nothing: it spoke of her direct messages once.
    let told = api.at(&Place::Channel);
    let closed: Vec<_> = told.iter().filter(|s| s.content.contains("direct messages")).collect();
    assert_eq!(closed.len(), 1, "{told:?}");
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_closed_after_the_invitation_ping_the_player_on_their_first_missed_turn() {
    // Bob keeps the default (`pings=dm`) and got his invitation privately; then he closes his
    // direct messages. His first turn's private prompt is refused only after the move was
    // announced, so the channel's notice itself must ping him and say it is his turn; later
    // turns ping him in their announcement.
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "ultima", "").await;
    api.expect(Place::Dm(BOB.id), "Alice invites you").await;
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    api.lock().closed.insert(BOB.id);
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    let moved = api.expect(Place::Channel, "#1 ply 1: Alice (white) pincer c2-c5.").await;
    assert!(!moved.content.contains("your turn"), "{}", moved.content);
    let ping = format!("<@{}>, it is your turn in #1.", BOB.id);
    let told = api.expect(Place::Channel, "I can't send Bob direct messages").await;
    assert!(told.content.ends_with(&ping), "{}", told.content);
    assert!(told.content.contains(&format!("<@{}>: allow direct messages", BOB.id)));
    assert_eq!(allowed_users(api, "I can't send Bob direct messages").await, json!([BOB.id]));
    // His next turn: the announcement pings him, as his private chat is known to be closed.
    api.slash(BOB, "move", &[("action", 3, text("a7a6"))]);
    api.expect(Place::Channel, "#1 ply 2: Bob (black)").await;
    api.slash(ALICE, "move", &[("action", 3, text("d2d5"))]);
    let moved = api.expect(Place::Channel, "#1 ply 3: Alice (white)").await;
    assert!(moved.content.contains(&ping), "{}", moved.content);
    assert_eq!(allowed_users(api, "#1 ply 3: Alice (white)").await, json!([BOB.id]));
    let told = api.at(&Place::Channel);
    let closed: Vec<_> = told.iter().filter(|s| s.content.contains("direct messages")).collect();
    assert_eq!(closed.len(), 1, "the channel is told once: {told:?}");
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitee_is_told_privately_and_may_accept_there_and_stale_buttons_go_everywhere() {
    let bot = Bot::start().await;
    let api = &bot.api;
    api.slash(ALICE, "new", &[("game", 3, text("ultima")), ("opponent", 6, text(BOB.id))]);
    let invitation = api.expect_button(Place::Channel, "1:0:accept").await;
    let private = api.expect_button(Place::Dm(BOB.id), "1:0:accept").await;
    assert!(private.content.starts_with("Alice invites you to Ultima #1."), "{}", private.content);
    assert!(private.buttons.contains(&"1:0:decline".to_string()), "{:?}", private.buttons);
    api.press(BOB, &private, "1:0:accept");
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    // The invitation's buttons are gone from both copies: the one pressed, and the other.
    api.wait("the channel's Accept taken off", |i| {
        let old = i.sent.iter().find(|s| s.id == invitation.id)?;
        old.buttons.is_empty().then_some(())
    })
    .await;
    assert!(api.message(private.id).buttons.is_empty());
    // A spectator's look at the board is for her alone.
    api.slash(CAROL, "board", &[]);
    api.wait("Carol's board", |i| {
        i.sent
            .iter()
            .any(|s| s.place == Place::Ephemeral(CAROL.id) && !s.files.is_empty())
            .then_some(())
    })
    .await;
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hidden_information_games_get_no_move_suggestions() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "dark-fence", "").await;
    api.expect(Place::Channel, "Dark Fence #1:").await;
    let token = api.autocomplete(ALICE, "move", ("action", 3, "A"), &[]);
    assert_eq!(api.callback(&token).await["data"]["choices"], json!([]));
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn closed_direct_messages_are_explained_in_the_channel_once_and_the_game_goes_on() {
    let bot = Bot::start_with(true, |i| {
        i.closed.insert(BOB.id);
    })
    .await;
    let api = &bot.api;
    start_game(api, "dark-fence", "confirm_moves=false").await;
    api.expect(Place::Channel, "Dark Fence #1:").await;
    api.slash(ALICE, "move", &[("action", 3, text("A1-A4-B4-B3 R"))]);
    api.expect(Place::Channel, "Ply 1: Alice has moved.").await;
    let told = api.expect(Place::Channel, "allow direct messages").await;
    assert!(told.content.starts_with("I can't send Bob direct messages"), "{}", told.content);
    let refused = api.calls("POST", "/channels/").into_iter().filter(|c| c.status == 403).count();
    assert!(refused >= 1);
    // Bob asks for his view: it comes ephemerally, and he plays on.
    api.slash(BOB, "view", &[]);
    api.wait("Bob's view", |i| {
        i.sent
            .iter()
            .any(|s| s.place == Place::Ephemeral(BOB.id) && !s.files.is_empty())
            .then_some(())
    })
    .await;
    api.slash(BOB, "move", &[("action", 3, text("D4-D1 L"))]);
    api.expect(Place::Channel, "Ply 2: Bob has moved.").await;
    // Closed direct messages never keep a game from starting on Discord (views are ephemeral).
    api.slash(ALICE, "new", &[("game", 3, text("dark-fence")), ("opponent", 6, text(BOB.id))]);
    let invitation = api.expect_button(Place::Channel, "2:0:accept").await;
    api.press(BOB, &invitation, "2:0:accept");
    api.expect(Place::Channel, "Dark Fence #2: Alice (moves first) vs Bob").await;
    let api = bot.finish().await;
    let told = api
        .at(&Place::Channel)
        .iter()
        .filter(|s| s.content.contains("allow direct messages"))
        .count();
    assert_eq!(told, 1, "the channel is told once: {:#?}", api.at(&Place::Channel));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_message_is_sent_again_after_a_pause_and_arrives_once() {
    let bot = Bot::start_with(true, |i| i.throttled.push(CHANNEL.to_string())).await;
    let api = &bot.api;
    let token = api.slash(ALICE, "new", &[("game", 3, text("ultima"))]);
    api.callback(&token).await;
    api.expect(Place::Channel, "waits for an opponent").await;
    let tries: Vec<Call> = api.calls("POST", &format!("/channels/{CHANNEL}/messages"));
    assert_eq!(tries.iter().map(|c| c.status).take(2).collect::<Vec<_>>(), [429, 200]);
    assert_eq!(tries[0].body, tries[1].body);
    let pause = tries[1].at.duration_since(tries[0].at);
    assert!(pause >= Duration::from_millis(450), "waited {pause:?}");
    assert_eq!(api.at(&Place::Channel).len(), 1);
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zh_tw_client_reads_traditional_chinese_without_settings() {
    let bot = Bot::start().await;
    let api = &bot.api;
    api.lock().locales.insert(BOB.id, "zh-TW");
    api.slash(BOB, "help", &[]);
    let help = api.expect(Place::Ephemeral(BOB.id), "(/認輸)").await;
    assert!(
        help.content.contains("(/設定)") && !help.content.contains("(/认输)"),
        "{}",
        help.content
    );
    api.slash(ALICE, "help", &[]);
    let english = api.expect(Place::Ephemeral(ALICE.id), "/resign").await;
    assert!(
        !english.content.contains("認輸"),
        "an en-US client reads English: {}",
        english.content
    );
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn personal_answers_and_refusals_are_ephemeral_and_admin_commands_need_the_permission() {
    let bot = Bot::start().await;
    let api = &bot.api;
    api.slash(BOB, "help", &[]);
    api.expect(Place::Ephemeral(BOB.id), "/new").await;
    api.slash(BOB, "accept", &[]);
    api.wait("Bob's refusal", |i| {
        i.sent
            .iter()
            .find(|s| s.place == Place::Ephemeral(BOB.id) && !s.content.contains("/new"))
            .cloned()
    })
    .await;
    let token = api.slash(ALICE, "new", &[("game", 3, text("ultima"))]);
    api.callback(&token).await;
    api.expect(Place::Channel, "#1 and waits for an opponent").await;
    // Bob has no "manage server" permission; Alice has.
    api.slash(BOB, "admin", &[("id", 4, json!(1))]);
    api.expect(Place::Ephemeral(BOB.id), "Only an administrator").await;
    api.slash(ALICE, "admin", &[("id", 4, json!(1))]);
    api.expect(Place::Channel, "Alice aborts #1.").await;
    // In direct messages, everything is between the bot and the user.
    api.slash_in(CAROL, "games", &[], true);
    api.wait("Carol's answer", |i| {
        i.sent.iter().any(|s| s.place == Place::Ephemeral(CAROL.id)).then_some(())
    })
    .await;
    let api = bot.finish().await;
    let public: Vec<String> = api.at(&Place::Channel).into_iter().map(|s| s.content).collect();
    assert!(
        public.iter().all(|t| !t.contains("/new <game>") && !t.contains("Only an administrator")),
        "{public:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_is_reached_only_from_its_server_and_admins_act_only_on_their_own_server() {
    let bot = Bot::start().await;
    let api = &bot.api;
    let token =
        api.slash(ALICE, "new", &[("game", 3, text("ultima")), ("opponent", 6, text(BOB.id))]);
    api.callback(&token).await;
    let invitation = api.expect_button(Place::Channel, "1:0:accept").await;
    api.press(BOB, &invitation, "1:0:accept");
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob").await;
    // From another server, where Carol manages the server, nothing of game #1 is reached: not
    // by her, nor by Bob, who plays it.
    api.lock().other_server = true;
    api.slash(CAROL, "admin", &[("id", 4, json!(1))]);
    api.expect(Place::Ephemeral(CAROL.id), "There is no running game #1.").await;
    api.slash(CAROL, "board", &[("id", 4, json!(1))]);
    api.slash(BOB, "board", &[("id", 4, json!(1))]);
    api.expect(Place::Ephemeral(BOB.id), "There is no running game #1.").await;
    api.wait("Carol's two refusals", |i| {
        let n = i.sent.iter().filter(|s| s.place == Place::Ephemeral(CAROL.id)).count();
        (n >= 2).then_some(())
    })
    .await;
    let carol: Vec<String> =
        api.at(&Place::Ephemeral(CAROL.id)).into_iter().map(|s| s.content).collect();
    assert!(carol.iter().all(|t| t == "There is no running game #1."), "{carol:?}");
    // Alice manages the first server: there she may abort it.
    api.lock().other_server = false;
    api.slash(ALICE, "admin", &[("id", 4, json!(1))]);
    api.expect(Place::Channel, "Alice aborts #1.").await;
    let api = bot.finish().await;
    let public: Vec<String> = api.at(&Place::Channel).into_iter().map(|s| s.content).collect();
    assert!(public.iter().all(|t| !t.contains("Carol")), "{public:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_loopback_api_whose_gateway_is_elsewhere_is_refused_before_connecting() {
    let (api, url) = StandIn::start().await;
    api.lock().gateway = None;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let file = dir.path().join("config.toml");
    std::fs::write(&file, "").expect("the config file");
    let db = dir.path().join("arbiter.db").display().to_string();
    let env = |key: &str| match key {
        "DISCORD_TOKEN" => Some(TOKEN.to_string()),
        "DISCORD_API_URL" => Some(url.clone()),
        "ARBITER_DATABASE" => Some(db.clone()),
        _ => None,
    };
    let config = Config::load(Some(&file), env).expect("the configuration loads");
    let result = tokio::time::timeout(PATIENCE, serve::run(&config, 7, std::future::pending()))
        .await
        .expect("serve gives up at once");
    let error = format!("{:#}", result.expect_err("serve refuses"));
    assert!(
        error.contains("refusing to connect") && error.contains("gateway.discord.gg"),
        "{error}"
    );
    assert!(!api.lock().identified);
    assert_eq!(discord::blocked_requests(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_perfect10_promotion_is_chosen_with_a_button_in_the_channel() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "perfect10", "").await;
    api.expect(Place::Channel, "Perfect 10 x 10 #1: Alice (white, moves first) vs Bob (black)")
        .await;
    api.slash(ALICE, "move", &[("action", 3, text("e3e5"))]);
    api.expect(Place::Channel, "#1 ply 1: Alice (white) e3-e5: pawn e3-e5.").await;
    api.slash(BOB, "move", &[("action", 3, text("a8a7"))]);
    api.expect(Place::Channel, "#1 ply 2: Bob (black) a8-a7: pawn a8-a7.").await;
    // e5-e6 reaches White's first promotion line: the question is Alice's alone (she asked),
    // with one button per choice; the press completes the move for everyone.
    api.slash(ALICE, "move", &[("action", 3, text("e5e6"))]);
    let wazir = "1:2:complete-=W";
    let question = api
        .wait("the promotion question", |i| {
            i.sent.iter().find(|s| s.buttons.iter().any(|b| b == wazir)).cloned()
        })
        .await;
    assert!(question.content.starts_with("A pawn reaching e6 may become"), "{}", question.content);
    api.press(ALICE, &question, wazir);
    let promoted = api.expect(Place::Channel, "#1 ply 3: Alice (white) e5-e6=W").await;
    assert_eq!(promoted.files.len(), 1, "{}", promoted.content);
    api.slash(BOB, "resign", &[]);
    api.expect(Place::Channel, "#1 is over: Alice wins.").await;
    let _ = bot.finish().await;
}

/// The real binary: `arbiter` with no subcommand serves Discord once `DISCORD_TOKEN` is set
/// (here with `DISCORD_API_URL` on the stand-in), answers a command, stops cleanly on SIGTERM,
/// and its logs, even at trace level (every crate's, serenity's included), never contain the
/// token.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_discord_when_a_token_is_set_and_never_logs_the_token() {
    let (api, url) = StandIn::start().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    // Trace logs are large: a file, not a pipe nobody reads while the bot runs (a full pipe
    // would block the bot).
    let log_path = dir.path().join("stderr.log");
    let log_file = std::fs::File::create(&log_path).expect("the log file");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_URL", &url)
        .env("DISCORD_GUILD_ID", GUILD)
        .env("ARBITER_DATABASE", dir.path().join("arbiter.db"))
        .env("RUST_LOG", "trace")
        .env_remove("TELEGRAM_TOKEN")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(log_file)
        .spawn()
        .expect("the binary starts");
    let deadline = Instant::now() + PATIENCE;
    while api.lock().registered.is_empty() {
        let exited = child.try_wait().expect("the child's status").is_some();
        if exited || Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            let logs = std::fs::read_to_string(&log_path).unwrap_or_default();
            panic!("no commands registered:\n{logs}");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let token = api.slash(ALICE, "help", &[]);
    assert_eq!(api.callback(&token).await["type"], 5);
    api.expect(Place::Ephemeral(ALICE.id), "/new").await;
    let stopped = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(stopped.success());
    let deadline = Instant::now() + PATIENCE;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the child's status") {
            break status;
        }
        assert!(Instant::now() < deadline, "the binary did not stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let logs = std::fs::read_to_string(&log_path).expect("the logs");
    assert!(status.success(), "{status:?}\n{logs}");
    assert!(logs.contains("connected to Discord"), "{logs}");
    assert!(logs.contains("TRACE"), "trace logging was on");
    let secret = TOKEN.rsplit('.').next().unwrap_or(TOKEN);
    let hex: String = secret.bytes().map(|b| format!("{b:02x}")).collect();
    for form in [TOKEN, secret, hex.as_str()] {
        assert!(!logs.contains(form), "the token leaked into the logs (as {form})");
    }
    let inner = api.lock();
    let rest = inner.calls.iter().filter(|c| !c.path.contains("/interactions/"));
    assert!(rest.filter(|c| !c.path.contains("/webhooks/")).all(|c| c.authorised));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_threads_on_each_game_lives_in_its_own_thread_and_falls_back_to_the_channel() {
    let bot = Bot::start_with(true, |i| i.threads_on = true).await;
    let api = &bot.api;
    let token =
        api.slash(ALICE, "new", &[("game", 3, text("ultima")), ("opponent", 6, text(BOB.id))]);
    api.callback(&token).await;
    let invitation = api.expect_button(Place::Thread, "1:0:accept").await;
    let named = format!("Alice invites <@{}>", BOB.id);
    assert!(invitation.content.contains(&named), "{}", invitation.content);
    assert_eq!(api.lock().opened, ["ultima · Alice"]);
    // The players now talk in the thread.
    api.lock().here = Some(THREAD);
    api.press(BOB, &invitation, "1:0:accept");
    api.expect(Place::Thread, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    api.expect(Place::Thread, "#1 ply 1: Alice (white) pincer c2-c5.").await;
    api.slash(BOB, "resign", &[]);
    api.expect(Place::Thread, "#1 is over: Alice wins.").await;
    assert!(api.at(&Place::Channel).is_empty(), "nothing of the game in the channel");
    // The thread's channel reaches the game too: its end, asked for there, is shown to the
    // asker there (a look at a board is for the one who asks).
    api.lock().here = None;
    api.slash(CAROL, "board", &[("id", 4, json!(1))]);
    api.expect(Place::Ephemeral(CAROL.id), "#1 is over: Alice wins.").await;
    // A refused /new opens no thread at all (it is checked first).
    api.lock().here = None;
    api.slash(ALICE, "new", &[("game", 3, text("no-such-game"))]);
    api.expect(Place::Ephemeral(ALICE.id), "no-such-game").await;
    assert_eq!(api.lock().opened, ["ultima · Alice"], "no second thread");
    assert!(api.lock().deleted.is_empty());
    // Where threads are not allowed, the game stays in the channel.
    api.lock().no_threads = true;
    api.slash(ALICE, "new", &[("game", 3, text("ultima"))]);
    api.expect(Place::Channel, "#2 and waits for an opponent").await;
    let _ = bot.finish().await;
}

/// What `who` and the channel received, in order, for comparing twins: the text, the buttons
/// and the images' bytes (by digest). Each place in its own order, one after the other: each
/// destination has its own delivery queue, so only the order within one is promised.
fn seen_by(api: &StandIn, who: Person) -> Vec<(Place, String, Vec<String>, Vec<u64>)> {
    let places = [Place::Channel, Place::Dm(who.id), Place::Ephemeral(who.id)];
    let inner = api.lock();
    places
        .iter()
        .flat_map(|place| inner.sent.iter().filter(move |s| s.place == *place))
        .map(|s| {
            let digests = s.files.iter().map(|f| f.2).collect();
            (s.place.clone(), s.content.clone(), s.buttons.clone(), digests)
        })
        .collect()
}

type Seen = Vec<(Place, String, Vec<String>, Vec<u64>)>;

/// Plays Dark Fence through a fresh bot with Alice's first move `first` (Bob's reply fixed);
/// returns what Bob and what Alice received (each with the channel).
async fn twin(first: &str) -> (Seen, Seen) {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "dark-fence", "confirm_moves=false").await;
    api.expect(Place::Channel, "Dark Fence #1:").await;
    // Everything Bob is sent is waited for before the twins are compared: each destination has
    // its own queue, so a message still in flight at the end would differ by timing alone (a
    // CI run once compared a twin before Bob's answer to his move had arrived).
    api.expect(Place::Ephemeral(BOB.id), "the game has begun").await;
    api.slash(ALICE, "move", &[("action", 3, text(first))]);
    api.expect(Place::Channel, "Ply 1: Alice has moved.").await;
    api.expect_button(Place::Dm(BOB.id), "1:1:type").await;
    api.slash(BOB, "move", &[("action", 3, text("D4-D1 L"))]);
    api.expect(Place::Channel, "Ply 2: Bob has moved.").await;
    api.expect(Place::Ephemeral(BOB.id), "#1 ply 2: played").await;
    api.expect_button(Place::Dm(ALICE.id), "1:2:type").await;
    let api = bot.finish().await;
    (seen_by(&api, BOB), seen_by(&api, ALICE))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_channel_and_the_opponent_receive_the_same_bytes_whatever_the_hidden_path() {
    // Both paths end on B3 with the fence to the right: the same public facts, different
    // secrets (checked with `arbiter play`: the same position and public events).
    let (a, alice_a) = twin("A1-A4-B4-B3 R").await;
    let (b, alice_b) = twin("A1-A2-B2-B3 R").await;
    assert!(a.len() >= 6, "{a:?}");
    assert!(a.iter().any(|(_, _, _, d)| !d.is_empty()), "boards were compared too");
    assert_eq!(a, b, "the channel or Bob saw something that depends on Alice's path");
    // The comparison sees secrets where they belong: Alice's own messages differ.
    assert_ne!(alice_a, alice_b);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn choosing_this_bot_as_the_opponent_starts_chaos_clock_against_it_with_action_buttons() {
    let bot = Bot::start().await;
    let api = &bot.api;
    let token = api.slash(
        ALICE,
        "new",
        &[("game", 3, text("chaos-clock")), ("opponent", 6, text(ARBITER.id))],
    );
    api.callback(&token).await;
    // No invitation: the game starts, and the bot (乙) moves first, in the channel.
    api.expect(Place::Channel, "Chaos Clock #1: Alice (Jia, odd pieces) vs Arbiter (bot)").await;
    let reply = api.expect(Place::Channel, "#1 ply 1: Arbiter (bot) (Yi, even)").await;
    assert!(reply.content.contains("Alice (Jia, odd) to act."), "{}", reply.content);
    // One button per legal action of Alice's, each carrying the action.
    assert!(!reply.buttons.is_empty() && reply.buttons.len() <= 13, "{:?}", reply.buttons);
    assert!(reply.buttons.iter().all(|b| b.starts_with("1:1:act-")), "{:?}", reply.buttons);
    // Bob may not press Alice's buttons; Alice's press plays and the bot answers.
    let choice = reply.buttons[0].clone();
    api.press(BOB, &reply, &choice);
    api.expect(Place::Ephemeral(BOB.id), "Game #1 is not one you can do that in.").await;
    api.press(ALICE, &reply, &choice);
    api.expect(Place::Channel, "#1 ply 2: Alice (Jia, odd)").await;
    let third = api.expect(Place::Channel, "#1 ply 3: ").await;
    // A typed /move moves the turn on too: the buttons of the turn it ended are taken off
    // (a press takes off those of its own message), and only the new turn's stay.
    let typed = third.buttons[0].strip_prefix("1:3:act-").expect("an action of ply 3").to_string();
    api.slash(ALICE, "move", &[("action", 3, text(&typed))]);
    let fifth = api.expect(Place::Channel, "#1 ply 5: ").await;
    api.wait("ply 3's buttons taken off", |i| {
        let old = i.sent.iter().find(|s| s.id == third.id)?;
        old.buttons.is_empty().then_some(())
    })
    .await;
    assert!(fifth.buttons.iter().all(|b| b.starts_with("1:5:act-")), "{:?}", fifth.buttons);
    assert!(!api.message(fifth.id).buttons.is_empty(), "the turn to play keeps its own");
    assert!(api.calls("PATCH", "/channels/").iter().all(|c| c.status == 200));
    // Every game has the bot, with a level and a side by the game's own seat names: here it is
    // white in Perfect 10 x 10 at level 2, and opens at once.
    let token = api.slash(
        ALICE,
        "new",
        &[
            ("game", 3, text("perfect10")),
            ("opponent", 6, text(ARBITER.id)),
            ("options", 3, text("level=2 side=black")),
        ],
    );
    api.callback(&token).await;
    let started =
        api.expect(Place::Channel, "Perfect 10 x 10 #2: Arbiter (bot) (white, moves first)").await;
    assert!(started.content.contains("I play at level 2 of 6"), "{}", started.content);
    api.expect(Place::Channel, "#2 ply 1: Arbiter (bot) (white)").await;
    // Nothing is ever sent privately to the bot itself.
    assert!(api.at(&Place::Dm(ARBITER.id)).is_empty());
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_dark_fence_game_against_the_bot_is_played_by_direct_message() {
    let bot = Bot::start().await;
    let api = &bot.api;
    let token = api.slash(
        ALICE,
        "new",
        &[
            ("game", 3, text("dark-fence")),
            ("opponent", 6, text(ARBITER.id)),
            ("options", 3, text("level=4 confirm_moves=false")),
        ],
    );
    api.callback(&token).await;
    api.expect(Place::Channel, "I play at level 4 of 6").await;
    // Alice copies each prompt's example move (checked against her own knowledge, as a
    // player would copy it) into her direct messages, until the channel hears the end.
    let mut handled = 0;
    for _ in 0..200 {
        let (read, example) = api
            .wait("Alice's next prompt or the end", |i| {
                if i.sent
                    .iter()
                    .any(|s| s.place == Place::Channel && s.content.contains("#1 is over"))
                {
                    return Some((handled, None));
                }
                // Her first prompt answers her slash command (ephemeral), the later ones her
                // direct messages.
                let mine: Vec<&Sent> = i
                    .sent
                    .iter()
                    .filter(|s| {
                        s.place == Place::Dm(ALICE.id) || s.place == Place::Ephemeral(ALICE.id)
                    })
                    .collect();
                mine.iter().enumerate().skip(handled).find_map(|(n, s)| {
                    let example = s.content.contains("your move (ply").then(|| {
                        s.content.split("e.g. ").nth(1).and_then(|t| t.split('.').next())
                    })??;
                    Some((n + 1, Some(example.to_string())))
                })
            })
            .await;
        handled = read;
        let Some(example) = example else { break };
        assert!(api.dm(ALICE, &example), "the bot asked for direct messages");
    }
    let channel: Vec<String> = api.at(&Place::Channel).into_iter().map(|s| s.content).collect();
    assert!(channel.iter().any(|t| t.contains("#1 is over")), "{channel:#?}");
    assert!(channel.iter().any(|t| t.contains("Arbiter (bot) has moved")), "{channel:#?}");
    // Nothing is ever sent privately to the bot itself.
    assert!(api.at(&Place::Dm(ARBITER.id)).is_empty());
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fair_chaos_clock_game_with_hints_gives_each_player_their_hint_ephemerally() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "chaos-clock", "start=fair hints=on").await;
    let started = api
        .expect(Place::Channel, "Chaos Clock #1: Alice (Jia, odd pieces) vs Bob (Yi, even pieces")
        .await;
    assert!(started.content.contains("Fair start: "), "{}", started.content);
    assert!(started.content.contains("you both bring all your pieces home"), "{}", started.content);
    assert_eq!(started.files.len(), 1, "the clock face comes with the start");
    assert!(started.buttons.iter().all(|b| b.starts_with("1:0:act-")), "{:?}", started.buttons);
    // Bob (乙) acts first: Alice's hint is refused, Bob's answers him alone.
    api.slash(ALICE, "hint", &[]);
    api.expect(Place::Ephemeral(ALICE.id), "It is Bob's turn.").await;
    api.slash(BOB, "hint", &[]);
    let hint = api
        .expect(
            Place::Ephemeral(BOB.id),
            "Hint for #1, Bob (Yi, even) to act: with best play this is a win for both. Best: ",
        )
        .await;
    // A best action keeps 共赢, so after Bob plays it Alice's hint says 共赢 too.
    let data = format!("1:0:act-{}", common::first_best(&hint.content));
    assert!(started.buttons.contains(&data), "{data} among {:?}", started.buttons);
    api.press(BOB, &started, &data);
    let moved = api.expect(Place::Channel, "#1 ply 1: Bob (Yi, even)").await;
    assert_eq!(moved.files.len(), 1, "with the clock face");
    api.slash(ALICE, "hint", &[]);
    api.expect(
        Place::Ephemeral(ALICE.id),
        "Hint for #1, Alice (Jia, odd) to act: with best play this is a win for both.",
    )
    .await;
    // Hints never reach the channel; the game ends with its analysis there.
    assert!(api.at(&Place::Channel).iter().all(|s| !s.content.contains("Best:")));
    api.slash(ALICE, "resign", &[]);
    api.expect(Place::Channel, "#1 is over: Bob wins.").await;
    api.expect(
        Place::Channel,
        "Analysis of #1: with best play the start was a win for both, and no action changed that.",
    )
    .await;
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rabble_game_is_selected_with_the_default_button_and_played_in_the_channel() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "rabble", "").await;
    let started = api
        .expect(Place::Channel, "Rabble chess #1: Alice (Red, moves first) vs Bob (Blue).")
        .await;
    assert_eq!(started.files.len(), 1, "the board comes with the start");
    // Selection: Alice builds her first pick with the piece buttons under the board, slot by
    // slot; every other pick is the default button, pressed by whoever is to pick.
    let mut pressed = api.press(ALICE, &started, "1:0:act-pick-C");
    // Each press waits for the question its slot asks: presses are interactions handled
    // concurrently, so one made before the last was played could overtake it.
    for (letter, so_far) in [("N", "C"), ("B", "C N"), ("R", "C N B")] {
        let data = format!("1:0:complete-{letter}");
        let asked = format!("of 4 (so far: {so_far})");
        let question = api
            .wait(&format!("the buttons asking {asked}"), |i| {
                i.sent
                    .iter()
                    .rev()
                    .find(|s| s.content.contains(&asked) && s.buttons.contains(&data))
                    .cloned()
            })
            .await;
        assert_eq!(api.callback(&pressed).await["type"], 6, "acknowledged silently");
        pressed = api.press(ALICE, &question, &data);
    }
    api.expect(Place::Channel, "Alice (Red) picks C N B R (step 1).").await;
    for turn in 1..18u32 {
        let who = if turn % 2 == 1 { BOB } else { ALICE };
        let data = format!("1:{turn}:act-pick-default");
        let board = api.expect_button(Place::Channel, &data).await;
        let press = api.press(who, &board, &data);
        assert_eq!(api.callback(&press).await["type"], 6, "pick {turn} acknowledged silently");
    }
    api.expect(Place::Channel, "Alice (Red) to move.").await;
    // Autocomplete turns a typed square into that unit's turns, each checked by the engine.
    let token = api.autocomplete(ALICE, "move", ("action", 3, "7,6"), &[]);
    let choices = api.callback(&token).await;
    let offered: Vec<&str> = choices["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .filter_map(|c| c["value"].as_str())
        .collect();
    assert!(offered.contains(&"7,6x7,8"), "{offered:?}");
    assert!(offered.iter().all(|t| t.starts_with("7,6")), "{offered:?}");
    api.slash(ALICE, "move", &[("action", 3, text("7,6x7,8"))]);
    let moved = api
        .expect(Place::Channel, "#1 ply 1: Alice (Red) plays (7,6,1)x(7,8,1), capturing p (+1)")
        .await;
    assert_eq!(moved.files.len(), 1, "with the board");
    // A refused turn is told to Bob alone and changes nothing.
    api.slash(BOB, "move", &[("action", 3, text("3,7>3,6"))]);
    api.expect(Place::Ephemeral(BOB.id), "Not played: (3,6,1) holds an enemy unit").await;
    // `/moves` and the 3-D observation, with their options, answer the asker alone (look-ups,
    // like /rules and /games).
    api.slash(BOB, "moves", &[("square", 3, text("3,7"))]);
    api.expect(Place::Ephemeral(BOB.id), "#1: where p on (3,7,1) can go").await;
    api.slash(BOB, "view", &[("slice", 3, text("z 5..8 5..8"))]);
    let slice = api.expect(Place::Ephemeral(BOB.id), "#1 3-D observation: x 5..8, y 5..8").await;
    assert_eq!(slice.files.len(), 1, "with its picture");
    api.slash(BOB, "resign", &[]);
    api.expect(Place::Channel, "#1 is over: Alice wins.").await;
    let _ = bot.finish().await;
}

/// Runs `f` (interactions) as if in the second server (OTHER_GUILD, its channel OTHER_CHANNEL).
fn in_other_server<T>(api: &StandIn, f: impl FnOnce() -> T) -> T {
    api.lock().other_server = true;
    let result = f();
    api.lock().other_server = false;
    result
}

/// The ply of game `id` that `text` announces (`#<id> ply <n>: …`), if it announces one.
fn ply_in(text: &str, id: i64) -> Option<usize> {
    let prefix = format!("#{id} ply ");
    let at = text.find(&prefix)?;
    let rest = &text[at + prefix.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    rest[digits.len()..].starts_with(':').then(|| digits.parse().ok()).flatten()
}

/// Discord fails the messages posted to one channel in each transient way: rate limits more
/// often than the old four attempts allowed, then (after one message got through) a 500,
/// Cloudflare's 502 page and a request that never answers. That channel's announcements arrive
/// late, but each exactly once and in the order they were played, each retried until it went
/// through; the other server's channel and the direct messages were served while it failed.
/// (serenity's own rate limiter is off against a stand-in, so the 429s reach the bot's retries.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_channel_gets_every_message_late_once_and_in_order_while_other_chats_go_on() {
    let bot = Bot::start_with_env(true, &[("ARBITER_SEND_TIMEOUT_SECONDS", "1")], |_| {}).await;
    let api = &bot.api;
    start_game(api, "ultima", "").await;
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    // Game #2 in the other server: Carol invites Bob, who accepts there.
    let opponent = ("opponent", 6, text(BOB.id));
    in_other_server(api, || api.slash(CAROL, "new", &[("game", 3, text("ultima")), opponent]));
    let invitation = api.expect_button(Place::OtherChannel, "2:0:accept").await;
    in_other_server(api, || api.press(BOB, &invitation, "2:0:accept"));
    api.expect(Place::OtherChannel, "Ultima #2: Carol (white, moves first) vs Bob (black)").await;
    let armed = api.lock().calls.len();
    let faults = [Fault::Throttle(0.5); 5].into_iter().chain([
        Fault::Pass,
        Fault::ServerError,
        Fault::BadGateway,
        Fault::Hang,
    ]);
    api.lock().fault_messages(CHANNEL, faults);
    // Bob plays in both games: every move names its game.
    let play = |who: Person, action: &str, id: i64| {
        api.slash(who, "move", &[("action", 3, text(action)), ("id", 4, json!(id))])
    };
    play(ALICE, "a2a3", 1);
    // The same move's direct message goes elsewhere, and the other server plays on.
    api.expect(Place::Dm(BOB.id), "#1 Ultima: your move (black). Last move: a2a3.").await;
    in_other_server(api, || play(CAROL, "a2a3", 2));
    api.expect(Place::OtherChannel, "#2 ply 1: Carol (white) pincer a2-a3.").await;
    // The failing channel's game goes on meanwhile: two more moves wait behind the first.
    play(BOB, "a7a6", 1);
    api.expect(Place::Dm(ALICE.id), "#1 Ultima: your move (white). Last move: a7a6.").await;
    play(ALICE, "b2b3", 1);
    let late = Duration::from_secs(50);
    api.wait_long("ply 3 in the failing channel", late, |i| {
        let here = i.sent.iter().filter(|s| s.place == Place::Channel);
        here.clone().any(|s| s.content.contains("#1 ply 3:")).then_some(())
    })
    .await;
    let tries = api.posts_to(CHANNEL, armed);
    let log = call_log(&tries);
    let statuses: Vec<u16> = tries.iter().map(|c| c.status).collect();
    assert_eq!(statuses, [429, 429, 429, 429, 429, 200, 500, 502, HUNG, 200, 200], "\n{log}");
    // Each try carried the oldest message not yet through: the same one until it went.
    let plies: Vec<Option<usize>> =
        tries.iter().map(|c| ply_in(c.body["content"].as_str().unwrap_or(""), 1)).collect();
    let want = [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3].map(Some);
    assert_eq!(plies, want, "\n{log}");
    for pair in tries.windows(2).filter(|w| w[0].status == 429) {
        let pause = pair[1].at.duration_since(pair[0].at);
        assert!(pause >= Duration::from_millis(450), "waited {pause:?} for retry_after 0.5\n{log}");
    }
    let channel: Vec<String> = api.at(&Place::Channel).into_iter().map(|s| s.content).collect();
    let announced: Vec<usize> = channel.iter().filter_map(|t| ply_in(t, 1)).collect();
    assert_eq!(announced, [1, 2, 3], "each once, in order: {channel:?}");
    let last3 = &channel[channel.len() - 3..];
    assert!(last3[0].starts_with("#1 ply 1: Alice (white) pincer a2-a3."), "{last3:?}");
    assert!(last3[1].starts_with("#1 ply 2: Bob (black) pincer a7-a6."), "{last3:?}");
    assert!(last3[2].starts_with("#1 ply 3: Alice (white) pincer b2-b3."), "{last3:?}");
    // The other server's channel and the direct message went through before the failing
    // channel's first message did.
    let first_through = tries.iter().find(|c| c.status == 200).expect("a post went through").at;
    let through = |channel: &str, needle: &str| -> Instant {
        let path = format!("/api/v10/channels/{channel}/messages");
        let inner = api.lock();
        let call = inner.calls.iter().find(|c| {
            c.path == path
                && c.status == 200
                && c.body["content"].as_str().is_some_and(|t| t.contains(needle))
        });
        call.expect("the message went through").at
    };
    assert!(through(OTHER_CHANNEL, "#2 ply 1:") < first_through, "the other server waited");
    assert!(through(BOB.dm, "Last move: a2a3.") < first_through, "the direct message waited");
    let _ = bot.finish().await;
}

/// A post Discord made whose answer never reached the bot (the connection dropped before the
/// reply) is tried again through serenity with the same `nonce` and `enforce_nonce`, and
/// Discord answers the retry with the message it already made: the channel reads the ply once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_whose_answer_was_lost_is_tried_again_without_making_a_second_copy() {
    let bot = Bot::start_with_env(true, &[("ARBITER_SEND_TIMEOUT_SECONDS", "1")], |_| {}).await;
    let api = &bot.api;
    start_game(api, "ultima", "").await;
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    let armed = api.lock().calls.len();
    api.lock().fault_messages(CHANNEL, [Fault::Lost]);
    let play = |who: Person, action: &str| api.slash(who, "move", &[("action", 3, text(action))]);
    play(ALICE, "a2a3");
    let ply = "#1 ply 1: Alice (white) pincer a2-a3.";
    let tries = api
        .wait_long("the lost post tried again", Duration::from_secs(20), |i| {
            let path = format!("/api/v10/channels/{CHANNEL}/messages");
            let tries: Vec<Call> = i.calls[armed..]
                .iter()
                .filter(|c| c.method == "POST" && c.path == path)
                .filter(|c| c.body["content"].as_str().is_some_and(|t| t.contains(ply)))
                .cloned()
                .collect();
            (tries.len() >= 2).then_some(tries)
        })
        .await;
    let log = call_log(&tries);
    let statuses: Vec<u16> = tries.iter().map(|c| c.status).collect();
    assert_eq!(statuses, [LOST, 200], "\n{log}");
    let nonce = &tries[0].body["nonce"];
    assert!(nonce.as_str().is_some_and(|n| !n.is_empty() && n.len() <= 25), "{nonce}");
    assert_eq!(tries[1].body["nonce"], *nonce, "the retry carries the same nonce");
    assert!(tries.iter().all(|c| c.body["enforce_nonce"] == true), "\n{log}");
    // The next ply's post is another message: another nonce.
    play(BOB, "a7a6");
    api.expect(Place::Channel, "#1 ply 2: Bob (black) pincer a7-a6.").await;
    let next = api
        .posts_to(CHANNEL, armed)
        .into_iter()
        .find(|c| c.body["content"].as_str().is_some_and(|t| t.contains("#1 ply 2:")))
        .expect("the second ply's post");
    assert_ne!(next.body["nonce"], *nonce);
    let copies = api.at(&Place::Channel).iter().filter(|s| s.content.contains(ply)).count();
    assert_eq!(copies, 1, "the channel reads the ply once");
    let _ = bot.finish().await;
}

/// `/move` is answered privately wherever it is typed, yet without an id it means a game of the
/// channel (or thread) where it was typed: a player with games in two places moves in each from
/// there, and only from a direct message, where both are candidates, is asked which one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_without_an_id_plays_in_the_game_of_the_channel_where_it_was_typed() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "ultima", "").await;
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    // A second game between the same players, in a thread.
    api.lock().here = Some(THREAD);
    api.slash(ALICE, "new", &[("game", 3, text("ultima")), ("opponent", 6, text(BOB.id))]);
    let invitation = api.expect_button(Place::Thread, "2:0:accept").await;
    api.press(BOB, &invitation, "2:0:accept");
    api.expect(Place::Thread, "Ultima #2: Alice (white, moves first) vs Bob (black)").await;
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    api.expect(Place::Thread, "#2 ply 1: Alice (white) pincer c2-c5.").await;
    api.lock().here = None;
    api.slash(ALICE, "move", &[("action", 3, text("e2e5"))]);
    api.expect(Place::Channel, "#1 ply 1: Alice (white) pincer e2-e5.").await;
    // Bob, to move in both, is asked which game only in his direct messages.
    api.slash_in(BOB, "move", &[("action", 3, text("d7d5"))], true);
    api.expect(Place::Ephemeral(BOB.id), "Which game?").await;
    api.slash(BOB, "move", &[("action", 3, text("d7d5"))]);
    api.expect(Place::Channel, "#1 ply 2: Bob (black) pincer d7-d5.").await;
    assert!(
        api.at(&Place::Thread).iter().all(|m| !m.content.contains("ply 2")),
        "the thread's game did not move"
    );
    let _ = bot.finish().await;
}

/// `/new` where the bot may not post or attach its boards is refused, to its author alone and in
/// their language, with the permissions that are missing; nothing is created. Once they are
/// granted the same command starts the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_game_where_the_bot_may_not_post_is_refused_with_the_missing_permissions() {
    let bot = Bot::start_with(true, |i| {
        i.permissions.insert(CHANNEL, BOT_PERMISSIONS & !(SEND_MESSAGES | ATTACH_FILES));
        i.locales.insert(BOB.id, "zh-CN");
    })
    .await;
    let api = &bot.api;
    let new = [("game", 3, text("ultima")), ("opponent", 6, text(BOB.id))];
    api.slash(ALICE, "new", &new);
    api.expect(
        Place::Ephemeral(ALICE.id),
        "I can’t run a game in this channel: I am missing Send Messages, Attach Files.",
    )
    .await;
    api.slash(BOB, "new", &[("game", 3, text("ultima"))]);
    api.expect(Place::Ephemeral(BOB.id), "缺少权限 发送消息, 附加文件").await;
    api.slash(ALICE, "games", &[]);
    api.expect(Place::Ephemeral(ALICE.id), "Games in this channel: 0").await;
    assert!(api.at(&Place::Channel).is_empty(), "nothing was posted");
    api.lock().permissions.clear();
    api.slash(ALICE, "new", &new);
    api.expect_button(Place::Channel, "1:0:accept").await;
    let _ = bot.finish().await;
}

/// `/rules` with a piece's code (the `topic` option) answers with that piece alone, ephemerally,
/// with the picture of its moves attached.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_pieces_page_is_an_ephemeral_answer_with_its_diagram_attached() {
    let bot = Bot::start().await;
    let api = &bot.api;
    api.slash(CAROL, "rules", &[("game", 3, text("perfect10")), ("topic", 3, text("N"))]);
    let page = api.expect(Place::Ephemeral(CAROL.id), "N knight: a knight jumps").await;
    assert!(page.files.iter().any(|(_, png, _)| *png), "{:?}", page.files);
    api.slash(CAROL, "rules", &[("game", 3, text("dark-fence")), ("topic", 3, text("puzzle"))]);
    let puzzle = api.expect(Place::Ephemeral(CAROL.id), "The puzzle of the original rules").await;
    assert!(puzzle.files.iter().any(|(_, png, _)| *png), "{:?}", puzzle.files);
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_ratings_and_leaderboard_profile_and_history_answer_in_the_server() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "ultima", "").await;
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    // Carol follows the game (answered for her alone) and gets its announcements privately.
    api.slash(CAROL, "follow", &[("id", 4, json!(1))]);
    api.expect(Place::Ephemeral(CAROL.id), "You follow #1: its public announcements").await;
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    api.expect(Place::Channel, "#1 ply 1: Alice (white) pincer c2-c5.").await;
    let copy = api.expect(Place::Dm(CAROL.id), "#1 ply 1: Alice (white) pincer c2-c5.").await;
    assert!(copy.buttons.is_empty() && copy.embedded_board, "{copy:?}");
    api.slash(BOB, "move", &[("action", 3, text("a7a6"))]);
    api.expect(Place::Channel, "#1 ply 2: Bob (black)").await;
    api.slash(BOB, "resign", &[]);
    api.expect(Place::Channel, "#1 is over: Alice wins.").await;
    // skillratings' published example for two newcomers: 1662 and 1338.
    let rated = api.expect(Place::Channel, "#1 ratings:").await;
    assert_eq!(rated.content, "#1 ratings: Alice 1662? (+162), Bob 1338? (−162).");
    api.slash(CAROL, "leaderboard", &[("game", 3, text("ultima"))]);
    let board = api.expect(Place::Ephemeral(CAROL.id), "Ultima leaderboard here").await;
    assert!(
        board.content.contains("\n1. Alice 1662? · 1 game: 1 won, 0 drawn, 0 lost\n"),
        "{}",
        board.content
    );
    assert!(
        board
            .content
            .ends_with("You have no Ultima rating here yet: finish a rated game to get one.")
    );
    // Carol looks at Bob's profile: the member option, and the chart attached.
    api.slash(CAROL, "profile", &[("player", 6, text(BOB.id))]);
    let profile = api.expect(Place::Ephemeral(CAROL.id), "Bob's ratings here").await;
    assert!(
        profile.content.contains("Ultima: 1338? · 1 game: 0 won, 0 drawn, 1 lost"),
        "{}",
        profile.content
    );
    assert!(profile.files.iter().any(|(_, png, _)| *png), "{:?}", profile.files);
    api.slash(BOB, "history", &[]);
    let history = api.expect(Place::Ephemeral(BOB.id), "Recent games here:").await;
    assert!(history.content.contains("\n#1 Ultima: Alice beat Bob · "), "{}", history.content);
    // The record comes as a plain text attachment (no board embed), for the asker alone.
    api.slash(CAROL, "export", &[("id", 4, json!(1))]);
    let record = api.expect(Place::Ephemeral(CAROL.id), "Record of #1 (Ultima, 2 plies):").await;
    assert_eq!(record.files.len(), 1, "{:?}", record.files);
    assert_eq!((record.files[0].0.as_str(), record.files[0].1), ("record.txt", false));
    assert!(!record.embedded_board);
    // A replay is to share: it is posted in the channel, a GIF Discord plays inline.
    api.slash(BOB, "replay", &[("id", 4, json!(1))]);
    let replay = api.expect(Place::Channel, "Replay of #1 (Ultima, 2 plies).").await;
    assert_eq!(replay.files.len(), 1, "{:?}", replay.files);
    assert_eq!((replay.files[0].0.as_str(), replay.files[0].1), ("replay.gif", false));
    assert!(!replay.embedded_board);
    let _ = bot.finish().await;
}

#[tokio::test]
async fn vacations_games_link_codes_and_the_daily_digest_answer_discord_players_privately() {
    let bot = Bot::start().await;
    let api = &bot.api;
    start_game(api, "ultima", "").await;
    api.expect(Place::Channel, "Ultima #1: Alice (white, moves first) vs Bob (black)").await;
    // Alice, to move, takes two days: answered for her alone, the channel told.
    api.slash(ALICE, "vacation", &[("days", 3, text("2"))]);
    let started = api.expect(Place::Ephemeral(ALICE.id), "Vacation until <t:").await;
    assert!(started.content.contains("(#1)"), "{}", started.content);
    // The end as a date in the reader's own time zone (`:f`), not "in 2 days" after "until".
    assert!(
        started.content.starts_with("Vacation until <t:") && started.content.contains(":f>: your")
    );
    assert!(started.content.contains("12 of 14 days left this year"), "{}", started.content);
    api.expect(Place::Channel, "Alice is on vacation until <t:").await;
    api.slash(ALICE, "games", &[]);
    let games = api.expect(Place::Ephemeral(ALICE.id), "Waiting for you: 1").await;
    assert!(games.content.contains("(clock stopped: vacation until <t:"), "{}", games.content);
    // Her move ends the vacation; one begun day of two is charged.
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    api.expect(Place::Channel, "#1 ply 1: Alice (white) pincer c2-c5.").await;
    api.slash(ALICE, "vacation", &[]);
    api.expect(Place::Ephemeral(ALICE.id), "You have 13 of 14 vacation days left").await;
    api.slash(BOB, "vacation", &[("days", 3, text("20"))]);
    api.expect(Place::Ephemeral(BOB.id), "from 1 to 14").await;
    // Bob asks for the digest (the option's choice 0: on); it is due a day later.
    api.slash(BOB, "settings", &[("digest", 4, json!(0))]);
    api.expect(Place::Ephemeral(BOB.id), "Daily digest: on (next <t:").await;
    // A link code is the asker's alone, even asked in the channel.
    api.slash(BOB, "link", &[]);
    api.expect(Place::Ephemeral(BOB.id), "Your link code: ").await;
    // A day on: the store says the digest is due now; the bot's clock tick sends it by DM.
    let store = arbiter::store::Store::open(&bot.db()).await.expect("the bot's database");
    store
        .set_digest(arbiter::store::Platform::Discord, &BOB.id.into(), Some(0))
        .await
        .expect("the digest made due");
    let digest = api.expect(Place::Dm(BOB.id), "Your daily digest: one game waits for you").await;
    assert!(
        digest.content.contains("\n#1 Ultima: Alice vs Bob, Bob to act ("),
        "{}",
        digest.content
    );
    assert!(digest.content.ends_with("/settings digest=off stops this message."));
    let _ = bot.finish().await;
}

#[tokio::test]
async fn healthz_reports_the_discord_gateway_connected_once_ready() {
    let listen = common::free_address().to_string();
    let bot = Bot::start_with_env(true, &[("ARBITER_LISTEN", listen.as_str())], |_| {}).await;
    let addr: std::net::SocketAddr = listen.parse().expect("an address");
    // Ready arrives with the start; the report follows it.
    let deadline = tokio::time::Instant::now() + PATIENCE;
    let report = loop {
        let (code, body) = arbiter::bot::health::ask(addr).await.expect("an answer");
        if code == 200 {
            break body;
        }
        assert!(tokio::time::Instant::now() < deadline, "never healthy: {code} {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let report: serde_json::Value = serde_json::from_str(&report).expect("a JSON report");
    assert_eq!(
        report,
        json!({"status": "ok", "database": "ok", "platforms": {"discord": "connected"}})
    );
    let _ = bot.finish().await;
}

/// Shards (`discord.shards`, `discord.shard_range`): with two shards the bot opens one gateway
/// connection for each, `[0, 2]` and `[1, 2]` (serenity's queue starts them 5 s apart, as
/// Discord's identify limit asks); the server's interactions arrive on shard
/// `(guild_id >> 22) % 2` and direct messages on shard 0, and both are answered. `/healthz` says
/// connecting while one of the two is up and healthy once both are. An instance given the range
/// `1-1` opens shard 1 alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_two_shards_each_has_its_connection_and_a_range_runs_only_its_own() {
    let listen = common::free_address().to_string();
    let env = [("DISCORD_SHARDS", "2"), ("ARBITER_LISTEN", listen.as_str())];
    let bot = Bot::start_with_env(true, &env, |_| {}).await;
    let addr: std::net::SocketAddr = listen.parse().expect("an address");
    // The commands are registered on the first Ready; serenity starts the second shard 5 s
    // after the first, so one of two is up now: not healthy yet.
    let first = bot.api.lock().shards_identified.clone();
    assert_eq!(first, [(0, 2)]);
    let (code, body) = arbiter::bot::health::ask(addr).await.expect("an answer");
    assert_eq!(code, 503, "{body}");
    assert!(body.contains("\"discord\":\"connecting\""), "{body}");
    let shards = bot
        .api
        .wait_long("both shards", Duration::from_secs(20), |i| {
            (i.shards_identified.len() == 2).then(|| i.shards_identified.clone())
        })
        .await;
    assert_eq!(shards, [(0, 2), (1, 2)]);
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let (code, body) = arbiter::bot::health::ask(addr).await.expect("an answer");
        if code == 200 {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "never healthy: {code} {body}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Discord's routing, computed from the ids: the server's events go to shard 1 of 2.
    let server_shard = GUILD.parse::<u64>().expect("an id") >> 22 & 1;
    assert_eq!(server_shard, 1);
    let in_server = bot.api.slash(ALICE, "rules", &[("game", 3, json!("ultima"))]);
    let in_dm = bot.api.slash_in(ALICE, "rules", &[("game", 3, json!("ultima"))], true);
    for token in [&in_server, &in_dm] {
        bot.api.callback(token).await;
    }
    // Both answered with the rules and, under their last part (the text is longer than one
    // message), the legend picture, whichever shard carried them.
    bot.api
        .wait("two rules pages, each with its picture", |i| {
            let pages =
                i.sent.iter().filter(|s| s.content.starts_with("Ultima (极相棋, Baroque chess)"));
            let pictures = i.sent.iter().filter(|s| s.files.iter().any(|(_, png, _)| *png));
            (pages.count() == 2 && pictures.count() == 2).then_some(())
        })
        .await;
    let routed = bot.api.lock().routed.clone();
    assert_eq!(
        routed
            .iter()
            .filter(|(_, t)| t == "INTERACTION_CREATE")
            .map(|(s, _)| *s)
            .collect::<Vec<_>>(),
        [1, 0],
        "the server's interaction on shard 1, the direct message's on shard 0"
    );
    let _ = bot.finish().await;

    // A second instance's share: shard 1 of 2 alone.
    let env = [("DISCORD_SHARDS", "2"), ("DISCORD_SHARD_RANGE", "1-1")];
    let bot = Bot::start_with_env(true, &env, |_| {}).await;
    bot.api.slash(ALICE, "rules", &[("game", 3, json!("ultima"))]);
    bot.api.expect(Place::Ephemeral(ALICE.id), "Ultima (极相棋, Baroque chess)").await;
    assert_eq!(bot.api.lock().shards_identified, [(1, 2)]);
    let _ = bot.finish().await;
}

/// The real binary for one instance of several, started again and again on one database and one
/// stand-in, its logs appended to one file.
#[cfg(unix)]
struct Instance {
    dir: tempfile::TempDir,
    env: Vec<(String, String)>,
    child: Option<std::process::Child>,
    starts: usize,
    /// When each run was killed (SIGKILL), taken once it was reaped.
    kills: Vec<Instant>,
}

/// A test that fails leaves no instance running (it would hold its database connections).
#[cfg(unix)]
impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(unix)]
impl Instance {
    fn new(env: Vec<(String, String)>) -> Instance {
        let dir = tempfile::tempdir().expect("a temporary directory");
        Instance { dir, env, child: None, starts: 0, kills: Vec::new() }
    }

    fn start(&mut self) {
        use std::io::Write;
        assert!(self.child.is_none(), "one run at a time");
        self.starts += 1;
        let mut log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.path().join("arbiter.log"))
            .expect("the log file");
        writeln!(log, "=== start {} ===", self.starts).expect("the log file takes a line");
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .current_dir(self.dir.path())
            .env("RUST_LOG", "info")
            .env_remove("TELEGRAM_TOKEN")
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the binary starts");
        self.child = Some(child);
    }

    /// The end of the logs of every run so far.
    fn logs(&self) -> String {
        let all = std::fs::read_to_string(self.dir.path().join("arbiter.log")).unwrap_or_default();
        let lines: Vec<&str> = all.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// How many lines of the logs of every run so far contain `needle`.
    fn log_lines(&self, needle: &str) -> usize {
        let all = std::fs::read_to_string(self.dir.path().join("arbiter.log")).unwrap_or_default();
        all.lines().filter(|l| l.contains(needle)).count()
    }

    /// The running child; it must not have stopped on its own.
    fn running(&mut self) -> std::process::Child {
        let mut child = self.child.take().expect("a running instance");
        if let Some(status) = child.try_wait().expect("the child's status") {
            panic!("the instance stopped on its own ({status})\n{}", self.logs());
        }
        child
    }

    /// SIGKILL: no chance to finish anything.
    fn kill(&mut self) {
        let mut child = self.running();
        child.kill().expect("SIGKILL is sent");
        child.wait().expect("the killed child is reaped");
        self.kills.push(Instant::now());
    }

    /// SIGTERM, and the exit status once it stopped.
    async fn terminate(&mut self) -> std::process::ExitStatus {
        let mut child = self.running();
        let sent = std::process::Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = child.try_wait().expect("the child's status") {
                return status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the instance did not stop on SIGTERM\n{}", self.logs());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// How long a storm's player waits for an answer before typing the command again: the shard
/// that carried it may have died with its instance (Discord then fails the interaction).
const RESEND: Duration = Duration::from_secs(3);
/// How often a storm's player types a command before giving up: an instance killed with a
/// move's announcements unsent holds them until its 60-second lease runs out.
const STORM_TRIES: usize = 40;
/// The moves of a storm game: pincers step forward, White's and Black's in turn; none captures
/// and none is ever legal again once played, so a move taken twice is refused the second time.
const STORM_MOVES: [&str; 5] = ["a2a3", "a7a6", "b2b3", "b7b6", "c2c3"];
/// The plies each storm game plays before the storm ends (the last of [`STORM_MOVES`] is the
/// move that shows afterwards that the game is not stuck).
const STORM_PLIES: usize = 4;
/// How many games the Discord storm plays (`ARBITER_TEST_STORM_GAMES` asks for more).
const STORM_GAMES: usize = 30;
/// The games left alone until their live clock runs out ([`common::storm_clock`]).
const STORM_DEADLINES: usize = 3;

/// Server `n` of the storm and its one channel. Discord routes a server's events to shard
/// `(guild_id >> 22) % 3`, here `(n + 2) % 3`, so consecutive servers go to different shards.
fn storm_server(n: usize) -> (&'static str, &'static str) {
    let shard_key = 500_000_000_000_u64 + n as u64;
    let guild = (shard_key << 22) | 7;
    let channel = 555_100_000_000_000_000_u64 + n as u64;
    let leak = |v: u64| -> &'static str { Box::leak(v.to_string().into_boxed_str()) };
    (leak(guild), leak(channel))
}

/// `who` runs `/name` with `options` in `channel` until a message there contains `needle`,
/// running it again after each [`RESEND`] without one.
async fn command_until(
    api: &StandIn,
    who: Person,
    channel: &'static str,
    command: (&str, &[(&str, u8, Value)]),
    needle: &str,
) {
    for _ in 0..STORM_TRIES {
        api.slash_at(who, channel, command.0, command.1);
        let seen = api
            .poll_for(RESEND, |i| {
                i.sent
                    .iter()
                    .any(|s| s.place == Place::Server(channel) && s.content.contains(needle))
                    .then_some(())
            })
            .await;
        if seen.is_some() {
            return;
        }
    }
    panic!("{needle:?} never reached channel {channel}");
}

/// Alice invites Bob to Ultima in `channel` with `options`, and Bob accepts with the button,
/// each once (every shard is connected while games open, so no interaction is lost); the game's
/// id, read from the button.
async fn open_storm_game(api: &StandIn, channel: &'static str, options: &str) -> i64 {
    let here = |i: &Inner| -> Vec<String> {
        let at = i.sent.iter().filter(|s| s.place == Place::Server(channel));
        at.map(|s| s.content.clone()).collect()
    };
    let invited = |i: &Inner| {
        i.sent.iter().filter(|s| s.place == Place::Server(channel)).find_map(|s| {
            let id = s.buttons.iter().find_map(|b| b.strip_suffix(":0:accept")?.parse().ok())?;
            Some((s.clone(), id))
        })
    };
    let mut new = vec![("game", 3, text("ultima")), ("opponent", 6, text(BOB.id))];
    if !options.is_empty() {
        new.push(("options", 3, text(options)));
    }
    api.slash_at(ALICE, channel, "new", &new);
    let Some((invitation, id)) = api.poll_for(OPENING, invited).await else {
        let seen: Vec<String> = api.lock().sent.iter().map(|s| format!("{s:?}")).collect();
        panic!("no invitation in channel {channel}; sent:\n{}", seen.join("\n"));
    };
    api.press(BOB, &invitation, &format!("{id}:0:accept"));
    let started = format!("Ultima #{id}: ");
    let accepted = |i: &Inner| here(i).iter().any(|t| t.contains(&started)).then_some(());
    if api.poll_for(OPENING, accepted).await.is_none() {
        panic!("#{id} never started in channel {channel}: {:?}", here(&api.lock()));
    }
    id
}

/// How long opening a game may take when many open at once.
const OPENING: Duration = Duration::from_secs(120);

/// Plays [`STORM_PLIES`] moves of #`id` in `channel` (Alice White, Bob Black), the next once
/// the last one's announcement reached the channel; every third move is sent twice at once, in
/// the channel and from the mover's direct messages with the game's id (carried by shard 0, so
/// usually to another instance); Bob resigns when `resign`. The moves announced.
async fn drive_storm_game(
    api: StandIn,
    channel: &'static str,
    id: i64,
    resign: bool,
    mut rng: common::Rng,
) -> Vec<String> {
    let mut played = Vec::new();
    for (k, mv) in STORM_MOVES[..STORM_PLIES].iter().enumerate() {
        let ply = k + 1;
        let who = if ply % 2 == 1 { ALICE } else { BOB };
        if rng.below(3) == 0 {
            let options = [("action", 3, text(mv)), ("id", 4, json!(id))];
            api.slash_in(who, "move", &options, true);
        }
        let options = [("action", 3, text(mv))];
        let needle = format!("#{id} ply {ply}:");
        command_until(&api, who, channel, ("move", &options), &needle).await;
        played.push((*mv).to_string());
        tokio::time::sleep(rng.pause(500)).await;
    }
    if resign {
        command_until(&api, BOB, channel, ("resign", &[]), &format!("#{id} is over:")).await;
    }
    played
}

/// Whether a part of a posted message (texts queued for one channel may go as one message, a
/// blank line between them) tells of one event that happens once: a ply, an end, a timeout, a
/// turn ping, a reminder (a clock of two minutes or more gets one, at half time).
fn tells_of_one_event(part: &str) -> bool {
    (part.contains('#') && part.contains(" ply "))
        || part.contains(" is over:")
        || part.contains(" ran out of time in #")
        || part.contains("your move")
        || part.starts_with("Reminder: #")
}

/// The copies of each once-only message ([`tells_of_one_event`]) posted to a channel that no
/// crash explains, and how many a crash explains ([`common::unexplained_copies`]).
fn unexplained_copies(api: &StandIn, kills: &[Vec<Instant>]) -> (Vec<String>, usize) {
    let mut copies: HashMap<String, Vec<(Instant, usize)>> = HashMap::new();
    let inner = api.lock();
    let posts = inner.calls.iter().filter(|c| {
        c.method == "POST" && c.status == 200 && c.path.starts_with("/api/v10/channels/")
    });
    for c in posts {
        let via = usize::try_from(c.via.expect("every instance calls through its address"))
            .expect("an instance");
        let content = c.body["content"].as_str().unwrap_or("");
        for part in content.split("\n\n").filter(|p| tells_of_one_event(p)) {
            copies.entry(format!("{} {part:?}", c.path)).or_default().push((c.at, via));
        }
    }
    common::unexplained_copies(copies, kills)
}

/// Three instances of the real binary on one PostgreSQL database, each running one of three
/// Discord shards (`discord.shards = 3`, `discord.shard_range = "n-n"`), on servers spread over
/// the shards. Alice and Bob play a storm of moves, a third of them sent at once in the channel
/// and from a direct message (shard 0, so usually another instance); a few games wait for their
/// one-minute live clocks to run out (`ARBITER_TEST_STORM_CLOCK_MINUTES=2`: two minutes, with a
/// reminder at half time); meanwhile one instance after another is killed (SIGKILL; its
/// shard's interactions fail until it is back, as on Discord) and started again. Then: every
/// move announced is stored once and in order, every game still running takes its next move,
/// every clock that ran out ended its game once, every message was posted, and no once-only
/// message was posted twice without a crash to explain it.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_instances_with_a_shard_each_survive_a_storm_of_moves_kills_and_deadlines() {
    if !common::storms_asked() {
        return;
    }
    let Some(arbiter::store::Location::Postgres(database)) =
        arbiter::store::testing::postgres().await
    else {
        eprintln!("skipped: ARBITER_TEST_POSTGRES names no PostgreSQL server (docs/scale.md)");
        return;
    };
    let (mut rng, seed) = common::Rng::seeded(0x5eed_0004);
    let count = std::env::var("ARBITER_TEST_STORM_GAMES")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(STORM_GAMES);
    let (clock, minutes) = common::storm_clock();
    let (api, _) = StandIn::start().await;
    let servers: Vec<(&str, &str)> = (0..count + STORM_DEADLINES).map(storm_server).collect();
    {
        let mut inner = api.lock();
        inner.servers = servers.iter().map(|&(guild, channel)| (channel, guild)).collect();
        inner.lost_when_down = true;
    }
    let mut fleet = Vec::new();
    for n in 0..3_u64 {
        let url = api.listen_for(n).await;
        let env = [
            ("DISCORD_TOKEN", TOKEN.to_string()),
            ("DISCORD_API_URL", url),
            ("DISCORD_SHARDS", "3".to_string()),
            ("DISCORD_SHARD_RANGE", format!("{n}-{n}")),
            ("ARBITER_DATABASE", database.clone()),
        ];
        let mut instance =
            Instance::new(env.into_iter().map(|(k, v)| (k.to_string(), v)).collect());
        instance.start();
        fleet.push(instance);
    }
    let logs = |fleet: &[Instance]| {
        let all: Vec<String> = fleet
            .iter()
            .enumerate()
            .map(|(n, r)| format!("--- instance {n}\n{}", r.logs()))
            .collect();
        format!("seed {seed}\n{}", all.join("\n"))
    };
    let shards = |i: &Inner| {
        let linked: HashSet<u64> = i.shard_links.keys().copied().collect();
        (linked.len() == 3).then_some(())
    };
    api.wait_long("three shards connected", Duration::from_secs(60), shards).await;
    // Alice may have 10 invitations open at once: 8 games open at a time, the timed ones first.
    let at_once = Arc::new(tokio::sync::Semaphore::new(8));
    let openers: Vec<_> = (count..count + STORM_DEADLINES)
        .chain(0..count)
        .map(|n| {
            let (api, at_once, channel) = (api.clone(), at_once.clone(), servers[n].1);
            let options = if n < count { String::new() } else { clock.clone() };
            let opener = tokio::spawn(async move {
                let _turn = at_once.acquire().await.expect("the semaphore stays open");
                open_storm_game(&api, channel, &options).await
            });
            (n, opener)
        })
        .collect();
    let mut ids = vec![0; count + STORM_DEADLINES];
    for (n, opener) in openers {
        ids[n] = opener.await.unwrap_or_else(|e| panic!("a game did not open: {e}"));
    }
    let distinct: HashSet<i64> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), ids.len(), "one game per channel: {ids:?}");
    let drivers: Vec<_> = (0..count)
        .map(|n| {
            let rng = common::Rng(seed ^ ((n as u64 + 1) << 32));
            tokio::spawn(drive_storm_game(api.clone(), servers[n].1, ids[n], n % 2 == 0, rng))
        })
        .collect();
    let timed: Vec<(&'static str, i64)> =
        (count..count + STORM_DEADLINES).map(|n| (servers[n].1, ids[n])).collect();
    let timed_out = |i: &Inner| {
        timed.iter().all(|&(channel, id)| {
            let needle = format!(" ran out of time in #{id}");
            i.sent.iter().any(|s| s.place == Place::Server(channel) && s.content.contains(&needle))
        })
    };
    let mut kills = 0;
    loop {
        if drivers.iter().all(tokio::task::JoinHandle::is_finished) && timed_out(&api.lock()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(1000) + rng.pause(3000)).await;
        let n = usize::try_from(rng.below(3)).expect("an instance");
        fleet[n].kill();
        kills += 1;
        tokio::time::sleep(rng.pause(2000)).await;
        fleet[n].start();
    }
    let mut played = Vec::new();
    for driver in drivers {
        match tokio::time::timeout(Duration::from_secs(60), driver).await {
            Ok(Ok(moves)) => played.push(moves),
            Ok(Err(e)) => panic!("a game's driver failed: {e}\n{}", logs(&fleet)),
            Err(_) => panic!("a game's driver did not finish\n{}", logs(&fleet)),
        }
    }
    // Every shard is back before the last moves.
    api.wait_long("three shards connected", Duration::from_secs(60), shards).await;
    for n in (0..count).filter(|n| n % 2 == 1) {
        let (channel, id) = (servers[n].1, ids[n]);
        let ply = STORM_PLIES + 1;
        let options = [("action", 3, text(STORM_MOVES[STORM_PLIES]))];
        command_until(&api, ALICE, channel, ("move", &options), &format!("#{id} ply {ply}:")).await;
        played[n].push(STORM_MOVES[STORM_PLIES].to_string());
    }
    let store = arbiter::store::Store::connect(&arbiter::store::Location::Postgres(database))
        .await
        .expect("the store opens");
    let deadline = Instant::now() + Duration::from_secs(120);
    while store.pending_messages_count().await.expect("the outbox counts") > 0 {
        assert!(Instant::now() < deadline, "messages never delivered\n{}", logs(&fleet));
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    for instance in &mut fleet {
        let status = instance.terminate().await;
        assert!(status.success(), "SIGTERM ends with status 0: {status:?}\n{}", instance.logs());
    }
    let logs = format!("{kills} kills\n{}", logs(&fleet));
    let over = store.games_with_status(&[arbiter::store::GameStatus::Over]).await.expect("ended");
    for n in 0..count {
        let (channel, id) = (servers[n].1, ids[n]);
        let stored: Vec<String> = store
            .actions(arbiter::store::GameId(id))
            .await
            .expect("the actions")
            .into_iter()
            .map(|a| a.notation)
            .collect();
        assert_eq!(stored, played[n], "#{id}: the stored moves are the announced ones\n{logs}");
        // Each announcement on its own: texts queued for one channel may go as one message, a
        // blank line between them (one posted again after a crash may go with the next one).
        let posted: Vec<String> = api
            .at(&Place::Server(channel))
            .iter()
            .flat_map(|s| s.content.split("\n\n").map(str::to_string).collect::<Vec<_>>())
            .collect();
        let plies: Vec<usize> = posted.iter().filter_map(|t| ply_in(t, id)).collect();
        assert!(plies.is_sorted(), "#{id}: announcements out of order: {plies:?}\n{logs}");
        for ply in 1..=stored.len() {
            assert!(plies.contains(&ply), "#{id} ply {ply} never announced\n{logs}");
        }
        let ended = over.iter().any(|g| g.id.0 == id);
        assert_eq!(ended, n % 2 == 0, "#{id}: over in the store\n{logs}");
    }
    for &(channel, id) in &timed {
        let reason = over.iter().find(|g| g.id.0 == id).and_then(|g| g.reason.clone());
        assert_eq!(reason, Some(arbiter::store::EndReason::Timeout), "#{id} ended on time\n{logs}");
        let needle = format!(" ran out of time in #{id}");
        let told = api.at(&Place::Server(channel)).iter().any(|s| s.content.contains(&needle));
        assert!(told, "#{id}: the timeout was announced\n{logs}");
        let reminded = format!("Reminder: #{id} ");
        let reminders =
            api.at(&Place::Dm(ALICE.id)).iter().filter(|s| s.content.contains(&reminded)).count();
        assert!(minutes < 2 || reminders >= 1, "#{id}: Alice was reminded\n{logs}");
    }
    let kill_times: Vec<Vec<Instant>> = fleet.iter().map(|i| i.kills.clone()).collect();
    let (unexplained, explained) = unexplained_copies(&api, &kill_times);
    assert!(unexplained.is_empty(), "copies no crash explains: {unexplained:#?}\n{logs}");
    assert!(kills >= 3, "instances were killed during the storm: {kills}\n{logs}");
    let carried: HashSet<u64> = {
        let inner = api.lock();
        inner.routed.iter().filter(|(_, t)| t == "INTERACTION_CREATE").map(|(s, _)| *s).collect()
    };
    assert_eq!(carried.len(), 3, "every shard carried interactions: {carried:?}");
    // The copies sent from direct messages reached the referee as moves: each that lost its race
    // was told so (or, arriving after the position moved on or the game ended, refused as a
    // move).
    let answers: Vec<String> = {
        let inner = api.lock();
        let from_dms =
            inner.injected.values().filter(|i| i.channel == ALICE.dm || i.channel == BOB.dm);
        from_dms
            .flat_map(|i| {
                inner.sent.iter().filter(|s| s.token.as_deref() == Some(i.token.as_str()))
            })
            .map(|s| s.content.clone())
            .collect()
    };
    let raced = answers.iter().filter(|a| *a == "That was already played.").count();
    assert!(raced > 0, "a copy from direct messages lost a race: {answers:?}\n{logs}");
    for answer in &answers {
        // A copy handled late may find the game ended by the resignation that followed it.
        let as_move = answer == "That was already played."
            || answer.ends_with("Nothing was played.")
            || (answer.starts_with("It is ") && answer.ends_with("'s turn."))
            || answer.starts_with("There is no running game #");
        assert!(as_move, "a copy from direct messages was answered as a move: {answer:?}");
    }
    let lost = api.lock().lost;
    let taken_over: usize = fleet.iter().map(|i| i.log_lines("resuming deliveries")).sum();
    eprintln!(
        "seed {seed}: {count} games, {} timed, {kills} kills, {lost} interactions lost with a \
         shard, {taken_over} take-overs of waiting messages, {explained} copies posted again \
         after a crash, {raced} copies from direct messages that lost their race",
        timed.len()
    );
}

/// Issue 41, item 3: a server whose preferred locale is `zh-TW` has its games announced in
/// Traditional Chinese (the invitation, the start, each move, the board's file), whatever the
/// language of the English player who opened the game; each player's own messages (ephemeral
/// replies, DMs) stay in their client's English; and an administrator's
/// `/settings chat-language=en` turns the channel's announcements back to English, a member's
/// is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_preferring_zh_tw_is_announced_in_traditional_chinese_while_players_read_english()
{
    let bot = Bot::start().await;
    let api = &bot.api;
    api.lock().guild_locales.insert(GUILD, "zh-TW");
    let args = [("game", 3, text("ultima")), ("opponent", 6, text(BOB.id))];
    let token = api.slash(ALICE, "new", &args);
    api.callback(&token).await;
    let invitation = api.expect_button(Place::Channel, "1:0:accept").await;
    let named = format!("Alice 邀請 <@{}>", BOB.id);
    assert!(invitation.content.contains(&named), "{}", invitation.content);
    let press = api.press(BOB, &invitation, "1:0:accept");
    api.callback(&press).await;
    let started = api.expect(Place::Channel, "#1：Alice（白方，先行）對 Bob（黑方）").await;
    assert_eq!(started.files.len(), 1, "the start position with its board");
    api.slash(ALICE, "move", &[("action", 3, text("c2c5"))]);
    api.expect(Place::Channel, "#1 第1手：Alice").await;
    // Bob's private prompt and a refusal only he sees: in his client's English.
    api.expect(Place::Dm(BOB.id), "#1 Ultima: your move (black). Last move: c2c5.").await;
    api.slash(BOB, "move", &[("action", 3, text("b8b6"))]);
    api.expect(Place::Ephemeral(BOB.id), "The long leaper on b8 cannot move to b6").await;
    // A member may not choose the channel's language; its administrator may.
    api.slash(BOB, "settings", &[("chat_language", 4, json!(0))]);
    api.expect(
        Place::Ephemeral(BOB.id),
        "Only an administrator of this chat can set its language.",
    )
    .await;
    api.slash(ALICE, "settings", &[("chat_language", 4, json!(0))]);
    api.expect(Place::Channel, "This chat's language is now English").await;
    api.slash(BOB, "resign", &[]);
    api.expect(Place::Channel, "#1 is over: Alice wins.").await;
    let _ = bot.finish().await;
}

/// Seeks on Discord (issue 43): two channels of one server are one community. Alice seeks by
/// slash command in the channel; Bob lists and answers from a second channel of the server; the
/// game starts in Alice's channel and Bob is told in his; a second server neither sees nor
/// answers it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_in_one_channel_is_answered_from_another_channel_of_the_server() {
    const LOBBY: &str = "555000000000000003";
    let bot = Bot::start().await;
    let api = &bot.api;
    api.lock().servers.insert(LOBBY, GUILD);
    let live = [("game", 3, text("ultima")), ("options", 3, text("clock=live"))];
    let token = api.slash(ALICE, "seek", &live);
    api.callback(&token).await;
    api.expect(Place::Channel, "Alice seeks an opponent: Ultima, live").await;
    // The other server does not see it.
    api.lock().other_server = true;
    let token = api.slash(CAROL, "seek", &[]);
    api.callback(&token).await;
    api.expect(Place::OtherChannel, "No open seeks here.").await;
    api.lock().other_server = false;
    // Bob lists it from the second channel, then answers it with the same terms.
    let token = api.slash_at(BOB, LOBBY, "seek", &[]);
    api.callback(&token).await;
    api.expect(Place::Server(LOBBY), "Open seeks:\nAlice: Ultima, live").await;
    let token = api.slash_at(BOB, LOBBY, "seek", &live);
    api.callback(&token).await;
    let started = api.expect(Place::Channel, "Ultima #1: ").await;
    assert!(
        started.content.contains("Alice") && started.content.contains("Bob"),
        "{}",
        started.content
    );
    api.expect(Place::Server(LOBBY), "You are paired with Alice: Ultima #1").await;
    // Played in the first seek's channel.
    let white = if started.content.contains("Alice (white") { ALICE } else { BOB };
    let token = api.slash(white, "move", &[("action", 3, text("c2c5"))]);
    api.callback(&token).await;
    api.expect(Place::Channel, "#1 ply 1: ").await;
    // A seek's Play button answers it with one press, on its terms, in its channel.
    let token = api.slash_at(CAROL, LOBBY, "seek", &[("game", 3, text("chaos-clock"))]);
    api.callback(&token).await;
    let seek = api.expect(Place::Server(LOBBY), "Carol seeks an opponent: Chaos Clock").await;
    let token = api.press(ALICE, &seek, "0:2:seek");
    api.callback(&token).await;
    api.expect(Place::Server(LOBBY), "Chaos Clock #2: ").await;
    bot.finish().await;
}

/// Everywhere seeks on Discord (issue 43): two servers whose administrators allow it pair their
/// members' `scope=everywhere` seeks; the game is played in the two players' direct messages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn everywhere_seeks_of_two_servers_pair_and_the_game_is_played_by_direct_message() {
    let bot = Bot::start().await;
    let api = &bot.api;
    let everywhere = [("game", 3, text("ultima")), ("options", 3, text("scope=everywhere"))];
    // Alice administers the first server, Carol the second: each opens her server's seeks.
    let token = api.slash(ALICE, "settings", &[("public_seeks", 4, json!(0))]);
    api.callback(&token).await;
    api.expect(Place::Ephemeral(ALICE.id), "now pair with every community").await;
    let token = api.slash(ALICE, "seek", &everywhere);
    api.callback(&token).await;
    api.expect(Place::Channel, "Alice seeks an opponent in every community that allows it").await;
    api.lock().other_server = true;
    let token = api.slash(CAROL, "settings", &[("public_seeks", 4, json!(0))]);
    api.callback(&token).await;
    api.expect(Place::Ephemeral(CAROL.id), "now pair with every community").await;
    let token = api.slash(CAROL, "seek", &everywhere);
    api.callback(&token).await;
    api.expect(
        Place::OtherChannel,
        "You are paired with Alice: Ultima #1 is played in our private chat.",
    )
    .await;
    api.lock().other_server = false;
    let started = api.expect(Place::Dm(ALICE.id), "Ultima #1: ").await;
    // Carol, whose slash command started it, reads her private part as Discord answers her
    // command: ephemerally, where she typed (later messages come by direct message).
    api.expect(Place::Ephemeral(CAROL.id), "Ultima #1: ").await;
    let channel: Vec<String> = api
        .lock()
        .sent
        .iter()
        .filter(|s| s.place == Place::Channel)
        .map(|s| s.content.clone())
        .collect();
    assert!(!channel.iter().any(|t| t.contains("Ultima #1")), "{channel:#?}");
    let (white, black) =
        if started.content.contains("Alice (white") { (ALICE, CAROL) } else { (CAROL, ALICE) };
    let token = api.slash_in(white, "move", &[("action", 3, text("c2c5"))], true);
    api.callback(&token).await;
    // The other player by direct message; the mover as the answer to their command.
    api.expect(Place::Dm(black.id), "#1 ply 1: ").await;
    api.wait("the mover's own announcement", |i| {
        i.sent
            .iter()
            .find(|s| {
                (s.place == Place::Dm(white.id) || s.place == Place::Ephemeral(white.id))
                    && s.content.contains("#1 ply 1: ")
            })
            .cloned()
    })
    .await;
    bot.finish().await;
}

/// A Discord player and a Telegram player meet through everywhere seeks (issue 43): one bot
/// serving both platforms (the real serenity and teloxide clients, each against its loopback
/// stand-in) pairs them; the game is hosted on the first seeker's platform (Telegram here), and
/// each player is told, moves and resigns on their own platform, in private, nothing in any
/// channel or group.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_discord_player_and_a_telegram_player_meet_everywhere_and_each_plays_on_their_own_platform()
 {
    use crate::telegram::{self, BOB as TOM};
    let (tg, tg_url) = telegram::StandIn::start().await;
    let extra = [("TELEGRAM_TOKEN", telegram::TOKEN), ("TELEGRAM_API_URL", tg_url.as_str())];
    let bot = Bot::start_with_env(true, &extra, |_| {}).await;
    tg.serving().await;
    let api = &bot.api;
    // Tom opens his private chat with the bot on Telegram and seeks there (everywhere).
    tg.say(TOM.id, TOM, "/start");
    tg.expect_sent(TOM.id, "Hello Bob!").await;
    tg.say(TOM.id, TOM, "/seek ultima");
    tg.expect_sent(TOM.id, "Bob seeks an opponent in every community that allows it").await;
    // Alice's server lets its seeks out; her everywhere seek on Discord answers Tom's.
    let token = api.slash(ALICE, "settings", &[("public_seeks", 4, json!(0))]);
    api.callback(&token).await;
    api.expect(Place::Ephemeral(ALICE.id), "now pair with every community").await;
    let token = api.slash(
        ALICE,
        "seek",
        &[("game", 3, text("ultima")), ("options", 3, text("scope=everywhere"))],
    );
    api.callback(&token).await;
    api.expect(Place::Channel, "You are paired with Bob: Ultima #1 is played in our private chat.")
        .await;
    let to_tom = tg.expect_sent(TOM.id, "Ultima #1: ").await;
    assert!(to_tom.photo.is_some(), "the board comes with the start");
    tg.expect_sent(TOM.id, "Your seek found an opponent: Alice. Ultima #1 is played here").await;
    // Alice reads the start on Discord (as the answer to her command, or by direct message).
    api.wait("Alice's start", |i| {
        i.sent
            .iter()
            .find(|s| {
                matches!(s.place, Place::Dm(id) | Place::Ephemeral(id) if id == ALICE.id)
                    && s.content.contains("Ultima #1: ")
            })
            .cloned()
    })
    .await;
    // Each moves from their own platform and the other hears it on theirs.
    let tom_white = to_tom.text.contains("Bob (white");
    let discord_move = |action: &str| {
        let token = api.slash_in(ALICE, "move", &[("action", 3, text(action))], true);
        async move { api.callback(&token).await }
    };
    if tom_white {
        tg.say(TOM.id, TOM, "/move c2c5");
        api.expect(Place::Dm(ALICE.id), "#1 ply 1: ").await;
        discord_move("d7d5").await;
        tg.expect_sent(TOM.id, "#1 ply 2: ").await;
    } else {
        discord_move("c2c5").await;
        tg.expect_sent(TOM.id, "#1 ply 1: ").await;
        tg.say(TOM.id, TOM, "/move d7d5");
        api.expect(Place::Dm(ALICE.id), "#1 ply 2: ").await;
    }
    // Tom resigns on Telegram; Alice is told on Discord, with the ratings of the pool.
    tg.say(TOM.id, TOM, "/resign");
    api.expect(Place::Dm(ALICE.id), "resign").await;
    api.expect(Place::Dm(ALICE.id), "#1 ratings: ").await;
    tg.expect_sent(TOM.id, "#1 ratings: ").await;
    // Nothing of it in a channel or a group; no qualified seat id ever shown.
    let channel: Vec<String> = api
        .lock()
        .sent
        .iter()
        .filter(|s| s.place == Place::Channel)
        .map(|s| s.content.clone())
        .collect();
    assert!(!channel.iter().any(|t| t.contains("Ultima #1:") || t.contains("ply")), "{channel:#?}");
    let everything: Vec<String> = api
        .lock()
        .sent
        .iter()
        .map(|s| s.content.clone())
        .chain(tg.sent_to(TOM.id).into_iter().map(|s| s.text))
        .collect();
    assert!(
        !everything.iter().any(|t| t.contains("telegram:") || t.contains("discord:")),
        "{everything:#?}"
    );
    assert!(tg.sent_to(TOM.id).iter().all(|s| s.chat == TOM.id));
    assert!(tg.every_call_carried_the_token());
    bot.finish().await;
}

/// A tournament in a Discord channel (issue 44): its administrator makes a Swiss by slash
/// command (the task a choice); two members join; its games start in the channel by
/// themselves, each player told by direct message; standings and pairings answer; the end
/// brings the final standings with the crosstable picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_in_a_channel_runs_its_rounds_there_and_ends_with_a_crosstable() {
    let bot = Bot::start().await;
    let api = &bot.api;
    let task = |i: i64| ("task", 4, json!(i));
    let new = [task(0), ("game", 3, text("ultima")), ("options", 3, text("rounds=1 clock=live"))];
    let token = api.slash(BOB, "tournament", &new);
    api.callback(&token).await;
    api.expect(Place::Ephemeral(BOB.id), "Only this community's administrators make tournaments")
        .await;
    let token = api.slash(ALICE, "tournament", &new);
    api.callback(&token).await;
    api.expect(Place::Channel, "Alice made the Ultima Swiss #1: Ultima, live").await;
    // One after the other: each join is counted as it comes.
    let token = api.slash(BOB, "tournament", &[task(1)]);
    api.callback(&token).await;
    api.expect(Place::Channel, "Bob joined the Ultima Swiss #1 (1 of at most 200").await;
    let token = api.slash(CAROL, "tournament", &[task(1)]);
    api.callback(&token).await;
    api.expect(Place::Channel, "Carol joined the Ultima Swiss #1 (2 of at most 200").await;
    let token = api.slash(ALICE, "tournament", &[task(3)]);
    api.callback(&token).await;
    api.expect(Place::Channel, "Ultima Swiss #1: round 1 of 1 has started.").await;
    let started = api.expect(Place::Channel, "Ultima #1: ").await;
    assert!(!started.files.is_empty(), "the board comes with the start");
    let token = api.slash(CAROL, "tournament", &[task(5)]);
    api.callback(&token).await;
    api.expect(Place::Channel, "Ultima Swiss #1, round 1 of 1:\n1. ").await;
    let loser = if started.content.contains("Bob (white") { CAROL } else { BOB };
    let token = api.slash(loser, "resign", &[]);
    api.callback(&token).await;
    let last = api.expect(Place::Channel, "Ultima Swiss #1: final standings").await;
    assert!(!last.files.is_empty(), "the crosstable comes as a picture");
    assert!(
        last.content.contains("wins the Ultima Swiss #1 with a score of 1!"),
        "{}",
        last.content
    );
    bot.finish().await;
}

/// In thread mode (`DISCORD_THREADS`), each tournament round opens a thread of its own under
/// the tournament's channel (issue 44): the pairings are posted in the channel and say where
/// the games are; the games start and are played in the round's thread; the final standings
/// come to the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_thread_mode_a_tournament_round_is_played_in_a_thread_of_its_own() {
    let bot = Bot::start_with(true, |i| i.threads_on = true).await;
    let api = &bot.api;
    let task = |i: i64| ("task", 4, json!(i));
    let new = [task(0), ("game", 3, text("ultima")), ("options", 3, text("rounds=1"))];
    let token = api.slash(ALICE, "tournament", &new);
    api.callback(&token).await;
    api.expect(Place::Channel, "Alice made the Ultima Swiss #1").await;
    // One after the other, both in before the start.
    let token = api.slash(BOB, "tournament", &[task(1)]);
    api.callback(&token).await;
    api.expect(Place::Channel, "Bob joined the Ultima Swiss #1").await;
    let token = api.slash(CAROL, "tournament", &[task(1)]);
    api.callback(&token).await;
    api.expect(Place::Channel, "Carol joined the Ultima Swiss #1").await;
    let token = api.slash(ALICE, "tournament", &[task(3)]);
    api.callback(&token).await;
    let round = api.expect(Place::Channel, "Ultima Swiss #1: round 1 of 1 has started.").await;
    assert!(
        round.content.ends_with("The games are played in “Ultima Swiss #1 · round 1”."),
        "{}",
        round.content
    );
    assert!(api.lock().opened.contains(&"Ultima Swiss #1 · round 1".to_string()));
    let started = api.expect(Place::Thread, "Ultima #1: ").await;
    let loser = if started.content.contains("Bob (white") { CAROL } else { BOB };
    // Typed in the round's thread.
    api.lock().here = Some(THREAD);
    let token = api.slash(loser, "resign", &[]);
    api.callback(&token).await;
    api.expect(Place::Thread, "#1 is over").await;
    let last = api.expect(Place::Channel, "Ultima Swiss #1: final standings").await;
    assert!(!last.files.is_empty(), "the crosstable comes as a picture");
    bot.finish().await;
}
