-- Follows (`/follow`, docs/community.md): a follower gets a private copy of each public
-- announcement of one game (`kind` 'game', `target` its id) or of every game a player plays in
-- one community (`kind` 'player', `target` the user id, `community` where the follow was made;
-- empty for a game's follow). Read whole at start; small.
CREATE TABLE follows (
    platform  TEXT NOT NULL,
    follower  TEXT NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ('game', 'player')),
    target    TEXT NOT NULL,
    community TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (platform, follower, kind, target, community)
);
