//! The words of the referee's own notices and refusals ([`Notice`], [`Refusal`], the lines of
//! `/games`): the one place those typed events become sentences, in the reader's language.

use fluent_bundle::FluentValue;

use super::narrate::{human_duration, option_error};
use super::wording::say;
use crate::games::GameKind;
use crate::store::GameId;
use crate::table::clock::TimeoutMove;
use crate::table::command::COMMANDS;
use crate::table::notice::{GAMES_LISTED, GameLine, Notice, Refusal, Reopen};
use crate::table::payload::{OfferKind, StartToken};
use crate::table::reply::{Lang, moment};

impl GameLine {
    /// Lines as `/games` lists them (at most [`GAMES_LISTED`], the rest counted), without the
    /// heading.
    #[must_use]
    pub fn list_text(lang: Lang, lines: &[GameLine]) -> String {
        let mut text = String::new();
        list(&mut text, lang, lines);
        text.trim_start_matches('\n').to_string()
    }
}

/// `text` with the button that opens the private chat (`url`, a start link) under it: the
/// sentences that carry one say "the button below" ([`crate::table::reply::Span::Link`]).
fn with_link(text: &str, url: &str, lang: Lang) -> String {
    let label = say(lang, "btn-open-private", &[]);
    format!("{text}\n{}", crate::table::reply::link(url, &label))
}

/// The private chat a start link opens, without a start token: for notes where nothing waits
/// to be completed there (`https://t.me/<bot>?start=` → `https://t.me/<bot>`).
fn private_chat(start_link: &str) -> &str {
    start_link.strip_suffix("?start=").unwrap_or(start_link)
}

/// A Fluent argument list under construction.
type Args = Vec<(&'static str, FluentValue<'static>)>;

fn number(n: impl TryInto<i64>) -> FluentValue<'static> {
    FluentValue::from(n.try_into().unwrap_or(i64::MAX))
}

pub(crate) fn game_name(lang: Lang, kind: GameKind) -> String {
    say(lang, &format!("game-{}", kind.code()), &[])
}

fn known_games() -> String {
    GameKind::ALL.iter().map(|k| k.code()).collect::<Vec<_>>().join(", ")
}

impl Notice {
    /// The notice in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        let t = |id: &str, args: &Args| say(lang, id, args);
        let name_game =
            |by: &str, game: &GameId| vec![("name", by.to_string().into()), ("id", (*game).into())];
        match self {
            Self::Failed => t("err-internal", &vec![]),
            Self::Unresumable { game } => t("unresumable-told", &vec![("id", (*game).into())]),
            Self::Aborted { by, game } => t("aborted", &name_game(by, game)),
            Self::Declined { by, game } => t("declined", &name_game(by, game)),
            Self::UndeliveredDropped { count, age_seconds } => t(
                "undelivered-dropped",
                &vec![
                    ("count", number(*count)),
                    ("age", human_duration(*age_seconds, lang).into()),
                ],
            ),
            Self::DmFailed { name, game, reopen } => {
                let args = name_game(name, game);
                let id = match reopen {
                    Reopen::Link(link) => {
                        let url = format!("{link}{}", StartToken::View(*game));
                        return with_link(&t("dm-failed-link", &args), &url, lang);
                    }
                    Reopen::SendStart => "dm-failed",
                    Reopen::AllowDirectMessages => "dm-failed-discord",
                };
                t(id, &args)
            }
            Self::Welcome { name } => t("start-welcome", &vec![("name", name.clone().into())]),
            Self::SecretKept { link: Some(link) } => {
                with_link(&t("secret-kept-link", &vec![]), private_chat(link), lang)
            }
            Self::SecretKept { link: None } => t("secret-kept", &vec![]),
            Self::InviteeUnmet { handle, link } => {
                let args = vec![("handle", format!("@{handle}").into())];
                with_link(&t("invitee-unmet", &args), private_chat(link), lang)
            }
            Self::LibraryEmpty => t("rb-library-empty", &vec![]),
            Self::LibraryHeader { count, shown } => {
                t("rb-library-header", &vec![("count", number(*count)), ("shown", number(*shown))])
            }
            Self::BotUnproven => t("bot-unproven", &vec![]),
            Self::Offered { kind, by, other, game } => {
                let mut args = name_game(by, game);
                args.push(("other", other.clone().into()));
                let id = match kind {
                    OfferKind::Draw => "draw-offered",
                    OfferKind::Takeback => "takeback-offered",
                };
                t(id, &args)
            }
            Self::OfferAccepted { kind, by, game } => {
                let id = match kind {
                    OfferKind::Draw => "draw-agreed",
                    OfferKind::Takeback => "takeback-agreed",
                };
                t(id, &name_game(by, game))
            }
            Self::OfferDeclined { kind, by, game } => {
                let id = match kind {
                    OfferKind::Draw => "draw-declined",
                    OfferKind::Takeback => "takeback-declined",
                };
                t(id, &name_game(by, game))
            }
            Self::ConfirmCancelled => t("confirm-cancelled", &vec![]),
            Self::TimedOutPlayed { played, name, game } => {
                let id = match played {
                    TimeoutMove::Pass => "timeout-pass",
                    TimeoutMove::DefaultPick => "rb-timeout-pick",
                };
                t(id, &name_game(name, game))
            }
            Self::TimedOutLost { name, game } => t("timeout-loss", &name_game(name, game)),
            Self::Reminder { game, deadline, left } => {
                // A moment: live on Discord, "in 12h" elsewhere.
                let words = t("dur-in", &vec![("d", human_duration(*left, lang).into())]);
                t(
                    "reminder",
                    &vec![("id", (*game).into()), ("deadline", moment(*deadline, &words).into())],
                )
            }
            Self::RulesWhich => t("rules-which", &vec![("known", known_games().into())]),
            Self::Help { admin } => help(lang, *admin),
            Self::Settings { saved, lang: chosen, notifications, pings, digest } => {
                let language = say(*chosen, &format!("lang-name-{}", chosen.code()), &[]);
                let notifications =
                    say(*chosen, if *notifications { "notif-on" } else { "notif-off" }, &[]);
                let pings = say(*chosen, &format!("pings-{}", pings.as_str()), &[]);
                let digest = match digest {
                    Some(at) => say(
                        *chosen,
                        "digest-on",
                        &[(
                            "at",
                            crate::table::reply::date(*at, &crate::table::dates::day_time(*at))
                                .into(),
                        )],
                    ),
                    None => say(*chosen, "digest-off", &[]),
                };
                say(
                    *chosen,
                    if *saved { "settings-saved" } else { "settings-show" },
                    &[
                        ("language", language.into()),
                        ("notifications", notifications.into()),
                        ("pings", pings.into()),
                        ("digest", digest.into()),
                    ],
                )
            }
            Self::TurnPing { who, game } => {
                t("turn-ping", &vec![("who", who.clone().into()), ("id", (*game).into())])
            }
            Self::InvitedPrivately { creator, kind, game } => t(
                "invited-dm",
                &vec![
                    ("creator", creator.clone().into()),
                    ("game", game_name(lang, *kind).into()),
                    ("id", (*game).into()),
                ],
            ),
            Self::Games { here, waiting } => {
                let mut text = String::new();
                if let Some(here) = here {
                    text.push_str(&t("games-here", &vec![("count", number(here.len()))]));
                    list(&mut text, lang, here);
                    text.push('\n');
                }
                text.push_str(&t("games-waiting", &vec![("count", number(waiting.len()))]));
                list(&mut text, lang, waiting);
                text
            }
        }
    }
}

/// `/help` in `lang`: a line per command with its grammar (in the reader's words), its alias in
/// the reader's script and what it does.
fn help(lang: Lang, admin: bool) -> String {
    let mut text = say(lang, "help-header", &[]);
    for spec in COMMANDS.iter().filter(|c| !c.hidden && (!c.admin || admin)) {
        let alias = spec.alias_for(lang).map(|a| format!(" (/{a})")).unwrap_or_default();
        let args = spec.grammar_in(|arg| say(lang, &format!("arg-name-{arg}"), &[]));
        let args = if args.is_empty() { String::new() } else { format!(" {args}") };
        let what = say(lang, spec.help, &[]);
        text.push_str(&format!("\n/{}{args}{alias}: {what}", spec.name));
    }
    text
}

fn list(text: &mut String, lang: Lang, lines: &[GameLine]) {
    for line in lines.iter().take(GAMES_LISTED) {
        text.push('\n');
        match line {
            GameLine::Worded(words) => text.push_str(words),
            GameLine::Unresumable { game, kind } => {
                let name = kind.as_ref().map_or_else(Clone::clone, |k| game_name(lang, *k));
                text.push_str(&say(
                    lang,
                    "games-line-unresumable",
                    &[("id", (*game).into()), ("game", name.into())],
                ));
            }
        }
    }
    if lines.len() > GAMES_LISTED {
        text.push('\n');
        text.push_str(&say(lang, "games-more", &[("count", number(lines.len() - GAMES_LISTED))]));
    }
}

impl Refusal {
    /// The refusal in `lang`, with the fix where there is one.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        let t = |id: &str, args: &Args| say(lang, id, args);
        let game = |id: &str, game: &GameId| t(id, &vec![("id", (*game).into())]);
        let detail = |id: &str, d: &str| t(id, &vec![("detail", d.to_string().into())]);
        match self {
            Self::NoSuchGame(g) => game("err-no-such-game", g),
            Self::NoRecord(g) => game("err-no-record", g),
            Self::RecordHidden(g) => game("err-record-hidden", g),
            Self::ReplayRunning(g) => game("err-replay-running", g),
            Self::ReplayBusy => t("err-replay-busy", &vec![]),
            Self::FollowOwn(g) => game("err-follow-own", g),
            Self::FollowSelf => t("err-follow-self", &vec![]),
            Self::VacationDays { left } => t("err-vacation-days", &vec![("left", number(*left))]),
            Self::VacationNoneLeft { allowance } => {
                t("err-vacation-none-left", &vec![("allowance", number(*allowance))])
            }
            Self::VacationRunning { until } => t(
                "err-vacation-running",
                &vec![(
                    "until",
                    crate::table::reply::date(*until, &crate::table::dates::day_time(*until))
                        .into(),
                )],
            ),
            Self::VacationNot => t("err-vacation-not", &vec![]),
            Self::LinkCode => t("err-link-code", &vec![]),
            Self::LinkSelf => t("err-link-self", &vec![]),
            Self::LinkPrivate => t("err-link-private", &vec![]),
            Self::InvitationsPerUser(limit) => {
                t("err-invitations-user", &vec![("limit", number(*limit))])
            }
            Self::InvitationsPerChat(limit) => {
                t("err-invitations-chat", &vec![("limit", number(*limit))])
            }
            Self::UnknownCommand(c) => {
                t("err-unknown-command", &vec![("command", c.clone().into())])
            }
            Self::Missing { command, what } => {
                let what = t(&format!("arg-{what}"), &vec![]);
                t("err-missing", &vec![("command", (*command).into()), ("what", what.into())])
            }
            Self::BadArgument { command, arg } => t(
                "err-bad-argument",
                &vec![("command", (*command).into()), ("arg", arg.clone().into())],
            ),
            Self::LineTooLong { limit, length } => t(
                "err-line-too-long",
                &vec![("limit", number(*limit)), ("length", number(*length))],
            ),
            Self::PrivateOnly => t("err-private-only", &vec![]),
            Self::NotAdmin => t("err-not-admin", &vec![]),
            Self::StartPrivate => t("err-start-private", &vec![]),
            Self::GameNotYours(g) => game("err-game-not-yours", g),
            Self::Unresumable(g) => game("err-unresumable", g),
            Self::NoGameHere => t("err-no-game-here", &vec![]),
            Self::WhichGame(ids) => {
                let ids: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
                let ids = ids.join(&t("list-sep", &vec![]));
                t("err-which-game", &vec![("ids", ids.into())])
            }
            Self::GroupOnly => t("err-group-only", &vec![]),
            Self::CommunityOnly => t("err-community-only", &vec![]),
            Self::LibraryNotDrawn(g) => game("err-library-not-drawn", g),
            Self::SelfInvite => t("err-self-invite", &vec![]),
            Self::SolverBusy => t("err-solver-busy", &vec![]),
            Self::NotAPlayer => t("err-not-a-player", &vec![]),
            Self::HintsOff(g) => game("err-hints-off", g),
            Self::HintStale(g) => game("err-hint-stale", g),
            Self::OwnInvite => t("err-own-invite", &vec![]),
            Self::NoInvite => t("err-no-invite", &vec![]),
            Self::AlreadyStarted => t("err-already-started", &vec![]),
            Self::NotInvited(g) => game("err-not-invited", g),
            Self::DeclineOpen(g) => game("err-decline-open", g),
            Self::ViewNotPlaying(g) => game("err-view-not-playing", g),
            Self::Unreachable { names, game, link } => {
                let args = vec![("names", names.clone().into()), ("id", (*game).into())];
                match link {
                    Some(link) => {
                        let url = format!("{link}{}", StartToken::Accept(*game));
                        with_link(&t("err-unreachable-link", &args), &url, lang)
                    }
                    None => t("err-unreachable", &args),
                }
            }
            Self::AlreadyPlayed => t("err-already-played", &vec![]),
            Self::StaleButton => t("err-stale-button", &vec![]),
            Self::NotStarted => t("err-not-started", &vec![]),
            Self::GameOver => t("err-game-over", &vec![]),
            Self::NotYourTurn(name) => t("err-not-your-turn", &vec![("name", name.clone().into())]),
            Self::NothingToConfirm => t("err-nothing-to-confirm", &vec![]),
            Self::BoardWindow => t("err-board-window", &vec![]),
            Self::BadWindow(d) => detail("rb-bad-window", d),
            Self::ViewSlice => t("err-view-slice", &vec![]),
            Self::BadSlice(d) => detail("rb-bad-slice", d),
            Self::MovesRabble => t("err-moves-rabble", &vec![]),
            Self::BadSquare(d) => detail("rb-bad-square", d),
            Self::TakebackHidden => t("err-takeback-hidden", &vec![]),
            Self::BotOffers => t("err-bot-offers", &vec![]),
            Self::OfferPending => t("err-offer-pending", &vec![]),
            Self::NoOffer => t("err-no-offer", &vec![]),
            Self::NothingToTakeBack => t("err-nothing-to-take-back", &vec![]),
            Self::AbortStarted => t("err-abort-started", &vec![]),
            Self::Settings(pair) => detail("err-settings", pair),
            Self::SettingsMalformed(e) => detail("err-settings", &option_error(lang, e)),
            Self::UnknownGame(name) => t(
                "err-unknown-game",
                &vec![("game", name.clone().into()), ("known", known_games().into())],
            ),
            Self::NoBot(kinds) => {
                let games: Vec<&str> = kinds.iter().map(|k| k.code()).collect();
                t("err-no-bot", &vec![("games", games.join(", ").into())])
            }
            Self::Options(e) => detail("err-options", &option_error(lang, e)),
            Self::Puzzle(text) => text.clone(),
            Self::NoSuchPiece(kind, topic) => t(
                "err-no-such-piece",
                &vec![("game", kind.code().into()), ("topic", topic.clone().into())],
            ),
            Self::Position(kind, why) => t(
                "err-position",
                &vec![
                    ("game", kind.code().into()),
                    ("detail", super::positions::position_error(lang, why).into()),
                ],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::OptionsError;
    use crate::store::Pings;

    /// One notice of every kind (the match below fails to compile when a kind is added and not
    /// sampled here).
    fn notices() -> Vec<Notice> {
        let by = || "Ann".to_string();
        let samples = vec![
            Notice::Failed,
            Notice::Unresumable { game: GameId(7) },
            Notice::Aborted { by: by(), game: GameId(7) },
            Notice::Declined { by: by(), game: GameId(7) },
            Notice::UndeliveredDropped { count: 3, age_seconds: 90_000 },
            Notice::DmFailed {
                name: by(),
                game: GameId(7),
                reopen: Reopen::Link("https://t.me/b?start=".into()),
            },
            Notice::DmFailed { name: by(), game: GameId(7), reopen: Reopen::SendStart },
            Notice::DmFailed { name: by(), game: GameId(7), reopen: Reopen::AllowDirectMessages },
            Notice::Welcome { name: by() },
            Notice::SecretKept { link: Some("https://t.me/b?start=".into()) },
            Notice::SecretKept { link: None },
            Notice::InviteeUnmet { handle: "mei".into(), link: "https://t.me/b?start=".into() },
            Notice::LibraryEmpty,
            Notice::LibraryHeader { count: 9, shown: 5 },
            Notice::BotUnproven,
            Notice::Offered {
                kind: OfferKind::Draw,
                by: by(),
                other: "Bo".into(),
                game: GameId(7),
            },
            Notice::Offered {
                kind: OfferKind::Takeback,
                by: by(),
                other: "Bo".into(),
                game: GameId(7),
            },
            Notice::OfferAccepted { kind: OfferKind::Draw, by: by(), game: GameId(7) },
            Notice::OfferAccepted { kind: OfferKind::Takeback, by: by(), game: GameId(7) },
            Notice::OfferDeclined { kind: OfferKind::Draw, by: by(), game: GameId(7) },
            Notice::OfferDeclined { kind: OfferKind::Takeback, by: by(), game: GameId(7) },
            Notice::ConfirmCancelled,
            Notice::TimedOutPlayed { played: TimeoutMove::Pass, name: by(), game: GameId(7) },
            Notice::TimedOutPlayed {
                played: TimeoutMove::DefaultPick,
                name: by(),
                game: GameId(7),
            },
            Notice::TimedOutLost { name: by(), game: GameId(7) },
            Notice::Reminder { game: GameId(7), deadline: 1_800_000_000, left: 3_600 },
            Notice::RulesWhich,
            Notice::Help { admin: true },
            Notice::Settings {
                saved: true,
                lang: Lang::En,
                notifications: false,
                pings: Pings::Mention,
                digest: Some(1_800_000_000),
            },
            Notice::Settings {
                saved: false,
                lang: Lang::En,
                notifications: true,
                pings: Pings::Dm,
                digest: None,
            },
            Notice::TurnPing { who: crate::table::reply::ping("42", "Bob"), game: GameId(7) },
            Notice::InvitedPrivately { creator: by(), kind: GameKind::Ultima, game: GameId(7) },
            Notice::Games {
                here: Some(vec![GameLine::Unresumable {
                    game: GameId(3),
                    kind: Ok(GameKind::Ultima),
                }]),
                waiting: vec![GameLine::Unresumable {
                    game: GameId(4),
                    kind: Err("old-game".into()),
                }],
            },
        ];
        for n in &samples {
            match n {
                Notice::Failed
                | Notice::Unresumable { .. }
                | Notice::Aborted { .. }
                | Notice::Declined { .. }
                | Notice::UndeliveredDropped { .. }
                | Notice::DmFailed { .. }
                | Notice::Welcome { .. }
                | Notice::SecretKept { .. }
                | Notice::InviteeUnmet { .. }
                | Notice::LibraryEmpty
                | Notice::LibraryHeader { .. }
                | Notice::BotUnproven
                | Notice::Offered { .. }
                | Notice::OfferAccepted { .. }
                | Notice::OfferDeclined { .. }
                | Notice::ConfirmCancelled
                | Notice::TimedOutPlayed { .. }
                | Notice::TimedOutLost { .. }
                | Notice::Reminder { .. }
                | Notice::RulesWhich
                | Notice::Help { .. }
                | Notice::Settings { .. }
                | Notice::TurnPing { .. }
                | Notice::InvitedPrivately { .. }
                | Notice::Games { .. } => {}
            }
        }
        samples
    }

    fn refusals() -> Vec<Refusal> {
        let bad_option = || OptionsError::Malformed { pair: "size".into() };
        vec![
            Refusal::NoSuchGame(GameId(7)),
            Refusal::NoRecord(GameId(7)),
            Refusal::RecordHidden(GameId(7)),
            Refusal::ReplayRunning(GameId(7)),
            Refusal::ReplayBusy,
            Refusal::FollowOwn(GameId(7)),
            Refusal::FollowSelf,
            Refusal::VacationDays { left: 9 },
            Refusal::VacationNoneLeft { allowance: 14 },
            Refusal::VacationRunning { until: 1_800_000_000 },
            Refusal::VacationNot,
            Refusal::LinkCode,
            Refusal::LinkSelf,
            Refusal::LinkPrivate,
            Refusal::InvitationsPerUser(10),
            Refusal::InvitationsPerChat(10),
            Refusal::UnknownCommand("frobnicate".into()),
            Refusal::Missing { command: "new", what: "game" },
            Refusal::BadArgument { command: "draw", arg: "maybe".into() },
            Refusal::LineTooLong { limit: 2000, length: 5000 },
            Refusal::PrivateOnly,
            Refusal::NotAdmin,
            Refusal::StartPrivate,
            Refusal::GameNotYours(GameId(7)),
            Refusal::Unresumable(GameId(7)),
            Refusal::NoGameHere,
            Refusal::WhichGame(vec![GameId(3), GameId(4)]),
            Refusal::GroupOnly,
            Refusal::CommunityOnly,
            Refusal::LibraryNotDrawn(GameId(7)),
            Refusal::SelfInvite,
            Refusal::SolverBusy,
            Refusal::NotAPlayer,
            Refusal::HintsOff(GameId(7)),
            Refusal::HintStale(GameId(7)),
            Refusal::OwnInvite,
            Refusal::NoInvite,
            Refusal::AlreadyStarted,
            Refusal::NotInvited(GameId(7)),
            Refusal::DeclineOpen(GameId(7)),
            Refusal::ViewNotPlaying(GameId(7)),
            Refusal::Unreachable { names: "Bo".into(), game: GameId(7), link: None },
            Refusal::Unreachable {
                names: "Bo".into(),
                game: GameId(7),
                link: Some("https://t.me/b?start=".into()),
            },
            Refusal::AlreadyPlayed,
            Refusal::StaleButton,
            Refusal::NotStarted,
            Refusal::GameOver,
            Refusal::NotYourTurn("Bo".into()),
            Refusal::NothingToConfirm,
            Refusal::BoardWindow,
            Refusal::BadWindow("x".into()),
            Refusal::ViewSlice,
            Refusal::BadSlice("x".into()),
            Refusal::MovesRabble,
            Refusal::BadSquare("x".into()),
            Refusal::TakebackHidden,
            Refusal::BotOffers,
            Refusal::OfferPending,
            Refusal::NoOffer,
            Refusal::NothingToTakeBack,
            Refusal::AbortStarted,
            Refusal::Settings("colour=red".into()),
            Refusal::SettingsMalformed(bad_option()),
            Refusal::UnknownGame("go".into()),
            Refusal::NoBot(vec![GameKind::ChaosClock]),
            Refusal::Options(bad_option()),
            Refusal::Position(
                GameKind::DarkFence,
                crate::games::AnyPositionError::DarkFence(
                    crate::games::dark_fence::PositionError::Syntax(
                        "`5y5` is not a board size like 4x4".into(),
                    ),
                ),
            ),
            Refusal::NoSuchPiece(GameKind::Ultima, "Z".into()),
            Refusal::Puzzle("Format error: nothing was done.".into()),
        ]
    }

    /// Whether `text` is a worded message: not a bare message id (what a missing message
    /// gives) and without an unfilled placeholder.
    fn worded(text: &str) -> bool {
        let bare_id = !text.contains(' ') && text.contains('-') && text.is_ascii();
        !text.trim().is_empty() && !bare_id && !text.contains("{$") && !text.contains("{ $")
    }

    #[test]
    fn every_notice_and_refusal_is_worded_in_every_language() {
        for lang in Lang::ALL {
            for n in notices() {
                let text = n.text(lang);
                assert!(worded(&text), "{lang:?} {n:?}: {text}");
                // Settings answer in the language just chosen, whatever the reader's was.
                if lang.is_chinese() && !matches!(n, Notice::Settings { .. }) {
                    assert!(text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{text}");
                }
            }
            for r in refusals() {
                let text = r.text(lang);
                assert!(worded(&text), "{lang:?} {r:?}: {text}");
            }
        }
    }

    #[test]
    fn a_notice_carries_its_facts_into_every_language() {
        for lang in Lang::ALL {
            let offered = Notice::Offered {
                kind: OfferKind::Draw,
                by: "Ann".into(),
                other: "Bo".into(),
                game: GameId(12),
            };
            let text = offered.text(lang);
            assert!(text.contains("Ann") && text.contains("Bo") && text.contains("12"), "{text}");
            let which = Refusal::WhichGame(vec![GameId(3), GameId(41)]).text(lang);
            assert!(which.contains("#3") && which.contains("#41"), "{which}");
            let link = Refusal::Unreachable {
                names: "Bo".into(),
                game: GameId(9),
                link: Some("https://t.me/b?start=".into()),
            };
            assert!(link.text(lang).contains("https://t.me/b?start=accept-9"));
            let dm = Notice::DmFailed {
                name: "Bo".into(),
                game: GameId(9),
                reopen: Reopen::Link("https://t.me/b?start=".into()),
            };
            assert!(dm.text(lang).contains("https://t.me/b?start=view-9"));
        }
    }

    #[test]
    fn the_settings_notice_is_worded_in_the_language_just_chosen() {
        let saved = Notice::Settings {
            saved: true,
            lang: Lang::ZhHant,
            notifications: true,
            pings: Pings::Off,
            digest: None,
        };
        assert_eq!(saved.text(Lang::En), saved.text(Lang::ZhHant));
        let english = Notice::Settings {
            saved: true,
            lang: Lang::En,
            notifications: true,
            pings: Pings::Off,
            digest: None,
        };
        assert_ne!(saved.text(Lang::En), english.text(Lang::En));
    }
}
