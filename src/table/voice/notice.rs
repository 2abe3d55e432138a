//! The words of the referee's own notices and refusals ([`Notice`], [`Refusal`], the lines of
//! `/games`): the one place those typed events become sentences, in the reader's language.

use fluent_bundle::FluentValue;

use super::narrate::{human_duration, option_error};
use super::wording::{Id, List, ids, list, say, say_of};
use crate::games::GameKind;
use crate::store::{GameId, Pings};
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
        game_lines(&mut text, lang, lines);
        text.trim_start_matches('\n').to_string()
    }
}

/// `text` with the button that opens the private chat (`url`, a start link) under it: the
/// sentences that carry one say "the button below" ([`crate::table::reply::Span::Link`]).
fn with_link(text: &str, url: &str, lang: Lang) -> String {
    let label = say(lang, ids::BTN_OPEN_PRIVATE, &[]);
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

fn game_name(lang: Lang, kind: GameKind) -> String {
    super::narrate::game_name(super::wording::wording(), lang, kind)
}

fn known_games(lang: Lang) -> String {
    let codes: Vec<String> = GameKind::ALL.iter().map(|k| k.code().to_string()).collect();
    list(lang, List::Codes, &codes)
}

impl Notice {
    /// The notice in `lang`.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        let t = |id: Id, args: &Args| say(lang, id, args);
        let name_game =
            |by: &str, game: &GameId| vec![("name", by.to_string().into()), ("id", (*game).into())];
        match self {
            Self::Failed => t(ids::ERR_INTERNAL, &vec![]),
            Self::Unresumable { game } => t(ids::UNRESUMABLE_TOLD, &vec![("id", (*game).into())]),
            Self::Aborted { by, game } => t(ids::ABORTED, &name_game(by, game)),
            Self::Declined { by, game } => t(ids::DECLINED, &name_game(by, game)),
            Self::UndeliveredDropped { count, age_seconds } => t(
                ids::UNDELIVERED_DROPPED,
                &vec![
                    ("count", number(*count)),
                    ("age", human_duration(*age_seconds, lang).into()),
                ],
            ),
            Self::DmFailed { name, who, game, reopen } => {
                let mut args = name_game(name, game);
                args.push(("who", who.clone().into()));
                let id = match reopen {
                    Reopen::Link(link) => {
                        let url = format!("{link}{}", StartToken::View(*game));
                        return with_link(&t(ids::DM_FAILED_LINK, &args), &url, lang);
                    }
                    Reopen::SendStart => ids::DM_FAILED,
                    Reopen::AllowDirectMessages => ids::DM_FAILED_DISCORD,
                };
                t(id, &args)
            }
            Self::Welcome { name } => t(ids::START_WELCOME, &vec![("name", name.clone().into())]),
            Self::SecretKept { link: Some(link) } => {
                with_link(&t(ids::SECRET_KEPT_LINK, &vec![]), private_chat(link), lang)
            }
            Self::SecretKept { link: None } => t(ids::SECRET_KEPT, &vec![]),
            Self::InviteeUnmet { handle, link } => {
                let args = vec![("handle", format!("@{handle}").into())];
                with_link(&t(ids::INVITEE_UNMET, &args), private_chat(link), lang)
            }
            Self::LibraryEmpty => t(ids::RB_LIBRARY_EMPTY, &vec![]),
            Self::LibraryHeader { count, shown } => t(
                ids::RB_LIBRARY_HEADER,
                &vec![("count", number(*count)), ("shown", number(*shown))],
            ),
            Self::BotUnproven => t(ids::BOT_UNPROVEN, &vec![]),
            Self::Offered { kind, by, other, game } => {
                let mut args = name_game(by, game);
                args.push(("other", other.clone().into()));
                let id = match kind {
                    OfferKind::Draw => ids::DRAW_OFFERED,
                    OfferKind::Takeback => ids::TAKEBACK_OFFERED,
                };
                t(id, &args)
            }
            Self::OfferAccepted { kind, by, game } => {
                let id = match kind {
                    OfferKind::Draw => ids::DRAW_AGREED,
                    OfferKind::Takeback => ids::TAKEBACK_AGREED,
                };
                t(id, &name_game(by, game))
            }
            Self::OfferDeclined { kind, by, game } => {
                let id = match kind {
                    OfferKind::Draw => ids::DRAW_DECLINED,
                    OfferKind::Takeback => ids::TAKEBACK_DECLINED,
                };
                t(id, &name_game(by, game))
            }
            Self::ConfirmCancelled => t(ids::CONFIRM_CANCELLED, &vec![]),
            Self::TimedOutPlayed { played, name, game } => {
                let id = match played {
                    TimeoutMove::Pass => ids::TIMEOUT_PASS,
                    TimeoutMove::DefaultPick => ids::RB_TIMEOUT_PICK,
                };
                t(id, &name_game(name, game))
            }
            Self::TimedOutLost { name, game } => t(ids::TIMEOUT_LOSS, &name_game(name, game)),
            Self::Reminder { game, deadline, left } => {
                // A moment: live on Discord, "in 12h" elsewhere.
                let words = t(ids::DUR_IN, &vec![("d", human_duration(*left, lang).into())]);
                t(
                    ids::REMINDER,
                    &vec![("id", (*game).into()), ("deadline", moment(*deadline, &words).into())],
                )
            }
            Self::RulesWhich => t(ids::RULES_WHICH, &vec![("known", known_games(lang).into())]),
            Self::Help { admin, console } => help(lang, *admin, *console),
            Self::Settings { saved, lang: chosen, notifications, pings, digest } => {
                let language = match chosen {
                    Lang::En => ids::LANG_NAME_EN,
                    Lang::ZhHans => ids::LANG_NAME_ZH_HANS,
                    Lang::ZhHant => ids::LANG_NAME_ZH_HANT,
                };
                let language = say(*chosen, language, &[]);
                let notifications =
                    say(*chosen, if *notifications { ids::NOTIF_ON } else { ids::NOTIF_OFF }, &[]);
                let pings = match pings {
                    Pings::Dm => ids::PINGS_DM,
                    Pings::Mention => ids::PINGS_MENTION,
                    Pings::Off => ids::PINGS_OFF,
                };
                let pings = say(*chosen, pings, &[]);
                let digest = match digest {
                    Some(at) => say(
                        *chosen,
                        ids::DIGEST_ON,
                        &[(
                            "at",
                            crate::table::reply::date(*at, &crate::table::dates::day_time(*at))
                                .into(),
                        )],
                    ),
                    None => say(*chosen, ids::DIGEST_OFF, &[]),
                };
                say(
                    *chosen,
                    if *saved { ids::SETTINGS_SAVED } else { ids::SETTINGS_SHOW },
                    &[
                        ("language", language.into()),
                        ("notifications", notifications.into()),
                        ("pings", pings.into()),
                        ("digest", digest.into()),
                    ],
                )
            }
            Self::ChatLanguage { chosen: Some(chosen), games } => {
                let language = match chosen {
                    Lang::En => ids::LANG_NAME_EN,
                    Lang::ZhHans => ids::LANG_NAME_ZH_HANS,
                    Lang::ZhHant => ids::LANG_NAME_ZH_HANT,
                };
                let language = say(*chosen, language, &[]);
                let games = i64::try_from(*games).unwrap_or(i64::MAX);
                say(
                    *chosen,
                    ids::CHAT_LANGUAGE_SET,
                    &[("language", language.into()), ("games", games.into())],
                )
            }
            Self::ChatLanguage { chosen: None, .. } => t(ids::CHAT_LANGUAGE_CLEARED, &vec![]),
            Self::TurnPing { who, game } => {
                t(ids::TURN_PING, &vec![("who", who.clone().into()), ("id", (*game).into())])
            }
            Self::InvitedPrivately { creator, kind, game } => t(
                ids::INVITED_DM,
                &vec![
                    ("creator", creator.clone().into()),
                    ("game", game_name(lang, *kind).into()),
                    ("id", (*game).into()),
                ],
            ),
            Self::Games { here, waiting } => {
                let mut text = String::new();
                if let Some(here) = here {
                    text.push_str(&t(ids::GAMES_HERE, &vec![("count", number(here.len()))]));
                    game_lines(&mut text, lang, here);
                    text.push('\n');
                }
                text.push_str(&t(ids::GAMES_WAITING, &vec![("count", number(waiting.len()))]));
                game_lines(&mut text, lang, waiting);
                text
            }
        }
    }
}

/// `/help` in `lang`: a line per command with its grammar (in the reader's words), its alias in
/// the reader's script and what it does; at the console table, its own commands after them.
fn help(lang: Lang, admin: bool, console: bool) -> String {
    let mut text = say(lang, ids::HELP_HEADER, &[]);
    for spec in COMMANDS.iter().filter(|c| !c.hidden && (!c.admin || admin)) {
        let alias = spec.alias_for(lang).map(|a| format!(" (/{a})")).unwrap_or_default();
        let args = spec.grammar_in(|arg| say_of(lang, &format!("arg-name-{arg}"), &[]));
        let args = if args.is_empty() { String::new() } else { format!(" {args}") };
        let what = say_of(lang, spec.help, &[]);
        text.push_str(&format!("\n/{}{args}{alias}: {what}", spec.name));
    }
    if console {
        text.push_str("\n\n");
        text.push_str(&say(lang, ids::HELP_CONSOLE_HEADER, &[]));
        text.push_str(&console_commands(lang));
    }
    text
}

/// The console table's own commands, a line each (each line starts with a line break).
fn console_commands(lang: Lang) -> String {
    [ids::HELP_CONSOLE_AS, ids::HELP_CONSOLE_DM, ids::HELP_CONSOLE_CHANNEL, ids::HELP_CONSOLE_QUIT]
        .iter()
        .map(|id| format!("\n{}", say(lang, *id, &[])))
        .collect()
}

fn game_lines(text: &mut String, lang: Lang, lines: &[GameLine]) {
    for line in lines.iter().take(GAMES_LISTED) {
        text.push('\n');
        match line {
            GameLine::Worded(words) => text.push_str(words),
            GameLine::Unresumable { game, kind } => {
                let name = kind.as_ref().map_or_else(Clone::clone, |k| game_name(lang, *k));
                text.push_str(&say(
                    lang,
                    ids::GAMES_LINE_UNRESUMABLE,
                    &[("id", (*game).into()), ("game", name.into())],
                ));
            }
        }
    }
    if lines.len() > GAMES_LISTED {
        text.push('\n');
        text.push_str(&say(
            lang,
            ids::GAMES_MORE,
            &[("count", number(lines.len() - GAMES_LISTED))],
        ));
    }
}

impl Refusal {
    /// The refusal in `lang`, with the fix where there is one.
    #[must_use]
    pub fn text(&self, lang: Lang) -> String {
        let t = |id: Id, args: &Args| say(lang, id, args);
        let game = |id: Id, game: &GameId| t(id, &vec![("id", (*game).into())]);
        let detail = |id: Id, d: &str| t(id, &vec![("detail", d.to_string().into())]);
        match self {
            Self::NoSuchGame(g) => game(ids::ERR_NO_SUCH_GAME, g),
            Self::NoRecord(g) => game(ids::ERR_NO_RECORD, g),
            Self::RecordHidden(g) => game(ids::ERR_RECORD_HIDDEN, g),
            Self::ReplayRunning(g) => game(ids::ERR_REPLAY_RUNNING, g),
            Self::ReplayBusy => t(ids::ERR_REPLAY_BUSY, &vec![]),
            Self::FollowOwn(g) => game(ids::ERR_FOLLOW_OWN, g),
            Self::FollowSelf => t(ids::ERR_FOLLOW_SELF, &vec![]),
            Self::VacationDays { left } => {
                t(ids::ERR_VACATION_DAYS, &vec![("left", number(*left))])
            }
            Self::VacationNoneLeft { allowance } => {
                t(ids::ERR_VACATION_NONE_LEFT, &vec![("allowance", number(*allowance))])
            }
            Self::VacationRunning { until } => t(
                ids::ERR_VACATION_RUNNING,
                &vec![(
                    "until",
                    crate::table::reply::date(*until, &crate::table::dates::day_time(*until))
                        .into(),
                )],
            ),
            Self::VacationNot => t(ids::ERR_VACATION_NOT, &vec![]),
            Self::LinkCode => t(ids::ERR_LINK_CODE, &vec![]),
            Self::LinkSelf => t(ids::ERR_LINK_SELF, &vec![]),
            Self::LinkPrivate => t(ids::ERR_LINK_PRIVATE, &vec![]),
            Self::SeekPosition => t(ids::ERR_SEEK_POSITION, &vec![]),
            Self::SeekGone => t(ids::ERR_SEEK_GONE, &vec![]),
            Self::Tournament(r) => super::tournaments::tournament_refusal(lang, r),
            Self::SeekOwn => t(ids::ERR_SEEK_OWN, &vec![]),
            Self::SeekPublicOff => t(ids::ERR_SEEK_PUBLIC_OFF, &vec![]),
            Self::SeekLimit(limit) => t(ids::ERR_SEEK_LIMIT, &vec![("limit", number(*limit))]),
            Self::SeekUnreachable { link } => match link {
                Some(link) => {
                    t(ids::ERR_SEEK_UNREACHABLE_LINK, &vec![("link", link.clone().into())])
                }
                None => t(ids::ERR_SEEK_UNREACHABLE, &vec![]),
            },
            Self::InvitationsPerUser(limit) => {
                t(ids::ERR_INVITATIONS_USER, &vec![("limit", number(*limit))])
            }
            Self::InvitationsPerChat(limit) => {
                t(ids::ERR_INVITATIONS_CHAT, &vec![("limit", number(*limit))])
            }
            Self::UnknownCommand(c) => {
                t(ids::ERR_UNKNOWN_COMMAND, &vec![("command", c.clone().into())])
            }
            Self::ConsoleCommand => {
                format!("{}{}", t(ids::ERR_CONSOLE_COMMAND, &vec![]), console_commands(lang))
            }
            Self::Missing { command, what } => {
                let what = say_of(lang, &format!("arg-{what}"), &[]);
                t(ids::ERR_MISSING, &vec![("command", (*command).into()), ("what", what.into())])
            }
            Self::BadArgument { command, arg } => t(
                ids::ERR_BAD_ARGUMENT,
                &vec![("command", (*command).into()), ("arg", arg.clone().into())],
            ),
            Self::BadCount { command, key, value } => t(
                ids::ERR_BAD_COUNT,
                &vec![
                    ("command", (*command).into()),
                    ("key", (*key).into()),
                    ("value", value.clone().into()),
                ],
            ),
            Self::NoSuchPage { page, pages } => {
                t(ids::ERR_NO_SUCH_PAGE, &vec![("page", number(*page)), ("pages", number(*pages))])
            }
            Self::LineTooLong { limit, length } => t(
                ids::ERR_LINE_TOO_LONG,
                &vec![("limit", number(*limit)), ("length", number(*length))],
            ),
            Self::PrivateOnly => t(ids::ERR_PRIVATE_ONLY, &vec![]),
            Self::NotAdmin => t(ids::ERR_NOT_ADMIN, &vec![]),
            Self::StartPrivate => t(ids::ERR_START_PRIVATE, &vec![]),
            Self::GameNotYours(g) => game(ids::ERR_GAME_NOT_YOURS, g),
            Self::Unresumable(g) => game(ids::ERR_UNRESUMABLE, g),
            Self::NoGameHere => t(ids::ERR_NO_GAME_HERE, &vec![]),
            Self::GameElsewhere(games) => {
                let items: Vec<String> = games
                    .iter()
                    .map(|g| {
                        let place = if g.private {
                            say(lang, ids::PLACE_PRIVATE_CHAT, &[])
                        } else if g.named {
                            g.chat.clone()
                        } else {
                            let words = say(lang, ids::PLACE_OTHER_CHAT, &[]);
                            crate::table::reply::place(&g.chat, &words)
                        };
                        let name = g.kind.map_or_else(|| "?".to_string(), |k| game_name(lang, k));
                        say(
                            lang,
                            ids::GAME_ELSEWHERE_ITEM,
                            &[
                                ("id", g.game.to_string().into()),
                                ("game", name.into()),
                                ("place", place.into()),
                            ],
                        )
                    })
                    .collect();
                let first = games.first().map_or_else(String::new, |g| g.game.to_string());
                t(
                    ids::ERR_GAME_ELSEWHERE,
                    &vec![
                        ("games", list(lang, List::Items, &items).into()),
                        ("first", first.into()),
                    ],
                )
            }
            Self::WhichGame(ids) => {
                let ids: Vec<String> = ids.iter().map(|id| format!("#{id}")).collect();
                let ids = list(lang, List::Items, &ids);
                t(ids::ERR_WHICH_GAME, &vec![("ids", ids.into())])
            }
            Self::GroupOnly => t(ids::ERR_GROUP_ONLY, &vec![]),
            Self::ChatLanguageAdmins => t(ids::ERR_CHAT_LANGUAGE_ADMINS, &vec![]),
            Self::ChatLanguagePrivate => t(ids::ERR_CHAT_LANGUAGE_PRIVATE, &vec![]),
            Self::CommunityOnly => t(ids::ERR_COMMUNITY_ONLY, &vec![]),
            Self::LibraryNotDrawn(g) => game(ids::ERR_LIBRARY_NOT_DRAWN, g),
            Self::SelfInvite => t(ids::ERR_SELF_INVITE, &vec![]),
            Self::SolverBusy => t(ids::ERR_SOLVER_BUSY, &vec![]),
            Self::NotAPlayer => t(ids::ERR_NOT_A_PLAYER, &vec![]),
            Self::HintsOff(g) => game(ids::ERR_HINTS_OFF, g),
            Self::HintsRated(g) => game(ids::ERR_HINTS_RATED, g),
            Self::RatedHints => t(ids::ERR_RATED_HINTS, &vec![]),
            Self::SwitchNotBot(g) => game(ids::ERR_SWITCH_NOT_BOT, g),
            Self::SwitchTooLate(g) => game(ids::ERR_SWITCH_TOO_LATE, g),
            Self::HintStale(g) => game(ids::ERR_HINT_STALE, g),
            Self::OwnInvite => t(ids::ERR_OWN_INVITE, &vec![]),
            Self::NoInvite => t(ids::ERR_NO_INVITE, &vec![]),
            Self::AlreadyStarted => t(ids::ERR_ALREADY_STARTED, &vec![]),
            Self::NotInvited(g) => game(ids::ERR_NOT_INVITED, g),
            Self::DeclineOpen(g) => game(ids::ERR_DECLINE_OPEN, g),
            Self::ViewNotPlaying(g) => game(ids::ERR_VIEW_NOT_PLAYING, g),
            Self::Unreachable { names, game, link } => {
                let args = vec![("names", names.clone().into()), ("id", (*game).into())];
                match link {
                    Some(link) => {
                        let url = format!("{link}{}", StartToken::Accept(*game));
                        with_link(&t(ids::ERR_UNREACHABLE_LINK, &args), &url, lang)
                    }
                    None => t(ids::ERR_UNREACHABLE, &args),
                }
            }
            Self::AlreadyPlayed => t(ids::ERR_ALREADY_PLAYED, &vec![]),
            Self::StaleButton => t(ids::ERR_STALE_BUTTON, &vec![]),
            Self::NotStarted => t(ids::ERR_NOT_STARTED, &vec![]),
            Self::GameOver => t(ids::ERR_GAME_OVER, &vec![]),
            Self::NotYourTurn(name) => {
                t(ids::ERR_NOT_YOUR_TURN, &vec![("name", name.clone().into())])
            }
            Self::NothingToConfirm => t(ids::ERR_NOTHING_TO_CONFIRM, &vec![]),
            Self::BoardWindow => t(ids::ERR_BOARD_WINDOW, &vec![]),
            Self::BadWindow(d) => detail(ids::RB_BAD_WINDOW, d),
            Self::ViewSlice => t(ids::ERR_VIEW_SLICE, &vec![]),
            Self::BadSlice(d) => detail(ids::RB_BAD_SLICE, d),
            Self::MovesRabble => t(ids::ERR_MOVES_RABBLE, &vec![]),
            Self::BadSquare(d) => detail(ids::RB_BAD_SQUARE, d),
            Self::TakebackHidden => t(ids::ERR_TAKEBACK_HIDDEN, &vec![]),
            Self::BotOffers => t(ids::ERR_BOT_OFFERS, &vec![]),
            Self::OfferPending => t(ids::ERR_OFFER_PENDING, &vec![]),
            Self::NoOffer => t(ids::ERR_NO_OFFER, &vec![]),
            Self::NothingToTakeBack => t(ids::ERR_NOTHING_TO_TAKE_BACK, &vec![]),
            Self::AbortStarted => t(ids::ERR_ABORT_STARTED, &vec![]),
            Self::Settings(pair) => detail(ids::ERR_SETTINGS, pair),
            Self::SettingsMalformed(e) => detail(ids::ERR_SETTINGS, &option_error(lang, e)),
            Self::UnknownGame(name) => t(
                ids::ERR_UNKNOWN_GAME,
                &vec![("game", name.clone().into()), ("known", known_games(lang).into())],
            ),
            Self::Options(e) => detail(ids::ERR_OPTIONS, &option_error(lang, e)),
            Self::Puzzle(text) => text.clone(),
            Self::NoSuchPiece(kind, topic) => t(
                ids::ERR_NO_SUCH_PIECE,
                &vec![("game", kind.code().into()), ("topic", topic.clone().into())],
            ),
            Self::Position(kind, why) => t(
                ids::ERR_POSITION,
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
                who: by(),
                game: GameId(7),
                reopen: Reopen::Link("https://t.me/b?start=".into()),
            },
            Notice::DmFailed { name: by(), who: by(), game: GameId(7), reopen: Reopen::SendStart },
            Notice::DmFailed {
                name: by(),
                who: by(),
                game: GameId(7),
                reopen: Reopen::AllowDirectMessages,
            },
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
            Notice::ChatLanguage { chosen: Some(Lang::ZhHant), games: 0 },
            Notice::ChatLanguage { chosen: Some(Lang::En), games: 1 },
            Notice::ChatLanguage { chosen: Some(Lang::ZhHans), games: 3 },
            Notice::ChatLanguage { chosen: None, games: 0 },
            Notice::Help { admin: true, console: true },
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
                | Notice::ChatLanguage { .. }
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
        use crate::table::notice::TournamentRefusal;
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
            Refusal::SeekPosition,
            Refusal::SeekGone,
            Refusal::SeekOwn,
            Refusal::Tournament(TournamentRefusal::None),
            Refusal::Tournament(TournamentRefusal::Exists(3)),
            Refusal::Tournament(TournamentRefusal::Makers),
            Refusal::Tournament(TournamentRefusal::Organisers),
            Refusal::Tournament(TournamentRefusal::Closed),
            Refusal::Tournament(TournamentRefusal::Full(16)),
            Refusal::Tournament(TournamentRefusal::Already),
            Refusal::Tournament(TournamentRefusal::NotPlaying),
            Refusal::Tournament(TournamentRefusal::Started),
            Refusal::Tournament(TournamentRefusal::TooFew),
            Refusal::Tournament(TournamentRefusal::Over),
            Refusal::Tournament(TournamentRefusal::NoRound(9)),
            Refusal::Tournament(TournamentRefusal::Setting {
                key: "rounds".into(),
                value: "many".into(),
            }),
            Refusal::Tournament(TournamentRefusal::NeedsGame),
            Refusal::Tournament(TournamentRefusal::NeedsPlayer),
            Refusal::Tournament(TournamentRefusal::Unreachable { link: None }),
            Refusal::Tournament(TournamentRefusal::Unreachable {
                link: Some("https://t.me/arbiter_bot?start=".into()),
            }),
            Refusal::SeekPublicOff,
            Refusal::SeekLimit(5),
            Refusal::SeekUnreachable { link: None },
            Refusal::SeekUnreachable { link: Some("https://t.me/arbiter_bot?start=".into()) },
            Refusal::UnknownCommand("frobnicate".into()),
            Refusal::ConsoleCommand,
            Refusal::Missing { command: "new", what: "game" },
            Refusal::BadArgument { command: "draw", arg: "maybe".into() },
            Refusal::LineTooLong { limit: 2000, length: 5000 },
            Refusal::PrivateOnly,
            Refusal::NotAdmin,
            Refusal::StartPrivate,
            Refusal::GameNotYours(GameId(7)),
            Refusal::Unresumable(GameId(7)),
            Refusal::NoGameHere,
            Refusal::GameElsewhere(vec![crate::table::notice::Elsewhere {
                game: GameId(7),
                kind: Some(GameKind::Ultima),
                chat: "#t".into(),
                named: true,
                private: false,
            }]),
            Refusal::WhichGame(vec![GameId(3), GameId(4)]),
            Refusal::GroupOnly,
            Refusal::ChatLanguageAdmins,
            Refusal::ChatLanguagePrivate,
            Refusal::CommunityOnly,
            Refusal::LibraryNotDrawn(GameId(7)),
            Refusal::SelfInvite,
            Refusal::SolverBusy,
            Refusal::NotAPlayer,
            Refusal::HintsOff(GameId(7)),
            Refusal::HintsRated(GameId(7)),
            Refusal::RatedHints,
            Refusal::SwitchNotBot(GameId(7)),
            Refusal::SwitchTooLate(GameId(7)),
            Refusal::BadCount { command: "history", key: "page", value: "x".into() },
            Refusal::NoSuchPage { page: 4, pages: 3 },
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
                if lang.is_chinese()
                    && !matches!(
                        n,
                        Notice::Settings { .. } | Notice::ChatLanguage { chosen: Some(_), .. }
                    )
                {
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
                who: "Bo".into(),
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
