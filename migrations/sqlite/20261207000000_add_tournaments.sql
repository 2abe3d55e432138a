-- Tournaments (`/tournament`, docs/community.md "Tournaments"; issue 44). A tournament belongs to
-- one chat (`chat_id`, `topic`); at most one is unfinished there at a time. `format`:
-- 'roundrobin' (Berger tables, `double_rr` for two cycles) or 'swiss' (FIDE Dutch, `rounds`
-- rounds). `round` is the round now being played (0 before the start); a round is paired once:
-- the UPDATE that moves `round` on from the value read is in the transaction that creates the
-- round's games, so of two instances pairing the same round the second changes nothing.
-- `kind`, `options`, `clock`, `rated`: every game's terms, as a game row keeps them. `seed` draws
-- the first colour and each game's start. `starts_at`: when an open tournament starts by itself.
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    platform     TEXT    NOT NULL,
    chat_id      TEXT    NOT NULL,
    topic        INTEGER,
    community    TEXT    NOT NULL,
    parent_chat  TEXT,
    kind         TEXT    NOT NULL,
    options      TEXT    NOT NULL,
    clock        TEXT    NOT NULL,
    format       TEXT    NOT NULL CHECK (format IN ('roundrobin', 'swiss')),
    rounds       INTEGER NOT NULL,
    double_rr    INTEGER NOT NULL CHECK (double_rr IN (0, 1)),
    max_players  INTEGER NOT NULL,
    rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
    starts_at    INTEGER,
    status       TEXT    NOT NULL CHECK (status IN ('open', 'running', 'over')),
    round        INTEGER NOT NULL DEFAULT 0,
    seed         INTEGER NOT NULL,
    locale       TEXT    NOT NULL,
    created_by   TEXT    NOT NULL,
    creator_name TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    ended_at     INTEGER
);
CREATE UNIQUE INDEX tournaments_one_per_chat
    ON tournaments (platform, chat_id, COALESCE(topic, 0)) WHERE status <> 'over';
CREATE INDEX tournaments_by_status ON tournaments (status);
-- Its players, numbered in the order they joined (the number is their id in the pairing).
-- `rating`: their rating in the tournament's game when they joined (the Swiss ranks by it).
-- `joined_round`: the first round they may be paired in (1 from the start; a late joiner of a
-- Swiss, the next round). `withdrawn_round`: the first round they are no longer paired in.
CREATE TABLE tournament_players (
    tournament_id   INTEGER NOT NULL REFERENCES tournaments (id),
    number          INTEGER NOT NULL,
    platform        TEXT    NOT NULL,
    user_id         TEXT    NOT NULL,
    name            TEXT    NOT NULL,
    rating          REAL    NOT NULL,
    joined_round    INTEGER NOT NULL,
    withdrawn_round INTEGER,
    PRIMARY KEY (tournament_id, number),
    UNIQUE (tournament_id, platform, user_id)
);
-- Each round's boards: `white` (the seat that moves first) against `black`, played as the game
-- `game_id`. Unplayed: no game; `black` NULL for a bye, else a forfeit (a withdrawn player's
-- round-robin game); `white_points`, `black_points` are then its points in half points. A
-- played game's points are read from its result.
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round         INTEGER NOT NULL,
    board         INTEGER NOT NULL,
    white         INTEGER NOT NULL,
    black         INTEGER,
    game_id       INTEGER REFERENCES games (id),
    white_points  INTEGER,
    black_points  INTEGER,
    PRIMARY KEY (tournament_id, round, board)
);
CREATE INDEX tournament_pairings_by_game ON tournament_pairings (game_id);
-- Who may make a tournament in a community (`/settings tournaments=admins|everyone`, its
-- administrators'): 'admins' (the default) or 'everyone'.
ALTER TABLE communities ADD COLUMN tournament_makers TEXT NOT NULL DEFAULT 'admins'
    CHECK (tournament_makers IN ('admins', 'everyone'));
