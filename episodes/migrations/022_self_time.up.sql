-- facts_subject_time_idx: a member's facts about one subject in validity-time
-- order. The self leg (recall/self.go) ranks the facts about the asker that
-- match the query (found through facts_mtsv_idx), then takes the others
-- newest first; this index gives it those others by walking one subject's
-- range backwards and stopping at the leg's limit, instead of reading and
-- ranking every fact about the asker on every call (2,900 on the 100,000-turn
-- member of the latency benchmark). facts_axis_idx cannot: its predicate
-- column comes before the time.
CREATE INDEX facts_subject_time_idx ON facts (member_id, subject_canon, valid_from, id);

-- facts_kind_time_idx replaces facts_kind_idx (member_id, fact_kind,
-- valid_from) with the id as a last column, so tier 0's open foresight
-- (ORDER BY valid_from, id) is a walk of it that stops at its cap, instead of
-- reading and sorting every foresight fact of the member. It serves every
-- query the old one did.
CREATE INDEX facts_kind_time_idx ON facts (member_id, fact_kind, valid_from, id);
DROP INDEX facts_kind_idx;
