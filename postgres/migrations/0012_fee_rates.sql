-- A federation's charges for a year's Regionals and National, in pounds
-- (sqlite migration 20; BOF Membership & finance 3 sets 10, 5 unwaged, 15
-- a family: the defaults when a year has no row). Changes are in
-- member_events.
CREATE TABLE fee_rates (
	federation text    COLLATE "C" NOT NULL,
	year       integer NOT NULL,
	standard   integer NOT NULL,
	unwaged    integer NOT NULL,
	family     integer NOT NULL,
	PRIMARY KEY (federation, year)
);
