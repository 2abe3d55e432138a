//! The Telegram front end end to end, offline: `arbiter::serve::run` (what `arbiter serve`
//! runs) is pointed through `TELEGRAM_API_URL` at a stand-in of the Bot API on 127.0.0.1, with a
//! fake token. The stand-in answers with the Bot API's JSON shapes, long-polls `getUpdates` with
//! offsets, takes `sendPhoto` as multipart, records every call, and behaves like Telegram where
//! it matters: a private chat the user never started (or blocked) answers 403, a throttled call
//! answers 429 with `retry_after`, over-long texts and callback data answer 400. Tests inject
//! messages and button presses and read what each chat received; they may also queue faults for
//! a chat's sends ([`Fault`]: 429, 502, a call that never answers) and run the real binary, to
//! kill it and start it again on the same database (the delivery outbox).

use arbiter::store::GameStatus;
use common::{Rng, storm_clock};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use arbiter::config::Config;
use arbiter::serve;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::Json;
use axum::routing::post;
use serde_json::{Value, json};
use tokio::sync::{Notify, oneshot};
use tokio::time::Instant;

use crate::common;

pub(crate) const TOKEN: &str = "123456:TEST-token-of-the-loopback-stand-in";
const BOT_ID: i64 = 777;
const BOT_USERNAME: &str = "arbiter_test_bot";
const GROUP: i64 = -1_001_234_567_890;
/// A second group, for what must stay inside its own chat.
const OTHER_GROUP: i64 = -1_009_876_543_210;
/// A basic group (not yet a supergroup: its id has no `-100` prefix), which Telegram moves to a
/// new supergroup id when it is upgraded.
const BASIC_GROUP: i64 = -4_012_345_678;
/// The supergroup [`BASIC_GROUP`] becomes.
const UPGRADED_GROUP: i64 = -1_004_012_345_678;
/// Forum topics of [`GROUP`] when the tests make it a forum.
const TOPIC: i64 = 17;
const OTHER_TOPIC: i64 = 23;
const DATE: i64 = 1_767_225_600;
/// The bot's group pacing window in tests that are not about it: 20 messages in 0.1 s instead
/// of a minute, so that games of many plies stay quick (the stand-in enforces no flood limit
/// there). `a_fast_game_against_the_bot_keeps_under_the_group_flood_limit` tests pacing
/// against a stand-in that does.
const QUICK_PACE: &str = "0.1";
/// How long any expected effect may take before the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(10);
/// The same for an effect that waits on the Chaos Clock solver's CPU time (a bot's turn).
const SOLVER_PATIENCE: Duration = Duration::from_secs(60);

/// A Telegram user of the tests.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Person {
    pub(crate) id: i64,
    first: &'static str,
    last: Option<&'static str>,
    username: Option<&'static str>,
    /// The client's `language_code`.
    lang: &'static str,
}

const ALICE: Person = Person {
    id: 1001,
    first: "Alice",
    last: Some("Liddell"),
    username: Some("alice_liddell"),
    lang: "en",
};
pub(crate) const BOB: Person =
    Person { id: 1002, first: "Bob", last: None, username: Some("bob_builder"), lang: "en" };
/// Carol has no username: she can be mentioned only by a `text_mention`.
const CAROL: Person = Person { id: 1003, first: "Carol", last: None, username: None, lang: "en" };
/// Mei's client is set to Traditional Chinese (Telegram reports `zh-hant`, or a region).
const MEI: Person =
    Person { id: 1004, first: "Mei", last: None, username: Some("mei"), lang: "zh-TW" };

impl Person {
    fn json(self) -> Value {
        let mut u = json!({"id": self.id, "is_bot": false, "first_name": self.first,
                           "language_code": self.lang});
        if let Some(last) = self.last {
            u["last_name"] = json!(last);
        }
        if let Some(name) = self.username {
            u["username"] = json!(name);
        }
        u
    }
}

/// What the stand-in does with a call instead of its usual answer, queued per method and chat
/// ([`Inner::fault_sends`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    /// The usual answer: lets one call through between faults.
    Pass,
    /// 502 Bad Gateway with Telegram's JSON error, as its front answers while the Bot API
    /// server behind it is down (teloxide itself waits 10 s after any 5xx answer before it
    /// returns the error).
    BadGateway,
    /// No answer at all: the request stays open until the bot gives up on it (a stalled
    /// connection). Telegram never saw it: nothing is delivered.
    Hang,
    /// 429 Too Many Requests with `parameters.retry_after` of this many seconds.
    Throttle(u32),
}

/// The method of a fault queue that stands for both sendMessage and sendPhoto.
const SENDS: &str = "send";
/// The status recorded for a call that was never answered ([`Fault::Hang`]).
const HUNG: u16 = 0;

/// One call the bot made.
#[derive(Debug, Clone)]
struct Call {
    method: String,
    token_ok: bool,
    params: Value,
    status: u16,
    at: Instant,
}

/// One message the bot sent, as the stand-in keeps it (edits applied).
#[derive(Debug, Clone)]
pub(crate) struct Sent {
    pub(crate) chat: i64,
    /// The forum topic (`message_thread_id`) it was posted in; `None` is the general chat.
    topic: Option<i64>,
    id: i64,
    /// The text, or the photo's (or document's) caption.
    pub(crate) text: String,
    pub(crate) photo: Option<Value>,
    /// A file sent with sendDocument (its part: `file_name`, `len`).
    document: Option<Value>,
    keyboard: Option<Value>,
}

impl Sent {
    /// The addresses of its URL buttons (label, url).
    fn urls(&self) -> Vec<(String, String)> {
        let rows = self.keyboard.as_ref().and_then(|k| k["inline_keyboard"].as_array().cloned());
        rows.unwrap_or_default()
            .iter()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .filter_map(|b| Some((b["text"].as_str()?.to_string(), b["url"].as_str()?.to_string())))
            .collect()
    }

    fn datas(&self) -> Vec<String> {
        let rows = self.keyboard.as_ref().and_then(|k| k["inline_keyboard"].as_array().cloned());
        rows.unwrap_or_default()
            .iter()
            .flat_map(|row| row.as_array().cloned().unwrap_or_default())
            .filter_map(|b| b["callback_data"].as_str().map(str::to_string))
            .collect()
    }
}

#[derive(Default)]
pub(crate) struct Inner {
    updates: Vec<Value>,
    next_update: i64,
    next_message: i64,
    next_callback: i64,
    calls: Vec<Call>,
    sent: Vec<Sent>,
    /// Users who opened their private chat with the bot (sent it something).
    started: HashSet<i64>,
    blocked: HashSet<i64>,
    /// (chat, user): who administers which group.
    admins: HashSet<(i64, i64)>,
    /// (method, chat): the next such call answers 429.
    throttled: Vec<(String, i64)>,
    /// (method, chat): what the next such calls meet instead of their usual answers, in order
    /// (the method [`SENDS`] stands for both sendMessage and sendPhoto).
    faults: HashMap<(String, i64), VecDeque<Fault>>,
    /// Updates `getUpdates` handed out, counting each again when it is handed out again.
    handed_out: usize,
    /// The next this many `getMe` calls answer 502 Bad Gateway (Telegram unreachable).
    getme_failures: u32,
    /// Callback query ids injected.
    pressed: Vec<String>,
    users: HashMap<i64, Person>,
    /// Supergroups with topics turned on, and their open topics.
    forums: HashMap<i64, HashSet<i64>>,
    /// Forums whose administrators gave the bot the right to manage topics
    /// (`can_manage_topics`); `createForumTopic` is refused elsewhere, as Telegram does.
    topic_rights: HashSet<i64>,
    /// The topics the bot opened: (chat, topic id, name).
    topics_opened: Vec<(i64, i64, String)>,
    /// Basic groups upgraded to supergroups (old id → new id): the old id refuses every send
    /// with `parameters.migrate_to_chat_id`, as Telegram does.
    migrated: HashMap<i64, i64>,
    /// Groups where the bot is an administrator allowed to delete messages; elsewhere it may
    /// delete only its own (Telegram: "message can't be deleted").
    bot_deletes_in: HashSet<i64>,
    /// Messages deleted: (chat, message id).
    deleted: Vec<(i64, i64)>,
    /// Telegram's flood limit for groups, when on: at most this many messages to one group in
    /// any such span; a send past it gets 429 with the seconds until one may go again.
    flood: Option<(usize, Duration)>,
    /// When each group's latest messages were accepted (for `flood`).
    accepted_at: HashMap<i64, VecDeque<Instant>>,
    /// Edits that changed a message.
    edits: usize,
    /// The webhook `setWebhook` registered: its address, secret and the update kinds asked for.
    /// While one is set, `getUpdates` answers 409 and updates are posted to it instead.
    webhook: Option<Hook>,
    /// The status of every webhook post of an update, in order (a failed post is tried again).
    webhook_posts: Vec<u16>,
}

/// A registered webhook.
#[derive(Debug, Clone)]
struct Hook {
    url: String,
    secret: Option<String>,
    allowed: Value,
}

impl Inner {
    /// Queues `faults` for the next sendMessage and sendPhoto calls to `chat`, after any queued
    /// before.
    fn fault_sends(&mut self, chat: i64, faults: impl IntoIterator<Item = Fault>) {
        self.faults.entry((SENDS.to_string(), chat)).or_default().extend(faults);
    }

    /// Takes the fault the next `method` call to `chat` meets, if one is queued.
    fn next_fault(&mut self, method: &str, chat: i64) -> Option<Fault> {
        let mut keys = vec![(method.to_string(), chat)];
        if is_send(method) {
            keys.push((SENDS.to_string(), chat));
        }
        keys.into_iter().find_map(|key| self.faults.get_mut(&key).and_then(VecDeque::pop_front))
    }
}

/// Whether `method` (lower case) sends a message.
fn is_send(method: &str) -> bool {
    matches!(method, "sendmessage" | "sendphoto" | "senddocument")
}

/// The loopback stand-in of the Bot API.
#[derive(Clone, Default)]
pub(crate) struct StandIn {
    inner: Arc<Mutex<Inner>>,
    new_update: Arc<Notify>,
    new_call: Arc<Notify>,
}

fn chat_json(inner: &Inner, chat: i64) -> Value {
    if chat < 0 && chat.to_string().starts_with("-100") {
        let mut json = json!({"id": chat, "type": "supergroup", "title": "Dark Fence club"});
        if inner.forums.contains_key(&chat) {
            json["is_forum"] = json!(true);
        }
        return json;
    }
    if chat < 0 {
        return json!({"id": chat, "type": "group", "title": "Dark Fence club"});
    }
    let first = inner.users.get(&chat).map_or("User", |p| p.first);
    json!({"id": chat, "type": "private", "first_name": first})
}

fn bot_json() -> Value {
    json!({"id": BOT_ID, "is_bot": true, "first_name": "Arbiter", "username": BOT_USERNAME})
}

fn utf16(text: &str) -> usize {
    text.encode_utf16().count()
}

fn fail(status: StatusCode, description: &str) -> (StatusCode, Json<Value>) {
    let body = json!({"ok": false, "error_code": status.as_u16(), "description": description});
    (status, Json(body))
}

fn int(v: &Value) -> i64 {
    v.as_i64().or_else(|| v.as_str().and_then(|s| s.parse().ok())).unwrap_or(0)
}

impl StandIn {
    pub(crate) async fn start() -> (StandIn, String) {
        let stand_in = StandIn::default();
        let app =
            axum::Router::new().route("/{bot}/{method}", post(handle)).with_state(stand_in.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let addr = listener.local_addr().expect("the bound address");
        assert!(addr.ip().is_loopback());
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the stand-in serves") });
        tokio::spawn(post_to_webhook(stand_in.clone()));
        (stand_in, format!("http://{addr}"))
    }

    /// Another address of the stand-in, for instance `n`: calls through it are recorded with
    /// `"__via": n` among their parameters, so a test can tell which instance sent what.
    async fn listen_for(&self, n: u64) -> String {
        let app = axum::Router::new()
            .route("/{bot}/{method}", post(handle_via))
            .with_state((self.clone(), n));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let addr = listener.local_addr().expect("the bound address");
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the stand-in serves") });
        format!("http://{addr}")
    }

    /// Waits for the bot to poll for updates (or set its webhook): it is serving.
    pub(crate) async fn serving(&self) {
        self.wait("polling to start, or the webhook to be set", |i| {
            i.calls
                .iter()
                .any(|c| c.method == "getupdates" || c.method == "setwebhook")
                .then_some(())
        })
        .await;
    }

    /// Whether every call so far carried the token.
    pub(crate) fn every_call_carried_the_token(&self) -> bool {
        self.lock().calls.iter().all(|c| c.token_ok)
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().expect("the stand-in's state")
    }

    fn push(&self, kind: &str, body: Value) {
        let mut inner = self.lock();
        inner.next_update += 1;
        let id = inner.next_update;
        let mut update = json!({"update_id": id});
        update[kind] = body;
        inner.updates.push(update);
        drop(inner);
        self.new_update.notify_waiters();
    }

    /// `from` writes `text` in `chat` (the group, or their own id for the private chat).
    pub(crate) fn say(&self, chat: i64, from: Person, text: &str) {
        self.say_with(chat, from, text, Vec::new());
    }

    fn say_with(&self, chat: i64, from: Person, text: &str, entities: Vec<Value>) {
        self.say_in(chat, None, from, text, entities);
    }

    /// Like [`StandIn::say`]; returns the message's id.
    fn say_id(&self, chat: i64, from: Person, text: &str) -> i64 {
        self.say_in(chat, None, from, text, Vec::new())
    }

    /// `from` writes `text` in a forum topic of the supergroup `chat`.
    fn say_in_topic(&self, chat: i64, topic: i64, from: Person, text: &str) {
        self.say_in(chat, Some(topic), from, text, Vec::new());
    }

    /// Upgrades the basic group `from` to the supergroup `to`, as Telegram does when a group
    /// grows or an administrator changes certain settings: the old id refuses sends from now on
    /// (400 with `migrate_to_chat_id`); with `announce`, the service messages reach the bot as
    /// Telegram sends them, `migrate_to_chat_id` in the old group and `migrate_from_chat_id` in
    /// the new one (without it, as for a bot that missed them, only a refused send tells).
    fn upgrade(&self, from: i64, to: i64, by: Person, announce: bool) {
        let (old, new) = {
            let mut inner = self.lock();
            inner.migrated.insert(from, to);
            inner.next_message += 1;
            let old = json!({"message_id": inner.next_message, "date": DATE,
                   "chat": chat_json(&inner, from), "from": by.json(),
                   "migrate_to_chat_id": to});
            inner.next_message += 1;
            let new = json!({"message_id": inner.next_message, "date": DATE,
                   "chat": chat_json(&inner, to), "from": by.json(),
                   "migrate_from_chat_id": from});
            (old, new)
        };
        if announce {
            self.push("message", old);
            self.push("message", new);
        }
    }

    fn say_in(
        &self,
        chat: i64,
        topic: Option<i64>,
        from: Person,
        text: &str,
        mut entities: Vec<Value>,
    ) -> i64 {
        let mut offset = 0;
        for word in text.split(' ') {
            if offset == 0 && word.starts_with('/') {
                entities.push(json!({"type": "bot_command", "offset": 0, "length": utf16(word)}));
            } else if word.starts_with('@') && word.len() > 1 {
                entities.push(json!({"type": "mention", "offset": offset, "length": utf16(word)}));
            }
            offset += utf16(word) + 1;
        }
        let message = {
            let mut inner = self.lock();
            inner.users.insert(from.id, from);
            if chat == from.id {
                inner.started.insert(from.id);
            }
            inner.next_message += 1;
            let mut message = json!({"message_id": inner.next_message, "date": DATE,
                   "chat": chat_json(&inner, chat), "from": from.json(), "text": text,
                   "entities": entities});
            if let Some(topic) = topic {
                message["message_thread_id"] = json!(topic);
                message["is_topic_message"] = json!(true);
            }
            message
        };
        let id = int(&message["message_id"]);
        self.push("message", message);
        id
    }

    /// `from` presses the button `data` under `sent`; returns the callback query id.
    fn press(&self, from: Person, sent: &Sent, data: &str) -> String {
        let (id, message) = {
            let mut inner = self.lock();
            inner.next_callback += 1;
            let id = format!("cb-{}", inner.next_callback);
            inner.pressed.push(id.clone());
            (id, message_json(&inner, sent))
        };
        self.push(
            "callback_query",
            json!({"id": id, "from": from.json(), "chat_instance": "ci", "data": data,
                   "message": message}),
        );
        id
    }

    /// Waits until `f` finds something in the stand-in's state.
    pub(crate) async fn wait<T>(&self, what: &str, f: impl Fn(&Inner) -> Option<T>) -> T {
        self.wait_long(what, PATIENCE, f).await
    }

    /// Waits up to `patience` until `f` finds something in the stand-in's state.
    async fn wait_long<T>(
        &self,
        what: &str,
        patience: Duration,
        f: impl Fn(&Inner) -> Option<T>,
    ) -> T {
        if let Some(found) = self.wait_for(patience, f).await {
            return found;
        }
        let inner = self.lock();
        let log: Vec<String> = inner
            .sent
            .iter()
            .map(|s| format!("{} #{}: {:?} {:?}", s.chat, s.id, s.text, s.datas()))
            .collect();
        panic!("timed out waiting for {what}; sent so far:\n{}", log.join("\n"));
    }

    /// Waits up to `patience` until `f` finds something; `None` if it did not.
    /// Looks every 50 ms, up to `patience`, until `f` finds something; `None` if it found
    /// nothing. For storms: hundreds of waiters woken by every call would each read every
    /// message at every call.
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

    async fn wait_for<T>(&self, patience: Duration, f: impl Fn(&Inner) -> Option<T>) -> Option<T> {
        let deadline = Instant::now() + patience;
        loop {
            let notified = self.new_call.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if let Some(found) = f(&self.lock()) {
                return Some(found);
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                return None;
            }
        }
    }

    /// Waits for a message to `chat` whose text (or caption) contains `needle`.
    pub(crate) async fn expect_sent(&self, chat: i64, needle: &str) -> Sent {
        self.wait(&format!("{needle:?} in chat {chat}"), |i| {
            i.sent.iter().find(|s| s.chat == chat && s.text.contains(needle)).cloned()
        })
        .await
    }

    /// Waits for the message to `chat` carrying a URL button to `url`.
    async fn expect_url(&self, chat: i64, url: &str) -> Sent {
        self.wait(&format!("a URL button to {url} in chat {chat}"), |i| {
            i.sent
                .iter()
                .find(|s| s.chat == chat && s.urls().iter().any(|(_, u)| u == url))
                .cloned()
        })
        .await
    }

    /// Waits for the message to `chat` carrying the button `data` (`<game>:<turn>:<key>`).
    /// Waits for a button in `chat` whose data starts with `prefix` (a Confirm carries its
    /// action's tag after `confirm-`); returns the message and that data.
    async fn expect_data_starting(&self, chat: i64, prefix: &str) -> (Sent, String) {
        self.wait(&format!("a button {prefix}… in chat {chat}"), |i| {
            i.sent.iter().rev().find_map(|s| {
                let data = s.datas().into_iter().find(|d| d.starts_with(prefix))?;
                (s.chat == chat).then(|| (s.clone(), data))
            })
        })
        .await
    }

    async fn expect_data(&self, chat: i64, data: &str) -> Sent {
        self.wait(&format!("a button {data} in chat {chat}"), |i| {
            i.sent
                .iter()
                .rev()
                .find(|s| s.chat == chat && s.datas().iter().any(|d| d == data))
                .cloned()
        })
        .await
    }

    /// Waits until `n` messages to `chat` contain `needle`.
    async fn expect_count(&self, chat: i64, needle: &str, n: usize) {
        self.wait(&format!("{n} × {needle:?} in chat {chat}"), |i| {
            let found = i.sent.iter().filter(|s| s.chat == chat && s.text.contains(needle)).count();
            (found >= n).then_some(())
        })
        .await;
    }

    /// Waits for the answer to a callback query; returns its parameters.
    async fn expect_answer(&self, callback: &str) -> Value {
        self.wait(&format!("the answer to {callback}"), |i| {
            i.calls
                .iter()
                .find(|c| {
                    c.method == "answercallbackquery" && c.params["callback_query_id"] == callback
                })
                .map(|c| c.params.clone())
        })
        .await
    }

    fn calls(&self, method: &str) -> Vec<Call> {
        self.lock().calls.iter().filter(|c| c.method == method).cloned().collect()
    }

    pub(crate) fn sent_to(&self, chat: i64) -> Vec<Sent> {
        self.lock().sent.iter().filter(|s| s.chat == chat).cloned().collect()
    }

    fn message(&self, chat: i64, id: i64) -> Sent {
        let inner = self.lock();
        inner.sent.iter().find(|s| s.chat == chat && s.id == id).cloned().expect("a sent message")
    }

    /// The sendMessage and sendPhoto calls to `chat` after the first `from` calls of the log,
    /// answered or not, in the order they were answered (a hung one when it came in).
    fn sends_to(&self, chat: i64, from: usize) -> Vec<Call> {
        let inner = self.lock();
        let calls = inner.calls.get(from..).unwrap_or_default();
        calls
            .iter()
            .filter(|c| is_send(&c.method) && int(&c.params["chat_id"]) == chat)
            .cloned()
            .collect()
    }

    fn record(&self, method: String, token_ok: bool, params: Value, status: u16) {
        let call = Call { method, token_ok, params, status, at: Instant::now() };
        self.lock().calls.push(call);
        self.new_call.notify_waiters();
    }
}

/// The text of a send call: the message's text or the photo's caption.
fn said(call: &Call) -> &str {
    call.params["text"].as_str().or_else(|| call.params["caption"].as_str()).unwrap_or("")
}

/// The call log of `calls`, one line each, with the time since the first.
fn call_log(calls: &[Call]) -> String {
    let start = calls.first().map(|c| c.at);
    calls
        .iter()
        .map(|c| {
            let since = start.map_or(Duration::ZERO, |s| c.at.duration_since(s));
            format!(
                "{since:>10.3?} {} {} {}: {:?}",
                c.method,
                c.status,
                c.params["chat_id"],
                said(c)
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn message_json(inner: &Inner, sent: &Sent) -> Value {
    let mut m = json!({"message_id": sent.id, "date": DATE, "chat": chat_json(inner, sent.chat),
                       "from": bot_json()});
    if let Some(topic) = sent.topic {
        m["message_thread_id"] = json!(topic);
        m["is_topic_message"] = json!(true);
    }
    match &sent.photo {
        Some(photo) => {
            m["photo"] = json!([{"file_id": format!("file-{}", sent.id),
                "file_unique_id": format!("u-{}", sent.id), "width": 640, "height": 640,
                "file_size": photo["len"]}]);
            if !sent.text.is_empty() {
                m["caption"] = json!(sent.text);
            }
        }
        None => match &sent.document {
            Some(document) => {
                let name = document["file_name"].as_str().unwrap_or("file");
                let file = json!({"file_id": format!("file-{}", sent.id),
                    "file_unique_id": format!("u-{}", sent.id), "file_name": name,
                    "file_size": document["len"]});
                // Telegram turns a GIF sent as a document into an animation (an MP4 it made),
                // and answers with both.
                if name.ends_with(".gif") {
                    m["animation"] = json!({"file_id": format!("file-{}", sent.id),
                        "file_unique_id": format!("u-{}", sent.id), "width": 640,
                        "height": 640, "duration": 10, "file_name": name,
                        "mime_type": "video/mp4"});
                }
                m["document"] = file;
                if !sent.text.is_empty() {
                    m["caption"] = json!(sent.text);
                }
            }
            None => m["text"] = json!(sent.text),
        },
    }
    if let Some(k) = &sent.keyboard {
        m["reply_markup"] = k.clone();
    }
    m
}

/// Reads a JSON body, or a multipart one (`sendPhoto` from memory: the file is its own part,
/// named in the `photo` field as `attach://<part>`). A body cut short (a bot killed while
/// sending) is an error.
async fn params(req: Request) -> Result<Value, String> {
    let multipart = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        let body = Bytes::from_request(req, &()).await.map_err(|e| e.to_string())?;
        return if body.is_empty() {
            Ok(json!({}))
        } else {
            serde_json::from_slice(&body).map_err(|e| e.to_string())
        };
    }
    let mut form = Multipart::from_request(req, &()).await.map_err(|e| e.to_string())?;
    let mut fields = serde_json::Map::new();
    while let Some(field) = form.next_field().await.map_err(|e| e.to_string())? {
        let name = field.name().unwrap_or("").to_string();
        let file_name = field.file_name().map(str::to_string);
        let data = field.bytes().await.map_err(|e| e.to_string())?;
        let value = match file_name {
            Some(file) => {
                let mut part = json!({"file_name": file, "len": data.len(),
                                      "png": data.starts_with(b"\x89PNG\r\n\x1a\n"),
                                      "gif": data.starts_with(b"GIF89a")});
                // A text file is kept whole, for the tests to read.
                if file.ends_with(".txt") {
                    part["content"] = json!(String::from_utf8_lossy(&data));
                }
                part
            }
            None => {
                let text = String::from_utf8_lossy(&data).to_string();
                match name.as_str() {
                    "reply_markup" => serde_json::from_str(&text).unwrap_or(json!(text)),
                    _ => json!(text),
                }
            }
        };
        fields.insert(name, value);
    }
    let names: Vec<String> = fields.keys().cloned().collect();
    for name in names {
        let part = fields
            .get(&name)
            .and_then(Value::as_str)
            .and_then(|s| s.strip_prefix("attach://"))
            .map(String::from);
        if let Some(file) = part.and_then(|p| fields.remove(&p)) {
            fields.insert(name, file);
        }
    }
    Ok(Value::Object(fields))
}

async fn handle(
    State(stand_in): State<StandIn>,
    Path((bot, method)): Path<(String, String)>,
    req: Request,
) -> (StatusCode, Json<Value>) {
    // Method names are case-insensitive; teloxide sends them PascalCase ("SendMessage").
    let method = method.to_ascii_lowercase();
    let token_ok = bot == format!("bot{TOKEN}");
    let via = req.headers().get(VIA).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    let params = match params(req).await {
        Ok(mut params) => {
            if let Some(n) = via {
                params["__via"] = json!(n);
            }
            params
        }
        Err(e) => {
            let (status, body) = fail(StatusCode::BAD_REQUEST, "Bad Request: broken body");
            stand_in.record(method, token_ok, json!({"broken": e}), status.as_u16());
            return (status, body);
        }
    };
    let fault =
        if token_ok { stand_in.lock().next_fault(&method, int(&params["chat_id"])) } else { None };
    let (status, body) = match fault {
        Some(Fault::Hang) => {
            stand_in.record(method, token_ok, params, HUNG);
            return std::future::pending().await;
        }
        Some(Fault::BadGateway) => fail(StatusCode::BAD_GATEWAY, "Bad Gateway"),
        Some(Fault::Throttle(seconds)) => throttle(seconds),
        Some(Fault::Pass) | None if method == "getupdates" && stand_in.lock().webhook.is_some() => {
            fail(
                StatusCode::CONFLICT,
                "Conflict: can't use getUpdates method while webhook is active; use \
                 deleteWebhook to delete the webhook first",
            )
        }
        Some(Fault::Pass) | None if method == "getupdates" => long_poll(&stand_in, &params).await,
        Some(Fault::Pass) | None => answer(&stand_in, &method, &params, token_ok),
    };
    stand_in.record(method, token_ok, params, status.as_u16());
    (status, body)
}

/// The header by which the stand-in's address for one instance ([`StandIn::listen_for`]) marks
/// that instance's calls.
const VIA: &str = "x-test-via";

/// The stand-in's address for instance `n`: like the stand-in's own, but each call through it
/// is recorded with `"__via": n` among its parameters.
async fn handle_via(
    State((stand_in, n)): State<(StandIn, u64)>,
    path: Path<(String, String)>,
    mut req: Request,
) -> (StatusCode, Json<Value>) {
    req.headers_mut().insert(VIA, axum::http::HeaderValue::from(n));
    handle(State(stand_in), path, req).await
}

/// What Telegram does with a webhook set: posts each waiting update to it, in order, with the
/// secret in `X-Telegram-Bot-Api-Secret-Token`; an update whose post fails (no answer, not 2xx)
/// is posted again after a pause, and only a 2xx takes it off the queue. Without a webhook the
/// updates wait for `getUpdates`.
async fn post_to_webhook(stand_in: StandIn) {
    let client = reqwest::Client::builder().no_proxy().build().expect("an HTTP client");
    loop {
        let notified = stand_in.new_update.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        let next = {
            let inner = stand_in.lock();
            inner.webhook.clone().zip(inner.updates.first().cloned())
        };
        let Some((hook, update)) = next else {
            let _ = tokio::time::timeout(Duration::from_millis(200), notified).await;
            continue;
        };
        assert!(hook.url.starts_with("http://127.0.0.1:"), "a post left loopback: {}", hook.url);
        let mut post = client
            .post(&hook.url)
            .header("content-type", "application/json")
            .body(update.to_string())
            .timeout(Duration::from_secs(5));
        if let Some(secret) = &hook.secret {
            post = post.header("X-Telegram-Bot-Api-Secret-Token", secret);
        }
        let status = post.send().await.map_or(0, |r| r.status().as_u16());
        let taken = (200..300).contains(&status);
        {
            let mut inner = stand_in.lock();
            inner.webhook_posts.push(status);
            if taken {
                let id = int(&update["update_id"]);
                inner.updates.retain(|u| int(&u["update_id"]) != id);
                inner.handed_out += 1;
            }
        }
        if !taken {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Telegram's 429: wait `seconds` before trying again.
fn throttle(seconds: u32) -> (StatusCode, Json<Value>) {
    let body = json!({"ok": false, "error_code": 429,
        "description": format!("Too Many Requests: retry after {seconds}"),
        "parameters": {"retry_after": seconds}});
    (StatusCode::TOO_MANY_REQUESTS, Json(body))
}

/// `getUpdates`: confirms the updates before `offset`, returns the rest, waiting up to the
/// asked `timeout` for one (at most a quarter second here, so tests stop quickly).
async fn long_poll(stand_in: &StandIn, params: &Value) -> (StatusCode, Json<Value>) {
    let offset = int(&params["offset"]);
    let wait = Duration::from_secs(params["timeout"].as_u64().unwrap_or(0));
    let deadline = Instant::now() + wait.min(Duration::from_millis(250));
    loop {
        let notified = stand_in.new_update.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        let ready: Vec<Value> = {
            let mut inner = stand_in.lock();
            inner.updates.retain(|u| int(&u["update_id"]) >= offset);
            inner.updates.iter().take(100).cloned().collect()
        };
        if !ready.is_empty() || Instant::now() >= deadline {
            stand_in.lock().handed_out += ready.len();
            return (StatusCode::OK, Json(json!({"ok": true, "result": ready})));
        }
        let _ = tokio::time::timeout_at(deadline, notified).await;
    }
}

fn answer(
    stand_in: &StandIn,
    method: &str,
    p: &Value,
    token_ok: bool,
) -> (StatusCode, Json<Value>) {
    if !token_ok {
        return fail(StatusCode::UNAUTHORIZED, "Unauthorized");
    }
    let mut inner = stand_in.lock();
    let ok = |result: Value| (StatusCode::OK, Json(json!({"ok": true, "result": result})));
    match method {
        "getme" if inner.getme_failures > 0 => {
            inner.getme_failures -= 1;
            fail(StatusCode::BAD_GATEWAY, "Bad Gateway")
        }
        "getme" => {
            let mut me = bot_json();
            for (k, v) in [
                ("can_join_groups", true),
                ("can_read_all_group_messages", false),
                ("supports_inline_queries", false),
                ("can_connect_to_business", false),
                ("has_main_web_app", false),
            ] {
                me[k] = json!(v);
            }
            ok(me)
        }
        "getwebhookinfo" => {
            ok(json!({"url": "", "has_custom_certificate": false, "pending_update_count": 0}))
        }
        "setwebhook" => {
            let url = p["url"].as_str().unwrap_or("").to_string();
            if !(url.starts_with("https://") || url.starts_with("http://127.0.0.1:")) {
                return fail(
                    StatusCode::BAD_REQUEST,
                    "Bad Request: bad webhook: HTTPS url must be provided for webhook",
                );
            }
            let secret = p["secret_token"].as_str().map(str::to_string);
            // setWebhook may carry a certificate, so it comes as a form whose array fields are
            // JSON text (Telegram reads both).
            let allowed = match &p["allowed_updates"] {
                Value::String(text) => serde_json::from_str(text).unwrap_or(Value::Null),
                other => other.clone(),
            };
            inner.webhook = Some(Hook { url, secret, allowed });
            drop(inner);
            stand_in.new_update.notify_waiters();
            ok(json!(true))
        }
        "deletewebhook" => {
            inner.webhook = None;
            ok(json!(true))
        }
        "setmycommands" | "answercallbackquery" | "sendchataction" => ok(json!(true)),
        "deletemessage" => {
            let (chat, id) = (int(&p["chat_id"]), int(&p["message_id"]));
            let own = inner.sent.iter().any(|s| s.chat == chat && s.id == id);
            if chat < 0 && !own && !inner.bot_deletes_in.contains(&chat) {
                return fail(StatusCode::BAD_REQUEST, "Bad Request: message can't be deleted");
            }
            inner.deleted.push((chat, id));
            ok(json!(true))
        }
        "createforumtopic" => {
            let chat = int(&p["chat_id"]);
            let name = p["name"].as_str().unwrap_or_default().to_string();
            if !inner.forums.contains_key(&chat) {
                return fail(StatusCode::BAD_REQUEST, "Bad Request: the chat is not a forum");
            }
            if !inner.topic_rights.contains(&chat) {
                return fail(
                    StatusCode::BAD_REQUEST,
                    "Bad Request: not enough rights to create a topic",
                );
            }
            if name.is_empty() || name.chars().count() > 128 {
                return fail(StatusCode::BAD_REQUEST, "Bad Request: TOPIC_NAME_INVALID");
            }
            // Topic ids are the id of the message that opened them: past every message so far.
            let topic = 1_000 + i64::try_from(inner.topics_opened.len()).unwrap_or(0);
            inner.forums.entry(chat).or_default().insert(topic);
            inner.topics_opened.push((chat, topic, name.clone()));
            ok(json!({"message_thread_id": topic, "name": name, "icon_color": 7_322_096}))
        }
        "getchatmember" => {
            let user = int(&p["user_id"]);
            let person = inner.users.get(&user).map_or_else(
                || {
                    json!({"id": user, "is_bot": false,
                "first_name": "?"})
                },
                |u| u.json(),
            );
            if inner.admins.contains(&(int(&p["chat_id"]), user)) {
                ok(json!({"status": "administrator", "user": person, "can_be_edited": false,
                    "is_anonymous": false, "can_manage_chat": true, "can_delete_messages": true,
                    "can_manage_video_chats": true, "can_restrict_members": true,
                    "can_promote_members": false, "can_change_info": true,
                    "can_invite_users": true}))
            } else {
                ok(json!({"status": "member", "user": person}))
            }
        }
        "sendmessage" | "sendphoto" | "senddocument" => {
            let chat = int(&p["chat_id"]);
            if let Some(at) = inner.throttled.iter().position(|(m, c)| m == method && *c == chat) {
                inner.throttled.remove(at);
                return throttle(1);
            }
            if let (Some((most, span)), true) = (inner.flood, chat < 0) {
                let now = Instant::now();
                let times = inner.accepted_at.entry(chat).or_default();
                while times.front().is_some_and(|t| now.duration_since(*t) >= span) {
                    times.pop_front();
                }
                if let Some(oldest) = times.front().filter(|_| times.len() >= most) {
                    let left = span.saturating_sub(now.duration_since(*oldest));
                    let seconds = u32::try_from(left.as_millis().div_ceil(1000)).unwrap_or(1);
                    return throttle(seconds.max(1));
                }
            }
            if let Some(to) = inner.migrated.get(&chat) {
                let body = json!({"ok": false, "error_code": 400,
                    "description": "Bad Request: group chat was upgraded to a supergroup chat",
                    "parameters": {"migrate_to_chat_id": to}});
                return (StatusCode::BAD_REQUEST, Json(body));
            }
            // In a forum, a message without a topic goes to General; one to a topic that does
            // not exist is refused.
            let topic = p.get("message_thread_id").map(int);
            if let (Some(topic), Some(topics)) = (topic, inner.forums.get(&chat))
                && !topics.contains(&topic)
            {
                return fail(StatusCode::BAD_REQUEST, "Bad Request: message thread not found");
            }
            if chat > 0 && inner.blocked.contains(&chat) {
                return fail(StatusCode::FORBIDDEN, "Forbidden: bot was blocked by the user");
            }
            if chat > 0 && !inner.started.contains(&chat) {
                return fail(
                    StatusCode::FORBIDDEN,
                    "Forbidden: bot can't initiate conversation with a user",
                );
            }
            let keyboard = p.get("reply_markup").cloned();
            let datas_ok = keyboard.as_ref().is_none_or(|k| {
                k["inline_keyboard"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .flat_map(|row| row.as_array().cloned().unwrap_or_default())
                    .all(|b| {
                        // Exactly one action per button: callback data of 1-64 bytes, or a URL.
                        let data = b["callback_data"].as_str();
                        let url = b["url"].as_str();
                        match (data, url) {
                            (Some(d), None) => !d.is_empty() && d.len() <= 64,
                            (None, Some(u)) => u.starts_with("https://") || u.starts_with("tg://"),
                            _ => false,
                        }
                    })
            });
            if !datas_ok {
                return fail(StatusCode::BAD_REQUEST, "Bad Request: BUTTON_DATA_INVALID");
            }
            // Telegram parses the markup first and keeps the plain text (limits count it).
            let parsed = |field: &str| match p["parse_mode"].as_str() {
                Some("HTML") => parse_html(p[field].as_str().unwrap_or("")),
                Some(other) => Err(format!("unsupported parse_mode {other}")),
                None => Ok(p[field].as_str().unwrap_or("").to_string()),
            };
            let field = if method == "sendmessage" { "text" } else { "caption" };
            let markup = match parsed(field) {
                Ok(text) => text,
                Err(e) => {
                    let body = format!("Bad Request: can't parse entities: {e}");
                    return fail(StatusCode::BAD_REQUEST, &body);
                }
            };
            let mut document = None;
            let (text, photo) = if method != "sendmessage" {
                let caption = markup;
                if utf16(&caption) > 1024 {
                    return fail(
                        StatusCode::BAD_REQUEST,
                        "Bad Request: message caption is too long",
                    );
                }
                if method == "senddocument" {
                    document = Some(p["document"].clone());
                    (caption, None)
                } else {
                    (caption, Some(p["photo"].clone()))
                }
            } else {
                let text = markup;
                if text.trim().is_empty() {
                    return fail(StatusCode::BAD_REQUEST, "Bad Request: message text is empty");
                }
                if utf16(&text) > 4096 {
                    return fail(StatusCode::BAD_REQUEST, "Bad Request: message is too long");
                }
                (text, None)
            };
            inner.next_message += 1;
            if chat < 0 {
                inner.accepted_at.entry(chat).or_default().push_back(Instant::now());
            }
            let sent =
                Sent { chat, topic, id: inner.next_message, text, photo, document, keyboard };
            let json = message_json(&inner, &sent);
            inner.sent.push(sent);
            ok(json)
        }
        "editmessagereplymarkup" | "editmessagetext" => {
            let (chat, id) = (int(&p["chat_id"]), int(&p["message_id"]));
            let Some(at) = inner.sent.iter().position(|s| s.chat == chat && s.id == id) else {
                return fail(StatusCode::BAD_REQUEST, "Bad Request: message to edit not found");
            };
            let keyboard = p.get("reply_markup").cloned();
            let same_text = p["text"].as_str().is_none_or(|t| t == inner.sent[at].text);
            if same_text && keyboard == inner.sent[at].keyboard {
                return fail(
                    StatusCode::BAD_REQUEST,
                    "Bad Request: message is not modified: specified new message content and \
                     reply markup are exactly the same as a current content and reply markup of \
                     the message",
                );
            }
            if let Some(text) = p["text"].as_str() {
                // Parsed and limited as a sent text is.
                let parsed = match p["parse_mode"].as_str() {
                    Some("HTML") => parse_html(text),
                    Some(other) => Err(format!("unsupported parse_mode {other}")),
                    None => Ok(text.to_string()),
                };
                match parsed {
                    Ok(plain) if utf16(&plain) <= 4096 && !plain.trim().is_empty() => {
                        inner.sent[at].text = plain;
                    }
                    Ok(_) => return fail(StatusCode::BAD_REQUEST, "Bad Request: MESSAGE_TOO_LONG"),
                    Err(e) => {
                        let body = format!("Bad Request: can't parse entities: {e}");
                        return fail(StatusCode::BAD_REQUEST, &body);
                    }
                }
            }
            inner.sent[at].keyboard = keyboard;
            inner.edits += 1;
            let json = message_json(&inner, &inner.sent[at].clone());
            ok(json)
        }
        _ => fail(StatusCode::BAD_REQUEST, "Bad Request: method is not known to the stand-in"),
    }
}

/// Telegram's HTML parse mode, as strict as the real one: only its tags, properly nested, and
/// every `<`, `>` and `&` outside a tag written as an entity. Returns the plain text.
fn parse_html(text: &str) -> Result<String, String> {
    const TAGS: &[&str] =
        &["b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre", "tg-spoiler"];
    let mut out = String::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        match c {
            '<' => {
                let end = rest.find('>').ok_or("unclosed start tag")?;
                let tag = &rest[1..end];
                if let Some(name) = tag.strip_prefix('/') {
                    if open.pop().as_deref() != Some(name) {
                        return Err(format!("unmatched end tag \"{name}\""));
                    }
                } else if TAGS.contains(&tag) {
                    open.push(tag.to_string());
                } else if let Some(href) =
                    tag.strip_prefix("a href=\"").and_then(|t| t.strip_suffix('"'))
                {
                    // A link, or a text mention (`tg://user?id=…`), which notifies that user.
                    if !(href.starts_with("https://") || href.starts_with("tg://user?id=")) {
                        return Err(format!("unsupported URL \"{href}\""));
                    }
                    open.push("a".into());
                } else {
                    return Err(format!("unsupported start tag \"{tag}\""));
                }
                rest = &rest[end + 1..];
            }
            '>' => return Err("unescaped \">\"".into()),
            '&' => {
                let end = rest.find(';').ok_or("unfinished entity")?;
                out.push(match &rest[1..end] {
                    "lt" => '<',
                    "gt" => '>',
                    "amp" => '&',
                    "quot" => '"',
                    other => return Err(format!("unsupported entity \"{other}\"")),
                });
                rest = &rest[end + 1..];
            }
            c => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if let Some(tag) = open.pop() {
        return Err(format!("can't find end tag corresponding to start tag \"{tag}\""));
    }
    Ok(out)
}

/// A path (`A1-A4`) or an edge (`B3:R`): what the group must never see during a game (the same
/// check as tests/referee/end_to_end.rs).
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
        Bot::start_with(|_| {}).await
    }

    /// Starts the bot after `prepare` set up the stand-in (admins, throttling).
    async fn start_with(prepare: impl FnOnce(&mut Inner)) -> Bot {
        Bot::start_with_env(&[], prepare).await
    }

    /// Starts the bot with the environment variables `extra` besides the usual ones (delivery
    /// settings), after `prepare` set up the stand-in.
    async fn start_with_env(extra: &[(&str, &str)], prepare: impl FnOnce(&mut Inner)) -> Bot {
        let (api, url) = StandIn::start().await;
        prepare(&mut api.lock());
        let dir = tempfile::tempdir().expect("a temporary directory");
        let file = dir.path().join("config.toml");
        std::fs::write(&file, "[console]\nuser = \"nobody\"\n").expect("the config file");
        let db = dir.path().join("arbiter.db").display().to_string();
        let env =
            |key: &str| match key {
                "TELEGRAM_TOKEN" => Some(TOKEN.to_string()),
                "TELEGRAM_API_URL" => Some(url.clone()),
                "ARBITER_DATABASE" => Some(db.clone()),
                _ => extra.iter().find(|(k, _)| *k == key).map(|(_, v)| (*v).to_string()).or_else(
                    || (key == "ARBITER_GROUP_WINDOW_SECONDS").then(|| QUICK_PACE.to_string()),
                ),
            };
        let config = Config::load(Some(&file), env).expect("the configuration loads");
        assert!(config.has_platform(), "a token turns Telegram on");
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            serve::run(&config, 7, async {
                let _ = stopped.await;
            })
            .await
        });
        api.wait("polling to start, or the webhook to be set", |i| {
            i.calls
                .iter()
                .any(|c| c.method == "getupdates" || c.method == "setwebhook")
                .then_some(())
        })
        .await;
        Bot { api, url, stop: Some(stop), task, _dir: dir }
    }

    /// Stops `serve` and checks what holds for every test: it stopped cleanly, every call
    /// carried the token and reached this stand-in, every button press was answered, and every
    /// photo was a PNG named board.png. Returns the stand-in for a last look.
    async fn finish(mut self) -> StandIn {
        let pressed = self.api.lock().pressed.clone();
        for id in &pressed {
            self.api.expect_answer(id).await;
        }
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let stopped = tokio::time::timeout(PATIENCE, self.task).await.expect("serve stops in time");
        stopped.expect("serve does not panic").expect("serve stops cleanly");
        let inner = self.api.lock();
        assert!(inner.calls.iter().all(|c| c.token_ok), "every call carried the token");
        assert!(self.url.starts_with("http://127.0.0.1:"), "{}", self.url);
        let answered = inner.calls.iter().filter(|c| c.method == "answercallbackquery").count();
        assert_eq!(answered, pressed.len(), "each press answered exactly once");
        for photo in inner.calls.iter().filter(|c| c.method == "sendphoto") {
            assert_eq!(photo.params["photo"]["file_name"], "board.png");
            assert_eq!(photo.params["photo"]["png"], true, "a PNG by its signature");
        }
        drop(inner);
        self.api
    }
}

/// Alice and Bob open their private chats with the bot.
async fn both_start(api: &StandIn) {
    api.say(ALICE.id, ALICE, "/start");
    api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    api.say(BOB.id, BOB, "/start");
    api.expect_sent(BOB.id, "Hello Bob!").await;
}

/// `who` sends `action` privately and presses Confirm under the echo (game 1, `turn` actions
/// played before).
async fn play(api: &StandIn, who: Person, action: &str, turn: u32) {
    api.say(who.id, who, action);
    let prefix = format!("1:{turn}:confirm-");
    let (echo, data) = api.expect_data_starting(who.id, &prefix).await;
    let id = api.press(who, &echo, &data);
    let answer = api.expect_answer(&id).await;
    assert!(answer.get("show_alert").is_none(), "an accepted press has no alert: {answer}");
}

/// Everything the group read before the game-over message.
fn group_before_the_end(api: &StandIn, over: &str) -> Vec<String> {
    api.sent_to(GROUP).into_iter().map(|s| s.text).take_while(|t| !t.contains(over)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_are_registered_in_english_and_chinese_and_updates_are_long_polled() {
    let bot = Bot::start().await;
    let api = &bot.api;
    let calls = api
        .wait("six command menus", |i| {
            let menus: Vec<Value> = i
                .calls
                .iter()
                .filter(|c| c.method == "setmycommands")
                .map(|c| c.params.clone())
                .collect();
            (menus.len() == 6).then_some(menus)
        })
        .await;
    let names = |menu: &Value| -> Vec<String> {
        menu["commands"]
            .as_array()
            .expect("commands")
            .iter()
            .map(|c| c["command"].as_str().expect("a name").to_string())
            .collect()
    };
    let find = |lang: Option<&str>, scope: Option<&str>| -> &Value {
        calls
            .iter()
            .find(|m| m["language_code"].as_str() == lang && m["scope"]["type"].as_str() == scope)
            .expect("a menu for each language and scope")
    };
    let en = find(None, None);
    let zh = find(Some("zh"), None);
    let en_admins = find(None, Some("all_chat_administrators"));
    let zh_admins = find(Some("zh"), Some("all_chat_administrators"));
    // Private chats get a menu without the commands that only work in a group.
    for lang in [None, Some("zh")] {
        let private = names(find(lang, Some("all_private_chats")));
        assert!(private.iter().any(|n| n == "move") && private.iter().any(|n| n == "view"));
        for group_only in ["new", "accept", "decline", "admin"] {
            assert!(!private.iter().any(|n| n == group_only), "/{group_only} in {private:?}");
        }
    }
    assert!(names(en).iter().any(|n| n == "new") && names(en).iter().any(|n| n == "accept"));
    for hidden in ["press", "start", "admin"] {
        assert!(!names(en).iter().any(|n| n == hidden), "/{hidden} is not in the menu");
    }
    assert!(names(en_admins).iter().any(|n| n == "admin"));
    assert!(names(zh_admins).iter().any(|n| n == "admin"));
    assert_eq!(names(en), names(zh));
    for menu in &calls {
        for name in names(menu) {
            assert!(
                !name.is_empty()
                    && name.len() <= 32
                    && name
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{name} is a valid Telegram command name"
            );
        }
    }
    let described = |menu: &Value, name: &str| -> String {
        let commands = menu["commands"].as_array().expect("commands");
        let found = commands.iter().find(|c| c["command"] == name).expect("the command");
        found["description"].as_str().expect("a description").to_string()
    };
    assert!(described(en, "new").starts_with("start a game"), "{}", described(en, "new"));
    assert!(described(zh, "new").chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)));
    // The webhook is removed (long polling needs none); getUpdates long-polls with offsets.
    assert_eq!(api.calls("deletewebhook").len(), 1);
    assert!(!api.calls("getme").is_empty());
    api.say(ALICE.id, ALICE, "/help");
    api.expect_sent(ALICE.id, "/new").await;
    // The next poll confirms the update by asking from the offset after it.
    api.wait("a poll from offset 2", |i| {
        i.calls
            .iter()
            .any(|c| c.method == "getupdates" && int(&c.params["offset"]) == 2)
            .then_some(())
    })
    .await;
    let polls = api.calls("getupdates");
    assert!(polls.iter().all(|c| c.params["timeout"] == 10), "long polling, 10 s");
    let offsets: Vec<i64> = polls.iter().map(|c| int(&c.params["offset"])).collect();
    assert!(offsets.windows(2).all(|w| w[0] <= w[1]), "offsets never go back: {offsets:?}");
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_referee_mode_game_is_played_with_buttons_and_the_group_never_sees_a_path_or_fence() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, &format!("/new@{BOT_USERNAME} dark-fence @bob_builder"));
    let accept = "1:0:accept";
    let invitation = api.expect_data(GROUP, accept).await;
    assert!(invitation.text.contains("Alice Liddell invites Bob"), "{}", invitation.text);
    let pressed = api.press(BOB, &invitation, accept);
    let started = api.expect_sent(GROUP, "Dark Fence #1: Alice Liddell (moves first) vs Bob").await;
    // Whose move it is ends the start's one message (issue 42: one group message a ply).
    assert!(started.text.ends_with(".\nPly 1: Alice Liddell to move."), "{}", started.text);
    assert!(api.expect_answer(&pressed).await.get("show_alert").is_none());
    // The choice is made: the invitation loses its buttons; the announcement is a new message.
    api.wait("the invitation's buttons removed", |i| {
        let m = i.sent.iter().find(|s| s.id == invitation.id)?;
        m.datas().is_empty().then_some(())
    })
    .await;
    play(api, ALICE, "A1-A4-B4-B3 R", 0).await;
    api.expect_sent(GROUP, "Ply 1: Alice Liddell has moved.").await;
    play(api, BOB, "D4-D1 L", 1).await;
    api.expect_sent(GROUP, "Ply 2: Bob has moved.").await;
    play(api, ALICE, "B3-B1 D", 2).await;
    api.expect_sent(GROUP, "Ply 3: Alice Liddell has moved.").await;
    play(api, BOB, "D1-D3-B3 U", 3).await;
    let over = api.expect_sent(GROUP, "#1 is over: Alice Liddell wins.").await;
    assert!(over.text.contains("crossed the fence at B3:R"), "{}", over.text);
    let during = group_before_the_end(api, "is over");
    assert!(during.len() >= 5, "{during:?}");
    for text in &during {
        assert!(!has_private_detail(text), "the group saw a private detail: {text}");
    }
    // Boards went as photos to the group and privately.
    let photos = api.calls("sendphoto");
    assert!(photos.iter().any(|c| int(&c.params["chat_id"]) == GROUP));
    assert!(photos.iter().any(|c| int(&c.params["chat_id"]) == BOB.id));
    // Each player read only their own paths.
    let bob_read: Vec<String> = api.sent_to(BOB.id).into_iter().map(|s| s.text).collect();
    assert!(bob_read.iter().all(|t| !t.contains("A1-A4")), "{bob_read:?}");
    let alice_read: Vec<String> = api.sent_to(ALICE.id).into_iter().map(|s| s.text).collect();
    assert!(alice_read.iter().all(|t| !t.contains("D4-D1")), "{alice_read:?}");
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zh_tw_client_reads_traditional_chinese_and_code_arrives_as_html_without_backticks() {
    let bot = Bot::start().await;
    let api = &bot.api;
    // Mei never typed /settings: her client's zh-TW is enough.
    api.say(GROUP, MEI, "/new dark-fence @bob_builder edge_empty_repeat=true");
    let refusal = api.expect_sent(GROUP, "選項 edge_empty_repeat 需要 edge_empty=true").await;
    assert!(!refusal.text.contains('`'), "{}", refusal.text);
    api.say(GROUP, MEI, "/help");
    let help = api.expect_sent(GROUP, "/resign [#編號] (/認輸)").await;
    assert!(help.text.contains("/settings") && help.text.contains("(/設定)"), "{}", help.text);
    // English code spans are sent as <code>, and the reader sees no backtick.
    api.say(GROUP, ALICE, "/new dark-fence @bob_builder edge_empty_repeat=true");
    let en = api.expect_sent(GROUP, "option edge_empty_repeat needs edge_empty=true").await;
    assert!(!en.text.contains('`'), "{}", en.text);
    {
        let inner = api.lock();
        let call = inner
            .calls
            .iter()
            .find(|c| c.params["text"].as_str().is_some_and(|t| t.contains("option <code>")))
            .expect("the refusal was sent as HTML");
        assert_eq!(call.params["parse_mode"], "HTML");
        assert!(
            inner
                .calls
                .iter()
                .filter(|c| c.method == "sendmessage")
                .all(|c| c.params["parse_mode"] == "HTML"),
            "every message is sent as HTML"
        );
    }
    bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_variant_game_is_played_to_a_verdict_and_refused_presses_are_alerts() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, "/new dark-fence @bob_builder mode=challenge confirm_moves=false");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    api.say(GROUP, BOB, "/accept");
    api.expect_sent(GROUP, "Dark Fence #1:").await;
    // Accepted by typing: the invitation's Accept and Decline are taken off all the same.
    api.wait("the invitation's buttons taken off", |i| {
        let old = i.sent.iter().find(|s| s.id == invitation.id)?;
        old.datas().is_empty().then_some(())
    })
    .await;
    // Each window is asked of its holder in their private chat (issue 42), with its buttons;
    // the group hears of a ply once it closes. Window 1 after ply 1 is Bob's; one action so far.
    api.say(ALICE.id, ALICE, "A1-A2 R");
    let window = api.expect_data(BOB.id, "1:1:pass").await;
    assert!(
        window
            .text
            .starts_with("#1: Ply 1: Alice Liddell stops on A2. Your decision: challenge Alice"),
        "{}",
        window.text
    );
    assert!(window.datas().contains(&"1:1:challenge".to_string()), "{:?}", window.datas());
    let pressed = api.press(BOB, &window, "1:1:pass");
    api.expect_sent(BOB.id, "#1: you do not challenge Alice Liddell.").await;
    assert!(api.expect_answer(&pressed).await.get("show_alert").is_none());
    let second = api.expect_data(ALICE.id, "1:2:pass").await;
    assert!(second.text.starts_with("#1: Bob does not challenge. Your decision: challenge Bob?"));
    // The first window's buttons go; pressing its Pass again is a stale press, an alert.
    api.wait("the first window's buttons taken off", |i| {
        let old = i.sent.iter().find(|s| s.chat == BOB.id && s.id == window.id)?;
        old.datas().is_empty().then_some(())
    })
    .await;
    let stale = api.press(BOB, &window, "1:1:pass");
    let alert = api.expect_answer(&stale).await;
    assert_eq!(alert["show_alert"], true, "{alert}");
    assert_eq!(alert["text"], "That turn is over; this button no longer applies.");
    // Typed commands work too, in the group, with our suffix; the ply closes in one message.
    api.say(GROUP, ALICE, &format!("/pass@{BOT_USERNAME}"));
    api.expect_sent(ALICE.id, "#1: you do not challenge Bob.").await;
    api.expect_sent(
        GROUP,
        "Ply 1: Alice Liddell stops on A2. Bob does not challenge. Alice Liddell does not \
         challenge.\nPly 2: Bob to move.",
    )
    .await;
    api.say(BOB.id, BOB, "D4-B4-B2 U");
    let w = api.expect_data(ALICE.id, "1:4:pass").await;
    api.press(ALICE, &w, "1:4:pass");
    let w = api.expect_data(BOB.id, "1:5:pass").await;
    assert!(
        w.text.starts_with("#1: Alice Liddell does not challenge. Your decision"),
        "{}",
        w.text
    );
    api.press(BOB, &w, "1:5:pass");
    api.expect_sent(GROUP, "Ply 2: Bob stops on B2.").await;
    api.say(ALICE.id, ALICE, "A2-A1-B1-B3 R");
    let w = api.expect_data(BOB.id, "1:7:challenge").await;
    api.press(BOB, &w, "1:7:challenge");
    let over = api.expect_sent(GROUP, "#1 is over: Bob wins.").await;
    assert!(
        over.text.contains("Ply 3: Alice Liddell stops on B3. Bob challenges"),
        "{}",
        over.text
    );
    assert!(over.text.contains("Challenge upheld"), "{}", over.text);
    for text in group_before_the_end(api, "is over") {
        assert!(!has_private_detail(&text), "the group saw a private detail: {text}");
    }
    let api = bot.finish().await;
    // The windows and the refusals were private: the group never read them.
    let group: Vec<String> = api.sent_to(GROUP).into_iter().map(|s| s.text).collect();
    assert!(group.iter().all(|t| !t.contains("Your decision") && !t.contains("turn is over")));
    assert_eq!(group.iter().filter(|t| t.contains(" stops on ")).count(), 3, "{group:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_who_never_pressed_start_gets_a_start_link_that_begins_the_game() {
    let bot = Bot::start().await;
    let api = &bot.api;
    api.say(ALICE.id, ALICE, "/start");
    api.expect_sent(ALICE.id, "Hello").await;
    // Bob has only ever talked in the group: the bot knows his username, but may not write to
    // him privately.
    api.say(GROUP, BOB, "hello everyone");
    api.say(GROUP, ALICE, "/new dark-fence @bob_builder");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    assert!(invitation.text.contains("invites Bob"), "{}", invitation.text);
    let pressed = api.press(BOB, &invitation, "1:0:accept");
    let link = format!("https://t.me/{BOT_USERNAME}?start=accept-1");
    let told = api.expect_url(GROUP, &link).await;
    assert!(told.text.contains("I can't write to Bob privately"), "{}", told.text);
    assert!(told.text.contains("Press “Open private chat” below"), "{}", told.text);
    // A link cannot be opened from an alert: it is a group message, and the press is answered.
    assert!(api.expect_answer(&pressed).await.get("show_alert").is_none());
    assert!(!api.message(GROUP, invitation.id).datas().is_empty(), "the invitation stays open");
    // Following the link sends `/start accept-1` privately.
    api.say(BOB.id, BOB, "/start accept-1");
    api.expect_sent(BOB.id, "Hello Bob!").await;
    api.expect_sent(GROUP, "Dark Fence #1: Alice Liddell (moves first) vs Bob").await;
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_creator_who_never_pressed_start_completes_the_waiting_accept_by_following_the_link() {
    let bot = Bot::start().await;
    let api = &bot.api;
    // Bob opened his private chat; Alice, who invites him, never did.
    api.say(BOB.id, BOB, "/start");
    api.expect_sent(BOB.id, "Hello Bob!").await;
    api.say(GROUP, ALICE, "/new dark-fence @bob_builder");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    api.press(BOB, &invitation, "1:0:accept");
    let link = format!("https://t.me/{BOT_USERNAME}?start=accept-1");
    let told = api.expect_url(GROUP, &link).await;
    assert!(told.text.contains("I can't write to Alice Liddell privately"), "{}", told.text);
    // Alice follows the link: her chat opens, Bob's accept completes, and the group is told,
    // with no second press from Bob.
    api.say(ALICE.id, ALICE, "/start accept-1");
    api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    api.expect_sent(GROUP, "Dark Fence #1: Alice Liddell (moves first) vs Bob").await;
    // Each player's first private prompt comes too.
    api.expect_sent(ALICE.id, "#1").await;
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_link_to_an_open_invitation_works_only_for_the_player_it_was_given_to() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    // An open invitation in the group; Carol, who never pressed Start, accepts it there.
    api.say(GROUP, ALICE, "/new dark-fence");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    api.press(CAROL, &invitation, "1:0:accept");
    api.expect_url(GROUP, &format!("https://t.me/{BOT_USERNAME}?start=accept-1")).await;
    // Bob was given no link: the same words from his private chat reach no game.
    api.say(BOB.id, BOB, "/start accept-1");
    api.expect_sent(BOB.id, "There is no running game #1.").await;
    // Carol follows hers: the game starts in the group with her.
    api.say(CAROL.id, CAROL, "/start accept-1");
    api.expect_sent(CAROL.id, "Hello Carol!").await;
    api.expect_sent(GROUP, "Dark Fence #1: Alice Liddell (moves first) vs Carol").await;
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blocked_private_chat_is_explained_in_the_group_and_the_game_goes_on() {
    let bot = Bot::start_with(|i| {
        i.bot_deletes_in.insert(GROUP);
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, "/new dark-fence @bob_builder confirm_moves=false");
    api.expect_data(GROUP, "1:0:accept").await;
    api.say(GROUP, BOB, "/accept");
    api.expect_sent(GROUP, "Dark Fence #1:").await;
    // A secret move typed in the group is refused, played nowhere, and taken down.
    api.say(GROUP, ALICE, "A1-A4-B4-B3 R");
    api.expect_sent(GROUP, "Moves of this game are secret").await;
    api.wait("the secret move deleted", |i| {
        i.deleted.iter().any(|(c, _)| *c == GROUP).then_some(())
    })
    .await;
    api.lock().blocked.insert(BOB.id);
    api.say(ALICE.id, ALICE, "A1-A4-B4-B3 R");
    api.expect_sent(GROUP, "Ply 1: Alice Liddell has moved.").await;
    // The start link is a URL button under the explanation, not an address in the text.
    let link = format!("https://t.me/{BOT_USERNAME}?start=view-1");
    let told = api.expect_url(GROUP, &link).await;
    assert!(told.text.starts_with("I can't write to Bob privately any more"), "{}", told.text);
    assert!(told.text.contains("press “Open private chat” below"), "{}", told.text);
    assert!(!told.text.contains("https://"), "{}", told.text);
    assert_eq!(told.urls(), [("Open private chat".to_string(), link.clone())]);
    // It is Bob's turn, and his private prompt is what failed: the explanation says so and
    // notifies him with a text mention (his first missed turn; issue 42).
    assert!(told.text.ends_with("Bob, it is your turn in #1."), "{}", told.text);
    let mention = format!("<a href=\"tg://user?id={}\">Bob</a>", BOB.id);
    let raw = api.calls("sendmessage").into_iter().find_map(|c| {
        let text = c.params["text"].as_str()?.to_string();
        (c.status == 200 && text.contains("privately any more")).then_some(text)
    });
    let raw = raw.expect("the explanation was sent");
    assert_eq!(raw.matches(&mention).count(), 2, "{raw}");
    let refused = api.calls("sendmessage").into_iter().chain(api.calls("sendphoto"));
    assert!(refused.filter(|c| c.status == 403).count() >= 1);
    // Bob comes back through the link: his view arrives, and he plays on.
    api.lock().blocked.remove(&BOB.id);
    api.say(BOB.id, BOB, "/start view-1");
    api.expect_sent(BOB.id, "Hello Bob!").await;
    api.wait("Bob's view", |i| {
        i.sent.iter().any(|s| s.chat == BOB.id && s.photo.is_some()).then_some(())
    })
    .await;
    api.say(BOB.id, BOB, "D4-D1 L");
    api.expect_sent(GROUP, "Ply 2: Bob has moved.").await;
    let told_again = api.sent_to(GROUP).iter().filter(|s| !s.urls().is_empty()).count();
    assert_eq!(told_again, 1, "the group is told once");
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_message_is_sent_again_after_the_pause_and_arrives_once() {
    let bot = Bot::start_with(|i| i.throttled.push(("sendmessage".into(), GROUP))).await;
    let api = &bot.api;
    api.say(GROUP, ALICE, "/games");
    let sent =
        api.wait("the /games reply", |i| i.sent.iter().find(|s| s.chat == GROUP).cloned()).await;
    let tries: Vec<Call> = api
        .calls("sendmessage")
        .into_iter()
        .filter(|c| int(&c.params["chat_id"]) == GROUP)
        .collect();
    assert_eq!(tries.iter().map(|c| c.status).collect::<Vec<_>>(), [429, 200]);
    assert_eq!(tries[0].params["text"], tries[1].params["text"]);
    let pause = tries[1].at.duration_since(tries[0].at);
    assert!(pause >= Duration::from_millis(950), "waited {pause:?} for retry_after = 1 s");
    assert_eq!(api.sent_to(GROUP).len(), 1, "{sent:?}");
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_for_other_bots_are_ignored_and_mentions_become_user_ids_or_reserved_handles() {
    let bot = Bot::start_with(|i| {
        i.admins.insert((GROUP, ALICE.id));
    })
    .await;
    let api = &bot.api;
    api.say(ALICE.id, ALICE, "/start");
    api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    api.say(CAROL.id, CAROL, "/start");
    api.expect_sent(CAROL.id, "Hello Carol!").await;
    // Another bot's command is not ours; ours follows it in the same chat, in order.
    api.say(GROUP, ALICE, "/games@some_other_bot");
    api.say(GROUP, ALICE, &format!("/help@{BOT_USERNAME}"));
    api.expect_sent(GROUP, "/new").await;
    assert_eq!(api.sent_to(GROUP).len(), 1, "only /help was answered");
    // Carol has no username: Telegram marks her name with a text_mention.
    let text = "/new dark-fence Carol";
    let mention = json!({"type": "text_mention", "offset": 16, "length": 5, "user": CAROL.json()});
    api.say_with(GROUP, ALICE, text, vec![mention]);
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    assert!(invitation.text.starts_with("Alice Liddell invites Carol to"), "{}", invitation.text);
    // An unknown @username stays a handle: the invitation waits for that user alone.
    api.say(GROUP, ALICE, "/new dark-fence @Nobody_Known");
    api.expect_sent(GROUP, "Alice Liddell invites @nobody_known to Dark Fence #2").await;
    // Administrators' commands ask Telegram who administers the group.
    api.say(GROUP, CAROL, "/admin abort #2");
    api.expect_sent(GROUP, "Only an administrator of this chat may do that.").await;
    api.say(GROUP, ALICE, "/admin abort #2");
    api.expect_sent(GROUP, "Alice Liddell aborts #2.").await;
    let asked: Vec<i64> =
        api.calls("getchatmember").iter().map(|c| int(&c.params["user_id"])).collect();
    assert_eq!(asked, [CAROL.id, ALICE.id]);
    // Ordinary commands never ask.
    api.say(GROUP, CAROL, "/accept #1");
    api.expect_sent(GROUP, "Dark Fence #1: Alice Liddell (moves first) vs Carol").await;
    assert_eq!(api.calls("getchatmember").len(), 2);
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_reached_only_from_their_group_and_admins_act_only_on_their_own_group() {
    // Alice administers GROUP, Carol only OTHER_GROUP.
    let bot = Bot::start_with(|i| {
        i.admins.insert((GROUP, ALICE.id));
        i.admins.insert((OTHER_GROUP, CAROL.id));
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    api.say(CAROL.id, CAROL, "/start");
    api.expect_sent(CAROL.id, "Hello Carol!").await;
    api.say(GROUP, ALICE, "/new ultima @bob_builder");
    api.expect_data(GROUP, "1:0:accept").await;
    api.say(GROUP, BOB, "/accept");
    api.expect_sent(GROUP, "Ultima #1").await;
    api.say(GROUP, ALICE, "/new ultima");
    api.expect_sent(GROUP, "#2 and waits for an opponent").await;
    // From the other group, where she is an administrator, Carol reaches nothing of GROUP's.
    for line in ["/admin abort #1", "/board #1", "/accept #2", "/admin abort #2"] {
        api.say(OTHER_GROUP, CAROL, line);
    }
    // Nor does Bob, a player of #1, from a group the game is not in.
    api.say(OTHER_GROUP, BOB, "/board #1");
    // Nor Carol privately: she is not seated.
    api.say(CAROL.id, CAROL, "/view #1");
    api.wait("five refusals in the other group and one in private", |i| {
        let other = i.sent.iter().filter(|m| m.chat == OTHER_GROUP).count();
        let private = i.sent.iter().filter(|m| m.chat == CAROL.id).count();
        (other >= 5 && private >= 2).then_some(())
    })
    .await;
    let other: Vec<String> = api.sent_to(OTHER_GROUP).into_iter().map(|m| m.text).collect();
    assert_eq!(
        other,
        [
            "There is no running game #1.",
            "There is no running game #1.",
            "There is no running game #2.",
            "There is no running game #2.",
            "There is no running game #1.",
        ],
        "{other:?}"
    );
    assert_eq!(api.sent_to(CAROL.id).last().expect("a reply").text, "There is no running game #1.");
    // GROUP heard nothing of it, and both games go on.
    let group: Vec<String> = api.sent_to(GROUP).into_iter().map(|m| m.text).collect();
    assert!(group.iter().all(|t| !t.contains("abort")), "{group:?}");
    // Bob, seated in #1, reaches it privately; Alice, GROUP's administrator, aborts it there.
    api.say(BOB.id, BOB, "/view #1");
    api.wait("Bob's private view", |i| {
        i.sent.iter().any(|m| m.chat == BOB.id && m.photo.is_some()).then_some(())
    })
    .await;
    api.say(GROUP, ALICE, "/admin abort #1");
    api.expect_sent(GROUP, "Alice Liddell aborts #1.").await;
    let _ = bot.finish().await;
}

/// A secret move typed in a group as `/move <path>` (not only as a bare path) is taken down
/// where the bot may delete messages. Where it may not, its author is asked to delete it, in
/// the same message as the refusal, with a URL button that opens the private chat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_secret_move_typed_in_a_group_is_deleted_or_its_author_is_asked_to_delete_it() {
    let bot = Bot::start_with(|i| {
        i.bot_deletes_in.insert(GROUP);
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    for group in [GROUP, OTHER_GROUP] {
        api.say(group, ALICE, "/new dark-fence @bob_builder confirm_moves=false");
        api.say(group, BOB, "/accept");
        api.expect_sent(group, "Dark Fence #").await;
    }
    let typed = api.say_id(GROUP, ALICE, "/move A1-A4-B4-B3 R");
    let refused = api.expect_sent(GROUP, "Moves of this game are secret").await;
    api.wait("the /move taken down", |i| i.deleted.contains(&(GROUP, typed)).then_some(())).await;
    assert!(refused.urls().is_empty(), "nothing left to delete: {}", refused.text);
    // In the other group the bot is no administrator: the move stays, and Alice is asked to
    // delete it herself.
    let kept = api.say_id(OTHER_GROUP, ALICE, "/move A1-A4-B4-B3 R");
    let chat = format!("https://t.me/{BOT_USERNAME}");
    let asked = api.expect_url(OTHER_GROUP, &chat).await;
    assert!(asked.text.contains("Moves of this game are secret"), "{}", asked.text);
    assert!(asked.text.contains("please delete it"), "{}", asked.text);
    assert_eq!(asked.urls(), [("Open private chat".to_string(), chat)]);
    assert!(!api.lock().deleted.contains(&(OTHER_GROUP, kept)));
    // Nothing was played in either game.
    let both = [api.sent_to(GROUP), api.sent_to(OTHER_GROUP)].concat();
    assert!(both.iter().all(|m| !m.text.contains("has moved")), "{both:#?}");
    let _ = bot.finish().await;
}

/// An invitation to a username the bot has not met stays reserved for that username: the
/// inviter's group is told the bot has not met them and how they open the private chat (a URL
/// button); someone else pressing Accept is refused; the user with that username, seen for the
/// first time when they press Accept, takes the seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_to_a_username_the_bot_has_not_met_waits_for_that_user_alone() {
    let bot = Bot::start().await;
    let api = &bot.api;
    api.say(ALICE.id, ALICE, "/start");
    api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    api.say(GROUP, ALICE, "/new ultima @Bob_Builder");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    assert!(
        invitation.text.starts_with("Alice Liddell invites @bob_builder to Ultima #1"),
        "{}",
        invitation.text
    );
    let chat = format!("https://t.me/{BOT_USERNAME}");
    let told = api.expect_url(GROUP, &chat).await;
    assert!(told.text.starts_with("I haven't met @bob_builder yet"), "{}", told.text);
    assert_eq!(told.urls(), [("Open private chat".to_string(), chat)]);
    // Carol is not @bob_builder: her press is refused, and the seat stays his.
    let pressed = api.press(CAROL, &invitation, "1:0:accept");
    let alert = api.expect_answer(&pressed).await;
    assert_eq!(alert["text"], "Game #1 invites someone else.", "{alert}");
    // Bob, whom the bot meets with his press, takes it.
    api.press(BOB, &invitation, "1:0:accept");
    api.expect_sent(GROUP, "Ultima #1: Alice Liddell (white, moves first) vs Bob (black)").await;
    let _ = bot.finish().await;
}

/// A group never freezes: while one player's command waits (here on Telegram itself: the
/// `getChatMember` an `/admin` command needs never answers), another player in the same group is
/// answered, and the waiting chat shows "typing…".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_players_slow_command_never_holds_up_another_player_in_the_group() {
    let bot = Bot::start_with(|i| {
        i.faults.entry(("getchatmember".to_string(), GROUP)).or_default().push_back(Fault::Hang);
    })
    .await;
    let api = &bot.api;
    api.say(GROUP, ALICE, "/admin abort #1");
    api.wait("Alice's getChatMember hanging", |i| {
        i.calls.iter().any(|c| c.method == "getchatmember" && c.status == HUNG).then_some(())
    })
    .await;
    api.say(GROUP, BOB, "/games");
    let answered = api.expect_sent(GROUP, "Games in this channel: 0").await;
    assert_eq!(api.sent_to(GROUP).len(), 1, "only Bob was answered: {answered:?}");
    api.wait("typing… shown while Alice waits", |i| {
        i.calls
            .iter()
            .any(|c| {
                c.method == "sendchataction"
                    && int(&c.params["chat_id"]) == GROUP
                    && c.params["action"] == "typing"
            })
            .then_some(())
    })
    .await;
    let _ = bot.finish().await;
}

/// How many plies the group's messages announce (`#<game> ply <n>:`, several per message when
/// they were joined).
fn plies_announced(api: &StandIn, chat: i64) -> usize {
    api.sent_to(chat).iter().map(|m| m.text.matches(" ply ").count()).sum()
}

/// Plays Chaos Clock games against the bot in the group, one after another, by pressing the
/// first action button offered each turn, until `plies` plies were announced in all; returns
/// how many were.
async fn play_chaos_against_the_bot(api: &StandIn, plies: usize) -> usize {
    let mut game = 0;
    while plies_announced(api, GROUP) < plies {
        game += 1;
        api.say(GROUP, ALICE, &format!("/new chaos-clock @{BOT_USERNAME}"));
        let over = format!("#{game} is over");
        let mut pressed = 0;
        loop {
            // The newest action button of this game for a turn after the last one pressed (the
            // bot may take several turns in a row).
            // A minute, not the usual patience: a new game against the bot solves its start
            // (is it lost for the player?) and each bot turn searches, which in a debug build
            // on a loaded 2-core machine can take longer than 10 s. Flood limits are what this
            // test checks, not latency; the minute only keeps a lost message from hanging it.
            let found = api
                .wait_long("the next action buttons", SOLVER_PATIENCE, |i| {
                    if i.sent.iter().any(|s| s.chat == GROUP && s.text.contains(&over)) {
                        return Some(None);
                    }
                    i.sent.iter().rev().filter(|s| s.chat == GROUP).find_map(|s| {
                        s.datas().into_iter().find_map(|d| {
                            let mut parts = d.splitn(3, ':');
                            let (g, t, c) = (parts.next()?, parts.next()?, parts.next()?);
                            let turn: usize = t.parse().ok()?;
                            (g == game.to_string() && c.starts_with("act-") && turn > pressed)
                                .then(|| Some((s.clone(), d.clone(), turn)))
                        })
                    })
                })
                .await;
            let Some((reply, data, turn)) = found else { break };
            api.press(ALICE, &reply, &data);
            pressed = turn;
        }
    }
    plies_announced(api, GROUP)
}

/// Telegram's limits are respected, not hit: with a group flood limit on (scaled down to 5
/// messages in 3 s so that a short test meets it, and the bot told the same), a fast series of
/// games against the bot meets no 429 and every announcement arrives; a move and the bot's
/// reply reach the group as one message. The stand-in's limit is real: messages sent to it
/// straight, past the limit, meet 429 (how the pacer keeps under a limit, whatever the
/// machine's speed, is the outbox's paused-clock unit test).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fast_game_against_the_bot_keeps_under_the_group_flood_limit() {
    let flood = Some((5, Duration::from_secs(3)));
    let paced = [("ARBITER_GROUP_MESSAGES", "5"), ("ARBITER_GROUP_WINDOW_SECONDS", "3")];
    let bot = Bot::start_with_env(&paced, |i| i.flood = flood).await;
    let api = &bot.api;
    both_start(api).await;
    let plies = play_chaos_against_the_bot(api, 30).await;
    let group_sends = api.sends_to(GROUP, 0);
    let throttled = group_sends.iter().filter(|c| c.status == 429).count();
    let delivered = group_sends.iter().filter(|c| c.status == 200).count();
    eprintln!(
        "figure: {plies} plies, {delivered} group messages ({:.2} a ply), {throttled} × 429",
        delivered as f64 / plies as f64
    );
    assert_eq!(throttled, 0, "{}", call_log(&group_sends));
    assert!(delivered <= plies, "at most one group message a ply: {delivered} for {plies}");
    // Six messages straight to another group within the window: the sixth is refused, with
    // the seconds to wait.
    let client = reqwest::Client::new();
    let mut answers = Vec::new();
    for n in 0..6 {
        let body = json!({"chat_id": OTHER_GROUP, "text": format!("message {n}")}).to_string();
        let answer = client
            .post(format!("{}/bot{TOKEN}/sendMessage", bot.url))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .expect("the stand-in answers");
        let status = answer.status().as_u16();
        let json: Value =
            serde_json::from_slice(&answer.bytes().await.expect("a body")).expect("a JSON answer");
        answers.push((status, json["parameters"]["retry_after"].as_u64()));
    }
    assert_eq!(answers[..5], [(200, None); 5], "{answers:?}");
    assert!(matches!(answers[5], (429, Some(1..=3))), "{answers:?}");
    let _ = bot.finish().await;
}

/// At Telegram's group limit the group is never silent (issue 42): with the limit on (4
/// messages in 6 s, on the stand-in and in the bot) and the group's window full, a pressed
/// move button is answered at once with a notice that the reply follows; a `/board` typed
/// while the move's announcement waits is answered before it; and a move typed while the
/// window is full takes the old board's buttons off at once, before its announcement can go.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn at_the_group_limit_presses_answers_and_stale_buttons_do_not_wait_for_the_queue() {
    let flood = Some((4, Duration::from_secs(6)));
    let paced = [("ARBITER_GROUP_MESSAGES", "4"), ("ARBITER_GROUP_WINDOW_SECONDS", "6")];
    let bot = Bot::start_with_env(&paced, |i| i.flood = flood).await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, "/new chaos-clock @bob_builder");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    api.press(BOB, &invitation, "1:0:accept");
    let started = api.expect_sent(GROUP, "Chaos Clock #1: Alice Liddell").await;
    // The invitation and the start took two of the window's four sends at least: of four
    // answers to /games, two at least wait for the window to move on.
    for _ in 0..4 {
        api.say(GROUP, ALICE, "/games");
    }
    api.expect_sent(GROUP, "Games in this").await;
    let (_, data) = api.expect_data_starting(GROUP, "1:0:act-").await;
    let pressed = api.press(BOB, &started, &data);
    let answer = api.expect_answer(&pressed).await;
    assert_eq!(
        answer["text"],
        "Done. This group is at Telegram's message limit, so my reply follows in a moment.",
        "{answer}"
    );
    assert_ne!(answer["show_alert"], true, "a notice, not an alert to dismiss: {answer}");
    // The move's announcement waits in the queue; Alice's /board goes ahead of it.
    let before = api.sent_to(GROUP).len();
    api.say(GROUP, ALICE, "/board");
    let moved = api.expect_sent(GROUP, "#1 ply 1: Bob").await;
    let group = api.sent_to(GROUP);
    let at = group.iter().position(|s| s.id == moved.id).expect("the announcement");
    let board_first =
        group[before..at].iter().any(|s| s.photo.is_some() && s.text.starts_with("#1 Chaos Clock"));
    assert!(board_first, "the /board answer came after the announcement: {group:#?}");
    // The window is full again. Alice types her move instead of pressing: the buttons of the
    // board just announced go at once, while the new announcement still waits.
    let (buttons, data) = api.expect_data_starting(GROUP, "1:1:act-").await;
    let notation = data.trim_start_matches("1:1:act-").to_string();
    api.say(GROUP, ALICE, "/games");
    api.say(GROUP, ALICE, "/games");
    api.say(GROUP, ALICE, &format!("/move {notation}"));
    let second = api.expect_sent(GROUP, "#1 ply 2: Alice").await;
    let calls = api.lock().calls.clone();
    let edited = calls.iter().position(|c| {
        c.method == "editmessagereplymarkup" && c.params["message_id"] == json!(buttons.id)
    });
    let edited = edited.expect("the old board's buttons were taken off");
    let announced = calls.iter().position(|c| {
        c.status == 200
            && ["sendmessage", "sendphoto"].contains(&c.method.as_str())
            && [&c.params["text"], &c.params["caption"]]
                .iter()
                .any(|t| t.as_str().is_some_and(|t| t.contains("#1 ply 2: Alice")))
    });
    let announced = announced.expect("the second announcement's call");
    assert!(edited < announced, "the buttons went only after the announcement");
    assert!(second.photo.is_some());
    let throttled = api.sends_to(GROUP, 0).iter().filter(|c| c.status == 429).count();
    assert_eq!(throttled, 0, "the bot kept to the limit");
    let _ = bot.finish().await;
}

/// Figure (issue 21): the longest wait for a reply in a group while another player's solver
/// search runs there (drawing a fair Chaos Clock start). It measures and prints; it checks
/// nothing timed. Rerun: `cargo test --test suite telegram::figure_reply_delay -- --ignored --nocapture`.
#[ignore = "a measurement, not a check"]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn figure_reply_delay_in_a_group_while_a_search_runs() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    let answers = |api: &StandIn| {
        api.sent_to(GROUP).iter().filter(|m| m.text.contains("Games in this channel")).count()
    };
    for (what, line, done) in
        [("a fair start", "/new chaos-clock @bob_builder start=fair hints=on", "Chaos Clock #1")]
    {
        let before = api.lock().sent.len();
        let started = Instant::now();
        api.say(GROUP, ALICE, line);
        let mut delays = Vec::new();
        let mut searched = None;
        while searched.is_none() && delays.len() < 50 {
            let asked = answers(api);
            let at = Instant::now();
            api.say(GROUP, BOB, "/games");
            api.wait("Bob's answer", |i| {
                let n = i
                    .sent
                    .iter()
                    .filter(|m| m.chat == GROUP && m.text.contains("Games in"))
                    .count();
                (n > asked).then_some(())
            })
            .await;
            delays.push(at.elapsed());
            let finished = api.lock().sent[before..]
                .iter()
                .any(|m| m.text.contains(done) && !m.text.contains("Games in") && m.chat != BOB.id);
            if finished {
                searched = Some(started.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let longest = delays.iter().max().copied().unwrap_or_default();
        eprintln!(
            "figure: {what}: done after {searched:?}; {} replies to Bob meanwhile, the longest \
             after {longest:?}",
            delays.len()
        );
    }
    let _ = bot.finish().await;
}

/// Forum topics: a command typed in a topic is answered in that topic, and a game started there
/// lives there. Its invitation, announcements, boards and buttons go to the topic; from the
/// group's general chat and from another topic it is neither listed nor reached.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_started_in_a_forum_topic_is_played_and_announced_in_that_topic_alone() {
    let bot = Bot::start_with(|i| {
        i.forums.insert(GROUP, HashSet::from([TOPIC, OTHER_TOPIC]));
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    api.say_in_topic(GROUP, TOPIC, ALICE, "/new ultima @bob_builder");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    assert_eq!(invitation.topic, Some(TOPIC), "the invitation is posted in the topic");
    // Another topic and the general chat do not reach the game.
    api.say_in_topic(GROUP, OTHER_TOPIC, BOB, "/accept #1");
    api.say(GROUP, BOB, "/accept #1");
    api.expect_count(GROUP, "There is no running game #1.", 2).await;
    let mut refusals: Vec<Option<i64>> = api
        .sent_to(GROUP)
        .into_iter()
        .filter(|m| m.text.contains("There is no running game"))
        .map(|m| m.topic)
        .collect();
    refusals.sort_unstable();
    assert_eq!(refusals, [None, Some(OTHER_TOPIC)], "each refusal answers where it was asked");
    // The button in the topic accepts; moves typed in the topic are announced there.
    api.press(BOB, &invitation, "1:0:accept");
    let started = api.expect_sent(GROUP, "Ultima #1: Alice Liddell").await;
    assert_eq!(started.topic, Some(TOPIC));
    api.say_in_topic(GROUP, TOPIC, ALICE, "/move c2c5");
    let ply = api.expect_sent(GROUP, "#1 ply 1: Alice Liddell (white) pincer c2-c5.").await;
    assert_eq!(ply.topic, Some(TOPIC));
    assert!(ply.photo.is_some(), "the board comes with the move");
    api.say(GROUP, ALICE, "/games");
    let listed = api.expect_sent(GROUP, "Games in this channel: 0").await;
    assert_eq!(listed.topic, None, "/games in the general chat lists none of the topic's games");
    api.say_in_topic(GROUP, TOPIC, BOB, "/games");
    api.expect_sent(GROUP, "Games in this channel: 1").await;
    let game_messages: Vec<(Option<i64>, String)> = api
        .sent_to(GROUP)
        .into_iter()
        .filter(|m| !m.text.contains("There is no running game") && !m.text.contains("Games in"))
        .map(|m| (m.topic, m.text))
        .collect();
    assert!(game_messages.iter().all(|(topic, _)| *topic == Some(TOPIC)), "{game_messages:#?}");
    let _ = bot.finish().await;
}

/// Group upgrades keep games: when Telegram turns a basic group into a supergroup it tells the
/// bot with `migrate_to_chat_id` (in the old group) and `migrate_from_chat_id` (in the new one);
/// the running game moves, and the next move, typed in the supergroup, is found and announced
/// there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_upgraded_to_a_supergroup_keeps_its_game_and_plays_on_in_the_supergroup() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    start_ultima(api, BASIC_GROUP, ALICE, BOB, 1).await;
    api.upgrade(BASIC_GROUP, UPGRADED_GROUP, ALICE, true);
    api.say(UPGRADED_GROUP, ALICE, "/move c2c5");
    let ply =
        api.expect_sent(UPGRADED_GROUP, "#1 ply 1: Alice Liddell (white) pincer c2-c5.").await;
    assert!(ply.photo.is_some());
    api.say(UPGRADED_GROUP, BOB, "/games");
    api.expect_sent(UPGRADED_GROUP, "Games in this channel: 1").await;
    let refused = api.calls("sendphoto").into_iter().chain(api.calls("sendmessage"));
    assert!(
        refused.filter(|c| c.status != 200).count() == 0,
        "nothing was sent to the old id after the notice"
    );
    let _ = bot.finish().await;
}

/// A bot that missed the upgrade notices learns of it from the refusal of its next send to the
/// old id (400 with `migrate_to_chat_id`): that message is sent to the supergroup instead, every
/// game of the group moves there, and the group's other game is reached from the supergroup.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_send_refused_because_the_group_was_upgraded_goes_to_the_supergroup_and_moves_its_games()
{
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    start_ultima(api, BASIC_GROUP, ALICE, BOB, 1).await;
    start_ultima(api, BASIC_GROUP, BOB, ALICE, 2).await;
    api.upgrade(BASIC_GROUP, UPGRADED_GROUP, ALICE, false);
    // Bob resigns #1 in his private chat: the announcement is for the group.
    api.say(BOB.id, BOB, "/resign #1");
    api.expect_sent(UPGRADED_GROUP, "#1 is over: Alice Liddell wins.").await;
    let to_old: Vec<u16> = api
        .calls("sendmessage")
        .into_iter()
        .chain(api.calls("sendphoto"))
        .filter(|c| int(&c.params["chat_id"]) == BASIC_GROUP && c.status != 200)
        .map(|c| c.status)
        .collect();
    assert_eq!(to_old, [400], "one send met the upgrade, and none after it");
    api.say(UPGRADED_GROUP, BOB, "/move c2c5");
    api.expect_sent(UPGRADED_GROUP, "#2 ply 1: Bob (white) pincer c2-c5.").await;
    let _ = bot.finish().await;
}

/// Starts the real binary serving Telegram at `url` (a database in `dir`), logging at `level`
/// to a piped stderr.
#[cfg(unix)]
fn spawn_binary(dir: &std::path::Path, url: &str, level: &str) -> std::process::Child {
    spawn_binary_with(dir, url, level, &[], std::process::Stdio::piped())
}

/// Starts the real binary like [`spawn_binary`], with the environment variables `extra` besides
/// the usual ones and its logs going to `stderr`.
#[cfg(unix)]
fn spawn_binary_with(
    dir: &std::path::Path,
    url: &str,
    level: &str,
    extra: &[(&str, &str)],
    stderr: std::process::Stdio,
) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(dir)
        .env("TELEGRAM_TOKEN", TOKEN)
        .env("TELEGRAM_API_URL", url)
        .env("ARBITER_DATABASE", dir.join("arbiter.db"))
        .env("RUST_LOG", level)
        .env("ARBITER_GROUP_WINDOW_SECONDS", QUICK_PACE)
        .envs(extra.iter().copied())
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(stderr)
        .spawn()
        .expect("the binary starts")
}

/// Sends SIGTERM to `child` and waits for it to stop; returns its status and logs.
#[cfg(unix)]
async fn terminate(mut child: std::process::Child) -> (std::process::ExitStatus, String) {
    let stopped = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(stopped.success());
    let deadline = Instant::now() + PATIENCE;
    while child.try_wait().expect("the child's status").is_none() {
        assert!(Instant::now() < deadline, "the binary did not stop on SIGTERM");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let out = child.wait_with_output().expect("the child's output");
    (out.status, String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The real binary: `arbiter` with no subcommand serves Telegram once `TELEGRAM_TOKEN` is set
/// (here with `TELEGRAM_API_URL` on the stand-in), stops cleanly on SIGTERM, and its logs, even
/// at trace level (every crate's), never contain the token.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_serves_telegram_when_a_token_is_set_and_never_logs_the_token() {
    let (api, url) = StandIn::start().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let child = spawn_binary(dir.path(), &url, "trace");
    api.wait("the binary polling", |i| {
        i.calls.iter().any(|c| c.method == "getupdates").then_some(())
    })
    .await;
    api.say(ALICE.id, ALICE, "/start");
    api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    let (status, logs) = terminate(child).await;
    assert!(status.success(), "{status:?}\n{logs}");
    assert!(logs.contains("connected to Telegram"), "{logs}");
    let secret = TOKEN.split_once(':').map_or(TOKEN, |(_, s)| s);
    assert!(!logs.contains(secret), "the token leaked into the logs:\n{logs}");
    assert!(api.lock().calls.iter().all(|c| c.token_ok));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ultima_game_is_played_in_the_group_with_board_photos_and_private_turn_pings() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, "/new ultima @bob_builder");
    let accept = "1:0:accept";
    let invitation = api.expect_data(GROUP, accept).await;
    api.press(BOB, &invitation, accept);
    let started = api
        .expect_sent(GROUP, "Ultima #1: Alice Liddell (white, moves first) vs Bob (black)")
        .await;
    assert!(started.photo.is_some(), "the start position comes as a photo with its caption");
    // Carol, who opened her private chat, follows the game: each public announcement comes to
    // her privately too, photo included.
    api.say(CAROL.id, CAROL, "/start");
    api.expect_sent(CAROL.id, "Hello Carol!").await;
    api.say(GROUP, CAROL, "/follow #1");
    api.expect_sent(GROUP, "You follow #1: its public announcements come to you privately.").await;
    // Moves are typed in the group (with or without the bot's name); each is announced once,
    // with the board, and the player to move is pinged privately (a correspondence game).
    api.say(GROUP, ALICE, "/move c2c5");
    api.expect_sent(GROUP, "#1 ply 1: Alice Liddell (white) pincer c2-c5.").await;
    let copy = api.expect_sent(CAROL.id, "#1 ply 1: Alice Liddell (white) pincer c2-c5.").await;
    assert!(copy.photo.is_some() && copy.keyboard.is_none(), "{}", copy.text);
    api.expect_sent(BOB.id, "#1 Ultima: your move (black). Last move: c2c5.").await;
    api.say(GROUP, BOB, &format!("/move@{BOT_USERNAME} d7d5"));
    api.expect_sent(GROUP, "#1 ply 2: Bob (black) pincer d7-d5.").await;
    api.say(GROUP, ALICE, "/move e2e5");
    let pinch = api
        .expect_sent(
            GROUP,
            "#1 ply 3: Alice Liddell (white) pincer e2-e5, capturing the pincer on d5 (by pinching).",
        )
        .await;
    assert!(pinch.photo.is_some(), "{}", pinch.text);
    // An impossible move is refused in the group and changes nothing.
    api.say(GROUP, BOB, "/move b8b6");
    api.expect_sent(GROUP, "The long leaper on b8 cannot move to b6").await;
    api.say(GROUP, BOB, "/resign");
    api.expect_sent(GROUP, "#1 is over: Alice Liddell wins.").await;
    // A rated game (the default) moves both ratings: skillratings' published example for two
    // newcomers, 1662 and 1338.
    api.expect_sent(GROUP, "#1 ratings: Alice Liddell 1662? (+162), Bob 1338? (−162).").await;
    // One piece's page comes as a photo of its moves with the words as the caption.
    api.say(GROUP, BOB, "/rules ultima X");
    let page = api.expect_sent(GROUP, "X chameleon: moves like a queen;").await;
    assert!(page.photo.is_some(), "{}", page.text);
    // A game from a position, the value in the curly quotes a phone keyboard types: the
    // chameleon's e4-g6 stalemates the lone black king, which loses.
    api.say(GROUP, ALICE, "/new ultima @bob_builder position=“7k/5K2/8/8/4X3/8/8/8 w”");
    let accept = "2:0:accept";
    let invitation = api.expect_data(GROUP, accept).await;
    api.press(BOB, &invitation, accept);
    api.expect_sent(GROUP, "Ultima #2: Alice Liddell (white, moves first) vs Bob (black)").await;
    api.say(GROUP, ALICE, "/move e4g6");
    api.expect_sent(GROUP, "#2 is over: Alice Liddell wins.\nBob has no legal move and loses.")
        .await;
    // A game from a position is unrated: the group's leaderboard and history show it so.
    api.say(GROUP, BOB, "/leaderboard ultima");
    api.expect_sent(
        GROUP,
        "Ultima leaderboard here (? marks a provisional rating):\n\
         1. Alice Liddell 1662? · 1 game: 1 won, 0 drawn, 0 lost\n\
         2. Bob 1338? · 1 game: 0 won, 0 drawn, 1 lost\n\
         You are number 2 of 2, at 1338?.",
    )
    .await;
    api.say(GROUP, ALICE, "/history");
    let history =
        api.expect_sent(GROUP, "Recent games here:\n#2 Ultima: Alice Liddell beat Bob").await;
    assert!(
        history.text.lines().nth(1).is_some_and(|l| l.ends_with("· unrated")),
        "{}",
        history.text
    );
    assert!(
        history.text.lines().nth(2).is_some_and(|l| !l.contains("unrated")),
        "{}",
        history.text
    );
    // A profile comes as a photo of the rating chart with the figures as its caption.
    api.say(GROUP, ALICE, "/profile @bob_builder");
    let profile = api.expect_sent(GROUP, "Bob's ratings here").await;
    assert!(profile.photo.is_some(), "{}", profile.text);
    assert!(
        profile.text.contains("\nUltima: 1338? · 1 game: 0 won, 0 drawn, 1 lost\n"),
        "{}",
        profile.text
    );
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_perfect10_promotion_is_chosen_with_a_button_in_the_group() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, "/new perfect10 @bob_builder");
    let accept = "1:0:accept";
    let invitation = api.expect_data(GROUP, accept).await;
    api.press(BOB, &invitation, accept);
    let started = api
        .expect_sent(GROUP, "Perfect 10 x 10 #1: Alice Liddell (white, moves first) vs Bob (black)")
        .await;
    assert!(started.photo.is_some(), "the start position comes as a photo with its caption");
    api.say(GROUP, ALICE, "/move e3e5");
    api.expect_sent(GROUP, "#1 ply 1: Alice Liddell (white) e3-e5: pawn e3-e5.").await;
    api.say(GROUP, BOB, "/move a8a7");
    api.expect_sent(GROUP, "#1 ply 2: Bob (black) a8-a7: pawn a8-a7.").await;
    // e5-e6 reaches White's first promotion line: the question comes with one button per
    // choice, and the press completes the move (spec decision 2).
    api.say(GROUP, ALICE, "/move e5e6");
    let wazir = "1:2:complete-=W";
    let question = api.expect_data(GROUP, wazir).await;
    assert!(question.text.starts_with("A pawn reaching e6 may become"), "{}", question.text);
    api.press(ALICE, &question, wazir);
    let promoted = api.expect_sent(GROUP, "#1 ply 3: Alice Liddell (white) e5-e6=W").await;
    assert!(promoted.photo.is_some(), "{}", promoted.text);
    api.say(GROUP, BOB, "/resign");
    api.expect_sent(GROUP, "#1 is over: Alice Liddell wins.").await;
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mentioning_this_bot_as_the_opponent_starts_chaos_clock_against_it_with_action_buttons() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, &format!("/new chaos-clock @{BOT_USERNAME}"));
    api.expect_sent(GROUP, "Chaos Clock #1: Alice Liddell (Jia, odd pieces) vs Arbiter (bot)")
        .await;
    let reply = api.expect_sent(GROUP, "#1 ply 1: Arbiter (bot) (Yi, even)").await;
    assert!(reply.photo.is_some(), "the clock face comes as a photo: {}", reply.text);
    let datas = reply.datas();
    assert!(!datas.is_empty() && datas.iter().all(|d| d.starts_with("1:1:act-")), "{datas:?}");
    // Alice's press plays her action and the bot answers at once.
    api.press(ALICE, &reply, &datas[0]);
    api.expect_sent(GROUP, "#1 ply 2: Alice Liddell (Jia, odd)").await;
    let third = api.expect_sent(GROUP, "#1 ply 3: ").await;
    // A typed move moves the turn on too: the buttons of the turn it ended are taken off
    // (a press takes off those of its own message), and only the new turn's stay.
    let data = third.datas().into_iter().next().expect("Alice's actions are buttons");
    let typed = data.strip_prefix("1:3:act-").expect("an action of ply 3").to_string();
    api.say(GROUP, ALICE, &format!("/move {typed}"));
    let fifth = api.expect_sent(GROUP, "#1 ply 5: ").await;
    api.wait("ply 3's buttons taken off", |i| {
        let old = i.sent.iter().find(|s| s.id == third.id)?;
        old.datas().is_empty().then_some(())
    })
    .await;
    assert!(fifth.datas().iter().all(|d| d.starts_with("1:5:act-")), "{:?}", fifth.datas());
    assert!(!api.message(GROUP, fifth.id).datas().is_empty(), "the turn to play keeps its own");
    assert!(api.lock().edits >= 1);
    // `@bot` works as well, in every game, with a level; the bot (white) opens at once.
    api.say(GROUP, ALICE, "/new ultima @bot level=1 side=black");
    api.expect_sent(GROUP, "Ultima #2: Arbiter (bot) (white, moves first) vs Alice Liddell").await;
    api.expect_sent(GROUP, "I play at level 1 of 6").await;
    api.expect_sent(GROUP, "#2 ply 1: Arbiter (bot) (white)").await;
    let _ = bot.finish().await;
}

/// Alice's next decision in her private chat after the `handled` messages she has read: a move
/// prompt's example move (the knowledge-checked one the prompt offers, as a player copying it
/// would), a challenge window (answered with its Pass button), or the game's end in the group.
enum Decision {
    Move(String),
    Window(Box<Sent>),
    Over,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_challenge_game_against_the_bot_is_played_from_the_private_chat() {
    let bot = Bot::start().await;
    let api = &bot.api;
    api.say(ALICE.id, ALICE, "/start");
    api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    api.say(GROUP, ALICE, "/new dark-fence @bot level=3 mode=challenge confirm_moves=false");
    api.expect_sent(GROUP, "I play at level 3 of 6").await;
    let mut handled = 0;
    let mut decisions = 0;
    loop {
        let (read, decision) = api
            .wait_long("Alice's next decision or the end", SOLVER_PATIENCE, |i| {
                if i.sent.iter().any(|s| s.chat == GROUP && s.text.contains("#1 is over")) {
                    return Some((handled, Decision::Over));
                }
                let mine: Vec<&Sent> = i.sent.iter().filter(|s| s.chat == ALICE.id).collect();
                mine.iter().enumerate().skip(handled).find_map(|(n, s)| {
                    if s.datas().iter().any(|d| d.ends_with(":pass")) {
                        return Some((n + 1, Decision::Window(Box::new((*s).clone()))));
                    }
                    if !s.text.contains("your move (ply") {
                        return None;
                    }
                    if let Some(example) =
                        s.text.split("e.g. ").nth(1).and_then(|t| t.split('.').next())
                    {
                        return Some((n + 1, Decision::Move(example.to_string())));
                    }
                    // No example: every move Alice knows of breaks a rule (her own fences box
                    // her in). She stays and fences an edge she knows is taken, as a stuck
                    // player would, and the bot may challenge it.
                    let cell = s.text.split("Cells: Alice Liddell ").nth(1)?.split(',').next()?;
                    Some((n + 1, Decision::Move(format!("{cell} R"))))
                })
            })
            .await;
        handled = read;
        match decision {
            Decision::Over => break,
            Decision::Move(action) => api.say(ALICE.id, ALICE, &action),
            Decision::Window(sent) => {
                let data = sent.datas().into_iter().find(|d| d.ends_with(":pass")).expect("Pass");
                api.press(ALICE, &sent, &data);
            }
        }
        decisions += 1;
        assert!(decisions < 400, "the game did not end in 400 of Alice's decisions");
    }
    // The bot acted (its plies are announced), and nothing was ever sent to it.
    let group: Vec<String> = api.sent_to(GROUP).into_iter().map(|s| s.text).collect();
    assert!(group.iter().any(|t| t.contains("Arbiter (bot) stops on")), "{group:#?}");
    assert!(decisions >= 1);
    bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fair_chaos_clock_game_with_hints_sends_each_hint_privately_and_ends_with_analysis() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, "/new chaos-clock @bob_builder start=fair hints=on");
    let accept = "1:0:accept";
    let invitation = api.expect_data(GROUP, accept).await;
    assert!(invitation.text.contains("hints allowed"), "{}", invitation.text);
    api.press(BOB, &invitation, accept);
    let started = api
        .expect_sent(
            GROUP,
            "Chaos Clock #1: Alice Liddell (Jia, odd pieces) vs Bob (Yi, even pieces",
        )
        .await;
    assert!(started.text.contains("you both bring all your pieces home"), "{}", started.text);
    assert!(started.photo.is_some(), "the clock face comes as a photo");
    // Bob (乙) acts first: Alice's hint is refused in the group, Bob's comes privately.
    api.say(GROUP, ALICE, "/hint");
    api.expect_sent(GROUP, "It is Bob's turn.").await;
    api.say(GROUP, BOB, "/hint");
    let hint = api
        .expect_sent(
            BOB.id,
            "Hint for #1, Bob (Yi, even) to act: with best play this is a win for both. Best: ",
        )
        .await;
    // Bob presses the button of the hint's first best action; it keeps 共赢 for Alice.
    let data = format!("1:0:act-{}", common::first_best(&hint.text));
    assert!(started.datas().contains(&data), "{data} among {:?}", started.datas());
    api.press(BOB, &started, &data);
    let moved = api.expect_sent(GROUP, "#1 ply 1: Bob (Yi, even)").await;
    assert!(moved.photo.is_some(), "{}", moved.text);
    api.say(GROUP, ALICE, "/hint");
    api.expect_sent(
        ALICE.id,
        "Hint for #1, Alice Liddell (Jia, odd) to act: with best play this is a win for both.",
    )
    .await;
    assert!(api.sent_to(GROUP).iter().all(|s| !s.text.contains("Best:")), "no hint in the group");
    api.say(GROUP, ALICE, "/resign");
    // The end is announced at once, without waiting for the analysis (a search of seconds);
    // the bot is stopped right then, and the stop waits for the analysis and delivers it.
    api.expect_sent(GROUP, "#1 is over: Bob wins.").await;
    let api = bot.finish().await;
    let analysis =
        "Analysis of #1: with best play the start was a win for both, and no action changed that.";
    let group = api.sent_to(GROUP);
    assert!(group.iter().any(|s| s.text.contains(analysis)), "{group:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rabble_game_is_selected_with_the_default_button_and_played_in_the_group() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, ALICE, "/new rabble @bob_builder");
    let accept = "1:0:accept";
    let invitation = api.expect_data(GROUP, accept).await;
    api.press(BOB, &invitation, accept);
    let started = api
        .expect_sent(GROUP, "Rabble chess #1: Alice Liddell (Red, moves first) vs Bob (Blue).")
        .await;
    assert!(started.photo.is_some(), "the board comes as a photo");
    // Selection: Alice builds her first pick with the piece buttons under the board, slot by
    // slot (`act-pick-C`, then `complete-<letter>`); every other pick is the default button
    // (payload `<id>:<turn>:act-pick-default`), pressed by whoever is to pick.
    let id = api.press(ALICE, &started, "1:0:act-pick-C");
    assert!(api.expect_answer(&id).await.get("show_alert").is_none());
    // Each press waits for the question its slot asks, so none is made before the last was
    // played.
    for (letter, so_far) in [("N", "C"), ("B", "C N"), ("R", "C N B")] {
        let data = format!("1:0:complete-{letter}");
        let question = api.expect_sent(GROUP, &format!("of 4 (so far: {so_far})")).await;
        assert!(question.datas().contains(&data), "{:?}", question.datas());
        let id = api.press(ALICE, &question, &data);
        assert!(api.expect_answer(&id).await.get("show_alert").is_none());
    }
    api.expect_sent(GROUP, "Alice Liddell (Red) picks C N B R (step 1).").await;
    // The slots' questions were one message, edited into the next at each press; its buttons
    // went once the pick was made.
    let questions: Vec<Sent> =
        api.sent_to(GROUP).into_iter().filter(|s| s.text.contains("of 4 (so far")).collect();
    assert_eq!(questions.len(), 1, "{questions:?}");
    assert_eq!(api.calls("editmessagetext").len(), 2);
    api.wait("the question's buttons taken off", |i| {
        let q = i.sent.iter().find(|s| s.id == questions[0].id)?;
        q.datas().is_empty().then_some(())
    })
    .await;
    for turn in 1..18u32 {
        let who = if turn % 2 == 1 { BOB } else { ALICE };
        let data = format!("1:{turn}:act-pick-default");
        let board = api.expect_data(GROUP, &data).await;
        let id = api.press(who, &board, &data);
        let answer = api.expect_answer(&id).await;
        assert!(answer.get("show_alert").is_none(), "pick {turn}: {answer}");
    }
    api.expect_sent(GROUP, "Alice Liddell (Red) to move.").await;
    // The seed's first move, typed in the group; a refused move says why and changes nothing.
    api.say(GROUP, ALICE, "/move 7,6x7,8");
    api.expect_sent(GROUP, "#1 ply 1: Alice Liddell (Red) plays (7,6,1)x(7,8,1), capturing p (+1)")
        .await;
    api.say(GROUP, BOB, "/move 3,7>3,6");
    api.expect_sent(GROUP, "Not played: (3,6,1) holds an enemy unit: use x to capture it").await;
    // `/moves` and the 3-D observation (with its picture) answer in the group.
    api.say(GROUP, BOB, "/moves 3,7");
    api.expect_sent(GROUP, "#1: where p on (3,7,1) can go").await;
    api.say(GROUP, BOB, "/view z 5..8 5..8");
    let slice = api.expect_sent(GROUP, "#1 3-D observation: x 5..8, y 5..8").await;
    assert!(slice.photo.is_some(), "{}", slice.text);
    api.say(GROUP, BOB, "/move 3,7x3,5");
    api.expect_sent(GROUP, "#1 ply 2: Bob (Blue) plays (3,7,1)x(3,5,1)").await;
    api.say(GROUP, BOB, "/resign");
    api.expect_sent(GROUP, "#1 is over: Alice Liddell wins.").await;
    let _ = bot.finish().await;
}

/// A front of the stand-in at `target` (`http://127.0.0.1:<port>`), itself on 127.0.0.1, that
/// closes its first `drops` connections unanswered (Telegram out of reach) and passes the
/// others through.
async fn flaky_front(target: &str, drops: usize) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
    let addr = listener.local_addr().expect("the bound address");
    let target = target.trim_start_matches("http://").to_string();
    tokio::spawn(async move {
        let mut dropped = 0;
        while let Ok((mut inbound, _)) = listener.accept().await {
            if dropped < drops {
                dropped += 1;
                drop(inbound);
                continue;
            }
            let target = target.clone();
            tokio::spawn(async move {
                if let Ok(mut outbound) = tokio::net::TcpStream::connect(target).await {
                    let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                }
            });
        }
    });
    format!("http://{addr}")
}

/// The configuration of `serve` with Telegram at `url` and `token`, its files in `dir`.
fn config_for(url: &str, token: &str, dir: &std::path::Path) -> Config {
    let file = dir.join("config.toml");
    std::fs::write(&file, "[console]\nuser = \"nobody\"\n").expect("the config file");
    let db = dir.join("arbiter.db").display().to_string();
    let env = |key: &str| match key {
        "TELEGRAM_TOKEN" => Some(token.to_string()),
        "TELEGRAM_API_URL" => Some(url.to_string()),
        "ARBITER_DATABASE" => Some(db.clone()),
        _ => None,
    };
    Config::load(Some(&file), env).expect("the configuration loads")
}

/// Waits until the bot polls, for as long as a few start-up retries take (teloxide itself
/// waits 10 s after a 5xx answer); fails at once if `gave_up` says start-up ended.
async fn expect_polling_after_retries(api: &StandIn, mut gave_up: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while api.calls("getupdates").is_empty() {
        assert!(!gave_up(), "start-up gave up; getMe answers: {:?}", api.calls("getme"));
        assert!(Instant::now() < deadline, "no polling; getMe answers: {:?}", api.calls("getme"));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_bot_api_at_start_up_is_tried_again_until_it_answers_and_then_serves() {
    let (api, direct) = StandIn::start().await;
    // The first getMe finds no server, the second a 502 (a proxy without Telegram behind it).
    api.lock().getme_failures = 1;
    let url = flaky_front(&direct, 1).await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let config = config_for(&url, TOKEN, dir.path());
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        serve::run(&config, 7, async {
            let _ = stopped.await;
        })
        .await
    });
    expect_polling_after_retries(&api, || task.is_finished()).await;
    // The closed connection never reached the stand-in; then the 502, then Telegram (and the
    // dispatcher's own getMe).
    let answers: Vec<u16> = api.calls("getme").iter().map(|c| c.status).collect();
    assert_eq!(answers[..2], [502, 200], "{answers:?}");
    assert!(answers[1..].iter().all(|s| *s == 200), "{answers:?}");
    let bot = Bot { api, url, stop: Some(stop), task, _dir: dir };
    bot.api.say(ALICE.id, ALICE, "/start");
    bot.api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_telegram_refuses_at_start_up_stops_serve_at_once_with_the_token_message() {
    let (api, url) = StandIn::start().await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let wrong = "123456:WRONG-token-that-nobody-issued";
    let config = config_for(&url, wrong, dir.path());
    let result = tokio::time::timeout(PATIENCE, serve::run(&config, 7, std::future::pending()))
        .await
        .expect("start-up gives up on a refused token instead of trying again");
    let error = format!("{:#}", result.expect_err("serve does not start"));
    assert!(error.contains("is the token right?"), "{error}");
    assert!(!error.contains("WRONG-token"), "{error}");
    let answers: Vec<u16> = api.calls("getme").iter().map(|c| c.status).collect();
    assert_eq!(answers, [401], "asked once");
    assert!(api.calls("getupdates").is_empty());
}

/// The real binary logs each failed start-up attempt as a warning, without the token, and
/// then serves.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_binary_warns_of_each_failed_start_up_attempt_without_the_token() {
    let (api, direct) = StandIn::start().await;
    let url = flaky_front(&direct, 2).await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut child = spawn_binary(dir.path(), &url, "warn");
    expect_polling_after_retries(&api, || child.try_wait().expect("the child's status").is_some())
        .await;
    api.say(ALICE.id, ALICE, "/start");
    api.expect_sent(ALICE.id, "Hello Alice Liddell!").await;
    let (status, logs) = terminate(child).await;
    assert!(status.success(), "{status:?}\n{logs}");
    let warnings = logs.lines().filter(|l| l.contains("WARN") && l.contains("getMe")).count();
    assert_eq!(warnings, 2, "one warning per closed connection:\n{logs}");
    let secret = TOKEN.split_once(':').map_or(TOKEN, |(_, s)| s);
    assert!(!logs.contains(secret), "the token leaked into the logs:\n{logs}");
}

/// `host` invites `guest` to Ultima in `chat` and `guest` accepts there: game `id` starts.
async fn start_ultima(api: &StandIn, chat: i64, host: Person, guest: Person, id: i64) {
    let name = guest.username.expect("the guest has a username");
    api.say(chat, host, &format!("/new ultima @{name}"));
    api.expect_data(chat, &format!("{id}:0:accept")).await;
    api.say(chat, guest, "/accept");
    api.expect_sent(chat, &format!("Ultima #{id}: ")).await;
}

/// The ply of game `id` that `text` announces (`#<id> ply <n>: …`), if it announces one.
fn ply_in(text: &str, id: i64) -> Option<usize> {
    let prefix = format!("#{id} ply ");
    let at = text.find(&prefix)?;
    let rest = &text[at + prefix.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    rest[digits.len()..].starts_with(':').then(|| digits.parse().ok()).flatten()
}

/// Telegram fails one group's sends in each transient way: throttling more often than the old
/// four attempts allowed, then (after one message got through) a 502 and a send that never
/// answers. That group's announcements arrive late, but each exactly once and in the order they
/// were played, each retried until it went through; the other group and the private chats were
/// served while it failed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_group_gets_every_message_late_once_and_in_order_while_other_chats_go_on() {
    let bot = Bot::start_with_env(&[("ARBITER_SEND_TIMEOUT_SECONDS", "1")], |_| {}).await;
    let api = &bot.api;
    both_start(api).await;
    api.say(CAROL.id, CAROL, "/start");
    api.expect_sent(CAROL.id, "Hello Carol!").await;
    start_ultima(api, GROUP, ALICE, BOB, 1).await;
    start_ultima(api, OTHER_GROUP, CAROL, BOB, 2).await;
    let armed = api.lock().calls.len();
    let faults =
        [Fault::Throttle(1); 5].into_iter().chain([Fault::Pass, Fault::BadGateway, Fault::Hang]);
    api.lock().fault_sends(GROUP, faults);
    api.say(GROUP, ALICE, "/move a2a3");
    // The same move's private ping goes to another chat, and the other group plays on.
    api.expect_sent(BOB.id, "#1 Ultima: your move (black). Last move: a2a3.").await;
    api.say(OTHER_GROUP, CAROL, "/move a2a3");
    api.expect_sent(OTHER_GROUP, "#2 ply 1: Carol (white) pincer a2-a3.").await;
    // The failing group's game goes on meanwhile: two more moves wait behind the first.
    api.say(GROUP, BOB, "/move a7a6");
    api.expect_sent(ALICE.id, "#1 Ultima: your move (white). Last move: a7a6.").await;
    api.say(GROUP, ALICE, "/move b2b3");
    let late = Duration::from_secs(50);
    api.wait_long("ply 3 in the failing group", late, |i| {
        i.sent.iter().any(|s| s.chat == GROUP && s.text.contains("#1 ply 3:")).then_some(())
    })
    .await;
    let tries = api.sends_to(GROUP, armed);
    let log = call_log(&tries);
    let statuses: Vec<u16> = tries.iter().map(|c| c.status).collect();
    assert_eq!(statuses, [429, 429, 429, 429, 429, 200, 502, HUNG, 200, 200], "\n{log}");
    // Each try carried the oldest message not yet through: the same one until it went.
    let plies: Vec<Option<usize>> = tries.iter().map(|c| ply_in(said(c), 1)).collect();
    let want = [1, 1, 1, 1, 1, 1, 2, 2, 2, 3].map(Some);
    assert_eq!(plies, want, "\n{log}");
    for pair in tries.windows(2).filter(|w| w[0].status == 429) {
        let pause = pair[1].at.duration_since(pair[0].at);
        assert!(pause >= Duration::from_millis(950), "waited {pause:?} for retry_after 1\n{log}");
    }
    let group: Vec<String> = api.sent_to(GROUP).into_iter().map(|s| s.text).collect();
    let announced: Vec<usize> = group.iter().filter_map(|t| ply_in(t, 1)).collect();
    assert_eq!(announced, [1, 2, 3], "each once, in order: {group:?}");
    assert!(group[group.len() - 3].starts_with("#1 ply 1: Alice Liddell (white) pincer a2-a3."));
    assert!(group[group.len() - 2].starts_with("#1 ply 2: Bob (black) pincer a7-a6."));
    assert!(group[group.len() - 1].starts_with("#1 ply 3: Alice Liddell (white) pincer b2-b3."));
    // The other group and the private ping went through before the failing group's first
    // message did.
    let first_through = tries.iter().find(|c| c.status == 200).expect("a send went through").at;
    let through = |chat: i64, needle: &str| -> Instant {
        let inner = api.lock();
        let call = inner.calls.iter().find(|c| {
            is_send(&c.method)
                && c.status == 200
                && int(&c.params["chat_id"]) == chat
                && said(c).contains(needle)
        });
        call.expect("the message went through").at
    };
    assert!(through(OTHER_GROUP, "#2 ply 1:") < first_through, "the other group waited");
    assert!(through(BOB.id, "Last move: a2a3.") < first_through, "the private ping waited");
    let _ = bot.finish().await;
}

/// A group whose sends never answer: once the announcement is older than the age limit
/// (0.001 h, 3.6 s, here) it is dropped, the group is told so instead as soon as it can be
/// reached, and what comes after is delivered as usual.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_undeliverable_past_the_age_limit_is_dropped_and_its_group_is_told() {
    let extra =
        [("ARBITER_DELIVERY_MAX_AGE_HOURS", "0.001"), ("ARBITER_SEND_TIMEOUT_SECONDS", "1")];
    let bot = Bot::start_with_env(&extra, |_| {}).await;
    let api = &bot.api;
    both_start(api).await;
    start_ultima(api, GROUP, ALICE, BOB, 1).await;
    let armed = api.lock().calls.len();
    api.lock().fault_sends(GROUP, [Fault::Hang; 100]);
    api.say(GROUP, ALICE, "/move a2a3");
    api.expect_sent(BOB.id, "#1 Ultima: your move (black). Last move: a2a3.").await;
    // The first try of the note ends the outage.
    let dropped = "could not be delivered";
    api.wait_long("a try of the note", Duration::from_secs(20), |i| {
        let calls = i.calls.get(armed..).unwrap_or_default();
        let note = |c: &Call| int(&c.params["chat_id"]) == GROUP && said(c).contains(dropped);
        calls.iter().any(note).then_some(())
    })
    .await;
    api.lock().faults.clear();
    let note = api.wait_long("the note", Duration::from_secs(10), |i| {
        i.sent.iter().find(|s| s.chat == GROUP && s.text.contains(dropped)).cloned()
    });
    let note = note.await;
    assert!(
        note.text.starts_with("One message for this chat could not be delivered"),
        "{}",
        note.text
    );
    api.say(GROUP, BOB, "/move a7a6");
    api.expect_sent(GROUP, "#1 ply 2: Bob (black) pincer a7-a6.").await;
    let tries = api.sends_to(GROUP, armed);
    let log = call_log(&tries);
    let before_note = tries.iter().take_while(|c| !said(c).contains(dropped));
    assert!(before_note.clone().count() >= 2, "tried more than once\n{log}");
    assert!(
        before_note.clone().all(|c| c.status == HUNG && ply_in(said(c), 1) == Some(1)),
        "\n{log}"
    );
    let group: Vec<String> = api.sent_to(GROUP).into_iter().map(|s| s.text).collect();
    assert!(group.iter().all(|t| ply_in(t, 1) != Some(1)), "ply 1 was dropped: {group:?}");
    let _ = bot.finish().await;
}

/// The groups of the storms, one game each (game `n + 1` in the `n`th).
const STORM_GROUPS: [i64; 5] =
    [GROUP, OTHER_GROUP, -1_001_111_111_111, -1_002_222_222_222, -1_003_333_333_333];
/// How long a typed line may go unanswered before it is typed again: its update may have died
/// with the bot (handed out by `getUpdates`, never played).
const RESEND: Duration = Duration::from_secs(3);
/// How often a line is typed before the storm gives up on it.
const MAX_TRIES: usize = 15;

/// The moves of a storm game: every pincer steps forward one square, White's and Black's in
/// turn, then once more. No move captures, no position repeats (checked with
/// `arbiter play ultima …`), and a move is never legal again once played (each pincer leaves
/// its square for good), so an update Telegram hands out again after a crash is refused.
fn storm_moves() -> Vec<String> {
    let mut moves = Vec::new();
    for (white, black) in [((2, 3), (7, 6)), ((3, 4), (6, 5))] {
        for file in 'a'..='h' {
            moves.push(format!("{file}{}{file}{}", white.0, white.1));
            moves.push(format!("{file}{}{file}{}", black.0, black.1));
        }
    }
    moves
}

/// White's move after a storm's moves (the immobilizer jumps to a3): it is accepted only if the
/// game stands where the storm left it, and it makes no stale move of the storm legal again.
const NEXT_MOVE: &str = "a1a3";

/// One game of a storm: its group and id, the moves the test saw announced (in order), and
/// whether its end was announced.
#[derive(Debug, Clone)]
struct StormGame {
    chat: i64,
    id: i64,
    played: Vec<String>,
    over: bool,
}

/// Alice and Bob open their private chats; then Alice starts an Ultima game against Bob in each
/// of `groups`.
async fn open_storm_games(api: &StandIn, groups: &[i64]) -> Vec<StormGame> {
    both_start(api).await;
    let mut games = Vec::new();
    for (n, &chat) in groups.iter().enumerate() {
        let id = i64::try_from(n).expect("a few games") + 1;
        start_ultima(api, chat, ALICE, BOB, id).await;
        games.push(StormGame { chat, id, played: Vec::new(), over: false });
    }
    games
}

/// Has `who` type `line` in `chat` until a message there contains `needle`, typing it again
/// after each [`RESEND`] without one.
async fn type_until(api: &StandIn, chat: i64, who: Person, line: &str, needle: &str) {
    type_until_tries(api, chat, who, line, needle, MAX_TRIES).await;
}

/// Like [`type_until`], typing the line at most `tries` times.
async fn type_until_tries(
    api: &StandIn,
    chat: i64,
    who: Person,
    line: &str,
    needle: &str,
    tries: usize,
) {
    for _ in 0..tries {
        api.say(chat, who, line);
        let seen = api
            .poll_for(RESEND, |i| {
                i.sent.iter().any(|s| s.chat == chat && s.text.contains(needle)).then_some(())
            })
            .await;
        if seen.is_some() {
            return;
        }
    }
    panic!("{needle:?} never reached chat {chat} after {tries} × {line:?}");
}

/// How a driver plays ([`drive`]): the moves, whether Bob resigns after them, the longest pause
/// between moves (ms), and how often a line is typed before the driver gives up.
#[derive(Clone)]
struct Plan {
    moves: Vec<String>,
    resign: bool,
    pace: u64,
    tries: usize,
}

/// Plays the plan's moves in `game` (Alice White, Bob Black), the next only once the last one's
/// announcement reached the group, pausing up to `pace` ms in between; then, when `resign`, Bob
/// resigns.
async fn drive(api: StandIn, mut game: StormGame, plan: Plan, mut rng: Rng) -> StormGame {
    for mv in plan.moves {
        let ply = game.played.len() + 1;
        let who = if ply % 2 == 1 { ALICE } else { BOB };
        let needle = format!("#{} ply {ply}:", game.id);
        let line = format!("/move {mv}");
        type_until_tries(&api, game.chat, who, &line, &needle, plan.tries).await;
        game.played.push(mv);
        tokio::time::sleep(rng.pause(plan.pace)).await;
    }
    if plan.resign {
        let needle = format!("#{} is over:", game.id);
        type_until_tries(&api, game.chat, BOB, "/resign", &needle, plan.tries).await;
        game.over = true;
    }
    game
}

/// Starts one driver per game ([`drive`]); game `n` (counted from 0) ends with Bob's
/// resignation when `resign(n)`.
fn spawn_drivers(
    api: &StandIn,
    games: &[StormGame],
    seed: u64,
    pace: u64,
    resign: impl Fn(usize) -> bool,
) -> Vec<tokio::task::JoinHandle<StormGame>> {
    games
        .iter()
        .enumerate()
        .map(|(n, game)| {
            let rng = Rng(seed ^ ((n as u64 + 1) << 32));
            let plan = Plan { moves: storm_moves(), resign: resign(n), pace, tries: MAX_TRIES };
            tokio::spawn(drive(api.clone(), game.clone(), plan, rng))
        })
        .collect()
}

/// Waits for every driver (they may take a while to catch up after the last start).
async fn join_drivers(
    drivers: Vec<tokio::task::JoinHandle<StormGame>>,
    logs: impl Fn() -> String,
) -> Vec<StormGame> {
    let mut games = Vec::new();
    for driver in drivers {
        match tokio::time::timeout(Duration::from_secs(60), driver).await {
            Ok(Ok(game)) => games.push(game),
            Ok(Err(e)) => panic!("a game's driver failed: {e}\n{}", logs()),
            Err(_) => panic!("a game's driver did not finish\n{}", logs()),
        }
    }
    games
}

/// The group messages of `inner` that announce a ply or an end.
fn announcements(inner: &Inner) -> usize {
    let is_announcement = |t: &str| t.contains(" ply ") || t.contains(" is over:");
    inner.sent.iter().filter(|s| s.chat < 0 && is_announcement(&s.text)).count()
}

/// The private pings of `game`'s moves to `who`, as ply numbers, in the order they arrived
/// (short texts queued for one chat go as one message, a blank line between them).
fn pings(inner: &Inner, game: &StormGame, who: Person) -> Vec<usize> {
    let head = format!("#{} Ultima: your move", game.id);
    inner
        .sent
        .iter()
        .filter(|s| s.chat == who.id)
        .flat_map(|s| s.text.split("\n\n"))
        .filter(|text| text.starts_with(&head))
        .filter_map(|text| {
            let (_, last) = text.split_once("Last move: ")?;
            let mv = last.split(['.', ' ']).next()?;
            game.played.iter().position(|m| m == mv).map(|k| k + 1)
        })
        .collect()
}

/// Who is pinged after ply `ply`: the player to move next.
fn pinged_after(ply: usize) -> Person {
    if ply % 2 == 1 { BOB } else { ALICE }
}

/// Waits until the last ply of every game was pinged (each private chat gets its messages in
/// order, so every earlier one of that chat came before).
async fn expect_last_pings(api: &StandIn, games: &[StormGame]) {
    for game in games {
        let last = game.played.len();
        let who = pinged_after(last);
        api.wait("the last ping of a game", |i| pings(i, game, who).contains(&last).then_some(()))
            .await;
    }
}

/// Waits until the running bot's outbox is empty: everything it promised was delivered (a
/// flood wait may hold a group's last messages for a while).
async fn outbox_drained(store: &arbiter::store::Store, logs: &dyn Fn() -> String) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let pending = store.pending_messages_count().await.expect("the outbox counts");
        if pending == 0 {
            return;
        }
        let kept = store
            .pending_messages(arbiter::store::Platform::Telegram)
            .await
            .expect("the outbox reads");
        assert!(
            Instant::now() < deadline,
            "{pending} messages never delivered: {:?}\n{}",
            kept.iter().map(|m| (&m.message.dest, &m.message.body)).collect::<Vec<_>>(),
            logs()
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// What must hold after a storm, the bot stopped: the store keeps exactly the moves the groups
/// saw announced, every stored move was announced in its group and pinged to the next player
/// (at least once; in order), every ended game's end was announced, and the outbox is empty.
async fn check_storm(
    api: &StandIn,
    store: &arbiter::store::Store,
    games: &[StormGame],
    logs: &str,
) {
    let pending = store.pending_messages_count().await.expect("the outbox counts");
    assert_eq!(pending, 0, "messages left in the outbox\n{logs}");
    let ended: HashSet<i64> = store
        .games_with_status(&[GameStatus::Over])
        .await
        .expect("the ended games")
        .iter()
        .map(|g| g.id.0)
        .collect();
    let mut again = 0;
    for game in games {
        let id = game.id;
        let stored: Vec<String> = store
            .actions(arbiter::store::GameId(id))
            .await
            .expect("the actions")
            .into_iter()
            .map(|a| a.notation)
            .collect();
        assert_eq!(stored, game.played, "#{id}: the stored moves are the announced ones\n{logs}");
        // Each announcement on its own: texts queued for one chat go as one message, a blank
        // line between them (a message sent again after a crash may go with the next one).
        let group: Vec<String> = api
            .sent_to(game.chat)
            .iter()
            .flat_map(|s| s.text.split("\n\n").map(str::to_string).collect::<Vec<_>>())
            .collect();
        let plies: Vec<usize> = group.iter().filter_map(|t| ply_in(t, id)).collect();
        assert!(plies.is_sorted(), "#{id}: announcements out of order: {plies:?}");
        for (k, mv) in stored.iter().enumerate() {
            let ply = k + 1;
            let texts: Vec<&String> = group.iter().filter(|t| ply_in(t, id) == Some(ply)).collect();
            assert!(!texts.is_empty(), "#{id} ply {ply} ({mv}) never announced\n{logs}");
            let dashed = format!("{}-{}", &mv[..2], &mv[2..]);
            assert!(texts.iter().all(|t| t.contains(&dashed)), "#{id} ply {ply}: {texts:?}");
            again += texts.len() - 1;
            let pinged = pings(&api.lock(), game, pinged_after(ply));
            assert!(pinged.contains(&ply), "#{id} ply {ply} ({mv}) never pinged\n{logs}");
        }
        for who in [ALICE, BOB] {
            let pinged = pings(&api.lock(), game, who);
            assert!(pinged.is_sorted(), "#{id}: {}'s pings out of order: {pinged:?}", who.first);
        }
        assert_eq!(ended.contains(&id), game.over, "#{id}: over in the store");
        if game.over {
            let end = group.iter().rposition(|t| t.contains(&format!("#{id} is over:")));
            let last = group.iter().rposition(|t| ply_in(t, id).is_some());
            assert!(end > last, "#{id}: the end is announced after the last move: {group:?}");
        }
    }
    // At least once is the promise: a message sent just before a crash comes again.
    eprintln!("{again} announcements arrived more than once");
}

/// The real binary, started again and again on one database and one stand-in, its logs
/// appended to one file.
#[cfg(unix)]
struct Runs {
    dir: tempfile::TempDir,
    url: String,
    extra: Vec<(String, String)>,
    /// Where the runs keep their games: the file in `dir` unless [`Runs::on`] named another.
    location: arbiter::store::Location,
    child: Option<std::process::Child>,
    starts: usize,
    /// When each run was killed (SIGKILL), taken once it was reaped.
    kills: Vec<Instant>,
}

/// A test that fails leaves no instance running (it would hold its database connections).
#[cfg(unix)]
impl Drop for Runs {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(unix)]
impl Runs {
    fn new(url: String, extra: &[(&str, &str)]) -> Runs {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let extra = extra.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
        let location = arbiter::store::Location::Sqlite(dir.path().join("arbiter.db"));
        Runs { dir, url, extra, location, child: None, starts: 0, kills: Vec::new() }
    }

    /// The same runs on the PostgreSQL database `url` (a schema of the test server).
    fn on(mut self, url: &str) -> Runs {
        self.extra.push(("ARBITER_DATABASE".to_string(), url.to_string()));
        self.location = arbiter::store::Location::Postgres(url.to_string());
        self
    }

    /// The runs' store, opened beside them.
    async fn store(&self) -> arbiter::store::Store {
        arbiter::store::Store::connect(&self.location).await.expect("the store opens")
    }

    /// How many lines of the logs of every run so far contain `needle`.
    fn log_lines(&self, needle: &str) -> usize {
        let all = std::fs::read_to_string(self.dir.path().join("arbiter.log")).unwrap_or_default();
        all.lines().filter(|l| l.contains(needle)).count()
    }

    /// The end of the logs of every run so far.
    fn logs(&self) -> String {
        let all = std::fs::read_to_string(self.dir.path().join("arbiter.log")).unwrap_or_default();
        let lines: Vec<&str> = all.lines().collect();
        lines[lines.len().saturating_sub(80)..].join("\n")
    }

    fn start(&mut self) {
        use std::io::Write;
        assert!(self.child.is_none(), "one bot at a time");
        self.starts += 1;
        let mut log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.path().join("arbiter.log"))
            .expect("the log file");
        writeln!(log, "=== start {} ===", self.starts).expect("the log file takes a line");
        let extra: Vec<(&str, &str)> =
            self.extra.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let child = spawn_binary_with(self.dir.path(), &self.url, "info", &extra, log.into());
        self.child = Some(child);
    }

    /// The running child; it must not have stopped on its own.
    fn running(&mut self) -> std::process::Child {
        let mut child = self.child.take().expect("a running bot");
        if let Some(status) = child.try_wait().expect("the child's status") {
            panic!("the bot stopped on its own ({status})\n{}", self.logs());
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
                panic!("the bot did not stop on SIGTERM\n{}", self.logs());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// How often the storm kills the bot.
const KILLS: usize = 30;

/// Moves typed in five groups while the real binary is killed (SIGKILL) again and again at
/// random points, during start-up or while it plays and delivers, and started again on the same
/// database each time. After a last clean run no announced move is lost, every stored move was
/// announced in its group and pinged privately (at least once, in order), every game goes on at
/// the right turn, every end was announced, and the outbox is empty.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killing_the_bot_at_random_points_loses_no_move_and_no_message() {
    let (mut rng, seed) = Rng::seeded(0x5eed_0001);
    let (api, url) = StandIn::start().await;
    let mut runs = Runs::new(url, &[]);
    runs.start();
    let games = open_storm_games(&api, &STORM_GROUPS).await;
    let drivers = spawn_drivers(&api, &games, seed, 60, |n| n % 2 == 0);
    let mut kills = 0;
    while kills < KILLS && !drivers.iter().all(tokio::task::JoinHandle::is_finished) {
        match rng.below(4) {
            // While it starts: opening the store, resuming the outbox, connecting.
            0 => tokio::time::sleep(rng.pause(400)).await,
            // While it plays what it just took: saving, drawing the board, sending.
            1 | 2 => {
                let taken = api.lock().handed_out;
                let took = |i: &Inner| (i.handed_out > taken).then_some(());
                let _ = api.wait_for(Duration::from_secs(5), took).await;
                tokio::time::sleep(rng.pause(60)).await;
            }
            // Anywhere a few announcements later.
            _ => {
                let goal = announcements(&api.lock()) + 1 + rng.below(4) as usize;
                let progress = |i: &Inner| (announcements(i) >= goal).then_some(());
                let _ = api.wait_for(Duration::from_secs(5), progress).await;
                tokio::time::sleep(rng.pause(150)).await;
            }
        }
        runs.kill();
        kills += 1;
        runs.start();
    }
    let mut games = join_drivers(drivers, || format!("seed {seed}\n{}", runs.logs())).await;
    // The games that did not end go on where they stood.
    for game in games.iter_mut().filter(|g| !g.over) {
        let ply = game.played.len() + 1;
        let needle = format!("#{} ply {ply}:", game.id);
        type_until(&api, game.chat, ALICE, &format!("/move {NEXT_MOVE}"), &needle).await;
        game.played.push(NEXT_MOVE.to_string());
        type_until(&api, game.chat, BOB, "/resign", &format!("#{} is over:", game.id)).await;
        game.over = true;
    }
    expect_last_pings(&api, &games).await;
    // A game's end is followed by its rating change, which the drivers do not wait for: every
    // message is delivered before the clean stop (a group's flood wait can outlast the grace,
    // and what a stop cannot send is rightly kept for the next start).
    outbox_drained(&runs.store().await, &|| runs.logs()).await;
    let status = runs.terminate().await;
    let logs = format!("seed {seed}, {kills} kills\n{}", runs.logs());
    assert!(status.success(), "{status:?}\n{logs}");
    check_storm(&api, &runs.store().await, &games, &logs).await;
    let resumed = runs.log_lines("resuming deliveries");
    eprintln!("seed {seed}: {kills} kills; {resumed} starts resumed undelivered messages");
}

/// How often the SIGTERM storm stops the bot.
const TERMS: usize = 5;

/// Moves typed in three groups while the real binary is stopped with SIGTERM again and again,
/// each time while one group's sends hang: it exits with status 0 within its grace, keeps what it
/// could not send in the outbox, and sends it after the next start. After a last clean run
/// everything holds as after the SIGKILL storm.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopping_the_bot_with_sigterm_exits_cleanly_and_keeps_what_it_could_not_send() {
    let (mut rng, seed) = Rng::seeded(0x5eed_0002);
    let (api, url) = StandIn::start().await;
    let extra = [("ARBITER_SEND_TIMEOUT_SECONDS", "1"), ("ARBITER_STOP_GRACE_SECONDS", "1")];
    let mut runs = Runs::new(url, &extra);
    runs.start();
    let games = open_storm_games(&api, &STORM_GROUPS[..3]).await;
    let drivers = spawn_drivers(&api, &games, seed, 400, |_| true);
    let mut kept = Vec::new();
    let mut looked_up: HashMap<i64, usize> = HashMap::new();
    for run in 0..TERMS {
        // A game still being played: its driver waits for a message to its group or is about
        // to type one, so a send to that group comes (and hangs).
        let Some(n) =
            (0..games.len()).map(|k| (run + k) % games.len()).find(|&k| !drivers[k].is_finished())
        else {
            break;
        };
        let failing = games[n].chat;
        let from = {
            let mut inner = api.lock();
            inner.faults.clear();
            inner.fault_sends(failing, [Fault::Hang; 1000]);
            inner.calls.len()
        };
        if runs.child.is_none() {
            runs.start();
        }
        api.wait_long("a send to the failing group", Duration::from_secs(20), |i| {
            let calls = i.calls.get(from..).unwrap_or_default();
            calls
                .iter()
                .any(|c| c.status == HUNG && int(&c.params["chat_id"]) == failing)
                .then_some(())
        })
        .await;
        // A look-up answered now waits behind it: kept at the stop too, though no change of the
        // game was saved with it.
        api.say(failing, BOB, "/board");
        *looked_up.entry(failing).or_default() += 1;
        tokio::time::sleep(rng.pause(1000)).await;
        let status = runs.terminate().await;
        let logs = format!("seed {seed}, run {run}\n{}", runs.logs());
        assert!(status.success(), "SIGTERM ends with status 0: {status:?}\n{logs}");
        let store = runs.store().await;
        let pending = store.pending_messages_count().await.expect("the outbox counts");
        assert!(pending >= 1, "the message that hung is kept for the next start\n{logs}");
        // Everything else went out within the grace.
        let left = store
            .pending_messages(arbiter::store::Platform::Telegram)
            .await
            .expect("the outbox reads");
        let dests: Vec<&str> = left.iter().map(|m| m.message.dest.as_str()).collect();
        let want = format!("chat:{failing}");
        assert!(dests.iter().all(|d| *d == want), "kept {dests:?}, not only {want}\n{logs}");
        kept.push(pending);
    }
    api.lock().faults.clear();
    if runs.child.is_none() {
        runs.start();
    }
    let games = join_drivers(drivers, || format!("seed {seed}\n{}", runs.logs())).await;
    expect_last_pings(&api, &games).await;
    outbox_drained(&runs.store().await, &|| runs.logs()).await;
    let status = runs.terminate().await;
    let logs = format!("seed {seed}\n{}", runs.logs());
    assert!(status.success(), "{status:?}\n{logs}");
    check_storm(&api, &runs.store().await, &games, &logs).await;
    for game in &games {
        let typed = looked_up.get(&game.chat).copied().unwrap_or(0);
        let view = format!("#{} Ultima, after ply ", game.id);
        let shown = api.sent_to(game.chat).iter().filter(|s| s.text.contains(&view)).count();
        assert!(shown >= typed, "#{}: {typed} look-ups, {shown} answers\n{logs}", game.id);
    }
    eprintln!("seed {seed}: messages kept at each SIGTERM: {kept:?}; look-ups {looked_up:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vacations_private_games_link_codes_and_the_daily_digest_work_in_telegram_chats() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    start_ultima(api, GROUP, ALICE, BOB, 1).await;
    // Alice, to move, takes two days in her private chat; the group is told when she is back.
    api.say(ALICE.id, ALICE, "/vacation 2");
    let started = api.expect_sent(ALICE.id, "Vacation until ").await;
    assert!(started.text.contains(" UTC: your clocks stand still in correspondence games (#1)."));
    let told = api.expect_sent(GROUP, "Alice Liddell is on vacation until ").await;
    assert!(told.text.ends_with(" UTC: their clock in #1 stands still until they return."));
    api.say(ALICE.id, ALICE, "/games");
    let games = api.expect_sent(ALICE.id, "Waiting for you: 1\n#1 Ultima: ").await;
    assert!(games.text.contains("(clock stopped: vacation until "), "{}", games.text);
    api.say(GROUP, ALICE, "/move c2c5");
    api.expect_sent(GROUP, "#1 ply 1: Alice Liddell (white) pincer c2-c5.").await;
    api.say(ALICE.id, ALICE, "/vacation");
    api.expect_sent(ALICE.id, "You have 13 of 14 vacation days left this year (UTC).").await;
    // A link code is never given in a group; privately it is.
    api.say(GROUP, BOB, "/link");
    api.expect_sent(GROUP, "Link codes are personal: use /link in a private chat with me.").await;
    api.say(BOB.id, BOB, "/link");
    api.expect_sent(BOB.id, "Your link code: ").await;
    // Bob asks for the digest; once the store says it is due, the clock tick sends it.
    api.say(BOB.id, BOB, "/settings digest=on");
    api.expect_sent(BOB.id, "Daily digest: on (next ").await;
    api.say(BOB.id, BOB, "/games");
    let games = api.expect_sent(BOB.id, "Waiting for you: 1\n#1 Ultima: ").await;
    // The time left (a day less the seconds the test took): a day, or 23h 59m.
    assert!(
        games.text.ends_with("Bob to act (1d left)")
            || games.text.ends_with("Bob to act (23h 59m left)"),
        "{}",
        games.text
    );
    let store = arbiter::store::Store::open(&bot.db()).await.expect("the bot's database");
    store
        .set_digest(arbiter::store::Platform::Telegram, &BOB.id.to_string().into(), Some(0))
        .await
        .expect("the digest made due");
    let digest = api.expect_sent(BOB.id, "Your daily digest: one game waits for you").await;
    assert!(digest.text.contains("\n#1 Ultima: Alice Liddell vs Bob, Bob to act ("));
    let _ = bot.finish().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_says_connecting_until_telegram_answers_then_healthy_and_arbiter_health_agrees() {
    let (api, direct) = StandIn::start().await;
    // Telegram unreachable for the first two getMe calls (about three seconds of retries).
    api.lock().getme_failures = 1;
    let url = flaky_front(&direct, 1).await;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let mut config = config_for(&url, TOKEN, dir.path());
    let listen = common::free_address();
    config.listen = Some(listen);
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        serve::run(&config, 7, async {
            let _ = stopped.await;
        })
        .await
    });
    // The endpoint answers from the start: unhealthy while Telegram is being reached.
    let first = loop {
        match arbiter::bot::health::ask(listen).await {
            Ok(answer) => break answer,
            Err(e) => {
                assert!(!task.is_finished(), "serve stopped before serving /healthz: {e}");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };
    assert_eq!(first.0, 503, "{first:?}");
    let report: serde_json::Value = serde_json::from_str(&first.1).expect("a JSON report");
    assert_eq!(report["platforms"]["telegram"], "connecting", "{report}");
    assert_eq!(report["database"], "ok", "{report}");
    expect_polling_after_retries(&api, || task.is_finished()).await;
    let (code, body) = arbiter::bot::health::ask(listen).await.expect("an answer");
    assert_eq!(code, 200, "{body}");
    let report: serde_json::Value = serde_json::from_str(&body).expect("a JSON report");
    assert_eq!(
        report,
        serde_json::json!({"status": "ok", "database": "ok", "platforms": {"telegram": "connected"}})
    );
    // The binary's `health` (the Docker HEALTHCHECK) says the same with its exit status.
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let asked = std::process::Command::new(bin)
        .args(["health", "--listen", &listen.to_string()])
        .output()
        .expect("arbiter health runs");
    assert!(asked.status.success(), "{asked:?}");
    assert!(String::from_utf8_lossy(&asked.stdout).starts_with("200 {"), "{asked:?}");
    let bot = Bot { api, url, stop: Some(stop), task, _dir: dir };
    let _ = bot.finish().await;
    // Stopped: nothing answers, and `health` fails.
    let asked = std::process::Command::new(bin)
        .args(["health", "--listen", &listen.to_string()])
        .output()
        .expect("arbiter health runs");
    assert_eq!(asked.status.code(), Some(2), "{asked:?}");
}

/// Webhook mode (`telegram.webhook_url`, `telegram.listen`): the bot registers its address and
/// a secret for messages and button presses instead of polling; Telegram's posts reach it on
/// loopback and a game is started through them, by command and by button; a post without the
/// secret, or with a wrong one, is refused with 401 and reaches nobody; `getUpdates` is never
/// called; and the webhook stays set when the bot stops, as other instances still use it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_webhook_mode_updates_arrive_by_post_with_the_secret_and_forged_posts_are_refused() {
    let listen = common::free_address();
    let url = format!("http://{listen}/telegram/updates");
    let env = [("TELEGRAM_WEBHOOK_URL", url.as_str()), ("TELEGRAM_LISTEN", &listen.to_string())];
    let bot = Bot::start_with_env(&env, |_| {}).await;
    let api = &bot.api;
    let hook = api.wait("the webhook set", |i| i.webhook.clone()).await;
    assert_eq!(hook.url, url);
    let secret = hook.secret.clone().expect("a secret");
    assert_eq!(secret.len(), 64, "derived from the token, hex: {secret}");
    assert_eq!(hook.allowed, json!(["message", "callback_query"]));
    // Forged posts: Carol's `/new ultima` without the secret and with a wrong one.
    let forged = json!({"update_id": 999_999, "message": {"message_id": 999_999, "date": DATE,
        "chat": {"id": GROUP, "type": "supergroup", "title": "Dark Fence club"},
        "from": CAROL.json(), "text": "/new ultima",
        "entities": [{"type": "bot_command", "offset": 0, "length": 4}]}});
    let client = reqwest::Client::builder().no_proxy().build().expect("an HTTP client");
    let deadline = Instant::now() + PATIENCE;
    for secret in [None, Some("not-the-secret")] {
        let status = loop {
            let mut post = client
                .post(&url)
                .header("content-type", "application/json")
                .body(forged.to_string());
            if let Some(secret) = secret {
                post = post.header("X-Telegram-Bot-Api-Secret-Token", secret);
            }
            // The server may still be starting: it binds after setWebhook.
            match post.send().await {
                Ok(answer) => break answer.status().as_u16(),
                Err(e) => {
                    assert!(Instant::now() < deadline, "the webhook never answered: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        };
        assert_eq!(status, 401, "a post with secret {secret:?}");
    }
    // The real updates, posted by the stand-in with the secret: a command and a button press.
    both_start(api).await;
    api.say(GROUP, ALICE, "/new ultima @bob_builder");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    let pressed = api.press(BOB, &invitation, "1:0:accept");
    api.expect_answer(&pressed).await;
    // The start announcement with its board, not the invitation.
    let started = api.expect_sent(GROUP, "Ultima #1: Alice Liddell").await;
    assert!(started.text.contains("Bob"), "{}", started.text);
    {
        let inner = api.lock();
        assert!(inner.calls.iter().all(|c| c.method != "getupdates"), "no polling with a webhook");
        // Every update was taken with a 200 (a post before the server was up is tried again).
        assert!(
            inner.webhook_posts.iter().all(|&s| s == 200 || s == 0),
            "{:?}",
            inner.webhook_posts
        );
        assert_eq!(
            inner.webhook_posts.iter().filter(|&&s| s == 200).count(),
            4,
            "two /start, /new, a press"
        );
        assert!(inner.updates.is_empty(), "every update delivered");
        // Carol's forged command reached nobody: nothing was ever said to or about her.
        assert!(inner.sent.iter().all(|m| m.chat != CAROL.id && !m.text.contains("Carol")));
    }
    let api = bot.finish().await;
    assert!(api.calls("deletewebhook").is_empty(), "the webhook outlives one instance's stop");
    assert!(api.lock().webhook.is_some());
}

/// A load balancer before several instances' webhook servers, as an operator runs one: each
/// update goes to the next instance in turn; an instance that does not answer (killed, or still
/// starting) is passed over for the next; when none answers, 502, and Telegram posts the update
/// again. A third of the moves (by update id) are posted to two instances at once, as Telegram
/// posts an update again when the first post's answer comes late, so both take the same move.
#[derive(Clone)]
struct Balancer {
    client: reqwest::Client,
    /// The instances' `telegram.listen` addresses.
    backends: Arc<Vec<String>>,
    next: Arc<std::sync::atomic::AtomicUsize>,
    /// The update ids of the moves two instances both took.
    doubled: Arc<Mutex<Vec<i64>>>,
}

/// The path the instances serve their webhook on (that of `telegram.webhook_url`).
const HOOK_PATH: &str = "/telegram/updates";
/// The header Telegram sends the webhook's secret in.
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

impl Balancer {
    /// Starts the balancer on loopback before `backends`; its public address (the instances'
    /// `telegram.webhook_url`).
    async fn start(backends: Vec<String>) -> (Balancer, String) {
        let balancer = Balancer {
            client: reqwest::Client::builder().no_proxy().build().expect("an HTTP client"),
            backends: Arc::new(backends),
            next: Arc::default(),
            doubled: Arc::default(),
        };
        let app = axum::Router::new().route(HOOK_PATH, post(balance)).with_state(balancer.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("a loopback port");
        let addr = listener.local_addr().expect("the bound address");
        tokio::spawn(async move { axum::serve(listener, app).await.expect("the balancer serves") });
        (balancer, format!("http://{addr}{HOOK_PATH}"))
    }

    /// Posts `body` to instance `n`; its status, or `None` when it did not answer.
    async fn forward(&self, n: usize, secret: Option<&str>, body: &Bytes) -> Option<u16> {
        let mut post = self
            .client
            .post(format!("http://{}{HOOK_PATH}", self.backends[n]))
            .header("content-type", "application/json")
            .body(body.clone())
            .timeout(Duration::from_secs(5));
        if let Some(secret) = secret {
            post = post.header(SECRET_HEADER, secret);
        }
        let status = post.send().await.ok()?.status().as_u16();
        (200..300).contains(&status).then_some(status)
    }
}

/// The balancer's route ([`Balancer`]).
async fn balance(
    State(balancer): State<Balancer>,
    headers: axum::http::HeaderMap,
    body: Bytes,
) -> StatusCode {
    let update: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    let id = int(&update["update_id"]);
    let is_move = update["message"]["text"].as_str().is_some_and(|t| t.starts_with("/move"));
    let double = is_move && id % 3 == 0;
    let secret = headers.get(SECRET_HEADER).and_then(|v| v.to_str().ok());
    let k = balancer.backends.len();
    let first = balancer.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    for j in 0..k {
        let n = (first + j) % k;
        let taken = if double {
            let (one, two) = tokio::join!(
                balancer.forward(n, secret, &body),
                balancer.forward((n + 1) % k, secret, &body)
            );
            if one.is_some() && two.is_some() {
                balancer.doubled.lock().expect("the balancer's log").push(id);
            }
            one.or(two)
        } else {
            balancer.forward(n, secret, &body).await
        };
        if let Some(status) = taken {
            return StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
        }
    }
    StatusCode::BAD_GATEWAY
}

/// Has Alice invite Bob to Ultima in `chat` with `options` and Bob accept, each typed once
/// (every instance runs while games open, so no update is lost); the game's id, read from the
/// invitation's button.
async fn open_game(api: &StandIn, chat: i64, options: &str) -> i64 {
    let invited = |i: &Inner| {
        i.sent.iter().filter(|s| s.chat == chat).find_map(|s| {
            s.datas().iter().find_map(|d| d.strip_suffix(":0:accept")?.parse::<i64>().ok())
        })
    };
    api.say(chat, ALICE, &format!("/new ultima @bob_builder{options}"));
    let Some(id) = api.poll_for(OPENING, invited).await else {
        let seen: Vec<String> = api.sent_to(chat).into_iter().map(|s| s.text).collect();
        panic!("no invitation in chat {chat}: {seen:?}");
    };
    api.say(chat, BOB, "/accept");
    let started = format!("Ultima #{id}: ");
    let accepted = |i: &Inner| i.sent.iter().any(|s| s.chat == chat && s.text.contains(&started));
    if api.poll_for(OPENING, |i| accepted(i).then_some(())).await.is_none() {
        let seen: Vec<String> = api.sent_to(chat).into_iter().map(|s| s.text).collect();
        panic!("#{id} never started in chat {chat}: {seen:?}");
    }
    id
}

/// How long opening a game may take when many open at once.
const OPENING: Duration = Duration::from_secs(120);

/// Whether a part of a sent text (texts queued for one chat go as one message, a blank line
/// between them) tells of one event that happens once: a ply, an end, a turn ping, a timeout,
/// a reminder (a clock of two minutes or more gets one, at half time).
fn tells_of_one_event(part: &str) -> bool {
    let ply = part.starts_with('#') && part.contains(" ply ");
    ply || part.contains(" is over:")
        || (part.contains("Ultima: your move") && part.contains("Last move: "))
        || part.contains(" ran out of time in #")
        || part.starts_with("Reminder: #")
}

/// The copies of each once-only message ([`tells_of_one_event`]) sent to a chat that no crash
/// explains, and how many a crash explains ([`common::unexplained_copies`]).
fn unexplained_copies(api: &StandIn, kills: &[Vec<Instant>]) -> (Vec<String>, usize) {
    let mut copies: HashMap<String, Vec<(Instant, usize)>> = HashMap::new();
    for c in api.lock().calls.iter().filter(|c| is_send(&c.method) && c.status == 200) {
        let via = c.params["__via"].as_u64().expect("every instance calls through its address");
        let via = usize::try_from(via).expect("an instance");
        let chat = int(&c.params["chat_id"]);
        for part in said(c).split("\n\n").filter(|p| tells_of_one_event(p)) {
            copies.entry(format!("chat {chat} {part:?}")).or_default().push((c.at, via));
        }
    }
    common::unexplained_copies(copies, kills)
}

/// How many games the three-instance storm plays (`ARBITER_TEST_STORM_GAMES` asks for more).
const FLEET_GAMES: usize = 60;
/// The plies each storm game plays before the storm ends.
const FLEET_PLIES: usize = 4;
/// The games left alone until their live clock runs out ([`storm_clock`]).
const FLEET_DEADLINES: usize = 4;
/// How often a line is typed before a driver of the fleet gives up: an instance killed with a
/// move's announcements unsent holds them until its 60-second lease runs out.
const FLEET_TRIES: usize = 40;

/// Three instances of the real binary on one PostgreSQL database, behind a load balancer in
/// Telegram's webhook mode. Alice and Bob play a storm of moves across many groups; a third of
/// the moves reach two instances at once; a few games wait for their one-minute clocks to run
/// out (`ARBITER_TEST_STORM_CLOCK_MINUTES=2`: two minutes, with a reminder at half time);
/// meanwhile one instance after another is killed (SIGKILL) and started again. Then: every move
/// announced is stored once and in order, every move stored was announced and pinged, every
/// game still running takes its next move, every clock that ran out ended its game once
/// (announced once, or again only where a crash explains it), every message was delivered and
/// no once-only message arrived twice without a crash to explain it.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_instances_behind_a_webhook_balancer_survive_a_storm_of_moves_kills_and_deadlines() {
    if !common::storms_asked() {
        return;
    }
    let Some(arbiter::store::Location::Postgres(database)) =
        arbiter::store::testing::postgres().await
    else {
        eprintln!("skipped: ARBITER_TEST_POSTGRES names no PostgreSQL server (docs/scale.md)");
        return;
    };
    let (mut rng, seed) = Rng::seeded(0x5eed_0003);
    let count = std::env::var("ARBITER_TEST_STORM_GAMES")
        .ok()
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(FLEET_GAMES);
    let (clock, minutes) = storm_clock();
    let (api, _) = StandIn::start().await;
    let listens: Vec<String> = (0..3).map(|_| common::free_address().to_string()).collect();
    let (balancer, hook) = Balancer::start(listens.clone()).await;
    let mut fleet = Vec::new();
    for (n, listen) in listens.iter().enumerate() {
        let url = api.listen_for(n as u64).await;
        let env = [("TELEGRAM_WEBHOOK_URL", hook.as_str()), ("TELEGRAM_LISTEN", listen.as_str())];
        let mut runs = Runs::new(url, &env).on(&database);
        runs.start();
        fleet.push(runs);
    }
    let logs = |fleet: &[Runs]| {
        let all: Vec<String> = fleet
            .iter()
            .enumerate()
            .map(|(n, r)| format!("--- instance {n}\n{}", r.logs()))
            .collect();
        format!("seed {seed}\n{}", all.join("\n"))
    };
    api.wait_long("the webhook set", Duration::from_secs(30), |i| i.webhook.clone()).await;
    both_start(&api).await;
    // The games open while every instance runs; each group has one.
    let group = |n: usize| -1_005_000_000_000 - i64::try_from(n).expect("a few hundred");
    // Alice may have 10 invitations open at once: 8 games open at a time, the timed ones first.
    let at_once = Arc::new(tokio::sync::Semaphore::new(8));
    let openers: Vec<_> = (count..count + FLEET_DEADLINES)
        .chain(0..count)
        .map(|n| {
            let (api, at_once) = (api.clone(), at_once.clone());
            let options = if n < count { String::new() } else { format!(" {clock}") };
            let opener = tokio::spawn(async move {
                let _turn = at_once.acquire().await.expect("the semaphore stays open");
                open_game(&api, group(n), &options).await
            });
            (n, opener)
        })
        .collect();
    let mut ids = vec![0; count + FLEET_DEADLINES];
    for (n, opener) in openers {
        ids[n] = opener.await.unwrap_or_else(|e| panic!("a game did not open: {e}"));
    }
    let distinct: HashSet<i64> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), ids.len(), "one game per group: {ids:?}");
    let games: Vec<StormGame> = (0..count)
        .map(|n| StormGame { chat: group(n), id: ids[n], played: Vec::new(), over: false })
        .collect();
    let timed: Vec<(i64, i64)> =
        (count..count + FLEET_DEADLINES).map(|n| (group(n), ids[n])).collect();
    let moves = storm_moves();
    let drivers: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(n, game)| {
            let plan = Plan {
                moves: moves[..FLEET_PLIES].to_vec(),
                resign: n % 2 == 0,
                pace: 500,
                tries: FLEET_TRIES,
            };
            let rng = Rng(seed ^ ((n as u64 + 1) << 32));
            tokio::spawn(drive(api.clone(), game.clone(), plan, rng))
        })
        .collect();
    let timed_out = |i: &Inner| {
        timed.iter().all(|&(chat, id)| {
            let needle = format!(" ran out of time in #{id}");
            i.sent.iter().any(|s| s.chat == chat && s.text.contains(&needle))
        })
    };
    // One instance after another is killed and, a moment later, started again, until every
    // driver is done and every clock ran out.
    let mut kills = 0;
    loop {
        let done = drivers.iter().all(tokio::task::JoinHandle::is_finished);
        if done && timed_out(&api.lock()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(1000) + rng.pause(3000)).await;
        let n = usize::try_from(rng.below(3)).expect("an instance");
        fleet[n].kill();
        kills += 1;
        tokio::time::sleep(rng.pause(2000)).await;
        fleet[n].start();
    }
    let mut games = join_drivers(drivers, || logs(&fleet)).await;
    // No game is stuck: each still running takes its next move on every instance's word.
    for game in games.iter_mut().filter(|g| !g.over) {
        let ply = game.played.len() + 1;
        let needle = format!("#{} ply {ply}:", game.id);
        let line = format!("/move {}", moves[FLEET_PLIES]);
        type_until_tries(&api, game.chat, ALICE, &line, &needle, FLEET_TRIES).await;
        game.played.push(moves[FLEET_PLIES].clone());
    }
    // Every message is delivered (a killed instance's wait for the end of its lease).
    let store = fleet[0].store().await;
    outbox_drained(&store, &|| logs(&fleet)).await;
    for runs in &mut fleet {
        let status = runs.terminate().await;
        assert!(status.success(), "SIGTERM ends with status 0: {status:?}\n{}", runs.logs());
    }
    let logs = format!("{kills} kills\n{}", logs(&fleet));
    check_storm(&api, &store, &games, &logs).await;
    // Every clock that ran out ended its game, once.
    let over = store.games_with_status(&[GameStatus::Over]).await.expect("the ended games");
    for &(chat, id) in &timed {
        let row = over.iter().find(|g| g.id.0 == id);
        let reason = row.and_then(|g| g.reason.clone());
        assert_eq!(reason, Some(arbiter::store::EndReason::Timeout), "#{id} ended on time\n{logs}");
        let told =
            api.sent_to(chat).iter().filter(|s| s.text.contains(" ran out of time in #")).count();
        assert!(told >= 1, "#{id}: the timeout was announced\n{logs}");
        let reminded = format!("Reminder: #{id} ");
        let reminders = api.sent_to(ALICE.id).iter().filter(|s| s.text.contains(&reminded)).count();
        assert!(minutes < 2 || reminders >= 1, "#{id}: Alice was reminded\n{logs}");
    }
    let kill_times: Vec<Vec<Instant>> = fleet.iter().map(|r| r.kills.clone()).collect();
    let (unexplained, explained) = unexplained_copies(&api, &kill_times);
    assert!(unexplained.is_empty(), "copies no crash explains: {unexplained:#?}\n{logs}");
    let doubled = balancer.doubled.lock().expect("the balancer's log").len();
    assert!(doubled > 0, "some moves reached two instances\n{logs}");
    assert!(kills >= 3, "instances were killed during the storm: {kills}\n{logs}");
    let taken_over: usize = fleet.iter().map(|r| r.log_lines("resuming deliveries")).sum();
    eprintln!(
        "seed {seed}: {count} games, {} timed, {kills} kills, {doubled} moves taken by two \
         instances, {taken_over} take-overs of waiting messages, {explained} copies sent again \
         after a crash",
        timed.len()
    );
}

/// Issue 41, item 3: a group's administrator sets its language to 繁體中文 (a member may not);
/// the English creator's game is then announced there in Traditional Chinese, its board
/// pictures included, while each English player hears privately in English.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_group_set_to_traditional_chinese_is_announced_in_it_while_its_players_read_english() {
    let bot = Bot::start_with(|i| {
        i.admins.insert((GROUP, ALICE.id));
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    api.say(GROUP, BOB, "/settings chat-language=en");
    api.expect_sent(GROUP, "Only an administrator of this chat can set its language.").await;
    api.say(GROUP, ALICE, "/settings chat-language=zh-Hant");
    api.expect_sent(GROUP, "本聊天的語言現在是繁體中文").await;
    api.say(GROUP, ALICE, "/new dark-fence @bob_builder");
    let invitation = api.expect_data(GROUP, "1:0:accept").await;
    assert!(invitation.text.contains("Alice Liddell 邀請 Bob"), "{}", invitation.text);
    api.press(BOB, &invitation, "1:0:accept");
    api.expect_sent(GROUP, "#1：Alice Liddell（先手）對 Bob").await;
    play(api, ALICE, "A1-A4-B4-B3 R", 0).await;
    api.expect_sent(GROUP, "第1手：Alice Liddell 已行動。").await;
    play(api, BOB, "D4-D1 L", 1).await;
    api.expect_sent(GROUP, "第2手：Bob 已行動。").await;
    let han = |t: &str| t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
    for who in [ALICE, BOB] {
        let read: Vec<String> = api.sent_to(who.id).into_iter().map(|s| s.text).collect();
        assert!(read.len() >= 3, "{read:?}");
        assert!(read.iter().all(|t| !han(t)), "{} read Chinese privately: {read:?}", who.first);
    }
    let photos = api.calls("sendphoto");
    let captions: Vec<&str> = photos
        .iter()
        .filter(|c| int(&c.params["chat_id"]) == GROUP)
        .filter_map(|c| c.params["caption"].as_str())
        .collect();
    assert!(!captions.is_empty() && captions.iter().all(|t| han(t)), "{captions:?}");
    let _ = bot.finish().await;
}

/// Seeks in a Telegram group (issue 43): a forum's topics are channels of one community. Alice
/// seeks in one topic; Bob lists and answers from another; the game starts in Alice's topic,
/// Bob is told in his, Alice privately; another group neither sees nor answers the seek, and
/// `/unseek` withdraws what is left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_in_one_forum_topic_is_answered_from_another_and_the_game_starts_in_the_first() {
    let bot = Bot::start_with(|i| {
        i.forums.insert(GROUP, HashSet::from([TOPIC, OTHER_TOPIC]));
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    api.say_in_topic(GROUP, TOPIC, ALICE, "/seek ultima clock=live");
    let waiting = api.expect_sent(GROUP, "Alice Liddell seeks an opponent: Ultima, live").await;
    assert_eq!(waiting.topic, Some(TOPIC));
    assert!(waiting.text.contains("type /seek ultima clock=live here"), "{}", waiting.text);
    // Another group is another community: Carol there sees none, and her seek waits apart.
    api.say(OTHER_GROUP, CAROL, "/seek");
    api.expect_sent(OTHER_GROUP, "No open seeks here.").await;
    api.say(OTHER_GROUP, CAROL, "/seek ultima clock=live");
    api.expect_sent(OTHER_GROUP, "Carol seeks an opponent").await;
    // Bob lists from the other topic (Carol's is not there), then answers.
    api.say_in_topic(GROUP, OTHER_TOPIC, BOB, "/seek");
    let listed = api.expect_sent(GROUP, "Open seeks:").await;
    assert_eq!(listed.topic, Some(OTHER_TOPIC));
    assert_eq!(listed.text.lines().count(), 2, "{}", listed.text);
    api.say_in_topic(GROUP, OTHER_TOPIC, BOB, "/seek ultima clock=live");
    let started = api.expect_sent(GROUP, "Ultima #1: ").await;
    assert_eq!(started.topic, Some(TOPIC), "the game lives where the first seek was made");
    assert!(started.photo.is_some(), "the board comes with the start");
    let told = api.expect_sent(GROUP, "You are paired with Alice Liddell: Ultima #1").await;
    assert_eq!(told.topic, Some(OTHER_TOPIC));
    api.expect_sent(ALICE.id, "Your seek found an opponent: Bob. Ultima #1 has started").await;
    // The game is played in its topic.
    let white = if started.text.contains("Alice Liddell (white") { ALICE } else { BOB };
    api.say_in_topic(GROUP, TOPIC, white, "/move c2c5");
    let ply = api.expect_sent(GROUP, "#1 ply 1: ").await;
    assert_eq!(ply.topic, Some(TOPIC));
    // A seek's Play button answers it with one press, on its terms, in its topic.
    api.say_in_topic(GROUP, OTHER_TOPIC, BOB, "/seek chaos-clock");
    // (Seeks are numbered across communities: Carol's is 2, this one 3.)
    let seek = api.expect_data(GROUP, "0:3:seek").await;
    assert_eq!(seek.topic, Some(OTHER_TOPIC));
    api.press(ALICE, &seek, "0:3:seek");
    let second = api.expect_sent(GROUP, "Chaos Clock #2: ").await;
    assert_eq!(second.topic, Some(OTHER_TOPIC));
    api.expect_sent(BOB.id, "Your seek found an opponent: Alice Liddell. Chaos Clock #2").await;
    // Carol's seek is still open and hers to withdraw.
    api.say(OTHER_GROUP, CAROL, "/unseek");
    api.expect_sent(OTHER_GROUP, "Your seek is withdrawn.").await;
    api.say(OTHER_GROUP, CAROL, "/seek");
    api.expect_count(OTHER_GROUP, "No open seeks here.", 2).await;
    bot.finish().await;
}

/// An everywhere seek on Telegram (issue 43): seeks typed in private chats pair with each other
/// whatever group the players are in, and the game is played in both private chats.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_typed_privately_pair_and_the_game_is_played_in_both_private_chats() {
    let bot = Bot::start().await;
    let api = &bot.api;
    both_start(api).await;
    api.say(ALICE.id, ALICE, "/seek ultima");
    api.expect_sent(ALICE.id, "Alice Liddell seeks an opponent in every community that allows it")
        .await;
    api.say(BOB.id, BOB, "/seek ultima");
    let to_alice = api.expect_sent(ALICE.id, "Ultima #1: ").await;
    api.expect_sent(BOB.id, "Ultima #1: ").await;
    api.expect_sent(ALICE.id, "Your seek found an opponent: Bob. Ultima #1 is played here").await;
    assert!(to_alice.photo.is_some(), "the board comes with the start");
    let white = if to_alice.text.contains("Alice Liddell (white") { ALICE } else { BOB };
    api.say(white.id, white, "/move c2c5");
    api.expect_sent(ALICE.id, "#1 ply 1: ").await;
    api.expect_sent(BOB.id, "#1 ply 1: ").await;
    assert!(api.sent_to(GROUP).is_empty(), "no group hears of it");
    bot.finish().await;
}

/// A tournament in a Telegram forum topic (issue 44): its administrator makes a round robin
/// there; two players join (one in Chinese); its games start in that topic by themselves, each
/// player told privately; the end brings the final standings with the crosstable picture.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_in_a_forum_topic_runs_its_games_there_and_ends_with_a_crosstable() {
    let bot = Bot::start_with(|i| {
        i.forums.insert(GROUP, HashSet::from([TOPIC, OTHER_TOPIC]));
        i.admins.insert((GROUP, CAROL.id));
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    // Only an administrator makes one.
    api.say_in_topic(GROUP, TOPIC, ALICE, "/tournament new ultima format=roundrobin");
    api.expect_sent(GROUP, "Only this community's administrators make tournaments here (they may let everyone: /settings tournaments=everyone).").await;
    api.say_in_topic(GROUP, TOPIC, CAROL, "/tournament new ultima format=roundrobin clock=live");
    let made = api.expect_sent(GROUP, "Carol made the Ultima round robin #1").await;
    assert_eq!(made.topic, Some(TOPIC));
    api.say_in_topic(GROUP, TOPIC, ALICE, "/tournament join");
    api.expect_sent(GROUP, "Alice Liddell joined the Ultima round robin #1").await;
    api.say_in_topic(GROUP, TOPIC, BOB, "/比赛 加入");
    api.expect_sent(GROUP, "Bob joined the Ultima round robin #1").await;
    // The other topic is another chat: no tournament there.
    api.say_in_topic(GROUP, OTHER_TOPIC, BOB, "/tournament standings");
    let none = api.expect_sent(GROUP, "There is no tournament here.").await;
    assert_eq!(none.topic, Some(OTHER_TOPIC));
    api.say_in_topic(GROUP, TOPIC, CAROL, "/tournament start");
    let round = api.expect_sent(GROUP, "Ultima round robin #1: round 1 of 1 has started.").await;
    assert_eq!(round.topic, Some(TOPIC));
    let started = api.expect_sent(GROUP, "Ultima #1: ").await;
    assert_eq!(started.topic, Some(TOPIC), "the game lives in the tournament's topic");
    assert!(started.photo.is_some(), "the board comes with the start");
    api.expect_sent(ALICE.id, "Ultima round robin #1, round 1: you play Bob").await;
    api.expect_sent(BOB.id, "Ultima round robin #1, round 1: you play Alice Liddell").await;
    // Bob resigns: the only round is over, and so is the tournament.
    api.say_in_topic(GROUP, TOPIC, BOB, "/resign");
    let last = api.expect_sent(GROUP, "Ultima round robin #1: final standings").await;
    assert_eq!(last.topic, Some(TOPIC));
    assert!(last.photo.is_some(), "the crosstable comes as a picture: {}", last.text);
    assert!(last.text.contains("Alice Liddell wins the Ultima round robin #1 with a score of 1!"));
    bot.finish().await;
}

/// Where the bot may manage a forum's topics, each tournament round opens a topic of its own
/// (issue 44): the pairings in the tournament's topic say where the games are, the games are
/// played in the round's topic; without the right the round stays in the tournament's topic.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_round_opens_a_forum_topic_of_its_own_where_the_bot_may() {
    let bot = Bot::start_with(|i| {
        i.forums.insert(GROUP, HashSet::from([TOPIC]));
        i.admins.insert((GROUP, CAROL.id));
        i.topic_rights.insert(GROUP);
    })
    .await;
    let api = &bot.api;
    both_start(api).await;
    api.say_in_topic(GROUP, TOPIC, CAROL, "/tournament new ultima format=roundrobin double=yes");
    api.expect_sent(GROUP, "Carol made the Ultima double round robin #1").await;
    api.say_in_topic(GROUP, TOPIC, ALICE, "/tournament join");
    api.expect_sent(GROUP, "Alice Liddell joined").await;
    api.say_in_topic(GROUP, TOPIC, BOB, "/tournament join");
    api.expect_sent(GROUP, "Bob joined").await;
    api.say_in_topic(GROUP, TOPIC, CAROL, "/tournament start");
    let round =
        api.expect_sent(GROUP, "Ultima double round robin #1: round 1 of 2 has started.").await;
    assert_eq!(round.topic, Some(TOPIC));
    assert!(
        round.text.ends_with("The games are played in “Ultima double round robin #1 · round 1”."),
        "{}",
        round.text
    );
    let opened = api.lock().topics_opened.clone();
    assert_eq!(opened.len(), 1);
    let (_, first, name) = &opened[0];
    assert_eq!(name, "Ultima double round robin #1 · round 1");
    let started = api.expect_sent(GROUP, "Ultima #1: ").await;
    assert_eq!(started.topic, Some(*first), "the game lives in the round's topic");
    // Played in the round's topic: the loser resigns there; round 2 opens another topic.
    let loser = if started.text.contains("Bob (white") { ALICE } else { BOB };
    api.say_in_topic(GROUP, *first, loser, "/resign");
    let over = api.expect_sent(GROUP, "#1 is over").await;
    assert_eq!(over.topic, Some(*first));
    let round =
        api.expect_sent(GROUP, "Ultima double round robin #1: round 2 of 2 has started.").await;
    assert_eq!(round.topic, Some(TOPIC));
    let second = api.lock().topics_opened[1].1;
    let started = api.expect_sent(GROUP, "Ultima #2: ").await;
    assert_eq!(started.topic, Some(second));
    // The last game ends: the final standings come to the tournament's topic.
    api.say_in_topic(GROUP, second, loser, "/resign");
    let last = api.expect_sent(GROUP, "Ultima double round robin #1: final standings").await;
    assert_eq!(last.topic, Some(TOPIC));
    assert!(last.photo.is_some());
    bot.finish().await;
}
