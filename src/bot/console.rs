//! The console table: `arbiter` with no chat token configured. One person plays several users
//! at one terminal: `/as bob` switches user, `/dm` switches to that user's private chat with the
//! bot, `/channel #name` back to a channel (`#table` at first), `/quit` leaves. Public messages
//! and each user's private messages are printed, the private ones clearly marked; buttons are
//! printed with the command that presses them. Everything else typed goes to the referee.

use std::collections::HashMap;
use std::sync::Arc;

use anyhow::Context;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use crate::store::{Platform, Store};
use crate::table::clock::SystemClock;
use crate::table::reply::{Dest, Outbound};
use crate::table::{Chat, Incoming, Policy, Referee, Scope};

/// The platform name of the console.
pub const PLATFORM: Platform = Platform::Console;

/// Where the console starts.
#[derive(Debug, Clone)]
pub struct ConsoleSettings {
    /// The first user.
    pub user: String,
    /// The first channel.
    pub channel: String,
    /// The language to greet in (`en`, `zh-Hans`, `zh-Hant`).
    pub locale: Option<String>,
    /// Open invitations allowed per user and per chat.
    pub invitations: usize,
    /// Vacation days per player and year.
    pub vacation_days: u32,
}

/// Formats one message for the terminal (an image by its size).
#[must_use]
pub fn format(out: &Outbound) -> String {
    format_with(out, None)
}

/// Formats one message, naming the file its image was saved to.
#[must_use]
pub fn format_with(out: &Outbound, image_path: Option<&std::path::Path>) -> String {
    let mut text = match &out.to {
        // Plain text: code spans lose their marks.
        Dest::Chat(chat) => prefix(&format!("{chat} │ "), &crate::table::reply::plain(&out.text)),
        Dest::User(user) => {
            prefix(&format!("  ✉ private to {user} │ "), &crate::table::reply::plain(&out.text))
        }
    };
    if let Some(image) = &out.image {
        let what = match image.kind {
            crate::table::reply::FileKind::Png => "picture",
            crate::table::reply::FileKind::Gif => "replay",
            crate::table::reply::FileKind::Text => "record",
        };
        text.push_str(&match image_path {
            Some(path) => format!("\n  [{what}: {}]", path.display()),
            None => {
                format!("\n  [image {}x{}, {} bytes]", image.width, image.height, image.png.len())
            }
        });
    }
    for b in &out.buttons {
        text.push_str(&format!("\n  [{}] → /press {}", b.label, b.payload));
    }
    text
}

fn prefix(head: &str, text: &str) -> String {
    let pad = " ".repeat(head.chars().count());
    text.lines()
        .enumerate()
        .map(|(i, l)| if i == 0 { format!("{head}{l}") } else { format!("{pad}{l}") })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs the console table until `/quit` or the end of input, ticking the clock every second.
///
/// # Errors
///
/// The store cannot be opened or the terminal cannot be written.
pub async fn run(
    db: &crate::store::Location,
    seed: u64,
    settings: ConsoleSettings,
) -> anyhow::Result<()> {
    let store = Store::connect(db).await.with_context(|| format!("opening {db}"))?;
    let policies = HashMap::from([(
        PLATFORM,
        Policy {
            dm_needs_start: false,
            default_lang: settings.locale.as_deref().and_then(crate::table::reply::Lang::from_code),
            start_link: None,
            ..Policy::default()
        },
    )]);
    let referee = Arc::new(
        Referee::open(store, Arc::new(SystemClock), seed, policies)
            .await
            .map_err(|e| anyhow::anyhow!("starting the referee: {e:?}"))?
            .with_invitation_limit(settings.invitations)
            .with_vacation_days(settings.vacation_days),
    );
    let mut stdout = tokio::io::stdout();
    let mut user = settings.user.clone();
    let mut chat = Chat::Group(settings.channel.as_str().into());
    let mut last_channel = settings.channel.clone();
    stdout
        .write_all(
            format!(
                "arbiter console table ({}). You are {user} in {last_channel}.\n\
                 /as <name> switch user · /dm private chat · /channel #name · /help commands · /quit\n",
                db
            )
            .as_bytes(),
        )
        .await?;
    // Images go to files next to the database (in the working directory for PostgreSQL),
    // numbered, and their paths are printed.
    let images = db
        .sqlite_path()
        .and_then(std::path::Path::parent)
        .unwrap_or(std::path::Path::new("."))
        .join("arbiter-images");
    let mut saved = 0u32;
    let mut show = move |m: &Outbound| -> String {
        let path = m.image.as_ref().and_then(|image| {
            saved += 1;
            let path = images.join(format!("{saved:04}-{}", image.kind.file_name()));
            let written =
                std::fs::create_dir_all(&images).and_then(|()| std::fs::write(&path, &image.png));
            written.ok().map(|()| path)
        });
        format_with(m, path.as_deref())
    };
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut ticker = tokio::time::interval(std::time::Duration::from_secs(1));
    loop {
        let where_ = match &chat {
            Chat::Group(c) => c.to_string(),
            Chat::Private => "dm".to_string(),
        };
        stdout.write_all(format!("{user}@{where_}> ").as_bytes()).await?;
        stdout.flush().await?;
        let line = loop {
            tokio::select! {
                line = lines.next_line() => break line?,
                _ = ticker.tick() => {
                    for m in referee.tick().await {
                        stdout.write_all(format!("\n{}\n", show(&m)).as_bytes()).await?;
                    }
                }
            }
        };
        let Some(line) = line else { break };
        let line = line.trim().to_string();
        let (word, arg) = line.split_once(char::is_whitespace).unwrap_or((line.as_str(), ""));
        match word {
            "/quit" | "/exit" => break,
            "/as" if !arg.trim().is_empty() => {
                user = arg.trim().trim_start_matches('@').to_string();
                continue;
            }
            "/dm" => {
                chat = Chat::Private;
                continue;
            }
            "/channel" => {
                let name = arg.trim();
                if !name.is_empty() {
                    last_channel =
                        if name.starts_with('#') { name.to_string() } else { format!("#{name}") };
                }
                chat = Chat::Group(last_channel.as_str().into());
                continue;
            }
            _ => {}
        }
        let messages = referee
            .handle(Incoming {
                platform: PLATFORM,
                user_id: user.as_str().into(),
                user_name: user.clone(),
                chat: chat.clone(),
                input: line.into(),
                locale: settings.locale.clone(),
                // A local table: whoever sits at it administers it, and all its channels are
                // one community.
                is_admin: true,
                scope: match chat {
                    Chat::Group(_) => Scope {
                        community: Some(PLATFORM.to_string()),
                        parent: None,
                        typed_in: None,
                        community_locale: None,
                    },
                    Chat::Private => Scope::default(),
                },
            })
            .await;
        for m in &messages {
            stdout.write_all(format!("{}\n", show(m)).as_bytes()).await?;
        }
    }
    stdout.write_all(b"bye\n").await?;
    stdout.flush().await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::reply::Button;

    #[test]
    fn private_messages_are_marked_and_buttons_show_their_command() {
        let out = Outbound {
            platform: PLATFORM,
            to: Dest::User("bob".into()),
            text: "line one\nline two".into(),
            image: None,
            buttons: vec![Button {
                label: "Pass".into(),
                payload: "3:4:pass".parse().expect("a payload"),
            }],
            outbox: None,
            stamp: None,
        };
        let text = format(&out);
        assert!(text.starts_with("  ✉ private to bob │ line one\n"), "{text}");
        assert!(text.contains("\n                     line two"), "{text}");
        assert!(text.ends_with("[Pass] → /press 3:4:pass"), "{text}");
    }
}
