//! What the referee sends, and every sentence it says.
//!
//! [`Outbound`] is the platform-neutral message (a chat or one user's private chat, text, an
//! optional image, buttons whose payloads carry ids only). [`Wording`] holds the Fluent bundles:
//! all user-facing text lives in `locales/<lang>/arbiter.ftl`, in English and Simplified
//! Chinese, chosen per user.

use std::collections::HashMap;
use std::fmt;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// Where a message goes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dest {
    /// A group chat (channel), by its platform id.
    Chat(String),
    /// One user's private chat with the bot, by the user's platform id.
    User(String),
}

/// An image attached to a message (the renderer fills these).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// A choice under a message. The payload carries only a game id, a turn number and a choice
/// key (never game data); the referee re-checks everything when it is pressed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Button {
    /// What the button says.
    pub label: String,
    /// What pressing it sends back, e.g. `12:7:pass` (at most 64 bytes).
    pub payload: String,
}

/// One message for a platform to deliver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outbound {
    /// The platform (`console`, `script`, `telegram`, `discord`).
    pub platform: String,
    /// The chat or user.
    pub to: Dest,
    /// The text.
    pub text: String,
    /// An optional board image.
    pub image: Option<Image>,
    /// Choices.
    pub buttons: Vec<Button>,
    /// Its id in the delivery outbox when it was saved there with the change it announces
    /// (the front end takes it out once delivered); `None` for an answer that changed nothing,
    /// which is sent at once and not kept.
    pub outbox: Option<i64>,
}

/// How a message's text, buttons and image size are kept in the outbox's `body` column.
#[derive(serde::Serialize, serde::Deserialize)]
struct Body {
    text: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    buttons: Vec<(String, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    size: Option<(u32, u32)>,
}

impl Outbound {
    /// The message as the outbox keeps it, for the game `game_id`, promised at `now_ms`.
    #[must_use]
    pub fn to_stored(&self, game_id: Option<i64>, now_ms: i64) -> crate::store::NewMessage {
        let dest = match &self.to {
            Dest::Chat(c) => format!("chat:{c}"),
            Dest::User(u) => format!("user:{u}"),
        };
        let body = Body {
            text: self.text.clone(),
            buttons: self.buttons.iter().map(|b| (b.label.clone(), b.payload.clone())).collect(),
            size: self.image.as_ref().map(|i| (i.width, i.height)),
        };
        crate::store::NewMessage {
            platform: self.platform.clone(),
            dest,
            // A struct of strings and numbers always serialises.
            body: serde_json::to_string(&body).unwrap_or_default(),
            image: self.image.as_ref().map(|i| i.png.clone()),
            game_id,
            created_at: now_ms,
        }
    }

    /// A message read back from the outbox; `None` for a row that does not parse (logged by
    /// the caller and dropped).
    #[must_use]
    pub fn from_stored(stored: &crate::store::StoredMessage) -> Option<Outbound> {
        let m = &stored.message;
        let to = match m.dest.split_once(':')? {
            ("chat", c) => Dest::Chat(c.to_string()),
            ("user", u) => Dest::User(u.to_string()),
            _ => return None,
        };
        let body: Body = serde_json::from_str(&m.body).ok()?;
        let image = match (&m.image, body.size) {
            (Some(png), Some((width, height))) => Some(Image { png: png.clone(), width, height }),
            (Some(png), None) => Some(Image { png: png.clone(), width: 0, height: 0 }),
            (None, _) => None,
        };
        Some(Outbound {
            platform: m.platform.clone(),
            to,
            text: body.text,
            image,
            buttons: body
                .buttons
                .into_iter()
                .map(|(label, payload)| Button { label, payload })
                .collect(),
            outbox: Some(stored.id),
        })
    }
}

/// A language the referee speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese.
    ZhHans,
}

impl Lang {
    /// Every language, in the order `/settings` lists them.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::ZhHans];

    /// The stored code.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
        }
    }

    /// The language for a code or platform locale (`zh-CN`, `zh`, `中文`, `en-US` …).
    #[must_use]
    pub fn from_code(code: &str) -> Option<Lang> {
        let c = code.trim().to_lowercase();
        if c == "中文"
            || c == "zh"
            || c.starts_with("zh-hans")
            || c.starts_with("zh-cn")
            || c.starts_with("zh-sg")
        {
            Some(Lang::ZhHans)
        } else if c == "en" || c.starts_with("en-") || c == "english" {
            Some(Lang::En)
        } else {
            None
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

const EN: &str = include_str!("../../locales/en/arbiter.ftl");
const ZH_HANS: &str = include_str!("../../locales/zh-Hans/arbiter.ftl");

/// The Fluent bundles of every language.
pub struct Wording {
    bundles: HashMap<Lang, FluentBundle<FluentResource>>,
}

impl fmt::Debug for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Wording").field("languages", &self.bundles.len()).finish()
    }
}

/// Arguments for a message: `&[("name", value.into())]`.
pub type Args<'a> = [(&'a str, FluentValue<'a>)];

impl Wording {
    /// Loads the bundled `.ftl` files.
    ///
    /// # Panics
    ///
    /// If a bundled file does not parse: they are compiled in, and a test parses them.
    #[must_use]
    pub fn new() -> Wording {
        let mut bundles = HashMap::new();
        for (lang, source, tag) in [(Lang::En, EN, "en"), (Lang::ZhHans, ZH_HANS, "zh-Hans")] {
            let resource = FluentResource::try_new(source.to_string())
                .unwrap_or_else(|(_, errors)| panic!("locales/{tag}/arbiter.ftl: {errors:?}"));
            let id = tag.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Unicode isolation marks would end up in chat messages and transcripts.
            bundle.set_use_isolating(false);
            bundle
                .add_resource(resource)
                .unwrap_or_else(|errors| panic!("locales/{tag}/arbiter.ftl: {errors:?}"));
            bundles.insert(lang, bundle);
        }
        Wording { bundles }
    }

    /// The message `id` in `lang` with `args`. A missing message comes back as its id (and a
    /// test checks that every id exists in every language).
    #[must_use]
    pub fn text(&self, lang: Lang, id: &str, args: &Args<'_>) -> String {
        let Some(bundle) = self.bundles.get(&lang) else { return id.to_string() };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            tracing::error!(id, lang = lang.code(), "missing message");
            return id.to_string();
        };
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, value.clone());
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        if !errors.is_empty() {
            tracing::error!(id, lang = lang.code(), ?errors, "message formatting");
        }
        text.into_owned()
    }

    /// Whether `id` exists in `lang`.
    #[must_use]
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundles.get(&lang).is_some_and(|b| b.has_message(id))
    }

    /// Every message id of a language, sorted.
    #[must_use]
    pub fn ids(lang: Lang) -> Vec<String> {
        let source = match lang {
            Lang::En => EN,
            Lang::ZhHans => ZH_HANS,
        };
        let mut ids: Vec<String> = source
            .lines()
            .filter_map(|l| {
                let (id, _) = l.split_once(" =")?;
                let first = id.chars().next()?;
                (first.is_ascii_alphabetic() && !id.contains(' ')).then(|| id.to_string())
            })
            .collect();
        ids.sort();
        ids
    }
}

impl Default for Wording {
    fn default() -> Self {
        Wording::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_defines_the_same_messages() {
        let en = Wording::ids(Lang::En);
        assert!(en.len() > 50, "only {} messages found", en.len());
        assert_eq!(en, Wording::ids(Lang::ZhHans), "en and zh-Hans define different ids");
        let w = Wording::new();
        for id in &en {
            for lang in Lang::ALL {
                assert!(w.has(lang, id), "{id} missing in {lang}");
            }
        }
    }

    #[test]
    fn platform_locales_map_to_our_languages() {
        assert_eq!(Lang::from_code("zh-CN"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_code("zh-Hans"), Some(Lang::ZhHans));
        assert_eq!(Lang::from_code("en-US"), Some(Lang::En));
        assert_eq!(Lang::from_code("fr"), None);
    }

    #[test]
    fn messages_format_without_isolation_marks() {
        let w = Wording::new();
        let text = w.text(Lang::En, "err-unknown-command", &[("command", "fly".into())]);
        assert!(text.contains("/fly") && !text.contains('\u{2068}'), "{text}");
    }
}
