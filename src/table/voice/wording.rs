//! The Fluent wording, private to the voice: the bundles of every language
//! (`locales/<lang>/arbiter.ftl`), looked up along each language's fallback chain. Only the
//! voice's own modules may word a message (`pub(super)`), so no deciding code
//! can reach a sentence but through a voice function.

use std::collections::HashMap;
use std::fmt;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use crate::table::reply::Lang;

const EN: &str = include_str!("../../../locales/en/arbiter.ftl");
const ZH_HANS: &str = include_str!("../../../locales/zh-Hans/arbiter.ftl");
const ZH_HANT: &str = include_str!("../../../locales/zh-Hant/arbiter.ftl");

/// The bundled source of a language's messages.
fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::En => EN,
        Lang::ZhHans => ZH_HANS,
        Lang::ZhHant => ZH_HANT,
    }
}

/// The Fluent bundles of every language.
pub(crate) struct Wording {
    bundles: HashMap<Lang, FluentBundle<FluentResource>>,
}

impl fmt::Debug for Wording {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Wording").field("languages", &self.bundles.len()).finish()
    }
}

/// Arguments for a message: `&[("name", value.into())]`.
pub(super) type Args<'a> = [(&'a str, FluentValue<'a>)];

impl Wording {
    /// Loads the bundled `.ftl` files.
    ///
    /// # Panics
    ///
    /// If a bundled file does not parse: they are compiled in, and a test parses them.
    #[must_use]
    pub(super) fn new() -> Wording {
        Wording::from_sources(source)
    }

    /// Bundles from other sources (tests).
    fn from_sources(source: impl Fn(Lang) -> &'static str) -> Wording {
        let mut bundles = HashMap::new();
        for lang in Lang::ALL {
            let tag = lang.code();
            let resource = FluentResource::try_new(source(lang).to_string())
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

    /// The message `id` in `lang` with `args`, looked up along the language's fallback chain
    /// ([`Lang::chain`]). A message missing everywhere comes back as its id (and a test checks
    /// that every id exists in every language).
    #[must_use]
    pub(super) fn text(&self, lang: Lang, id: &str, args: &Args<'_>) -> String {
        let found = lang.chain().iter().find_map(|l| {
            let bundle = self.bundles.get(l)?;
            Some((bundle, bundle.get_message(id)?.value()?))
        });
        let Some((bundle, pattern)) = found else {
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
    pub(super) fn has(&self, lang: Lang, id: &str) -> bool {
        self.bundles.get(&lang).is_some_and(|b| b.has_message(id))
    }

    /// Every message id of a language, sorted.
    #[must_use]
    pub(super) fn ids(lang: Lang) -> Vec<String> {
        let mut ids: Vec<String> = source(lang)
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

/// The bundled wording, loaded once: the Fluent files are compiled in and never change, so one
/// shared copy serves the referee and the helpers that word captions and durations without a
/// referee at hand.
#[must_use]
pub(super) fn wording() -> &'static Wording {
    static WORDING: std::sync::LazyLock<Wording> = std::sync::LazyLock::new(Wording::new);
    &WORDING
}

/// The message `id` in `lang` with `args`, from the bundled [`wording`].
#[must_use]
pub(super) fn say(lang: Lang, id: &str, args: &Args<'_>) -> String {
    wording().text(lang, id, args)
}

/// The words images draw ([`crate::render::LABELS`]) in `lang`, from the `img-*` messages
/// (worded once per language, then copied into each picture's theme).
#[must_use]
pub fn image_labels(lang: Lang) -> crate::render::Labels {
    static LABELS: std::sync::LazyLock<HashMap<Lang, crate::render::Labels>> =
        std::sync::LazyLock::new(|| {
            Lang::ALL
                .into_iter()
                .map(|lang| {
                    let labels = crate::render::Labels::from_fn(|id, names| {
                        let slots: Vec<(&str, FluentValue<'_>)> = names
                            .iter()
                            .map(|n| (*n, FluentValue::from(format!("{{{n}}}"))))
                            .collect();
                        say(lang, id, &slots)
                    });
                    (lang, labels)
                })
                .collect()
        });
    LABELS.get(&lang).cloned().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_defines_the_same_messages() {
        let en = Wording::ids(Lang::En);
        assert!(en.len() > 50, "only {} messages found", en.len());
        assert_eq!(en, Wording::ids(Lang::ZhHans), "en and zh-Hans define different ids");
        assert_eq!(en, Wording::ids(Lang::ZhHant), "en and zh-Hant define different ids");
        let w = Wording::new();
        for id in &en {
            for lang in Lang::ALL {
                assert!(w.has(lang, id), "{id} missing in {lang}");
            }
        }
    }

    /// The `{ $name }` arguments a message of `source` uses.
    fn arguments(source: &str) -> HashMap<String, Vec<String>> {
        let mut out = HashMap::new();
        let text: Vec<&str> = source.lines().collect();
        let mut current: Option<String> = None;
        for line in text {
            if let Some((id, _)) = line.split_once(" =") {
                if id.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) && !id.contains(' ') {
                    current = Some(id.to_string());
                }
            } else if !line.starts_with(' ') {
                current = None;
            }
            let Some(id) = &current else { continue };
            let entry: &mut Vec<String> = out.entry(id.clone()).or_default();
            let mut rest = line;
            while let Some(at) = rest.find("$") {
                let name: String = rest[at + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                    .collect();
                entry.push(name);
                rest = &rest[at + 1..];
            }
        }
        for names in out.values_mut() {
            names.sort();
            names.dedup();
        }
        out
    }

    #[test]
    fn every_message_takes_the_same_arguments_in_every_language() {
        let en = arguments(EN);
        for lang in [Lang::ZhHans, Lang::ZhHant] {
            let other = arguments(source(lang));
            for (id, names) in &en {
                assert_eq!(other.get(id), Some(names), "{id}: arguments differ in {lang}");
            }
        }
    }

    #[test]
    fn a_message_missing_in_traditional_chinese_falls_back_to_simplified_then_english() {
        assert_eq!(Lang::ZhHant.chain(), [Lang::ZhHant, Lang::ZhHans, Lang::En]);
        assert_eq!(Lang::ZhHans.chain(), [Lang::ZhHans, Lang::En]);
        let w = Wording::from_sources(|lang| match lang {
            Lang::En => "a = A\nb = B\nc = C\n",
            Lang::ZhHans => "a = 甲\nb = 乙\n",
            Lang::ZhHant => "a = 甲甲\n",
        });
        let said = |lang, id| w.text(lang, id, &[]);
        assert_eq!(
            [said(Lang::ZhHant, "a"), said(Lang::ZhHant, "b"), said(Lang::ZhHant, "c")],
            ["甲甲", "乙", "C"]
        );
        assert_eq!([said(Lang::ZhHans, "a"), said(Lang::ZhHans, "c")], ["甲", "C"]);
        assert_eq!(said(Lang::ZhHant, "d"), "d", "a message missing everywhere names its id");
        let w = Wording::new();
        let hant = w.text(Lang::ZhHant, "help-resign", &[]);
        let hans = w.text(Lang::ZhHans, "help-resign", &[]);
        assert!(hant.contains('認') && hans.contains('认'), "{hant} / {hans}");
    }

    #[test]
    fn the_renderers_english_labels_are_the_english_messages_and_every_label_is_drawable() {
        assert_eq!(image_labels(Lang::En), crate::render::Labels::default());
        for lang in Lang::ALL {
            let labels = image_labels(lang);
            for (id, _, args) in crate::render::LABELS {
                let text = labels.get(id);
                for arg in *args {
                    assert!(text.contains(&format!("{{{arg}}}")), "{lang} {id}: no slot {arg}");
                }
                let filled = labels.fill(id, &args.iter().map(|a| (*a, "7")).collect::<Vec<_>>());
                assert!(
                    filled.chars().all(|c| c == ' ' || crate::render::can_draw(c)),
                    "{lang} {id}: {filled:?} has characters the bundled font lacks"
                );
            }
        }
    }

    #[test]
    fn messages_format_without_isolation_marks() {
        let w = Wording::new();
        let text = w.text(Lang::En, "err-unknown-command", &[("command", "fly".into())]);
        assert!(text.contains("/fly") && !text.contains('\u{2068}'), "{text}");
    }
}
