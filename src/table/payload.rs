//! What a button sends back when pressed: [`Payload`], a closed set of choices about one game at
//! one turn. It never carries game data; the referee checks everything again on the press.
//!
//! On the wire (Discord custom ids, Telegram callback data, the outbox, `/press` typed at the
//! console) a payload is `<game id>:<turn>:<choice>`, e.g. `12:7:pass` or `3:0:accept`: short
//! (Telegram allows 64 bytes) and the same format buttons already posted carry.

use std::fmt;
use std::str::FromStr;

use crate::store::GameId;

/// A button's meaning: the game, the turn it was offered at (a press at another turn is stale,
/// except [`Choice::View`]), and the choice.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Payload {
    /// The game's id.
    pub game: GameId,
    /// How many actions the game had when the button was offered (`0` for an invitation).
    pub turn: i64,
    /// What pressing it asks for.
    pub choice: Choice,
}

/// The choices a button can carry.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Accept an invitation (`accept`).
    Accept,
    /// Decline an invitation (`decline`).
    Decline,
    /// Answer a challenge window (`challenge`, `pass`, `claim`).
    Window(WindowChoice),
    /// Confirm the action echoed for confirmation (`confirm-<tag>`, the tag of that action,
    /// [`echo_tag`]: Confirm under an older echo never plays a newer one; a bare `confirm`, as
    /// typed, confirms whatever waits).
    Confirm(Option<String>),
    /// Take back the action echoed for confirmation (`cancel-<tag>`, as for
    /// [`Choice::Confirm`]).
    Cancel(Option<String>),
    /// Show me my own view now (`view`; never stale).
    View,
    /// Open a form to type a move (`type`), handled by front ends that offer one.
    TypeMove,
    /// This game, for the command that asked "Which game?" (`pick`; never stale: the question
    /// is remembered per user until answered or asked again).
    Pick,
    /// Play this action, in the game's notation (`act-<notation>`).
    Act(String),
    /// Finish the move typed without its last part with this ending (`complete-<ending>`).
    Complete(String),
    /// Against the bot, take the other side before one's first action (`switch`).
    Switch,
    /// Answer the open seek whose number the payload carries in place of a turn, under the
    /// seek's announcement (`0:<seek>:seek`: no game yet, so game 0).
    Seek,
    /// Answer a draw or takeback offer (`draw-accept`, `takeback-decline`, …).
    Offer {
        /// Which offer.
        kind: OfferKind,
        /// Accept (`true`) or decline.
        accept: bool,
    },
}

/// A challenge window's answers (Dark Fence's challenge variant).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WindowChoice {
    /// Challenge the sealed record.
    Challenge,
    /// Let it stand.
    Pass,
    /// Claim a partition.
    Claim,
}

impl WindowChoice {
    /// The word players type for it (`/window challenge`).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Challenge => "challenge",
            Self::Pass => "pass",
            Self::Claim => "claim",
        }
    }
}

/// The offers a player can make and a button can answer (stored in a game's row as
/// `draw`/`takeback`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OfferKind {
    /// A draw offer.
    Draw,
    /// A takeback request.
    Takeback,
}

impl OfferKind {
    /// Its word in a payload (`draw`, `takeback`).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Self::Draw => "draw",
            Self::Takeback => "takeback",
        }
    }
}

/// The tag of an echoed action (its notation): eight hex digits of its 32-bit FNV-1a hash,
/// short enough for any payload, so that a Confirm or Cancel names the echo it was under.
#[must_use]
pub fn echo_tag(action: &str) -> String {
    let hash =
        action.bytes().fold(0x811c_9dc5_u32, |h, b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193));
    format!("{hash:08x}")
}

impl Payload {
    /// The button that answers seek number `seek` (see [`Choice::Seek`]).
    #[must_use]
    pub fn seek(seek: i64) -> Self {
        Self { game: GameId(0), turn: seek, choice: Choice::Seek }
    }

    /// A payload for `game` at `turn`.
    #[must_use]
    pub fn new(game: GameId, turn: i64, choice: Choice) -> Self {
        Self { game, turn, choice }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Accept => f.write_str("accept"),
            Self::Decline => f.write_str("decline"),
            Self::Window(w) => f.write_str(w.word()),
            Self::Confirm(None) => f.write_str("confirm"),
            Self::Confirm(Some(tag)) => write!(f, "confirm-{tag}"),
            Self::Cancel(None) => f.write_str("cancel"),
            Self::Cancel(Some(tag)) => write!(f, "cancel-{tag}"),
            Self::View => f.write_str("view"),
            Self::TypeMove => f.write_str("type"),
            Self::Pick => f.write_str("pick"),
            Self::Act(action) => write!(f, "act-{action}"),
            Self::Complete(end) => write!(f, "complete-{end}"),
            Self::Switch => f.write_str("switch"),
            Self::Seek => f.write_str("seek"),
            Self::Offer { kind, accept } => {
                write!(f, "{}-{}", kind.word(), if *accept { "accept" } else { "decline" })
            }
        }
    }
}

impl fmt::Display for Payload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.game, self.turn, self.choice)
    }
}

/// Text that is not a button payload.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a button payload")]
pub struct NotAPayload;

impl FromStr for Choice {
    type Err = NotAPayload;

    fn from_str(key: &str) -> Result<Self, Self::Err> {
        Ok(match key {
            "accept" => Self::Accept,
            "decline" => Self::Decline,
            "challenge" => Self::Window(WindowChoice::Challenge),
            "pass" => Self::Window(WindowChoice::Pass),
            "claim" => Self::Window(WindowChoice::Claim),
            "confirm" => Self::Confirm(None),
            "cancel" => Self::Cancel(None),
            "view" => Self::View,
            "type" => Self::TypeMove,
            "pick" => Self::Pick,
            "switch" => Self::Switch,
            "seek" => Self::Seek,
            "draw-accept" => Self::Offer { kind: OfferKind::Draw, accept: true },
            "draw-decline" => Self::Offer { kind: OfferKind::Draw, accept: false },
            "takeback-accept" => Self::Offer { kind: OfferKind::Takeback, accept: true },
            "takeback-decline" => Self::Offer { kind: OfferKind::Takeback, accept: false },
            _ => {
                let tag = |prefix: &str| {
                    key.strip_prefix(prefix)
                        .filter(|t| !t.is_empty() && t.chars().all(|c| c.is_ascii_hexdigit()))
                        .map(str::to_string)
                };
                if let Some(tag) = tag("confirm-") {
                    return Ok(Self::Confirm(Some(tag)));
                }
                if let Some(tag) = tag("cancel-") {
                    return Ok(Self::Cancel(Some(tag)));
                }
                match (key.strip_prefix("act-"), key.strip_prefix("complete-")) {
                    (Some(action), _) if !action.is_empty() => Self::Act(action.to_string()),
                    (_, Some(end)) if !end.is_empty() => Self::Complete(end.to_string()),
                    _ => return Err(NotAPayload),
                }
            }
        })
    }
}

impl FromStr for Payload {
    type Err = NotAPayload;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut parts = text.trim().splitn(3, ':');
        let (Some(game), Some(turn), Some(choice)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(NotAPayload);
        };
        let game = game.parse().map_err(|_| NotAPayload)?;
        let turn = turn.parse().map_err(|_| NotAPayload)?;
        Ok(Self { game, turn, choice: choice.parse()? })
    }
}

/// What a start link asks for when it opens a player's private chat (Telegram deep links
/// `https://t.me/<bot>?start=<token>`, which arrive as `/start <token>`): the link is handed out
/// by the referee after a private delivery failed, and the press finishes what needed the chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StartToken {
    /// `view-<id>`: show me my view of the game (a private message did not reach me).
    View(GameId),
    /// `accept-<id>`: finish my `/accept` of the game (it needed my private chat open).
    Accept(GameId),
}

impl fmt::Display for StartToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::View(game) => write!(f, "view-{game}"),
            Self::Accept(game) => write!(f, "accept-{game}"),
        }
    }
}

impl FromStr for StartToken {
    type Err = NotAPayload;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let id = |rest: &str| rest.parse::<GameId>().map_err(|_| NotAPayload);
        match (text.strip_prefix("view-"), text.strip_prefix("accept-")) {
            (Some(rest), _) => id(rest).map(Self::View),
            (_, Some(rest)) => id(rest).map(Self::Accept),
            _ => Err(NotAPayload),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_token_is_the_text_links_already_handed_out_carry_and_reads_back() {
        for (token, text) in
            [(StartToken::View(GameId(9)), "view-9"), (StartToken::Accept(GameId(12)), "accept-12")]
        {
            assert_eq!(token.to_string(), text);
            assert_eq!(text.parse::<StartToken>(), Ok(token));
        }
        for text in ["", "view-", "accept-x", "join-3", "view9"] {
            assert_eq!(text.parse::<StartToken>(), Err(NotAPayload), "{text:?}");
        }
    }

    /// Every choice, with the wire text buttons posted before payloads were typed carried.
    fn every_choice() -> Vec<(Choice, &'static str)> {
        vec![
            (Choice::Accept, "accept"),
            (Choice::Decline, "decline"),
            (Choice::Window(WindowChoice::Challenge), "challenge"),
            (Choice::Window(WindowChoice::Pass), "pass"),
            (Choice::Window(WindowChoice::Claim), "claim"),
            (Choice::Confirm(None), "confirm"),
            (Choice::Cancel(None), "cancel"),
            (Choice::Confirm(Some("0badf00d".into())), "confirm-0badf00d"),
            (Choice::Cancel(Some("0badf00d".into())), "cancel-0badf00d"),
            (Choice::View, "view"),
            (Choice::TypeMove, "type"),
            (Choice::Act("pick K Q J G".into()), "act-pick K Q J G"),
            (Choice::Act("m11".into()), "act-m11"),
            (Choice::Complete("=W".into()), "complete-=W"),
            (Choice::Offer { kind: OfferKind::Draw, accept: true }, "draw-accept"),
            (Choice::Offer { kind: OfferKind::Draw, accept: false }, "draw-decline"),
            (Choice::Offer { kind: OfferKind::Takeback, accept: true }, "takeback-accept"),
            (Choice::Offer { kind: OfferKind::Takeback, accept: false }, "takeback-decline"),
        ]
    }

    #[test]
    fn every_choice_keeps_the_wire_text_buttons_already_posted_carry_and_reads_back() {
        for (choice, key) in every_choice() {
            let payload = Payload::new(GameId(12), 7, choice.clone());
            assert_eq!(payload.to_string(), format!("12:7:{key}"));
            assert_eq!(format!("12:7:{key}").parse::<Payload>(), Ok(payload));
        }
    }

    #[test]
    fn text_that_is_not_a_payload_is_refused_rather_than_guessed() {
        for text in [
            "",
            "12",
            "12:7",
            "x:7:pass",
            "12:y:pass",
            "12:7:",
            "12:7:dance",
            "12:7:act-",
            "12:7:confirm-",
            "12:7:confirm-xyz",
            ":7:pass",
        ] {
            assert_eq!(text.parse::<Payload>(), Err(NotAPayload), "{text:?}");
        }
    }

    #[test]
    fn an_echo_tag_is_eight_hex_digits_that_tell_actions_apart() {
        // FNV-1a of the empty text is its offset basis; of "a", the published 0xe40c292c.
        assert_eq!(echo_tag(""), "811c9dc5");
        assert_eq!(echo_tag("a"), "e40c292c");
        assert_ne!(echo_tag("A1-A2 R"), echo_tag("A1-A2 L"));
        let big = Payload::new(GameId(i64::MAX), i64::MAX, Choice::Cancel(Some(echo_tag("x"))));
        assert!(big.to_string().len() <= 64, "{big}");
    }

    #[test]
    fn the_longest_fixed_payload_fits_telegrams_sixty_four_bytes() {
        let big = Payload::new(
            GameId(i64::MAX),
            i64::MAX,
            Choice::Offer { kind: OfferKind::Takeback, accept: false },
        );
        assert!(big.to_string().len() <= 64, "{big}");
    }
}
