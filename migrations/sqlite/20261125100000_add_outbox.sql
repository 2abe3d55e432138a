-- The delivery outbox (docs/referee.md, "Delivery"): every message the referee promises for an
-- action is written here in the same transaction as the action, and deleted once its platform
-- has taken it. A row still here after a crash is sent on the next start (at least once).
-- `dest` is `chat:<id>` or `user:<id>`; `body` is JSON (text, buttons, image size); `image` the
-- PNG bytes of a board, when the message has one; `created_at` unix milliseconds, for the age
-- limit past which an undeliverable message is dropped. No index besides the id: rows are read
-- only at start (in id order), and every index would be one more write per message.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    platform TEXT NOT NULL,
    dest TEXT NOT NULL,
    body TEXT NOT NULL,
    image BLOB,
    game_id INTEGER,
    created_at INTEGER NOT NULL
);
