-- ann: which vectors the model's HNSW index holds. Only a member with many
-- vectors is searched through the index (recall's exact_vector_below,
-- 20,000 by default); every other member's vectors are compared exactly,
-- from memory or by their primary key. Until now every vector of every
-- member was also inserted into the one HNSW graph, a search of
-- ef_construction candidates per row, which no search of a small member
-- ever read: on a hive of many small members that insert was the costliest
-- part of the write path (BENCHMARKS.md, "HNSW for the members it serves").
--
-- The index's predicate becomes `model = '<name>' AND ann` (embed.IndexName,
-- a new name, so that the old index is built again once and dropped). A
-- member's vectors enter it together when the embed drainer indexes the
-- member (embed.IndexMember): vector_versions.ann is set, then ann on each
-- of the member's rows, in one transaction. From then on, migration 028's
-- row trigger, which already takes the member's vector_versions row for
-- each vector that becomes ready, copies the member's ann onto the row:
-- since that row is locked by whoever changes it until their commit, a
-- vector written while the member is being indexed is numbered after the
-- indexing and enters the index too, and none is left out. Nothing is
-- deleted; a member is never taken out of the index.
ALTER TABLE vector_versions ADD COLUMN ann boolean NOT NULL DEFAULT false;
ALTER TABLE embeddings ADD COLUMN ann boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION memhive_vector_version() RETURNS trigger LANGUAGE plpgsql AS $$
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
    RETURNING v.version, v.ann INTO NEW.vver, NEW.ann;
    RETURN NEW;
END;
$$;
