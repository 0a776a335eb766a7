-- vector_versions: per member and model, a counter that numbers the
-- member's ready vectors in commit order, so an in-process copy of a
-- member's vectors (recall/veccache.go) finds exactly the vectors written
-- since it last looked, whatever process wrote them.
--
-- A row of embeddings that becomes ready (or whose ready vector changes)
-- takes the next version of its (member, model) as vver, in a BEFORE row
-- trigger that upserts the counter row: that row stays locked until the
-- writer's transaction ends, so two transactions writing one member's
-- vectors number them one after the other, and the later-numbered commits
-- later (as keyword_docs does for episodes, migration 025). A reader whose
-- statement sees version V therefore sees every vector with vver <= V, and
-- none above. A ready vector that stops being ready or is deleted (nothing
-- in memhive does either; an operator may) bumps gen instead: a copy made
-- at another gen is read again whole.
--
-- Vectors made ready before this migration keep vver NULL: a copy reads
-- them whole, and no later write gives one a number.
CREATE TABLE vector_versions (
    member_id text   NOT NULL,
    model     text   NOT NULL,
    version   bigint NOT NULL DEFAULT 0,
    gen       bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, model)
);

ALTER TABLE embeddings ADD COLUMN vver bigint;
CREATE INDEX embeddings_vver_idx ON embeddings (member_id, model, vver) WHERE status = 'ready' AND vver IS NOT NULL;

CREATE FUNCTION memhive_vector_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR NEW.status <> 'ready' THEN
        -- a ready vector leaves (the WHEN clauses let only those through)
        INSERT INTO vector_versions AS v (member_id, model, version, gen)
        VALUES (OLD.member_id, OLD.model, 0, 1)
        ON CONFLICT (member_id, model) DO UPDATE SET gen = v.gen + 1;
        IF TG_OP = 'DELETE' THEN
            RETURN OLD;
        END IF;
        NEW.vver := NULL;
        RETURN NEW;
    END IF;
    INSERT INTO vector_versions AS v (member_id, model, version)
    VALUES (NEW.member_id, NEW.model, 1)
    ON CONFLICT (member_id, model) DO UPDATE SET version = v.version + 1
    RETURNING v.version INTO NEW.vver;
    RETURN NEW;
END;
$$;

CREATE TRIGGER embeddings_vver_ins BEFORE INSERT ON embeddings FOR EACH ROW
    WHEN (NEW.status = 'ready') EXECUTE FUNCTION memhive_vector_version();
CREATE TRIGGER embeddings_vver_upd BEFORE UPDATE ON embeddings FOR EACH ROW
    WHEN ((NEW.status = 'ready' AND (OLD.status <> 'ready' OR OLD.vec IS DISTINCT FROM NEW.vec))
       OR (OLD.status = 'ready' AND NEW.status <> 'ready'))
    EXECUTE FUNCTION memhive_vector_version();
CREATE TRIGGER embeddings_vver_del BEFORE DELETE ON embeddings FOR EACH ROW
    WHEN (OLD.status = 'ready') EXECUTE FUNCTION memhive_vector_version();
