-- The daily digest, vacations and linked accounts (docs/community.md).
--
-- `digest_at`: when the user's next daily digest is due (unix seconds); NULL when they have
-- not asked for one (`/settings digest=on|off`).
ALTER TABLE users ADD COLUMN digest_at INTEGER;
-- A vacation (`/vacation N`): from when, until when (NULL when none is running). Days taken are
-- charged to `vacation_year` (the UTC year the vacation began) in `vacation_used`, in whole
-- days; a vacation ended early gives back the days it did not begin.
ALTER TABLE users ADD COLUMN vacation_from INTEGER;
ALTER TABLE users ADD COLUMN vacation_until INTEGER;
ALTER TABLE users ADD COLUMN vacation_year INTEGER NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN vacation_used INTEGER NOT NULL DEFAULT 0;
-- Accounts linked across platforms (`/link`): every identity of one person carries the same
-- key (`<platform>:<user id>` of the identity that first issued a code). NULL: not linked.
ALTER TABLE users ADD COLUMN account TEXT;
CREATE INDEX users_digest_due ON users (digest_at) WHERE digest_at IS NOT NULL;
CREATE INDEX users_account ON users (account) WHERE account IS NOT NULL;
-- One-time link codes (`/link` gives one; `/link CODE` from another identity uses it).
CREATE TABLE link_codes (
    code       TEXT PRIMARY KEY,
    platform   TEXT NOT NULL,
    user_id    TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
