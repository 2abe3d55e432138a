//! The transcript runner, `arbiter script [--db PATH] [--seed N] FILE` (an exact interface).
//!
//! Input lines: `<user>@<chat>: <command text>` where `<chat>` is `#name` (a channel) or `dm`
//! (that user's private chat), played on the transcript platform; `telegram/#name`,
//! `telegram/dm`, `discord/#name` and `discord/dm` play as that platform's user of the same
//! name instead (another identity: what `/link` joins), answered as `telegram/#name` and
//! `dm:telegram/<user>`; `!clock +<N><s|m|h|d>` advances the injected clock (and lets the
//! referee send reminders and end what ran out); `!admin <user>` makes a user an administrator;
//! `#club.lobby` and `#club.games` are two channels of one community, `#club` (any other channel
//! is its own community); `!dm-closed <user>` records that the user's private chat refused a delivery (and prints what
//! the channels of the user's running games are told); `!locale <user> <code>` makes that
//! user's client report a language (`zh-TW`, `zh-CN`, `en-US`, as Discord and Telegram do;
//! `!locale <user> none` stops it); lines starting
//! with `//` and blank lines are skipped. With `ARBITER_SCRIPT_IMAGES=<dir>` in the environment
//! every image sent is also written there as `<n>-<hash>.png`, numbered in output order.
//!
//! Output: one JSON line per outbound message, in order:
//! `{"to": "#channel" | "dm:<user>", "text": "...", "image": null | {"width", "height",
//! "bytes", "sha256"}, "buttons": ["label", ...]}`. The same file, seed and starting database
//! give byte-identical output. The clock is kept in the database, so a second script on the
//! same database continues the first one's games and clocks.

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::store::{Platform, Store};
use crate::table::clock::ManualClock;
use crate::table::reply::{Dest, Outbound};
use crate::table::{Chat, Incoming, Policy, Referee, Scope};

/// The platform name transcripts play on.
pub const PLATFORM: Platform = Platform::Script;

/// Where a fresh transcript's clock starts: 2026-01-01T00:00:00Z.
pub const EPOCH: i64 = 1_767_225_600;

const CLOCK_KEY: &str = "script_clock";
/// How long a transcript waits for what an end promised after each line (an analysis takes a
/// few seconds of search; the wait ends as soon as it is there).
const FOLLOW_UP_PATIENCE: std::time::Duration = std::time::Duration::from_secs(600);

/// One outbound message as the runner prints it.
#[must_use]
pub fn to_json(out: &Outbound) -> String {
    let on = match out.platform {
        PLATFORM => String::new(),
        other => format!("{}/", other.as_str()),
    };
    let to = match &out.to {
        Dest::Chat(chat) => format!("{on}{chat}"),
        Dest::User(user) => format!("dm:{on}{user}"),
    };
    let image = out.image.as_ref().map(|i| {
        let digest = Sha256::digest(&i.png);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        json!({"width": i.width, "height": i.height, "bytes": i.png.len(), "sha256": hex,
               "file": i.kind.file_name()})
    });
    let buttons: Vec<&str> = out.buttons.iter().map(|b| b.label.as_str()).collect();
    json!({"to": to, "text": out.text, "image": image, "buttons": buttons}).to_string()
}

/// A parsed transcript line.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Line {
    Command { platform: Platform, user: String, chat: Chat, text: String },
    Clock(i64),
    Admin(String),
    DmClosed(String),
    Locale(String, Option<String>),
}

fn parse_duration(text: &str) -> Option<i64> {
    let text = text.trim().strip_prefix('+')?;
    let split = text.find(|c: char| !c.is_ascii_digit())?;
    let n: i64 = text[..split].parse().ok()?;
    let unit = match &text[split..] {
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return None,
    };
    n.checked_mul(unit)
}

fn parse_line(line: &str) -> Result<Option<Line>, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("//") {
        return Ok(None);
    }
    if let Some(rest) = line.strip_prefix('!') {
        let (word, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let arg = arg.trim();
        return match word {
            "clock" => parse_duration(arg)
                .map(|s| Some(Line::Clock(s)))
                .ok_or_else(|| format!("`{line}`: expected !clock +<N><s|m|h|d>")),
            "admin" if !arg.is_empty() => Ok(Some(Line::Admin(arg.to_string()))),
            "dm-closed" if !arg.is_empty() => Ok(Some(Line::DmClosed(arg.to_string()))),
            "locale" => match arg.split_whitespace().collect::<Vec<_>>()[..] {
                [user, "none"] => Ok(Some(Line::Locale(user.to_string(), None))),
                [user, code] => Ok(Some(Line::Locale(user.to_string(), Some(code.to_string())))),
                _ => Err(format!("`{line}`: expected !locale <user> <code>")),
            },
            _ => Err(format!("`{line}`: unknown directive")),
        };
    }
    let (who, text) =
        line.split_once(':').ok_or_else(|| format!("`{line}`: expected <user>@<chat>: <text>"))?;
    let (user, chat) =
        who.split_once('@').ok_or_else(|| format!("`{line}`: expected <user>@<chat>: <text>"))?;
    let user = user.trim();
    if user.is_empty() || user.contains(char::is_whitespace) {
        return Err(format!("`{line}`: bad user name"));
    }
    let (platform, chat) = match chat.trim().split_once('/') {
        Some(("telegram", chat)) => (Platform::Telegram, chat),
        Some(("discord", chat)) => (Platform::Discord, chat),
        Some(_) => return Err(format!("`{line}`: the platform must be telegram/ or discord/")),
        None => (PLATFORM, chat.trim()),
    };
    let chat = match chat {
        "dm" => Chat::Private,
        c if c.starts_with('#') && c.len() > 1 => Chat::Group(c.into()),
        _ => return Err(format!("`{line}`: the chat must be #name or dm")),
    };
    let (user, text) = (user.to_string(), text.trim().to_string());
    Ok(Some(Line::Command { platform, user, chat, text }))
}

/// Runs a transcript against the database at `db` (a SQLite file or a PostgreSQL database) and
/// writes one JSON line per message.
///
/// # Errors
///
/// A malformed line (nothing after it runs), or the database cannot be opened or written.
pub async fn run(
    script: &str,
    db: &crate::store::Location,
    seed: u64,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    run_drawing(script, db, seed, out, true).await
}

/// Like [`run`], without drawing board pictures (`"image": null` on every line; the words are
/// the same): for a caller that reads only the words, such as the locale sweep, which replays
/// every referee transcript in three languages and spent most of its time drawing boards.
///
/// # Errors
///
/// As [`run`].
pub async fn run_words(
    script: &str,
    db: &crate::store::Location,
    seed: u64,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    run_drawing(script, db, seed, out, false).await
}

async fn run_drawing(
    script: &str,
    db: &crate::store::Location,
    seed: u64,
    out: &mut impl Write,
    pictures: bool,
) -> anyhow::Result<()> {
    // `ARBITER_SCRIPT_IMAGES=<dir>` also writes every image sent, to look at.
    let images = std::env::var_os("ARBITER_SCRIPT_IMAGES").map(std::path::PathBuf::from);
    let mut images_written = 0u32;
    // Check every line first, so a typo on line 90 does not leave half a transcript applied.
    let mut lines = Vec::new();
    for (n, raw) in script.lines().enumerate() {
        if let Some(line) = parse_line(raw).map_err(|e| anyhow::anyhow!("line {}: {e}", n + 1))? {
            lines.push(line);
        }
    }
    let store = Store::connect(db).await.with_context(|| format!("opening {db}"))?;
    let start = match store.meta(CLOCK_KEY).await? {
        Some(v) => v.parse::<i64>().context("stored script clock")?,
        None => EPOCH,
    };
    let clock = Arc::new(ManualClock::new(start));
    let policy =
        Policy { dm_needs_start: false, default_lang: None, start_link: None, ..Policy::default() };
    let policies = [PLATFORM, Platform::Telegram, Platform::Discord]
        .into_iter()
        .map(|p| (p, policy.clone()))
        .collect();
    let referee = Referee::open(store.clone(), clock.clone(), seed, policies)
        .await
        .map_err(|e| anyhow::anyhow!("starting the referee: {e:?}"))?;
    let referee = if pictures { referee } else { referee.without_images() };
    let mut admins = HashSet::new();
    let mut locales: HashMap<String, String> = HashMap::new();
    for line in lines {
        let messages = match line {
            Line::Command { platform, user, chat, text } => {
                let locale = locales.get(&user).cloned();
                referee
                    .handle(Incoming {
                        platform,
                        user_name: user.clone(),
                        is_admin: admins.contains(&user),
                        user_id: user.into(),
                        // Each channel of a transcript is its own community (as a Telegram
                        // group is), except that `#club.lobby` and `#club.games` are two
                        // channels of the community `#club` (as two channels of one Discord
                        // server are): `!admin` makes a user administer the chats they type in.
                        scope: match &chat {
                            Chat::Group(chat) => Scope {
                                community: Some(
                                    chat.id
                                        .split_once('.')
                                        .map_or(chat.id.as_str(), |(c, _)| c)
                                        .to_string(),
                                ),
                                parent: None,
                                typed_in: None,
                                community_locale: None,
                            },
                            Chat::Private => Scope::default(),
                        },
                        chat,
                        input: text.into(),
                        locale,
                    })
                    .await
            }
            Line::Clock(seconds) => {
                clock.advance(seconds);
                store.set_meta(CLOCK_KEY, &clock_now(&clock).to_string()).await?;
                referee.tick().await
            }
            Line::Admin(user) => {
                admins.insert(user);
                Vec::new()
            }
            Line::Locale(user, code) => {
                match code {
                    Some(code) => locales.insert(user, code),
                    None => locales.remove(&user),
                };
                Vec::new()
            }
            Line::DmClosed(user) => referee
                .delivery_failed(PLATFORM, &user.into(), tokio::time::Instant::now())
                .await
                .map_err(|e| anyhow::anyhow!("{e:?}"))?,
        };
        // What an end promised to say afterwards (Chaos Clock's analysis) follows the line's
        // answer, as a player reads it a moment later.
        let mut messages = messages;
        messages.extend(referee.settle(FOLLOW_UP_PATIENCE).await);
        for m in &messages {
            writeln!(out, "{}", to_json(m))?;
            if let (Some(dir), Some(image)) = (&images, &m.image) {
                // `<n>-<sha256 prefix>.png`, numbered in output order, to look at as players do.
                images_written += 1;
                let digest = Sha256::digest(&image.png);
                let ext = image.kind.file_name().rsplit('.').next().unwrap_or("png");
                let name = format!("{images_written:04}-{:02x}{:02x}.{ext}", digest[0], digest[1]);
                std::fs::write(dir.join(name), &image.png)
                    .with_context(|| format!("writing an image into {}", dir.display()))?;
            }
        }
    }
    store.set_meta(CLOCK_KEY, &clock_now(&clock).to_string()).await?;
    Ok(())
}

fn clock_now(clock: &ManualClock) -> i64 {
    crate::table::clock::Clock::now(clock)
}

/// Runs a transcript file; without `db`, on a temporary database that is removed afterwards.
///
/// # Errors
///
/// See [`run`].
pub async fn run_file(
    file: &Path,
    db: Option<&crate::store::Location>,
    seed: u64,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    let script =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    match db {
        Some(db) => run(&script, db, seed, out).await,
        None => {
            let dir = tempfile::tempdir().context("creating a temporary database")?;
            let db = crate::store::Location::Sqlite(dir.path().join("script.db"));
            run(&script, &db, seed, out).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcript_lines_parse_into_commands_and_directives() {
        assert_eq!(
            parse_line("alice@#table: /new dark-fence @bob"),
            Ok(Some(Line::Command {
                platform: PLATFORM,
                user: "alice".into(),
                chat: Chat::Group("#table".into()),
                text: "/new dark-fence @bob".into()
            }))
        );
        assert_eq!(
            parse_line("bob@dm: A1-A2 R"),
            Ok(Some(Line::Command {
                platform: PLATFORM,
                user: "bob".into(),
                chat: Chat::Private,
                text: "A1-A2 R".into()
            }))
        );
        assert_eq!(
            parse_line("bob@telegram/#club: /games"),
            Ok(Some(Line::Command {
                platform: Platform::Telegram,
                user: "bob".into(),
                chat: Chat::Group("#club".into()),
                text: "/games".into()
            }))
        );
        assert_eq!(
            parse_line("bob@discord/dm: /link"),
            Ok(Some(Line::Command {
                platform: Platform::Discord,
                user: "bob".into(),
                chat: Chat::Private,
                text: "/link".into()
            }))
        );
        assert_eq!(parse_line("!clock +12h"), Ok(Some(Line::Clock(43_200))));
        assert_eq!(parse_line("!clock +3d"), Ok(Some(Line::Clock(259_200))));
        assert_eq!(parse_line("// a comment"), Ok(None));
        assert_eq!(parse_line("   "), Ok(None));
        for bad in [
            "!clock 12h",
            "!clock +12w",
            "!fly",
            "alice: hi",
            "alice@table: hi",
            "@#t: hi",
            "a b@#t: hi",
            "a@irc/#t: hi",
            "a@telegram/t: hi",
        ] {
            assert!(parse_line(bad).is_err(), "{bad}");
        }
    }
}
