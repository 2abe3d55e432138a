//! The console table: `arbiter` with no chat token configured. One person plays several users
//! at one terminal: `/as bob` switches user, `/dm` switches to that user's private chat with the
//! bot, `/channel #name` back to a channel (`#table` at first), `/quit` leaves. Public messages
//! and each user's private messages are printed, the private ones clearly marked; buttons are
//! printed with the command that presses them. Everything else typed goes to the referee.

use std::collections::HashMap;
use std::sync::Arc;

use std::io::{IsTerminal, Write};

use anyhow::Context;
use rustyline::error::ReadlineError;
use rustyline::{DefaultEditor, ExternalPrinter};

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
    format_at(out, image_path, None)
}

/// Formats one message, its text wrapped to `width` columns when one is given (each wrapped
/// line indented under the message's first, past its prefix).
#[must_use]
pub fn format_at(
    out: &Outbound,
    image_path: Option<&std::path::Path>,
    width: Option<usize>,
) -> String {
    let head = match &out.to {
        Dest::Chat(chat) => format!("{chat} │ "),
        Dest::User(user) => format!("  ✉ private to {user} │ "),
    };
    // Plain text: code spans lose their marks.
    let mut text = prefix(&head, &crate::table::reply::plain(&out.text), width);
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

/// `text` under `head`: the first line after it, every other line indented as far, each
/// wrapped to `width` columns (East Asian wide characters counted as two) when one is given.
fn prefix(head: &str, text: &str, width: Option<usize>) -> String {
    let pad = " ".repeat(textwrap::core::display_width(head));
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            let first = if i == 0 { head } else { pad.as_str() };
            match width {
                // Too narrow to wrap under the prefix: as typed.
                Some(w) if w > pad.len() + 10 => textwrap::fill(
                    l,
                    textwrap::Options::new(w).initial_indent(first).subsequent_indent(&pad),
                ),
                _ => format!("{first}{l}"),
            }
        })
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
    let mut user = settings.user.clone();
    let mut chat = Chat::Group(settings.channel.as_str().into());
    let mut last_channel = settings.channel.clone();
    // Files kept next to the database (in the working directory for PostgreSQL): pictures,
    // numbered on from the last one there, and the typed lines' history.
    let home = db
        .sqlite_path()
        .and_then(std::path::Path::parent)
        .unwrap_or(std::path::Path::new("."))
        .to_path_buf();
    let mut terminal = Terminal::open(home.join("arbiter-history.txt"));
    terminal.print(&format!(
        "arbiter console table ({db}). You are {user} in {last_channel}.\n\
         /as <name> switch user · /dm private chat · /channel #name · /help commands · /quit"
    ))?;
    let images = home.join("arbiter-images");
    let mut saved = last_picture(&images);
    let mut show = move |m: &Outbound, width: Option<usize>| -> String {
        let path = m.image.as_ref().and_then(|image| {
            saved += 1;
            let path = images.join(format!("{saved:04}-{}", image.kind.file_name()));
            let written =
                std::fs::create_dir_all(&images).and_then(|()| std::fs::write(&path, &image.png));
            written.ok().map(|()| path)
        });
        format_at(m, path.as_deref(), width)
    };
    let mut ticker = tokio::time::interval(std::time::Duration::from_secs(1));
    loop {
        let where_ = match &chat {
            Chat::Group(c) => c.to_string(),
            Chat::Private => "dm".to_string(),
        };
        terminal.ask(format!("{user}@{where_}> "))?;
        let line = loop {
            tokio::select! {
                line = terminal.line() => break line,
                _ = ticker.tick() => {
                    for m in referee.tick().await {
                        let text = show(&m, terminal.width());
                        terminal.print_while_asking(&text)?;
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
            "" => continue,
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
            let text = show(m, terminal.width());
            terminal.print(&text)?;
        }
    }
    // What a game that ended just now promised to say (Chaos Clock's analysis) is printed
    // before leaving; the console keeps no outbox, so the next start would not show it.
    for m in referee.settle(std::time::Duration::from_secs(30)).await {
        let text = show(&m, terminal.width());
        terminal.print(&text)?;
    }
    terminal.print("bye")?;
    Ok(())
}

/// The number of the last picture saved in `images` (`0042-board.png`: 42), so that a new
/// session numbers on instead of writing over the pictures a player may still be looking at.
fn last_picture(images: &std::path::Path) -> u32 {
    let Ok(entries) = std::fs::read_dir(images) else { return 0 };
    entries
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let (number, _) = name.split_once('-')?;
            number.parse::<u32>().ok()
        })
        .max()
        .unwrap_or(0)
}

/// The terminal: lines read by a line editor (history, cursor movement and editing, as a
/// shell reads them) on a thread of its own, since it blocks; what the table prints while a
/// line is being typed goes above the line instead of into it. From a pipe or a file, lines
/// are read plainly and each prompt is printed as it is asked.
struct Terminal {
    /// A prompt to ask with, to the editor's thread.
    prompts: std::sync::mpsc::Sender<String>,
    /// Each line read; `None` at the end of input (Ctrl-D, the end of a pipe).
    lines: tokio::sync::mpsc::UnboundedReceiver<Option<String>>,
    /// Prints above the line being edited (a terminal only).
    printer: Option<Box<dyn ExternalPrinter + Send>>,
    /// Whether a prompt is out and its line not yet read.
    asking: bool,
    /// Whether standard input is a terminal.
    interactive: bool,
}

impl Terminal {
    fn open(history: std::path::PathBuf) -> Terminal {
        let interactive = std::io::stdin().is_terminal();
        let (prompts, asked) = std::sync::mpsc::channel::<String>();
        let (send, lines) = tokio::sync::mpsc::unbounded_channel();
        let mut editor = DefaultEditor::new().ok();
        let printer = if interactive {
            editor.as_mut().and_then(|e| e.create_external_printer().ok()).map(|p| {
                let printer: Box<dyn ExternalPrinter + Send> = Box::new(p);
                printer
            })
        } else {
            None
        };
        std::thread::spawn(move || {
            if let Some(editor) = editor.as_mut() {
                let _ = editor.load_history(&history);
            }
            while let Ok(prompt) = asked.recv() {
                let line = match editor.as_mut() {
                    Some(editor) => loop {
                        match editor.readline(&prompt) {
                            Ok(line) => {
                                if !line.trim().is_empty() {
                                    let _ = editor.add_history_entry(line.as_str());
                                    let _ = editor.append_history(&history);
                                }
                                break Some(line);
                            }
                            // Ctrl-C drops the line being typed, as in a shell.
                            Err(ReadlineError::Interrupted) => {}
                            Err(_) => break None,
                        }
                    },
                    // No line editor (no terminal it can drive): plain lines.
                    None => {
                        let mut line = String::new();
                        match std::io::stdin().read_line(&mut line) {
                            Ok(0) | Err(_) => None,
                            Ok(_) => Some(line.trim_end_matches(['\n', '\r']).to_string()),
                        }
                    }
                };
                let end = line.is_none();
                if send.send(line).is_err() || end {
                    break;
                }
            }
        });
        Terminal { prompts, lines, printer, asking: false, interactive }
    }

    /// Asks for the next line with `prompt`.
    fn ask(&mut self, prompt: String) -> std::io::Result<()> {
        if !self.interactive {
            // The editor prints no prompt when it reads a pipe; the transcript shows it.
            let mut out = std::io::stdout().lock();
            out.write_all(prompt.as_bytes())?;
            out.flush()?;
        }
        self.asking = self.prompts.send(prompt).is_ok();
        Ok(())
    }

    /// The line asked for, `None` at the end of input.
    async fn line(&mut self) -> Option<String> {
        let line = self.lines.recv().await.flatten();
        self.asking = false;
        line
    }

    /// The terminal's width when output goes to one (text is wrapped to it), `None` otherwise.
    fn width(&self) -> Option<usize> {
        terminal_size::terminal_size_of(std::io::stdout())
            .map(|(terminal_size::Width(w), _)| usize::from(w))
    }

    /// Prints a message while no line is being read.
    fn print(&mut self, text: &str) -> std::io::Result<()> {
        let mut out = std::io::stdout().lock();
        writeln!(out, "{text}")?;
        out.flush()
    }

    /// Prints a message that arrived while a line may be being typed: above it on a terminal,
    /// on a line of its own otherwise.
    fn print_while_asking(&mut self, text: &str) -> std::io::Result<()> {
        match (&mut self.printer, self.asking) {
            (Some(printer), true) => {
                printer.print(format!("{text}\n")).map_err(std::io::Error::other)
            }
            _ => {
                let mut out = std::io::stdout().lock();
                write!(out, "\n{text}\n")?;
                out.flush()
            }
        }
    }
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
