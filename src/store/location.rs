//! Where the store lives: a SQLite file (the embedded default) or a PostgreSQL database
//! (docs/scale.md), as `database = …`, `ARBITER_DATABASE` and every `--db` name it.

use std::path::{Path, PathBuf};

/// A database to open: parsed from a path, a `sqlite:` URL or a `postgres://` URL.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file (created when missing).
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://` or `postgresql://`, as libpq takes it).
    Postgres(String),
}

impl Location {
    /// Parses `text`: `postgres://…` and `postgresql://…` name PostgreSQL; `sqlite://PATH`,
    /// `sqlite:PATH` and a bare path name a SQLite file. Errs on an empty text or a URL of
    /// another database, which would otherwise be taken for a file name.
    ///
    /// # Errors
    ///
    /// A sentence saying what is wrong.
    pub fn parse(text: &str) -> Result<Location, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("the database is empty: give a file path or a postgres:// URL".into());
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Location::Postgres(text.to_string()));
        }
        if let Some(path) = text.strip_prefix("sqlite://").or_else(|| text.strip_prefix("sqlite:"))
        {
            // sqlx's own `sqlite:` URLs may carry options after `?`; a path here is a path.
            let path = path.split('?').next().unwrap_or(path);
            if path.is_empty() {
                return Err(format!("`{text}` names no file"));
            }
            return Ok(Location::Sqlite(PathBuf::from(path)));
        }
        if let Some((scheme, _)) = text.split_once("://") {
            return Err(format!(
                "`{scheme}://` is not a database arbiter keeps games in: use a SQLite file path \
                 or a postgres:// URL"
            ));
        }
        Ok(Location::Sqlite(PathBuf::from(text)))
    }

    /// The SQLite file, if this is one.
    #[must_use]
    pub fn sqlite_path(&self) -> Option<&Path> {
        match self {
            Location::Sqlite(path) => Some(path),
            Location::Postgres(_) => None,
        }
    }

    /// Whether this is a PostgreSQL database.
    #[must_use]
    pub fn is_postgres(&self) -> bool {
        matches!(self, Location::Postgres(_))
    }
}

impl From<&Path> for Location {
    fn from(path: &Path) -> Self {
        Location::Sqlite(path.to_path_buf())
    }
}

impl From<PathBuf> for Location {
    fn from(path: PathBuf) -> Self {
        Location::Sqlite(path)
    }
}

impl std::str::FromStr for Location {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Location::parse(s)
    }
}

/// The file's path, or the URL with its password replaced by `***` (logs and error messages
/// show this).
impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(path) => write!(f, "{}", path.display()),
            Location::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
            Location::Postgres(url) => f.debug_tuple("Postgres").field(&redact(url)).finish(),
        }
    }
}

impl<'de> serde::Deserialize<'de> for Location {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Location::parse(&text).map_err(serde::de::Error::custom)
    }
}

impl serde::Serialize for Location {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Location::Sqlite(path) => serializer.serialize_str(&path.to_string_lossy()),
            Location::Postgres(url) => serializer.serialize_str(url),
        }
    }
}

/// `url` with the password of its user part (`user:password@`) and any `password=` parameter
/// replaced by `***`.
fn redact(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
    let (authority_end, _) =
        rest.char_indices().find(|(_, c)| matches!(c, '/' | '?')).unwrap_or((rest.len(), ' '));
    let (authority, tail) = rest.split_at(authority_end);
    let authority = match authority.rsplit_once('@') {
        Some((user, host)) => match user.split_once(':') {
            Some((name, _)) => format!("{name}:***@{host}"),
            None => authority.to_string(),
        },
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_sqlite_urls_name_files_and_postgres_urls_name_servers() {
        assert_eq!(Location::parse("a.db"), Ok(Location::Sqlite("a.db".into())));
        assert_eq!(
            Location::parse("/data/arbiter.db"),
            Ok(Location::Sqlite("/data/arbiter.db".into()))
        );
        assert_eq!(Location::parse("sqlite:a.db"), Ok(Location::Sqlite("a.db".into())));
        assert_eq!(
            Location::parse("sqlite://x/a.db?mode=rwc"),
            Ok(Location::Sqlite("x/a.db".into()))
        );
        assert_eq!(
            Location::parse("postgres://u@h/db"),
            Ok(Location::Postgres("postgres://u@h/db".into()))
        );
        assert!(Location::parse("postgresql://h/db").is_ok_and(|l| l.is_postgres()));
    }

    #[test]
    fn an_empty_text_or_another_databases_url_is_refused_with_a_reason() {
        assert!(Location::parse("  ").unwrap_err().contains("empty"));
        assert!(Location::parse("mysql://h/db").unwrap_err().contains("mysql://"));
        assert!(Location::parse("sqlite:").unwrap_err().contains("no file"));
    }

    #[test]
    fn a_shown_url_hides_its_password() {
        let shown =
            Location::parse("postgres://bot:s3cret@db:5432/arbiter?password=x&sslmode=require")
                .unwrap()
                .to_string();
        assert_eq!(shown, "postgres://bot:***@db:5432/arbiter?password=***&sslmode=require");
        assert!(
            !format!("{:?}", Location::parse("postgres://bot:s3cret@db/a").unwrap())
                .contains("s3cret")
        );
        assert_eq!(Location::parse("postgres://db/a").unwrap().to_string(), "postgres://db/a");
    }
}
