-- How a player wants to hear that it is their turn in a correspondence game (`/settings
-- pings=…`): `dm` (the private turn prompt; a mention in the game's chat when their private
-- chat is closed), `mention` (a mention in the game's chat as well) or `off` (never mentioned;
-- a private prompt still comes where it carries what only they may see). docs/referee.md.
ALTER TABLE users ADD COLUMN pings TEXT NOT NULL DEFAULT 'dm' CHECK (pings IN ('dm', 'mention', 'off'));
