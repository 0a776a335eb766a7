CREATE OR REPLACE FUNCTION memhive_vector_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' OR NEW.status <> 'ready' THEN
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

-- Dropping the column drops the models' indexes that name it in their
-- predicate; the older code builds its own again on start.
ALTER TABLE embeddings DROP COLUMN IF EXISTS ann;
ALTER TABLE vector_versions DROP COLUMN IF EXISTS ann;
