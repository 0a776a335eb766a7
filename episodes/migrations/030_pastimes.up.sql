-- pastime_mentions: every turn in which a person said they took part in a
-- pastime ("we went camping", "I've been taking a pottery class"), as
-- extract.Pastimes reads it, written by the close pass with the turn's
-- audience and channel. One mention is not a fact (a one-off outing is not
-- what a person writes down about someone); a pastime the same person spoke
-- of in two or more sessions, heard by the same audience on the same
-- channel, becomes one `pastime` fact whose sources are all those turns
-- (closer.pastimes). The rows are derived from episodes: replay writes them
-- again, an export carries them. member_id leads the key and the index, as
-- everywhere (the shard key).
CREATE TABLE pastime_mentions (
    member_id   text        NOT NULL,
    subject     text        NOT NULL,
    pastime     text        NOT NULL,
    episode_id  text        NOT NULL,
    session_id  text        NOT NULL,
    channel     text        NOT NULL,
    audience    text[]      NOT NULL CHECK (memhive_audience_ok(audience)),
    happened_at timestamptz NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (member_id, subject, pastime, episode_id)
);
