-- Several instances on one database (docs/scale.md, "Several instances"). PostgreSQL only:
-- a SQLite file is served by one process, which needs none of it.

-- A change feed. Every write of a game or user row stamps it with the writing transaction's id;
-- an instance asks for the rows stamped at or after the oldest transaction that was still
-- running when it last asked (pg_snapshot_xmin), so a write that commits late is never missed.
CREATE FUNCTION arbiter_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.changed_xid := pg_current_xact_id();
    RETURN NEW;
END
$$;

ALTER TABLE games ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX games_changed ON games (changed_xid);
CREATE TRIGGER games_stamp_change BEFORE INSERT OR UPDATE ON games
    FOR EACH ROW EXECUTE FUNCTION arbiter_stamp_change();

ALTER TABLE users ADD COLUMN changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX users_changed ON users (changed_xid);
CREATE TRIGGER users_stamp_change BEFORE INSERT OR UPDATE ON users
    FOR EACH ROW EXECUTE FUNCTION arbiter_stamp_change();

-- Follows are few and read whole: one stamp for the table, moved by every statement that
-- changes it.
CREATE TABLE change_marks (
    name        TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    changed_xid xid8 NOT NULL
);
INSERT INTO change_marks (name, changed_xid) VALUES ('follows', pg_current_xact_id());

CREATE FUNCTION arbiter_follows_changed() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE change_marks SET changed_xid = pg_current_xact_id() WHERE name = 'follows';
    RETURN NULL;
END
$$;
CREATE TRIGGER follows_changed AFTER INSERT OR UPDATE OR DELETE ON follows
    FOR EACH STATEMENT EXECUTE FUNCTION arbiter_follows_changed();

-- The outbox drained by several instances: each message belongs to the instance that is
-- sending it until its lease runs out (the owner renews it while it lives); an instance takes
-- over messages whose lease ran out (their owner died) or that have none (left by a stop, or
-- copied in). Times are the database's clock, in unix seconds, so instances need not agree.
-- A row is written with its writer as owner (each instance names itself in the connection
-- setting arbiter.owner) and a lease of 60 s; rows already there have none.
ALTER TABLE outbox ADD COLUMN owner TEXT COLLATE "C";
ALTER TABLE outbox ADD COLUMN lease_until BIGINT;
ALTER TABLE outbox ALTER COLUMN owner SET DEFAULT current_setting('arbiter.owner', true);
ALTER TABLE outbox ALTER COLUMN lease_until
    SET DEFAULT CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS BIGINT) + 60;
CREATE INDEX outbox_dest ON outbox (platform, dest, id);
