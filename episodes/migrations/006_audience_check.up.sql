-- A stored audience is canonical: a one-dimensional array, non-empty, no
-- NULL or empty entry, sorted in byte order (COLLATE "C", the order Go's
-- sort gives) with no entry twice. The decoder and memhive.NormalizeAudience
-- produce exactly that; the database holds it for every table that carries
-- an audience, so an unsorted or duplicated array can never be written.
CREATE FUNCTION memhive_audience_ok(a text[]) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT a IS NOT NULL
       AND cardinality(a) > 0
       AND array_ndims(a) = 1
       AND array_lower(a, 1) = 1
       AND NOT EXISTS (
           SELECT 1 FROM generate_subscripts(a, 1) AS i
           WHERE a[i] IS NULL OR a[i] = ''
              OR (i > 1 AND NOT (a[i - 1] COLLATE "C" < a[i] COLLATE "C")))
$$;

-- NOT VALID first, so the constraint holds every new row at once; existing
-- rows are validated where they all comply. A table holding an older
-- non-canonical row keeps the constraint NOT VALID (rows are append-only,
-- they cannot be rewritten here) and says so; `memhive migrate` logs it.
DO $$
DECLARE
    t    text;
    bad  boolean;
BEGIN
    FOREACH t IN ARRAY ARRAY['episodes', 'facts', 'entities', 'entity_edges', 'beliefs', 'summaries'] LOOP
        EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (memhive_audience_ok(audience)) NOT VALID',
                       t, t || '_audience_canonical');
        EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE NOT memhive_audience_ok(audience))', t) INTO bad;
        IF bad THEN
            RAISE WARNING 'memhive: % holds rows whose audience is not canonical; % stays NOT VALID (new rows are checked)',
                t, t || '_audience_canonical';
        ELSE
            EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', t, t || '_audience_canonical');
        END IF;
    END LOOP;
END;
$$;
