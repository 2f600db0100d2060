package main

import (
	"flag"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"
)

// Bounds of a cluster run.
const (
	clusterMaxDuration = 5 * time.Minute
	clusterDuration    = 2 * time.Minute // the issue's
	clusterPlayers     = 200
)

// clusterFlags declares the flags of -only cluster.
func clusterFlags(fs *flag.FlagSet, c *clusterConfig) {
	fs.IntVar(&c.instances, "instances", 1, "cluster: instances of outflank serve on the one database (at most 8)")
	fs.StringVar(&c.db, "db", "", "cluster: the database `URL` every instance serves (a postgres:// URL on this machine); empty: a fresh SQLite file")
	fs.BoolVar(&c.startPostgres, "start-postgres", false, "cluster: start a throwaway PostgreSQL 15 cluster on a loopback port for the run (initdb as the postgres user when root), stopped at the end")
	fs.Float64Var(&c.writesPerSec, "writes-per-sec", 200, "cluster: results written a second, in all, by scripted directors and judges")
	fs.IntVar(&c.tournaments, "tournaments", 4, "cluster: tournaments written to at once (at most 50)")
	fs.Float64Var(&c.judgeShare, "judge-share", 0.25, "cluster: the share of the first results that table judges submit (0 to 1)")
	fs.IntVar(&c.writers, "writers", 256, "cluster: writes in flight at most (the scripted clients' connections)")
	fs.DurationVar(&c.killOneAt, "kill-one-at", 0, "cluster: kill -9 the last instance this long into the writes, and start it again (0: never)")
	fs.DurationVar(&c.fillDiskAt, "fill-disk-at", 0, "cluster: fill the disk of the data folder this long into the writes (root: the folder is a tmpfs of -data-mb mounted for the run), then free it after -fill-disk-for (0: never)")
	fs.DurationVar(&c.fillDiskFor, "fill-disk-for", 10*time.Second, "cluster: how long the disk stays full")
	fs.IntVar(&c.dataMB, "data-mb", 1024, "cluster: with -fill-disk-at, the size of the data folder's file system, in MB")
	fs.DurationVar(&c.restartDBAt, "restart-db-at", 0, "cluster: with -start-postgres, restart PostgreSQL this long into the writes (0: never)")
}

// clusterDefaults sets the defaults that differ in a cluster run (the
// issue's figures: 2 minutes, 200 players) unless given, and checks the
// cluster's flags; it returns what is wrong, or "".
func (c *config) clusterDefaults(fs *flag.FlagSet) string {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if !set["duration"] {
		c.duration = clusterDuration
	}
	if !set["players"] {
		c.players = clusterPlayers
	}
	k := &c.cluster
	switch {
	case c.duration < time.Second || c.duration > clusterMaxDuration:
		return fmt.Sprintf("-duration from 1s to %s in a cluster run", clusterMaxDuration)
	case k.instances < 1 || k.instances > 8:
		return "-instances from 1 to 8"
	case k.writesPerSec <= 0 || k.writesPerSec > 2000:
		return "-writes-per-sec above 0, at most 2000"
	case k.tournaments < 1 || k.tournaments > 50:
		return "-tournaments from 1 to 50"
	case k.judgeShare < 0 || k.judgeShare > 1:
		return "-judge-share from 0 to 1"
	case k.writers < 1 || k.writers > 1000:
		return "-writers from 1 to 1000"
	case c.players%2 != 0:
		return "-players must be even in a cluster run: every player has a table"
	case k.killOneAt < 0 || k.killOneAt >= c.duration || k.restartDBAt < 0 || k.restartDBAt >= c.duration:
		return "-kill-one-at and -restart-db-at must fall within -duration"
	case k.fillDiskAt < 0 || k.fillDiskAt >= c.duration || k.fillDiskFor <= 0 || k.fillDiskFor > time.Minute || k.dataMB < 64 || k.dataMB > 8192:
		return "-fill-disk-at within -duration, -fill-disk-for up to 1m, -data-mb from 64 to 8192"
	case k.fillDiskAt > 0 && k.db != "":
		return "-fill-disk-at fills the data folder of a database the load generator makes: not with -db"
	case k.restartDBAt > 0 && !k.startPostgres:
		return "-restart-db-at needs -start-postgres: the load generator restarts only a cluster it started"
	case k.startPostgres && k.db != "":
		return "-start-postgres or -db, not both"
	}
	if k.db != "" {
		if err := checkLoopbackURL(k.db); err != nil {
			return err.Error()
		}
	}
	return ""
}

// checkLoopbackURL checks that a database URL names a PostgreSQL server on
// this machine: the load generator contacts nothing else.
func checkLoopbackURL(s string) error {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return fmt.Errorf("-db %q: give a postgres:// URL (or nothing, for SQLite)", s)
	}
	host := u.Hostname()
	if host == "" || host == "localhost" || strings.HasPrefix(host, "/") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("-db names %s, not this machine: outflank-load measures this machine only", host)
}
