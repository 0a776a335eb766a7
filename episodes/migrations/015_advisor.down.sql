DROP TABLE IF EXISTS advisor_decisions;
