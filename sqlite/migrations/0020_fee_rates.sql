-- Numbered 20 (reserved for the officials' branch of issue 26); each
-- migration stands alone, so the numbers between may be applied in any
-- order.
-- A federation's charges for a year's Regionals and National, in pounds
-- (BOF Membership & finance 3 sets 10, 5 unwaged, 15 a family: the
-- defaults when a year has no row). Changes are in member_events.
CREATE TABLE fee_rates (
	federation TEXT    NOT NULL,
	year       INTEGER NOT NULL,
	standard   INTEGER NOT NULL,
	unwaged    INTEGER NOT NULL,
	family     INTEGER NOT NULL,
	PRIMARY KEY (federation, year)
);
