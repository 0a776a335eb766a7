DROP TABLE IF EXISTS decision_log, consolidation_log, predicate_cardinality, rejected_pairs,
    aliases, embeddings, emb_models, beliefs, entity_edges, entities, facts;
DROP FUNCTION IF EXISTS memhive_facts_guard();
