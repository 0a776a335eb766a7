DROP TABLE pastime_mentions;
