-- facts_superseded_by_idx: the facts that name a given fact as their
-- superseded_by. Tier 1 shows what each fact it keeps replaced (recall's
-- fillPreviously): the fact naming it as superseded_by, else on a single
-- axis the newest older version. Without this index that lookup read the
-- fact's whole axis (facts_axis_idx) and filtered it: 1,386 "likes" facts,
-- about 9 ms, for each fact shown on the latency benchmark's 100,000-turn
-- member. Partial: most facts are never superseded, and the index holds only
-- those that are (a supersession sets the column once; nothing is deleted).
CREATE INDEX facts_superseded_by_idx ON facts (member_id, superseded_by) WHERE superseded_by IS NOT NULL;
