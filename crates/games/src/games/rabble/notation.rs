//! The chat notation of a turn (spec §10.2) and its canonical form.
//!
//! ```text
//! turn    := unitref step+ | drop | "pass draw" | "pass accept" | "pick" (4 kinds | "default")
//! unitref := [kind] coord [ "/" subset ]
//! step    := ">" coord | "x" coord | "&" coord | ("z+"|"z-")["&"] | "d"N("+"|"-")["&"] | "=" kind
//! drop    := "drop" kind ("@"|"&") coord ["=" kind] | kind "*" coord | kind "*&" coord
//! ```
//!
//! A bare `x,y` destination is in the acting unit's current layer (after any jump written
//! before it). `>a>b`, `>a xb` and `>a &b` give a queen's waypoint `a`.

use serde::{Deserialize, Serialize};

use super::board::Kind;
use super::coord::{Coord, CoordError, Layer, excerpt};
use super::int::Int;

/// One step of a unit turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// MOVE to an empty square (queen: optionally via a waypoint).
    Move {
        /// Destination.
        to: Coord,
        /// Queen waypoint.
        via: Option<Coord>,
    },
    /// CAPTURE the enemy unit on `to`.
    Capture {
        /// Destination.
        to: Coord,
        /// Queen waypoint.
        via: Option<Coord>,
    },
    /// MOVE onto a friendly unit and STACK.
    Stack {
        /// Destination.
        to: Coord,
        /// Queen waypoint.
        via: Option<Coord>,
    },
    /// JUMP3: z ± 1, stacking when `stack`.
    Jump3 {
        /// +1 or −1.
        up: bool,
        /// Landing on a friendly unit.
        stack: bool,
    },
    /// JUMPH: dimension `dim` ≥ 4 changes by ±1.
    JumpH {
        /// The dimension, any number from 4 up.
        dim: Int,
        /// +1 or −1.
        up: bool,
        /// Landing on a friendly unit.
        stack: bool,
    },
    /// PROMOTE one pawn of the acting unit.
    Promote(Kind),
}

/// A whole turn.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A selection pick: four kinds for a group, or the four uniques; empty = the default.
    Pick(Vec<Kind>),
    /// Act with the unit (or a split part of it) on `from`.
    Unit {
        /// The acting unit's square.
        from: Coord,
        /// Optional piece letter the unit must hold (a typo check).
        check: Option<Kind>,
        /// SPLIT: the part that acts.
        split: Option<Vec<Kind>>,
        /// The steps, in order.
        steps: Vec<Step>,
    },
    /// DROP (僱傭打入) a hired piece.
    Drop {
        /// What is hired.
        kind: Kind,
        /// Where.
        to: Coord,
        /// Onto a friendly unit.
        stack: bool,
        /// Promote the dropped pawn at once.
        promote: Option<Kind>,
    },
    /// Pass and offer a draw.
    OfferDraw,
    /// Pass and accept the draw just offered.
    AcceptDraw,
}

/// Why a turn could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// A bad coordinate.
    #[error(transparent)]
    Coord(#[from] CoordError),
    /// Anything else.
    #[error("cannot read `{text}`: {why}")]
    Syntax {
        /// The input.
        text: String,
        /// Which mistake, for the table's wording (`rb-err-syntax-<key>`).
        key: &'static str,
        /// The part of the input the mistake is about, when the wording names it.
        detail: String,
        /// What went wrong, in English, for tools and logs.
        why: String,
    },
}

/// A mistake in `text`, which the refusal repeats cut to its first characters ([`excerpt`]).
fn syntax(text: &str, key: &'static str, why: &str) -> NotationError {
    NotationError::Syntax { text: excerpt(text), key, detail: String::new(), why: why.to_string() }
}

/// Reads a turn. Bare destinations resolve against the acting unit's layer as it moves.
///
/// # Errors
/// A [`NotationError`] naming the problem.
pub fn parse(text: &str) -> Result<Action, NotationError> {
    let original = text.trim();
    let lower = original.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.as_slice() {
        ["pass", "draw"] | ["提和"] | ["和棋"] => return Ok(Action::OfferDraw),
        ["pass", "accept"] | ["同意和棋"] | ["接受"] => return Ok(Action::AcceptDraw),
        ["pass"] => {
            return Err(syntax(
                original,
                "pass",
                "a pass is only for a draw: `pass draw` offers one, `pass accept` takes the one just offered",
            ));
        }
        ["pick", "default"] | ["pick-default"] | ["選", "默認"] => {
            return Ok(Action::Pick(Vec::new()));
        }
        // `pick R N B C`, `選RNBC`, or `pick-RNBC` in one word, as a button's payload carries it.
        [word] if word.starts_with("pick-") => return pick(&word["pick-".len()..], original),
        ["pick", rest @ ..] | ["選", rest @ ..] => return pick(&rest.concat(), original),
        _ => {}
    }
    let s: String = original
        .replace("打入", "drop ")
        .replace("躍遷", "")
        .replace('走', ">")
        .replace('吃', "x")
        .replace('疊', "&")
        .replace(['升', '＝'], "=")
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    let s = s.to_lowercase();
    if let Some(rest) = s.strip_prefix("drop") {
        return parse_drop(original, rest);
    }
    let chars: Vec<char> = s.chars().collect();
    if chars.len() >= 2 && chars[1] == '*' {
        let kind = Kind::from_char(chars[0]).ok_or_else(|| unknown_hire(original, chars[0]))?;
        let rest: String = chars[2..].iter().collect();
        let (stack, rest) = match rest.strip_prefix('&') {
            Some(r) => (true, r.to_string()),
            None => (false, rest),
        };
        return finish_drop(original, kind, stack, &rest);
    }
    parse_unit(original, &chars)
}

/// A pick from its four piece letters (`RNBC`, spaces already removed).
fn pick(letters: &str, original: &str) -> Result<Action, NotationError> {
    let kinds: Option<Vec<Kind>> = letters.chars().map(Kind::from_char).collect();
    match kinds {
        Some(k) if k.len() == 4 => Ok(Action::Pick(k)),
        _ => Err(syntax(original, "pick", "a pick is four piece letters, e.g. `pick R N B C`")),
    }
}

/// A drop naming a piece the notation does not know (`drop X@7,9`, `drop 象@7,9`): the
/// refusal's wording lists the pieces that can be hired, by letter and by Chinese name.
fn unknown_hire(original: &str, c: char) -> NotationError {
    let shown = c.to_uppercase().to_string();
    NotationError::Syntax {
        text: excerpt(original),
        key: "drop-piece",
        detail: shown.clone(),
        why: format!(
            "`{shown}` names no piece; the pieces that can be hired are {}",
            Kind::hired_codes()
        ),
    }
}

fn parse_drop(original: &str, rest: &str) -> Result<Action, NotationError> {
    let mut chars = rest.chars();
    let kind = match chars.next() {
        Some(c) if !(c.is_ascii_digit() || matches!(c, '@' | '&' | '(' | '-' | '=')) => {
            Kind::from_char(c).ok_or_else(|| unknown_hire(original, c))?
        }
        _ => {
            return Err(syntax(
                original,
                "drop",
                "write `drop P@x,y` (the kind, then @ or &, then the square)",
            ));
        }
    };
    let rest: String = chars.collect();
    let (stack, rest) = if let Some(r) = rest.strip_prefix('@') {
        (false, r)
    } else if let Some(r) = rest.strip_prefix('&') {
        (true, r)
    } else {
        return Err(syntax(
            original,
            "drop-sign",
            "after the kind write @ for an empty square or & to stack on your own unit",
        ));
    };
    finish_drop(original, kind, stack, rest)
}

fn finish_drop(
    original: &str,
    kind: Kind,
    stack: bool,
    rest: &str,
) -> Result<Action, NotationError> {
    let (coord, promote) = match rest.split_once('=') {
        Some((c, p)) if !c.contains('(') || c.ends_with(')') => {
            let mut pc = p.chars();
            let k = pc
                .next()
                .and_then(Kind::from_char)
                .ok_or_else(|| syntax(original, "promotion-letter", "unknown promotion letter"))?;
            if pc.next().is_some() {
                return Err(syntax(
                    original,
                    "drop-promotion",
                    "nothing may follow the promotion of a dropped pawn",
                ));
            }
            (c, Some(k))
        }
        _ => (rest, None),
    };
    Ok(Action::Drop { kind, to: Coord::parse(coord)?, stack, promote })
}

/// Reads a coordinate starting at `i`; returns it, whether it was bare (two entries), and the
/// index after it.
fn read_coord(
    original: &str,
    chars: &[char],
    mut i: usize,
) -> Result<(Coord, bool, usize), NotationError> {
    let start = i;
    if chars.get(i) == Some(&'(') {
        while i < chars.len() && chars[i] != ')' {
            i += 1;
        }
        if i == chars.len() {
            return Err(syntax(original, "parenthesis", "unclosed parenthesis"));
        }
        i += 1;
    } else {
        while let Some(&c) = chars.get(i) {
            let negative_sign = c == '-' && (i == start || chars[i - 1] == ',');
            // ω is read too, so that the coordinate's own error says why it is refused.
            if c.is_ascii_digit() || c == ',' || negative_sign || c == 'ω' || c == 'Ω' {
                i += 1;
            } else {
                break;
            }
        }
    }
    let text: String = chars[start..i].iter().collect();
    if text.is_empty() {
        return Err(syntax(original, "square-missing", "a square is missing"));
    }
    let inner = text.trim_start_matches('(').trim_end_matches(')');
    let bare = !inner.contains(['—', ';']) && inner.split(',').count() == 2;
    Ok((Coord::parse(&text)?, bare, i))
}

fn parse_unit(original: &str, chars: &[char]) -> Result<Action, NotationError> {
    let mut i = 0;
    let mut check = None;
    if let Some(&c) = chars.first()
        && let Some(k) = Kind::from_char(c)
        && !c.is_ascii_digit()
    {
        check = Some(k);
        i = 1;
    }
    let (from, _, next) = read_coord(original, chars, i)?;
    i = next;
    let mut split = None;
    if chars.get(i) == Some(&'/') {
        i += 1;
        let mut kinds = Vec::new();
        while let Some(&c) = chars.get(i) {
            if let Some(n) = c.to_digit(10) {
                let k = chars.get(i + 1).and_then(|c| Kind::from_char(*c)).ok_or_else(|| {
                    syntax(original, "count", "a count must be followed by a piece letter")
                })?;
                kinds.extend(std::iter::repeat_n(k, n as usize));
                i += 2;
            } else if let Some(k) = Kind::from_char(c) {
                kinds.push(k);
                i += 1;
            } else {
                break;
            }
        }
        if kinds.is_empty() {
            return Err(syntax(
                original,
                "split",
                "after / name the pieces that split off, e.g. /2P or /PN",
            ));
        }
        kinds.sort_unstable();
        split = Some(kinds);
    }
    let mut layer: Layer = from.layer.clone();
    let mut steps = Vec::new();
    let resolve = |c: Coord, bare: bool, layer: &Layer| {
        if bare { Coord { layer: layer.clone(), ..c } } else { c }
    };
    let mut pending_via: Option<Coord> = None;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '>' | 'x' | '&' | '-' => {
                let (to, bare, next) = read_coord(original, chars, i)?;
                i = next;
                let to = resolve(to, bare, &layer);
                layer = to.layer.clone();
                let follows = matches!(chars.get(i), Some('>' | 'x' | '&'));
                if matches!(c, '>' | '-') && follows && pending_via.is_none() {
                    pending_via = Some(to);
                    continue;
                }
                let via = pending_via.take();
                steps.push(match c {
                    'x' => Step::Capture { to, via },
                    '&' => Step::Stack { to, via },
                    _ => Step::Move { to, via },
                });
            }
            'z' => {
                let up = match chars.get(i) {
                    Some('+') => true,
                    Some('-') => false,
                    _ => return Err(syntax(original, "layer-jump", "a layer jump is z+ or z-")),
                };
                i += 1;
                let stack = chars.get(i) == Some(&'&');
                if stack {
                    i += 1;
                }
                layer.z = &layer.z + if up { 1 } else { -1 };
                steps.push(Step::Jump3 { up, stack });
            }
            'd' => {
                let start = i;
                while chars.get(i).is_some_and(char::is_ascii_digit) {
                    i += 1;
                }
                if start == i {
                    return Err(syntax(
                        original,
                        "dim-jump",
                        "a dimension jump is d<N>+ or d<N>- with N ≥ 4",
                    ));
                }
                // Any number of digits: the dimension is exact at any size.
                let dim = chars[start..i]
                    .iter()
                    .collect::<String>()
                    .parse::<Int>()
                    .ok()
                    .filter(|d| *d >= 4)
                    .ok_or_else(|| {
                        syntax(
                            original,
                            "dim-range",
                            "dimension jumps use dimensions 4 and up (z is `z+`/`z-`)",
                        )
                    })?;
                let up = match chars.get(i) {
                    Some('+') => true,
                    Some('-') => false,
                    _ => {
                        return Err(syntax(
                            original,
                            "dim-sign",
                            "a dimension jump ends in + or -",
                        ));
                    }
                };
                i += 1;
                let stack = chars.get(i) == Some(&'&');
                if stack {
                    i += 1;
                }
                let probe = Coord { x: Int::ZERO, y: Int::ZERO, layer: layer.clone() };
                let v = probe.dim(&dim) + if up { 1 } else { -1 };
                layer = probe.with_dim(&dim, v).layer;
                steps.push(Step::JumpH { dim, up, stack });
            }
            '=' => {
                let k = chars.get(i).and_then(|c| Kind::from_char(*c)).ok_or_else(|| {
                    syntax(original, "promotion", "= must be followed by N, R, B or C")
                })?;
                i += 1;
                steps.push(Step::Promote(k));
            }
            _ => {
                return Err(NotationError::Syntax {
                    text: excerpt(original),
                    key: "unexpected",
                    detail: c.to_string(),
                    why: format!("unexpected `{c}`"),
                });
            }
        }
    }
    if pending_via.is_some() {
        return Err(syntax(original, "waypoint", "a waypoint needs a destination after it"));
    }
    if steps.is_empty() {
        return Err(syntax(
            original,
            "no-step",
            "say what the unit does, e.g. `7,6x7,8`, `7,6,2 z-` or `9,1/2P >9,3`",
        ));
    }
    Ok(Action::Unit { from, check, split, steps })
}

/// The canonical text of a turn (full coordinates), which [`parse`] reads back.
#[must_use]
pub fn format(action: &Action) -> String {
    match action {
        Action::Pick(kinds) if kinds.is_empty() => "pick default".to_string(),
        Action::Pick(kinds) => {
            let letters: Vec<String> = kinds.iter().map(|k| k.letter().to_string()).collect();
            format!("pick {}", letters.join(" "))
        }
        Action::OfferDraw => "pass draw".to_string(),
        Action::AcceptDraw => "pass accept".to_string(),
        Action::Drop { kind, to, stack, promote } => {
            let mut s = format!("drop {}{}{}", kind.letter(), if *stack { '&' } else { '@' }, to);
            if let Some(p) = promote {
                s.push('=');
                s.push(p.letter());
            }
            s
        }
        Action::Unit { from, check, split, steps } => {
            let mut s = String::new();
            if let Some(k) = check {
                s.push(k.letter());
            }
            s.push_str(&from.to_string());
            if let Some(kinds) = split {
                s.push('/');
                s.extend(kinds.iter().map(|k| k.letter()));
            }
            for step in steps {
                s.push_str(&format_step(step));
            }
            s
        }
    }
}

fn format_step(step: &Step) -> String {
    let via = |v: &Option<Coord>| v.as_ref().map(|c| format!(">{c}")).unwrap_or_default();
    match step {
        Step::Move { to, via: v } => format!("{}>{to}", via(v)),
        Step::Capture { to, via: v } => format!("{}x{to}", via(v)),
        Step::Stack { to, via: v } => format!("{}&{to}", via(v)),
        Step::Jump3 { up, stack } => {
            format!(" z{}{}", if *up { '+' } else { '-' }, if *stack { "&" } else { "" })
        }
        Step::JumpH { dim, up, stack } => {
            format!(" d{dim}{}{}", if *up { '+' } else { '-' }, if *stack { "&" } else { "" })
        }
        Step::Promote(k) => format!("={}", k.letter()),
    }
}
