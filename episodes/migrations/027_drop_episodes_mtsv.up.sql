-- episodes_mtsv_idx (migration 005) served the keyword leg's episode
-- search. Since migrations 008 and 025 the keyword leg ranks episodes from
-- keyword_postings (or its in-process copy) and nothing reads this GIN
-- index: every query on memhive_mtsv is on facts (facts_mtsv_idx stays).
-- Each appended turn still paid for it (about fifteen GIN entries, and the
-- pending-list merges), on the write path of every turn.
DROP INDEX IF EXISTS episodes_mtsv_idx;
