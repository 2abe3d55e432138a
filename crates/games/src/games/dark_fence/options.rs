//! Dark Fence options (spec §3.11): the variant, the house rules and the referee's settings.

use serde::{Deserialize, Serialize};

use super::board::Dims;
use crate::games::GameOptions;
use crate::games::options::choice_name as name_of;
use crate::games::options::{
    Expected, OptionSpec, OptionsError, Why, bad_value, conflict, parse_bool, parse_choice,
    parse_in_range, parse_seconds,
};

/// Referee mode (the bot is god) or the two-player challenge variant (两人质疑).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// The original rules with the bot as referee.
    #[default]
    Referee,
    /// Sealed records, challenge windows and a reveal.
    Challenge,
}

/// Fixed corners or a free choice of start cells (improvement 1 of the seed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Start {
    /// P1 at A1, P2 at the bottom-right corner.
    #[default]
    Fixed,
    /// P1 chooses, then P2 (not P1's cell).
    Free,
}

/// Whether P1's first move may end on P2's cell (自定规则, spec A16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstMoveOntoOpponent {
    /// Ordinary rule (b): the mover loses.
    #[default]
    Lose,
    /// The tokens share the cell; P2 must then leave it.
    Allowed,
}

/// How precise the relative position reports are (spec §3.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReportKind {
    /// Eight directions.
    #[default]
    Dir8,
    /// Eight directions, diagonals leaning toward the larger offset.
    Dir16,
    /// Eight directions and the Manhattan distance.
    #[serde(rename = "dir8+manhattan")]
    Dir8Manhattan,
    /// Eight directions and the Chebyshev distance.
    #[serde(rename = "dir8+chebyshev")]
    Dir8Chebyshev,
    /// Sixteen directions and the Manhattan distance.
    #[serde(rename = "dir16+manhattan")]
    Dir16Manhattan,
    /// The opponent's cell.
    Exact,
}

/// Which of the challenged player's moves a challenge examines (spec A18).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChallengeScope {
    /// Any move of the challenged player so far.
    #[default]
    WholeGame,
    /// Only the challenged player's latest move.
    LatestMoveOnly,
}

/// Separation in the challenge variant (spec §3.10.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PartitionHandling {
    /// Never checked, not challengeable (seed-literal).
    #[default]
    Ignore,
    /// A window holder may claim "分野！"; true claims end the game by area, false ones lose.
    Claim,
    /// The game ends by area as soon as the recorded fences separate the tokens.
    Auto,
}

/// What happens when the challenge variant reaches its ply cap (spec §3.10.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CapAdjudication {
    /// A draw.
    #[default]
    Draw,
    /// Replay under the referee rules; the first event that would have ended the game decides.
    ReplayOriginal,
}

/// Every Dark Fence option with its default (spec §3.11). Fields the engine does not read
/// (`confirm_moves`, `assist`, `window_timeout`) are kept here so that one `/new … key=value`
/// list configures the whole game; the referee reads them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
#[allow(clippy::struct_excessive_bools)]
pub struct Options {
    /// Referee mode or the challenge variant.
    pub mode: Mode,
    /// Board size.
    pub board: Dims,
    /// Fixed or free start.
    pub start: Start,
    /// Whether P2 is told P1's free start cell.
    pub p2_sees_p1_start: bool,
    /// Whether P1's first move may end on P2's cell.
    pub first_move_onto_opponent: FirstMoveOntoOpponent,
    /// 边空: fences may be placed on the border.
    pub edge_empty: bool,
    /// Under 边空, whether the same border segment may be placed twice.
    pub edge_empty_repeat: bool,
    /// 绝杀: equal areas are decided by the fewer remaining fences.
    pub juesha: bool,
    /// Under 绝杀, whether placed border fences count.
    pub juesha_count_border: bool,
    /// Report precision.
    pub report: ReportKind,
    /// Whether a move may stay on its cell.
    pub allow_stay: bool,
    /// The most cells a path may list.
    pub max_waypoints: u16,
    /// Referee: echo a move privately for confirmation before playing it.
    pub confirm_moves: bool,
    /// Referee: 0 = no help, 1 = own view on request, 2 = also warn about own fences.
    pub assist: u8,
    /// Challenge variant: which moves a challenge examines.
    pub challenge_scope: ChallengeScope,
    /// Referee, challenge variant: seconds a window stays open; a timeout is a pass.
    pub window_timeout: u32,
    /// Challenge variant: separation handling.
    pub partition_handling: PartitionHandling,
    /// Challenge variant: end the game at once when a mover stops on the opponent.
    pub auto_b: bool,
    /// Challenge variant: the ply cap (`None` = 4 × interior edges).
    pub ply_cap: Option<u16>,
    /// Challenge variant: adjudication at the cap.
    pub cap_adjudication: CapAdjudication,
    /// Challenge variant: publish salted SHA-256 commitments of the sealed records.
    pub commitments: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            mode: Mode::Referee,
            board: Dims::default(),
            start: Start::Fixed,
            p2_sees_p1_start: true,
            first_move_onto_opponent: FirstMoveOntoOpponent::Lose,
            edge_empty: false,
            edge_empty_repeat: false,
            juesha: false,
            juesha_count_border: false,
            report: ReportKind::Dir8,
            allow_stay: true,
            max_waypoints: 64,
            confirm_moves: true,
            assist: 1,
            challenge_scope: ChallengeScope::WholeGame,
            window_timeout: 60,
            partition_handling: PartitionHandling::Ignore,
            auto_b: false,
            ply_cap: None,
            cap_adjudication: CapAdjudication::Draw,
            commitments: false,
        }
    }
}

const MODES: &[(&str, Mode)] = &[("referee", Mode::Referee), ("challenge", Mode::Challenge)];
const STARTS: &[(&str, Start)] = &[("fixed", Start::Fixed), ("free", Start::Free)];
const ONTO: &[(&str, FirstMoveOntoOpponent)] =
    &[("lose", FirstMoveOntoOpponent::Lose), ("allowed", FirstMoveOntoOpponent::Allowed)];
const REPORTS: &[(&str, ReportKind)] = &[
    ("dir8", ReportKind::Dir8),
    ("dir16", ReportKind::Dir16),
    ("dir8+manhattan", ReportKind::Dir8Manhattan),
    ("dir8+chebyshev", ReportKind::Dir8Chebyshev),
    ("dir16+manhattan", ReportKind::Dir16Manhattan),
    ("exact", ReportKind::Exact),
];
const SCOPES: &[(&str, ChallengeScope)] = &[
    ("whole-game", ChallengeScope::WholeGame),
    ("latest-move-only", ChallengeScope::LatestMoveOnly),
];
const PARTITIONS: &[(&str, PartitionHandling)] = &[
    ("ignore", PartitionHandling::Ignore),
    ("claim", PartitionHandling::Claim),
    ("auto", PartitionHandling::Auto),
];
const CAPS: &[(&str, CapAdjudication)] =
    &[("draw", CapAdjudication::Draw), ("replay-original", CapAdjudication::ReplayOriginal)];

/// Parses `CxR` (also `C×R`, `C*R`), each side 2..26.
fn parse_board(value: &str) -> Result<Dims, OptionsError> {
    let expected = || Expected::Board { min: Dims::MIN, max: Dims::MAX };
    let lower = value.to_lowercase();
    let (c, r) =
        lower.split_once(['x', '×', '*']).ok_or_else(|| bad_value("board", value, expected()))?;
    let side =
        |s: &str| s.trim().parse::<u8>().ok().filter(|n| (Dims::MIN..=Dims::MAX).contains(n));
    match (side(c), side(r)) {
        (Some(cols), Some(rows)) => Ok(Dims { cols, rows }),
        _ => Err(bad_value("board", value, expected())),
    }
}

impl Options {
    /// The ply cap in force (the explicit one, or 4 × interior edges).
    #[must_use]
    pub fn effective_ply_cap(&self) -> u32 {
        self.ply_cap.map_or(4 * self.board.interior_edges(), u32::from)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionsError> {
        match key {
            "mode" => self.mode = parse_choice(key, value, MODES)?,
            "board" => self.board = parse_board(value)?,
            "start" => self.start = parse_choice(key, value, STARTS)?,
            "p2_sees_p1_start" => self.p2_sees_p1_start = parse_bool(key, value)?,
            "first_move_onto_opponent" => {
                self.first_move_onto_opponent = parse_choice(key, value, ONTO)?;
            }
            "edge_empty" => self.edge_empty = parse_bool(key, value)?,
            "edge_empty_repeat" => self.edge_empty_repeat = parse_bool(key, value)?,
            "juesha" => self.juesha = parse_bool(key, value)?,
            "juesha_count_border" => self.juesha_count_border = parse_bool(key, value)?,
            "report" => self.report = parse_choice(key, value, REPORTS)?,
            "allow_stay" => self.allow_stay = parse_bool(key, value)?,
            "max_waypoints" => {
                self.max_waypoints = u16::try_from(parse_in_range(key, value, 2, 1024)?)
                    .map_err(|_| bad_value(key, value, Expected::Range { min: 2, max: 1024 }))?;
            }
            "confirm_moves" => self.confirm_moves = parse_bool(key, value)?,
            "assist" => {
                self.assist = u8::try_from(parse_in_range(key, value, 0, 2)?)
                    .map_err(|_| bad_value(key, value, Expected::Range { min: 0, max: 2 }))?;
            }
            "challenge_scope" => self.challenge_scope = parse_choice(key, value, SCOPES)?,
            "window_timeout" => self.window_timeout = parse_seconds(key, value, 10, 7 * 86_400)?,
            "partition_handling" => {
                self.partition_handling = parse_choice(key, value, PARTITIONS)?;
            }
            "auto_b" => self.auto_b = parse_bool(key, value)?,
            "ply_cap" if value.eq_ignore_ascii_case("auto") => self.ply_cap = None,
            "ply_cap" => {
                self.ply_cap =
                    Some(u16::try_from(parse_in_range(key, value, 2, 10_000)?).map_err(|_| {
                        bad_value(key, value, Expected::RangeOrAuto { min: 2, max: 10_000 })
                    })?);
            }
            "cap_adjudication" => self.cap_adjudication = parse_choice(key, value, CAPS)?,
            "commitments" => self.commitments = parse_bool(key, value)?,
            _ => {
                let known: Vec<&str> = Self::SPECS.iter().map(|s| s.key).collect();
                return Err(OptionsError::UnknownKey {
                    key: key.to_string(),
                    known: known.join(", "),
                });
            }
        }
        Ok(())
    }
}

impl GameOptions for Options {
    const SPECS: &'static [OptionSpec] = &[
        spec("mode", "referee|challenge", "referee", "who judges: the bot as god, or challenges"),
        spec("board", "CxR, 2..26 each", "4x4", "board size, columns x rows"),
        spec("start", "fixed|free", "fixed", "fixed corners, or each player picks a start"),
        spec("p2_sees_p1_start", "true|false", "true", "free start: P2 is told P1's start"),
        spec("first_move_onto_opponent", "lose|allowed", "lose", "may P1's first move end on P2"),
        spec("edge_empty", "true|false", "false", "边空: fences may go on the border"),
        spec("edge_empty_repeat", "true|false", "false", "边空: a border segment twice"),
        spec("juesha", "true|false", "false", "绝杀: equal areas, fewer remaining fences wins"),
        spec("juesha_count_border", "true|false", "false", "绝杀: count placed border fences"),
        spec(
            "report",
            "dir8|dir16|dir8+manhattan|dir8+chebyshev|dir16+manhattan|exact",
            "dir8",
            "how precisely each player is told where the other is",
        ),
        spec("allow_stay", "true|false", "true", "a move may stay on its cell"),
        spec("max_waypoints", "2..1024", "64", "the most cells one path may list"),
        spec("confirm_moves", "true|false", "true", "echo a move privately before playing it"),
        spec("assist", "0|1|2", "1", "private help: none, own view, own-fence warnings"),
        spec(
            "challenge_scope",
            "whole-game|latest-move-only",
            "whole-game",
            "challenge variant: which moves a challenge examines",
        ),
        spec("window_timeout", "10s..7d", "60", "challenge variant: seconds to decide"),
        spec(
            "partition_handling",
            "ignore|claim|auto",
            "ignore",
            "challenge variant: what separation does",
        ),
        spec("auto_b", "true|false", "false", "challenge variant: stopping on the opponent ends"),
        spec(
            "ply_cap",
            "auto|2..10000",
            "auto",
            "challenge variant: longest game (auto: 4 x interior edges)",
        ),
        spec(
            "cap_adjudication",
            "draw|replay-original",
            "draw",
            "challenge variant: the result at the ply cap",
        ),
        spec("commitments", "true|false", "false", "challenge variant: publish record hashes"),
    ];

    fn from_pairs(pairs: &[(String, String)]) -> Result<Self, OptionsError> {
        let mut options = Options::default();
        for (key, value) in pairs {
            options.set(key, value)?;
        }
        options.validate()?;
        Ok(options)
    }

    fn to_pairs(&self) -> Vec<(&'static str, String)> {
        vec![
            ("mode", name_of(MODES, self.mode)),
            ("board", self.board.to_string()),
            ("start", name_of(STARTS, self.start)),
            ("p2_sees_p1_start", self.p2_sees_p1_start.to_string()),
            ("first_move_onto_opponent", name_of(ONTO, self.first_move_onto_opponent)),
            ("edge_empty", self.edge_empty.to_string()),
            ("edge_empty_repeat", self.edge_empty_repeat.to_string()),
            ("juesha", self.juesha.to_string()),
            ("juesha_count_border", self.juesha_count_border.to_string()),
            ("report", name_of(REPORTS, self.report)),
            ("allow_stay", self.allow_stay.to_string()),
            ("max_waypoints", self.max_waypoints.to_string()),
            ("confirm_moves", self.confirm_moves.to_string()),
            ("assist", self.assist.to_string()),
            ("challenge_scope", name_of(SCOPES, self.challenge_scope)),
            ("window_timeout", self.window_timeout.to_string()),
            ("partition_handling", name_of(PARTITIONS, self.partition_handling)),
            ("auto_b", self.auto_b.to_string()),
            // `auto` (4 × interior edges), not the number it stands for: the number would read back
            // as an explicit cap, which is a challenge-variant option.
            ("ply_cap", self.ply_cap.map_or_else(|| "auto".to_string(), |c| c.to_string())),
            ("cap_adjudication", name_of(CAPS, self.cap_adjudication)),
            ("commitments", self.commitments.to_string()),
        ]
    }

    // Contradictory settings are refused rather than silently ignored, so a player never
    // believes a house rule is on when it cannot apply.
    fn validate(&self) -> Result<(), OptionsError> {
        let b = self.board;
        if !(Dims::MIN..=Dims::MAX).contains(&b.cols) || !(Dims::MIN..=Dims::MAX).contains(&b.rows)
        {
            let expected = Expected::Board { min: Dims::MIN, max: Dims::MAX };
            return Err(bad_value("board", &b.to_string(), expected));
        }
        if !(2..=1024).contains(&self.max_waypoints) {
            let expected = Expected::Range { min: 2, max: 1024 };
            return Err(bad_value("max_waypoints", &self.max_waypoints.to_string(), expected));
        }
        if self.assist > 2 {
            let expected = Expected::Range { min: 0, max: 2 };
            return Err(bad_value("assist", &self.assist.to_string(), expected));
        }
        if self.edge_empty_repeat && !self.edge_empty {
            return Err(conflict("edge_empty_repeat", Why::Needs(vec!["edge_empty=true".into()])));
        }
        if self.juesha_count_border && !(self.juesha && self.edge_empty) {
            let needs = vec!["juesha=true".into(), "edge_empty=true".into()];
            return Err(conflict("juesha_count_border", Why::Needs(needs)));
        }
        if !self.p2_sees_p1_start && self.start != Start::Free {
            return Err(conflict("p2_sees_p1_start", Why::OnlyWith("start=free".into())));
        }
        if !self.p2_sees_p1_start && self.mode == Mode::Challenge {
            return Err(conflict("p2_sees_p1_start", Why::PublicInChallenge));
        }
        if self.mode == Mode::Referee {
            let defaults = Options::default();
            let challenge_only = [
                ("challenge_scope", self.challenge_scope != defaults.challenge_scope),
                ("partition_handling", self.partition_handling != defaults.partition_handling),
                ("auto_b", self.auto_b != defaults.auto_b),
                ("ply_cap", self.ply_cap.is_some()),
                ("cap_adjudication", self.cap_adjudication != defaults.cap_adjudication),
                ("commitments", self.commitments != defaults.commitments),
            ];
            if let Some((key, _)) = challenge_only.iter().find(|(_, set)| *set) {
                return Err(conflict(key, Why::OnlyWith("mode=challenge".into())));
            }
        }
        Ok(())
    }
}

const fn spec(
    key: &'static str,
    values: &'static str,
    default: &'static str,
    doc: &'static str,
) -> OptionSpec {
    OptionSpec { key, values, default, doc }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::options::split_pairs;

    fn parse(text: &str) -> Result<Options, OptionsError> {
        Options::from_pairs(&split_pairs(text)?)
    }

    #[test]
    fn empty_options_are_the_spec_defaults() {
        let o = parse("").unwrap();
        assert_eq!(o, Options::default());
        assert_eq!(o.board, Dims { cols: 4, rows: 4 });
        assert_eq!(o.effective_ply_cap(), 96, "spec: ply_cap defaults to 4 x 24 on 4x4");
        assert_eq!(o.summary(), "");
    }

    #[test]
    fn every_spec_key_parses_its_default_back() {
        let defaults = Options::default();
        for (key, value) in defaults.to_pairs() {
            let o = parse(&format!("{key}={value}")).unwrap();
            assert_eq!(o, defaults, "{key}={value}");
        }
    }

    #[test]
    fn options_round_trip_through_their_pairs() {
        let o = parse(
            "mode=challenge,board=6x5,report=dir16+manhattan,partition_handling=claim,ply_cap=40,\
             commitments=true,edge_empty=true,edge_empty_repeat=true,juesha=true,\
             juesha_count_border=true,cap_adjudication=replay-original,window_timeout=2m",
        )
        .unwrap();
        let text: Vec<String> = o.to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(parse(&text.join(",")).unwrap(), o);
        assert_eq!(o.window_timeout, 120);
        assert_eq!(o.board, Dims { cols: 6, rows: 5 });
    }

    // Regression: games are stored with all their pairs and rebuilt from them at start-up; the
    // effective ply cap once came back as an explicit (challenge-only) cap and failed validation.
    #[test]
    fn every_valid_option_set_survives_a_round_trip_through_its_pairs() {
        for text in [
            "",
            "board=5x5,report=dir16",
            "start=free,p2_sees_p1_start=false,allow_stay=false",
            "mode=challenge",
            "mode=challenge,ply_cap=12,cap_adjudication=replay-original,commitments=true",
            "edge_empty=true,edge_empty_repeat=true,juesha=true,juesha_count_border=true",
        ] {
            let o = parse(text).unwrap();
            let pairs: Vec<String> = o.to_pairs().iter().map(|(k, v)| format!("{k}={v}")).collect();
            assert_eq!(parse(&pairs.join(",")).as_ref(), Ok(&o), "{text}");
        }
        assert_eq!(parse("mode=challenge,ply_cap=auto").unwrap().effective_ply_cap(), 96);
    }

    #[test]
    fn unknown_keys_bad_values_and_conflicts_are_refused_with_the_key_named() {
        let e = parse("colour=red").unwrap_err();
        assert!(matches!(&e, OptionsError::UnknownKey { key, .. } if key == "colour"), "{e}");
        for bad in ["board=1x4", "board=27x4", "board=4", "board=axb", "report=dir32", "assist=3"] {
            assert!(matches!(parse(bad), Err(OptionsError::BadValue { .. })), "{bad}");
        }
        for conflicting in [
            "edge_empty_repeat=true",
            "juesha_count_border=true,juesha=true",
            "p2_sees_p1_start=false",
            "auto_b=true",
            "mode=challenge,start=free,p2_sees_p1_start=false",
        ] {
            assert!(
                matches!(parse(conflicting), Err(OptionsError::Conflict { .. })),
                "{conflicting}"
            );
        }
    }
}
