//! The console table (`arbiter` with no chat token), run as the real binary with its input
//! from a pipe, as a player's terminal would feed it lines.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the console table in `dir` (its database and pictures there) on `input`; its output.
fn console(dir: &std::path::Path, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(dir)
        .env("ARBITER_DATABASE", dir.join("arbiter.db"))
        .env_remove("TELEGRAM_TOKEN")
        .env_remove("DISCORD_TOKEN")
        .env_remove("ARBITER_CONSOLE_LOCALE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child.stdin.take().expect("its input").write_all(input.as_bytes()).expect("the lines");
    let out = child.wait_with_output().expect("the binary ends");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The paths of the pictures the console says it saved, in order.
fn pictures(output: &str) -> Vec<std::path::PathBuf> {
    output
        .lines()
        .filter_map(|l| l.trim().strip_prefix("[picture: ")?.strip_suffix(']'))
        .map(std::path::PathBuf::from)
        .collect()
}

#[test]
fn help_lists_the_consoles_own_commands_and_as_without_a_name_says_how_to_use_it() {
    let dir = tempfile::tempdir().expect("a directory");
    let out = console(dir.path(), "/help\n/as\n/quit\n");
    let help = out.split("/as\n").next().expect("the help");
    for line in [
        "At this console table:",
        "/as <name>: play as another user (/as bob)",
        "/dm: your private chat with me",
        "/channel [#name]: back to the channel, or to another one",
        "/quit: leave the table (every game is kept)",
    ] {
        assert!(out.contains(line), "/help lacks {line:?}:\n{help}");
    }
    assert!(out.contains("Whom do you want to play as? Type /as and a name"), "{out}");
    assert!(!out.contains("I don't know /as"), "{out}");
}

#[test]
fn pictures_of_a_later_session_are_numbered_on_and_never_overwrite_earlier_ones() {
    let dir = tempfile::tempdir().expect("a directory");
    let first = pictures(&console(dir.path(), "/rules ultima\n/quit\n"));
    assert!(!first.is_empty(), "the rules come with a picture");
    let kept: Vec<Vec<u8>> = first.iter().map(|p| std::fs::read(p).expect("saved")).collect();
    let second = pictures(&console(dir.path(), "/rules perfect10\n/quit\n"));
    assert!(!second.is_empty(), "the rules come with a picture");
    for path in &second {
        assert!(!first.contains(path), "{path:?} was written again by the second session");
    }
    for (path, bytes) in first.iter().zip(&kept) {
        assert_eq!(&std::fs::read(path).expect("still there"), bytes, "{path:?} changed");
    }
}
