//! Configuration: `config.toml` (or `--config PATH`), every key overridable by an environment
//! variable. `config.example.toml` documents every key.

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;

/// The whole configuration.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// The SQLite file (env `ARBITER_DATABASE`).
    pub database: PathBuf,
    /// The console table.
    pub console: ConsoleConfig,
}

/// The console table's start.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct ConsoleConfig {
    /// The first user (env `ARBITER_CONSOLE_USER`).
    pub user: String,
    /// The first channel (env `ARBITER_CONSOLE_CHANNEL`).
    pub channel: String,
    /// The console users' language, `en` or `zh-Hans` (env `ARBITER_CONSOLE_LOCALE`).
    pub locale: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config { database: PathBuf::from("arbiter.db"), console: ConsoleConfig::default() }
    }
}

impl Default for ConsoleConfig {
    fn default() -> Self {
        ConsoleConfig { user: "alice".into(), channel: "#table".into(), locale: None }
    }
}

impl Config {
    /// Reads `path` (which must exist), or `config.toml` when present, or the defaults; then
    /// applies environment overrides through `env` (a lookup, so tests need not touch the
    /// process environment).
    ///
    /// # Errors
    ///
    /// The file cannot be read or has unknown keys or bad values.
    pub fn load(
        path: Option<&Path>,
        env: impl Fn(&str) -> Option<String>,
    ) -> anyhow::Result<Config> {
        let default_path = Path::new("config.toml");
        let file = match path {
            Some(p) => Some(p),
            None if default_path.exists() => Some(default_path),
            None => None,
        };
        let mut config = match file {
            Some(p) => {
                let text = std::fs::read_to_string(p)
                    .with_context(|| format!("reading {}", p.display()))?;
                toml::from_str(&text).with_context(|| format!("in {}", p.display()))?
            }
            None => Config::default(),
        };
        if let Some(db) = env("ARBITER_DATABASE").filter(|v| !v.is_empty()) {
            config.database = PathBuf::from(db);
        }
        if let Some(user) = env("ARBITER_CONSOLE_USER").filter(|v| !v.is_empty()) {
            config.console.user = user;
        }
        if let Some(channel) = env("ARBITER_CONSOLE_CHANNEL").filter(|v| !v.is_empty()) {
            config.console.channel = channel;
        }
        if let Some(locale) = env("ARBITER_CONSOLE_LOCALE").filter(|v| !v.is_empty()) {
            config.console.locale = Some(locale);
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_config_is_the_defaults_and_parses_with_every_key() {
        let example = include_str!("../config.example.toml");
        let parsed: Config = toml::from_str(example).unwrap();
        assert_eq!(parsed, Config::default());
    }

    #[test]
    fn environment_overrides_the_file_and_unknown_keys_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(&path, "database = \"a.db\"\n[console]\nuser = \"zoe\"\n").unwrap();
        let env = |k: &str| (k == "ARBITER_DATABASE").then(|| "b.db".to_string());
        let c = Config::load(Some(&path), env).unwrap();
        assert_eq!(c.database, PathBuf::from("b.db"));
        assert_eq!(c.console.user, "zoe");
        std::fs::write(&path, "databse = \"a.db\"\n").unwrap();
        assert!(Config::load(Some(&path), |_| None).is_err());
        assert!(Config::load(Some(&dir.path().join("missing.toml")), |_| None).is_err());
    }
}
