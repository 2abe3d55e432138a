//! Configuration: `config.toml` (or `--config PATH`), every key overridable by an environment
//! variable. `config.example.toml` documents every key.

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;

pub use crate::bot::discord::{DISCORD_API_URL, Sharding};
pub use crate::bot::telegram::Webhook;

/// The whole configuration.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The database (env `ARBITER_DATABASE`): a SQLite file path (or `sqlite:` URL), or a
    /// `postgres://` URL for several instances on one database (docs/scale.md).
    pub database: crate::store::Location,
    /// Where `GET /healthz` is served (env `ARBITER_LISTEN`, e.g. `0.0.0.0:8080`); none when
    /// unset.
    pub listen: Option<std::net::SocketAddr>,
    /// The console table.
    pub console: ConsoleConfig,
    /// The Telegram front end.
    pub telegram: TelegramConfig,
    /// The Discord front end.
    pub discord: DiscordConfig,
    /// Bounds on what users may keep open.
    pub limits: LimitsConfig,
    /// How patiently messages are delivered.
    pub delivery: DeliveryConfig,
}

/// How patiently the chat platforms' messages are delivered ([`crate::bot::outbox`]).
#[derive(Debug, Clone, Copy, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct DeliveryConfig {
    /// A message not delivered within this many hours is dropped, with a log line and a note
    /// to its chat (env `ARBITER_DELIVERY_MAX_AGE_HOURS`; default 24).
    pub max_age_hours: f64,
    /// A send with no answer after this many seconds is abandoned and tried again (env
    /// `ARBITER_SEND_TIMEOUT_SECONDS`; default 30).
    pub send_timeout_seconds: f64,
    /// On SIGTERM or Ctrl-C, how many seconds to keep delivering before what is left is kept
    /// for the next start (env `ARBITER_STOP_GRACE_SECONDS`; default 10).
    pub grace_seconds: f64,
    /// At most `group_messages` messages to one Telegram group in any `group_window_seconds`
    /// (env `ARBITER_GROUP_MESSAGES`, `ARBITER_GROUP_WINDOW_SECONDS`; default 20 in 60, the
    /// limit Telegram enforces with 429s): messages past it wait instead of being refused.
    pub group_messages: u32,
    /// See `group_messages`.
    pub group_window_seconds: f64,
}

impl Default for DeliveryConfig {
    fn default() -> Self {
        DeliveryConfig {
            max_age_hours: 24.0,
            send_timeout_seconds: 30.0,
            grace_seconds: 10.0,
            group_messages: 20,
            group_window_seconds: 60.0,
        }
    }
}

impl DeliveryConfig {
    /// The outbox's settings.
    #[must_use]
    pub fn settings(&self) -> crate::bot::outbox::Settings {
        let secs = |s: f64| std::time::Duration::from_secs_f64(s.clamp(0.0, 1e9));
        crate::bot::outbox::Settings {
            max_age: secs(self.max_age_hours * 3600.0),
            send_timeout: secs(self.send_timeout_seconds),
            grace: secs(self.grace_seconds),
            chat_limit: (
                usize::try_from(self.group_messages.max(1)).unwrap_or(usize::MAX),
                secs(self.group_window_seconds),
            ),
            ..crate::bot::outbox::Settings::default()
        }
    }
}

/// Bounds on what users may keep open, so that nobody can fill a chat or the store.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct LimitsConfig {
    /// Open (unanswered) invitations per user and per chat (env `ARBITER_MAX_INVITATIONS`).
    pub invitations: usize,
    /// Vacation days each player may take per calendar year (`/vacation`; env
    /// `ARBITER_VACATION_DAYS`).
    pub vacation_days: u32,
}

impl Default for LimitsConfig {
    fn default() -> Self {
        LimitsConfig {
            invitations: crate::table::DEFAULT_INVITATION_LIMIT,
            vacation_days: crate::table::DEFAULT_VACATION_DAYS,
        }
    }
}

/// The Discord front end: it runs when a token is set.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token from the Developer Portal (env `DISCORD_TOKEN`); no token, no Discord.
    pub token: Option<String>,
    /// The REST API base (env `DISCORD_API_URL`): the public API, or a test stand-in on
    /// 127.0.0.1 (then serenity's rate limiter is off and nothing may leave loopback).
    pub api_url: String,
    /// Register the slash commands in this server only (instant; for testing), instead of
    /// globally.
    pub guild_id: Option<u64>,
    /// Open a public thread for each game started with `/new` in a channel that allows threads
    /// (env `DISCORD_THREADS`); otherwise games stay in the channel.
    pub threads: bool,
    /// How many shards the bot runs as, across all its instances (env `DISCORD_SHARDS`):
    /// `"auto"` (the count Discord recommends, asked at start) or a number.
    pub shards: ShardCount,
    /// Which shards this instance runs, `"first-last"` inclusive, e.g. `"0-3"` (env
    /// `DISCORD_SHARD_RANGE`); unset: all of them. Needs a numeric `shards`, so that every
    /// instance counts the same total.
    pub shard_range: Option<String>,
}

impl Default for DiscordConfig {
    fn default() -> Self {
        DiscordConfig {
            token: None,
            api_url: DISCORD_API_URL.into(),
            guild_id: None,
            threads: false,
            shards: ShardCount::Auto,
            shard_range: None,
        }
    }
}

/// The bot's shard count: Discord's recommendation or a fixed total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShardCount {
    /// As many as `GET /gateway/bot` recommends at start.
    #[default]
    Auto,
    /// This many (at least 1).
    Total(u32),
}

impl std::str::FromStr for ShardCount {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("auto") {
            return Ok(ShardCount::Auto);
        }
        match s.parse::<u32>() {
            Ok(n) if n > 0 => Ok(ShardCount::Total(n)),
            _ => {
                Err(format!("discord.shards must be \"auto\" or a number of at least 1, not {s:?}"))
            }
        }
    }
}

impl<'de> Deserialize<'de> for ShardCount {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Number(u32),
            Word(String),
        }
        let text = match Raw::deserialize(d)? {
            Raw::Number(n) => n.to_string(),
            Raw::Word(w) => w,
        };
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl DiscordConfig {
    /// The shards this instance runs.
    ///
    /// # Errors
    ///
    /// The range does not parse, is reversed, lies outside the total, or is given without a
    /// numeric total.
    pub fn sharding(&self) -> anyhow::Result<Sharding> {
        let total = match self.shards {
            ShardCount::Auto => None,
            ShardCount::Total(n) => Some(n),
        };
        let Some(raw) = self.shard_range.as_deref().map(str::trim).filter(|r| !r.is_empty()) else {
            return Ok(Sharding { total, range: None });
        };
        let parsed = raw.split_once('-').and_then(|(a, b)| {
            Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?))
        });
        let Some((first, last)) = parsed.or_else(|| raw.parse().ok().map(|n| (n, n))) else {
            anyhow::bail!("discord.shard_range must be \"first-last\", like \"0-3\", not {raw:?}");
        };
        let Some(total) = total else {
            anyhow::bail!(
                "discord.shard_range needs a number in discord.shards: every instance must count \
                 the same total, and \"auto\" may change between starts"
            );
        };
        anyhow::ensure!(first <= last, "discord.shard_range {raw:?} runs backwards");
        anyhow::ensure!(
            last < total,
            "discord.shard_range {raw:?} names shard {last}, but shards are numbered 0 to {}",
            total - 1
        );
        Ok(Sharding { total: Some(total), range: Some((first, last)) })
    }
}

// Written by hand so that the token never reaches a log line or an error message.
impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("api_url", &self.api_url)
            .field("guild_id", &self.guild_id)
            .field("threads", &self.threads)
            .field("shards", &self.shards)
            .field("shard_range", &self.shard_range)
            .finish()
    }
}

/// The public Telegram Bot API.
pub const TELEGRAM_API_URL: &str = "https://api.telegram.org";

/// The Telegram front end: it runs when a token is set.
#[derive(Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct TelegramConfig {
    /// The bot token from @BotFather (env `TELEGRAM_TOKEN`); no token, no Telegram.
    pub token: Option<String>,
    /// The Bot API server (env `TELEGRAM_API_URL`): the public one, a self-hosted
    /// `telegram-bot-api`, or a test stand-in on 127.0.0.1.
    pub api_url: String,
    /// Webhook mode (env `TELEGRAM_WEBHOOK_URL`): the public HTTPS address Telegram posts
    /// updates to, registered with `setWebhook` at start. Several instances can share it behind
    /// one load balancer; long polling (the default, when unset) allows one consumer per bot.
    pub webhook_url: Option<String>,
    /// The local address the webhook is served on (env `TELEGRAM_LISTEN`, e.g. `0.0.0.0:8443`
    /// behind a TLS-terminating proxy); required with `webhook_url`.
    pub listen: Option<std::net::SocketAddr>,
    /// The secret Telegram sends with every update (`X-Telegram-Bot-Api-Secret-Token`), 1 to
    /// 256 of `A-Z a-z 0-9 _ -` (env `TELEGRAM_WEBHOOK_SECRET`). Unset: derived from the token
    /// (SHA-256), so every instance of one bot agrees without configuring it.
    pub webhook_secret: Option<String>,
}

impl Default for TelegramConfig {
    fn default() -> Self {
        TelegramConfig {
            token: None,
            api_url: TELEGRAM_API_URL.into(),
            webhook_url: None,
            listen: None,
            webhook_secret: None,
        }
    }
}

impl TelegramConfig {
    /// Webhook mode's settings, or `None` for long polling.
    ///
    /// # Errors
    ///
    /// The address is not an `https` URL (plain `http` is allowed on loopback, for stand-ins),
    /// `listen` is missing, or the secret has characters Telegram refuses.
    pub fn webhook(&self) -> anyhow::Result<Option<Webhook>> {
        let Some(raw) = self.webhook_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(None);
        };
        let url = url::Url::parse(raw)
            .map_err(|e| anyhow::anyhow!("telegram.webhook_url is not a URL ({e}): {raw}"))?;
        let loopback = crate::bot::route::is_loopback(&url);
        anyhow::ensure!(
            url.scheme() == "https" || (url.scheme() == "http" && loopback),
            "telegram.webhook_url must be an https address (Telegram posts only over HTTPS): {raw}"
        );
        let listen = self.listen.ok_or_else(|| {
            anyhow::anyhow!(
                "telegram.webhook_url needs telegram.listen (TELEGRAM_LISTEN): the local address \
                 the updates arrive at, e.g. 0.0.0.0:8443 behind your HTTPS proxy"
            )
        })?;
        let secret = match self.webhook_secret.as_deref().filter(|s| !s.is_empty()) {
            Some(secret) => {
                let fine = secret.len() <= 256
                    && secret.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
                anyhow::ensure!(
                    fine,
                    "telegram.webhook_secret must be 1 to 256 of A-Z a-z 0-9 _ - (Telegram's rule)"
                );
                secret.to_string()
            }
            None => derived_secret(self.token.as_deref().unwrap_or("")),
        };
        Ok(Some(Webhook { url, listen, secret }))
    }
}

/// The webhook secret of a bot whose operator set none: the SHA-256 of the token (with a label,
/// so it is no hash of the token found elsewhere), in hex: every instance computes the same,
/// and nobody without the token can.
fn derived_secret(token: &str) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(format!("arbiter telegram webhook secret:{token}"));
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

// Written by hand so that the token never reaches a log line or an error message.
impl std::fmt::Debug for TelegramConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TelegramConfig")
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("api_url", &self.api_url)
            .field("webhook_url", &self.webhook_url)
            .field("listen", &self.listen)
            .field("webhook_secret", &self.webhook_secret.as_ref().map(|_| "<redacted>"))
            .finish()
    }
}

/// The console table's start.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct ConsoleConfig {
    /// The first user (env `ARBITER_CONSOLE_USER`).
    pub user: String,
    /// The first channel (env `ARBITER_CONSOLE_CHANNEL`).
    pub channel: String,
    /// The console users' language, `en`, `zh-Hans` or `zh-Hant` (env `ARBITER_CONSOLE_LOCALE`).
    pub locale: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            database: crate::store::Location::Sqlite(PathBuf::from("arbiter.db")),
            listen: None,
            console: ConsoleConfig::default(),
            telegram: TelegramConfig::default(),
            discord: DiscordConfig::default(),
            limits: LimitsConfig::default(),
            delivery: DeliveryConfig::default(),
        }
    }
}

impl Default for ConsoleConfig {
    fn default() -> Self {
        ConsoleConfig { user: "alice".into(), channel: "#table".into(), locale: None }
    }
}

impl Config {
    /// Reads `path` (which must exist), or `config.toml` when present, or the defaults; then
    /// applies environment overrides through `env` (a lookup, so tests need not touch the
    /// process environment).
    ///
    /// # Errors
    ///
    /// The file cannot be read or has unknown keys or bad values.
    pub fn load(
        path: Option<&Path>,
        env: impl Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Config> {
        let default_path = Path::new("config.toml");
        let file = match path {
            Some(p) => Some(p),
            None if default_path.exists() => Some(default_path),
            None => None,
        };
        let mut config = match file {
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .with_context(|| format!("reading {}", p.display()))?;
                // Not `with_context`: the TOML error would show the offending source line, and
                // with it a token.
                toml::from_str(&text).map_err(|e| {
                    anyhow::anyhow!("in {}: {}", p.display(), describe_toml_error(&e, &text))
                })?
            }
            None => Config::default(),
        };
        if let Some(db) = env("ARBITER_DATABASE").filter(|v| !v.is_empty()) {
            config.database = crate::store::Location::parse(&db)
                .map_err(|e| anyhow::anyhow!("ARBITER_DATABASE: {e}"))?;
        }
        if let Some(n) = env("ARBITER_GROUP_MESSAGES").filter(|v| !v.trim().is_empty()) {
            config.delivery.group_messages =
                n.trim().parse().ok().filter(|n| *n > 0).ok_or_else(|| {
                    anyhow::anyhow!(
                        "ARBITER_GROUP_MESSAGES must be a whole number above 0, not {n:?}"
                    )
                })?;
        }
        if let Some(listen) = env("ARBITER_LISTEN").filter(|v| !v.trim().is_empty()) {
            config.listen = Some(listen.trim().parse().map_err(|_| {
                anyhow::anyhow!(
                    "ARBITER_LISTEN must be an address like 0.0.0.0:8080, not {listen:?}"
                )
            })?);
        }
        if let Some(n) = env("ARBITER_VACATION_DAYS").filter(|v| !v.trim().is_empty()) {
            config.limits.vacation_days = n.trim().parse().map_err(|_| {
                anyhow::anyhow!("ARBITER_VACATION_DAYS must be a whole number, not {n:?}")
            })?;
        }
        if let Some(n) = env("ARBITER_MAX_INVITATIONS").filter(|v| !v.trim().is_empty()) {
            config.limits.invitations = n.trim().parse().map_err(|_| {
                anyhow::anyhow!("ARBITER_MAX_INVITATIONS must be a whole number, not {n:?}")
            })?;
        }
        for (key, field) in [
            ("ARBITER_DELIVERY_MAX_AGE_HOURS", &mut config.delivery.max_age_hours),
            ("ARBITER_SEND_TIMEOUT_SECONDS", &mut config.delivery.send_timeout_seconds),
            ("ARBITER_STOP_GRACE_SECONDS", &mut config.delivery.grace_seconds),
            ("ARBITER_GROUP_WINDOW_SECONDS", &mut config.delivery.group_window_seconds),
        ] {
            if let Some(v) = env(key).filter(|v| !v.trim().is_empty()) {
                *field = v
                    .trim()
                    .parse()
                    .map_err(|_| anyhow::anyhow!("{key} must be a number, not {v:?}"))?;
            }
        }
        for (key, value) in [
            ("max_age_hours", config.delivery.max_age_hours),
            ("send_timeout_seconds", config.delivery.send_timeout_seconds),
            ("grace_seconds", config.delivery.grace_seconds),
            ("group_window_seconds", config.delivery.group_window_seconds),
        ] {
            anyhow::ensure!(
                value.is_finite() && value > 0.0,
                "[delivery] {key} must be a positive number, not {value}"
            );
        }
        if let Some(user) = env("ARBITER_CONSOLE_USER").filter(|v| !v.is_empty()) {
            config.console.user = user;
        }
        if let Some(channel) = env("ARBITER_CONSOLE_CHANNEL").filter(|v| !v.is_empty()) {
            config.console.channel = channel;
        }
        if let Some(locale) = env("ARBITER_CONSOLE_LOCALE").filter(|v| !v.is_empty()) {
            config.console.locale = Some(locale);
        }
        if let Some(token) = env("TELEGRAM_TOKEN").filter(|v| !v.trim().is_empty()) {
            config.telegram.token = Some(token);
        }
        if let Some(url) = env("TELEGRAM_API_URL").filter(|v| !v.is_empty()) {
            config.telegram.api_url = url;
        }
        if let Some(url) = env("TELEGRAM_WEBHOOK_URL").filter(|v| !v.trim().is_empty()) {
            config.telegram.webhook_url = Some(url);
        }
        if let Some(listen) = env("TELEGRAM_LISTEN").filter(|v| !v.trim().is_empty()) {
            config.telegram.listen = Some(listen.trim().parse().map_err(|_| {
                anyhow::anyhow!(
                    "TELEGRAM_LISTEN must be an address like 0.0.0.0:8443, not {listen:?}"
                )
            })?);
        }
        if let Some(secret) = env("TELEGRAM_WEBHOOK_SECRET").filter(|v| !v.is_empty()) {
            config.telegram.webhook_secret = Some(secret);
        }
        if let Some(token) = env("DISCORD_TOKEN").filter(|v| !v.trim().is_empty()) {
            config.discord.token = Some(token);
        }
        if let Some(url) = env("DISCORD_API_URL").filter(|v| !v.is_empty()) {
            config.discord.api_url = url;
        }
        if let Some(guild) = env("DISCORD_GUILD_ID").filter(|v| !v.trim().is_empty()) {
            let id = guild.trim().parse::<u64>().ok().filter(|id| *id > 0);
            config.discord.guild_id =
                Some(id.with_context(|| format!("DISCORD_GUILD_ID is not a server id: {guild}"))?);
        }
        if let Some(shards) = env("DISCORD_SHARDS").filter(|v| !v.trim().is_empty()) {
            config.discord.shards = shards.parse().map_err(|e: String| anyhow::anyhow!(e))?;
        }
        if let Some(range) = env("DISCORD_SHARD_RANGE").filter(|v| !v.trim().is_empty()) {
            config.discord.shard_range = Some(range);
        }
        if let Some(threads) = env("DISCORD_THREADS").filter(|v| !v.trim().is_empty()) {
            config.discord.threads = match threads.trim().to_ascii_lowercase().as_str() {
                "1" | "true" | "on" | "yes" => true,
                "0" | "false" | "off" | "no" => false,
                _ => anyhow::bail!("DISCORD_THREADS must be true or false, not {threads}"),
            };
        }
        // Discord ids are never 0 (serenity's id types refuse it).
        anyhow::ensure!(config.discord.guild_id != Some(0), "discord.guild_id cannot be 0");
        // An empty token in the file means "not configured", as an unset variable does.
        config.telegram.token = config.telegram.token.take().filter(|t| !t.trim().is_empty());
        config.discord.token = config.discord.token.take().filter(|t| !t.trim().is_empty());
        config.discord.sharding()?;
        // Webhook settings are checked now, so that a bad one stops the start with its reason.
        if let Some(hook) = config.telegram.webhook()? {
            anyhow::ensure!(
                config.listen != Some(hook.listen),
                "telegram.listen and listen are both {}: the webhook and /healthz need two \
                 addresses",
                hook.listen
            );
        }
        Ok(config)
    }

    /// Whether any chat platform is configured (otherwise `serve` opens the console table).
    #[must_use]
    pub fn has_platform(&self) -> bool {
        self.telegram.token.is_some() || self.discord.token.is_some()
    }
}

/// A TOML error without any value from the file (a token may be one): where it is (line,
/// column and, when the line starts with one, the key) and what is wrong, with any quoted text
/// of the message (a value the deserializer quotes back) left out.
fn describe_toml_error(error: &toml::de::Error, text: &str) -> String {
    let message = without_quoted_text(error.message().trim());
    let Some(at) = error.span().map(|s| s.start.min(text.len())) else { return message };
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..line_start].matches('\n').count() + 1;
    let column = text[line_start..at].chars().count() + 1;
    let line_text = text[line_start..].split('\n').next().unwrap_or("");
    match key_of_line(line_text, &text[..line_start]) {
        Some(key) => format!("line {line}, column {column} (key `{key}`): {message}"),
        None => format!("line {line}, column {column}: {message}"),
    }
}

/// The full key a line of `key = value` sets (`discord.token`), from its key and the last
/// `[table]` header in `before`; `None` when the line does not start with a key shaped like
/// this file's keys (lower-case words joined by `_`: never a pasted secret).
fn key_of_line(line: &str, before: &str) -> Option<String> {
    let word = |k: &str| {
        (1..=32).contains(&k.len()) && k.chars().all(|c| c.is_ascii_lowercase() || c == '_')
    };
    let key = line.split_once('=')?.0.trim();
    if !word(key) {
        return None;
    }
    let table =
        before.lines().rev().map(str::trim).find_map(|l| {
            l.strip_prefix('[').and_then(|l| l.split_once(']')).map(|(t, _)| t.trim())
        });
    match table {
        None => Some(key.to_string()),
        Some(table) if word(table) => Some(format!("{table}.{key}")),
        Some(_) => None,
    }
}

/// `message` with the text between double quotes replaced by `…` (serde quotes a refused
/// string value back: `invalid type: string "…", expected u64`). Text between backticks (the
/// parser's expected tokens, field names) stays, a lone `"` in it included.
fn without_quoted_text(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut chars = message.chars();
    while let Some(c) = chars.next() {
        match c {
            '`' => {
                out.push('`');
                for c in chars.by_ref() {
                    out.push(c);
                    if c == '`' {
                        break;
                    }
                }
            }
            '"' => {
                let mut escaped = false;
                for c in chars.by_ref() {
                    match c {
                        '"' if !escaped => break,
                        '\\' => escaped = !escaped,
                        _ => escaped = false,
                    }
                }
                out.push_str("\"…\"");
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_config_is_the_defaults_and_parses_with_every_key() {
        let example = include_str!("../config.example.toml");
        let parsed: Config = toml::from_str(example).unwrap();
        assert_eq!(parsed, Config::default());
    }

    #[test]
    fn environment_overrides_the_file_and_unknown_keys_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "database = \"a.db\"\n[console]\nuser = \"zoe\"\n").unwrap();
        let env = |k: &str| (k == "ARBITER_DATABASE").then(|| "b.db".to_string());
        let c = Config::load(Some(&path), env).unwrap();
        assert_eq!(c.database, crate::store::Location::Sqlite(PathBuf::from("b.db")));
        assert_eq!(c.console.user, "zoe");
        assert!(!c.has_platform(), "no token, no Telegram");
        std::fs::write(&path, "databse = \"a.db\"\n").unwrap();
        assert!(Config::load(Some(&path), |_| None).is_err());
        assert!(Config::load(Some(&dir.path().join("missing.toml")), |_| None).is_err());
    }

    #[test]
    fn the_invitation_limit_comes_from_the_file_or_the_environment_and_must_be_a_number() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "[limits]\ninvitations = 3\nvacation_days = 30\n").unwrap();
        assert_eq!(Config::load(Some(&path), |_| None).unwrap().limits.invitations, 3);
        assert_eq!(Config::load(Some(&path), |_| None).unwrap().limits.vacation_days, 30);
        let listen = |k: &str| (k == "ARBITER_LISTEN").then(|| "127.0.0.1:8080".to_string());
        assert_eq!(
            Config::load(Some(&path), listen).unwrap().listen,
            Some("127.0.0.1:8080".parse().unwrap())
        );
        let bad = |k: &str| (k == "ARBITER_LISTEN").then(|| "port 80".to_string());
        assert!(Config::load(Some(&path), bad).is_err());
        let days = |k: &str| (k == "ARBITER_VACATION_DAYS").then(|| "7".to_string());
        assert_eq!(Config::load(Some(&path), days).unwrap().limits.vacation_days, 7);
        let env = |k: &str| (k == "ARBITER_MAX_INVITATIONS").then(|| "25".to_string());
        assert_eq!(Config::load(Some(&path), env).unwrap().limits.invitations, 25);
        let bad = |k: &str| (k == "ARBITER_MAX_INVITATIONS").then(|| "lots".to_string());
        let e = Config::load(Some(&path), bad).unwrap_err().to_string();
        assert!(e.contains("ARBITER_MAX_INVITATIONS must be a whole number"), "{e}");
        assert_eq!(Config::default().limits.invitations, 10);
    }

    #[test]
    fn telegram_settings_come_from_the_file_or_their_fixed_environment_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "[telegram]\ntoken = \"1:file\"\n").unwrap();
        let c = Config::load(Some(&path), |_| None).unwrap();
        assert_eq!(c.telegram.token.as_deref(), Some("1:file"));
        assert_eq!(c.telegram.api_url, TELEGRAM_API_URL);
        assert!(c.has_platform());
        let env = |k: &str| match k {
            "TELEGRAM_TOKEN" => Some("2:env".to_string()),
            "TELEGRAM_API_URL" => Some("http://127.0.0.1:9".to_string()),
            _ => None,
        };
        let c = Config::load(Some(&path), env).unwrap();
        assert_eq!(c.telegram.token.as_deref(), Some("2:env"));
        assert_eq!(c.telegram.api_url, "http://127.0.0.1:9");
        std::fs::write(&path, "[telegram]\ntoken = \"\"\n").unwrap();
        assert!(!Config::load(Some(&path), |_| None).unwrap().has_platform());
    }

    #[test]
    fn discord_settings_come_from_the_file_or_their_fixed_environment_names() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "[discord]\ntoken = \"file-token\"\nguild_id = 42\n").unwrap();
        let c = Config::load(Some(&path), |_| None).unwrap();
        assert_eq!(c.discord.token.as_deref(), Some("file-token"));
        assert_eq!(c.discord.api_url, DISCORD_API_URL);
        assert_eq!(c.discord.guild_id, Some(42));
        assert!(c.has_platform() && c.telegram.token.is_none());
        let env = |k: &str| match k {
            "DISCORD_TOKEN" => Some("env-token".to_string()),
            "DISCORD_API_URL" => Some("http://127.0.0.1:9".to_string()),
            "DISCORD_GUILD_ID" => Some("77".to_string()),
            "DISCORD_THREADS" => Some("on".to_string()),
            _ => None,
        };
        assert!(!Config::load(Some(&path), |_| None).unwrap().discord.threads);
        let c = Config::load(Some(&path), env).unwrap();
        assert!(c.discord.threads);
        let bad = |k: &str| (k == "DISCORD_THREADS").then(|| "sometimes".to_string());
        assert!(Config::load(Some(&path), bad).is_err());
        assert_eq!(c.discord.token.as_deref(), Some("env-token"));
        assert_eq!(c.discord.api_url, "http://127.0.0.1:9");
        assert_eq!(c.discord.guild_id, Some(77));
        let bad = |k: &str| (k == "DISCORD_GUILD_ID").then(|| "my-server".to_string());
        let err = Config::load(Some(&path), bad).unwrap_err();
        assert!(format!("{err:#}").contains("DISCORD_GUILD_ID"), "{err:#}");
        std::fs::write(&path, "[discord]\nguild_id = 0\n").unwrap();
        assert!(Config::load(Some(&path), |_| None).is_err());
        std::fs::write(&path, "[discord]\ntoken = \" \"\n").unwrap();
        assert!(!Config::load(Some(&path), |_| None).unwrap().has_platform());
    }

    #[test]
    fn a_toml_error_never_echoes_the_token_but_says_where_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        for (file, line, key) in [
            ("[discord]\ntoken = \"MTIz.SECRET-abc.def\n", 2, Some("discord.token")),
            (
                "database = \"a.db\"\n[telegram]\ntoken = 123456:SECRET-abc\n",
                3,
                Some("telegram.token"),
            ),
            ("[telegram]\ntoken = SECRET\n", 2, Some("telegram.token")),
            ("[discord]\n\ntoken = 'SECRET-abc\n", 3, Some("discord.token")),
            ("[discord]\ntoken = \"SECRET\" trailing\n", 2, Some("discord.token")),
            ("[discord]\nguild_id = \"SECRET-pasted-here\"\n", 2, Some("discord.guild_id")),
            (
                "[console]\nlocale = 5\n[telegram]\ntoken = \"1:SECRET\"\n",
                2,
                Some("console.locale"),
            ),
            ("[telegram]\nSECRET-pasted-alone==\n", 2, None),
        ] {
            std::fs::write(&path, file).unwrap();
            let err = Config::load(Some(&path), |_| None).unwrap_err();
            for shown in [format!("{err:#}"), format!("{err:?}"), err.to_string()] {
                assert!(!shown.contains("SECRET"), "{file:?} gave {shown}");
                assert!(shown.contains(&format!("line {line}, column ")), "{file:?} gave {shown}");
                assert!(shown.contains(&path.display().to_string()), "{file:?} gave {shown}");
                if let Some(key) = key {
                    assert!(shown.contains(&format!("`{key}`")), "{file:?} gave {shown}");
                }
            }
            assert!(!format!("{err:#}").contains('\n'), "one line: {err:#}");
        }
    }

    #[test]
    fn quoted_values_leave_an_error_message_but_expected_tokens_stay() {
        assert_eq!(
            without_quoted_text("invalid type: string \"a\\\"b`c\", expected u64"),
            "invalid type: string \"…\", expected u64"
        );
        assert_eq!(
            without_quoted_text("invalid basic string, expected `\"`"),
            "invalid basic string, expected `\"`"
        );
        assert_eq!(
            without_quoted_text("unknown field `tokn`, expected `token` or `api_url`"),
            "unknown field `tokn`, expected `token` or `api_url`"
        );
    }

    #[test]
    fn tokens_from_the_environment_never_show_in_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        for (file, bad) in [
            ("[console]\nuser = \"zoe\"\n", "DISCORD_THREADS"),
            ("[console]\nuser = \"zoe\"\n", "DISCORD_GUILD_ID"),
            ("[discord]\nthreads = \"maybe\"\n", "none"),
            ("[telegram]\ntoken = \"1:unterminated\n", "none"),
        ] {
            std::fs::write(&path, file).unwrap();
            let env = |k: &str| match k {
                "TELEGRAM_TOKEN" => Some("123456:ENV-SECRET-telegram".to_string()),
                "DISCORD_TOKEN" => Some("ENV-SECRET.discord".to_string()),
                k if k == bad => Some("sometimes".to_string()),
                _ => None,
            };
            let err = Config::load(Some(&path), env).unwrap_err();
            let shown = format!("{err:#} {err:?}");
            assert!(!shown.contains("ENV-SECRET"), "{bad}: {shown}");
        }
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let mut c = Config::default();
        c.telegram.token = Some("123456:SECRET-TOKEN".into());
        c.discord.token = Some("DISCORD-SECRET".into());
        let shown = format!("{c:?}");
        assert!(!shown.contains("SECRET") && shown.contains("<redacted>"), "{shown}");
    }

    /// Loads the file at `path` with the environment `pairs` alone.
    fn load_with(path: &Path, pairs: &[(&str, &str)]) -> anyhow::Result<Config> {
        let pairs: Vec<(String, String)> =
            pairs.iter().map(|(k, v)| ((*k).to_string(), (*v).to_string())).collect();
        Config::load(Some(path), move |k: &str| {
            pairs.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone())
        })
    }

    #[test]
    fn webhook_mode_needs_an_https_address_and_a_local_listen_address() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "[telegram]\ntoken = \"1:x\"\n").unwrap();
        let load = |pairs: &[(&str, &str)]| load_with(&path, pairs);
        // Long polling unless an address is set.
        assert_eq!(load(&[]).unwrap().telegram.webhook().unwrap(), None);
        let err = load(&[("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg")]).unwrap_err();
        assert!(format!("{err:#}").contains("needs telegram.listen"), "{err:#}");
        let err = load(&[
            ("TELEGRAM_WEBHOOK_URL", "http://bot.example.org/tg"),
            ("TELEGRAM_LISTEN", "0.0.0.0:8443"),
        ])
        .unwrap_err();
        assert!(format!("{err:#}").contains("must be an https address"), "{err:#}");
        let err = load(&[
            ("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg"),
            ("TELEGRAM_LISTEN", "0.0.0.0:8443"),
            ("ARBITER_LISTEN", "0.0.0.0:8443"),
        ])
        .unwrap_err();
        assert!(format!("{err:#}").contains("need two addresses"), "{err:#}");
        let err = load(&[("TELEGRAM_LISTEN", "port 80")]).unwrap_err();
        assert!(format!("{err:#}").contains("TELEGRAM_LISTEN must be an address"), "{err:#}");
        let err = load(&[
            ("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg"),
            ("TELEGRAM_LISTEN", "0.0.0.0:8443"),
            ("TELEGRAM_WEBHOOK_SECRET", "no spaces allowed"),
        ])
        .unwrap_err();
        assert!(format!("{err:#}").contains("A-Z a-z 0-9 _ -"), "{err:#}");
        // Plain http only on loopback (a stand-in); the secret, unset, comes from the token.
        let hook = load(&[
            ("TELEGRAM_WEBHOOK_URL", "http://127.0.0.1:9000/tg"),
            ("TELEGRAM_LISTEN", "127.0.0.1:9000"),
        ])
        .unwrap()
        .telegram
        .webhook()
        .unwrap()
        .expect("webhook mode");
        assert_eq!(hook.url.as_str(), "http://127.0.0.1:9000/tg");
        assert_eq!(hook.listen, "127.0.0.1:9000".parse().unwrap());
        assert_eq!(hook.secret.len(), 64);
        assert!(hook.secret.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_eq!(hook.secret, derived_secret("1:x"), "the same for every instance");
        assert_ne!(hook.secret, derived_secret("2:y"), "another bot, another secret");
        assert!(!format!("{hook:?}").contains(&hook.secret), "{hook:?}");
        let set = load(&[
            ("TELEGRAM_WEBHOOK_URL", "https://bot.example.org/tg"),
            ("TELEGRAM_LISTEN", "0.0.0.0:8443"),
            ("TELEGRAM_WEBHOOK_SECRET", "Shared_secret-1"),
        ])
        .unwrap();
        assert_eq!(set.telegram.webhook().unwrap().unwrap().secret, "Shared_secret-1");
        assert!(!format!("{set:?}").contains("Shared_secret-1"));
    }

    #[test]
    fn shards_are_auto_or_a_total_and_a_range_needs_a_total_it_fits_in() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        let load = |file: &str, pairs: &[(&str, &str)]| {
            std::fs::write(&path, file).unwrap();
            load_with(&path, pairs)
        };
        let all = |total| Sharding { total, range: None };
        assert_eq!(load("", &[]).unwrap().discord.sharding().unwrap(), all(None));
        let c = load("[discord]\nshards = 4\nshard_range = \"2-3\"\n", &[]).unwrap();
        assert_eq!(c.discord.sharding().unwrap(), Sharding { total: Some(4), range: Some((2, 3)) });
        let c = load("[discord]\nshards = \"auto\"\n", &[("DISCORD_SHARDS", "2")]).unwrap();
        assert_eq!(c.discord.sharding().unwrap(), all(Some(2)));
        let c = load("", &[("DISCORD_SHARDS", "3"), ("DISCORD_SHARD_RANGE", "1")]).unwrap();
        assert_eq!(c.discord.sharding().unwrap(), Sharding { total: Some(3), range: Some((1, 1)) });
        for (file, env, says) in [
            ("[discord]\nshards = 0\n", vec![], "at least 1"),
            ("", vec![("DISCORD_SHARDS", "many")], "at least 1"),
            ("", vec![("DISCORD_SHARD_RANGE", "0-1")], "needs a number"),
            ("", vec![("DISCORD_SHARDS", "2"), ("DISCORD_SHARD_RANGE", "1-2")], "numbered 0 to 1"),
            ("", vec![("DISCORD_SHARDS", "4"), ("DISCORD_SHARD_RANGE", "3-1")], "backwards"),
            ("", vec![("DISCORD_SHARDS", "4"), ("DISCORD_SHARD_RANGE", "a-b")], "first-last"),
        ] {
            let err = load(file, &env).unwrap_err();
            assert!(format!("{err:#}").contains(says), "{file:?} {env:?}: {err:#}");
        }
    }
}
