package main

import (
	"bytes"
	"context"
	"math"
	"reflect"
	"slices"

	"outflank"
	"outflank/words"
)

// records are the federation's records of the source: its circuits and
// its member records, each with its log (oldest first), the fee rates set
// (whose changes the members' log holds), the user accounts and the
// records of what was removed.
type records struct {
	circuits    []outflank.Circuit
	circuitLogs [][]outflank.CircuitEvent
	members     []outflank.Member
	memberLog   []outflank.MemberEvent
	rates       []outflank.FeeRates
	// accounts are nil when the source cannot dump them.
	accounts *outflank.AccountsRecord
	// removals, oldest first, with their records.
	removals []outflank.Removal
}

// hasMembers reports whether r has member records, a members' log or fee
// rates: what RestoreMembers copies in one transaction.
func (r *records) hasMembers() bool {
	return len(r.members) > 0 || len(r.memberLog) > 0 || len(r.rates) > 0
}

// readRecords reads the source's circuits and member records.
func (c *dbCopy) readRecords(ctx context.Context) (*records, error) {
	r := &records{}
	var err error
	if r.circuits, err = c.src.Circuits(ctx); err != nil {
		return nil, err
	}
	for _, ci := range r.circuits {
		log, err := c.src.CircuitLog(ctx, ci.Slug)
		if err != nil {
			return nil, err
		}
		r.circuitLogs = append(r.circuitLogs, log)
	}
	if r.members, err = c.src.MemberList(ctx); err != nil {
		return nil, err
	}
	if r.memberLog, err = c.src.MemberLog(ctx, math.MaxInt32); err != nil {
		return nil, err
	}
	slices.Reverse(r.memberLog) // the store gives the newest first
	if fs, ok := c.src.(outflank.FeeRateStore); ok {
		if r.rates, err = fs.FeeRateList(ctx); err != nil {
			return nil, err
		}
	}
	if arc, ok := c.src.(outflank.RecordsArchive); ok {
		if r.accounts, err = arc.DumpAccounts(ctx); err != nil {
			return nil, err
		}
		if r.removals, err = arc.DumpRemovals(ctx); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// recordsClash adds to clash what the destination has of the source's
// records already.
func (c *dbCopy) recordsClash(ctx context.Context, r *records, clash []string) ([]string, error) {
	if len(r.circuits) > 0 {
		have, err := c.dst.Circuits(ctx)
		if err != nil {
			return nil, err
		}
		for _, ci := range r.circuits {
			if slices.ContainsFunc(have, func(h outflank.Circuit) bool { return h.Slug == ci.Slug }) {
				clash = append(clash, "circuit "+ci.Slug)
			}
		}
	}
	if r.hasMembers() {
		have, err := c.dst.MemberList(ctx)
		if err != nil {
			return nil, err
		}
		log, err := c.dst.MemberLog(ctx, 1)
		if err != nil {
			return nil, err
		}
		var rates []outflank.FeeRates
		if fs, ok := c.dst.(outflank.FeeRateStore); ok {
			if rates, err = fs.FeeRateList(ctx); err != nil {
				return nil, err
			}
		}
		if len(have) > 0 || len(log) > 0 {
			clash = append(clash, "member records")
		} else if len(rates) > 0 {
			clash = append(clash, "fee rates")
		}
	}
	if len(r.removals) > 0 {
		have, err := c.dst.Removals(ctx)
		if err != nil {
			return nil, err
		}
		if len(have) > 0 {
			clash = append(clash, "records of removed tournaments or circuits")
		}
	}
	if r.accounts != nil && !r.accounts.Empty() {
		if arc, ok := c.dst.(outflank.RecordsArchive); ok {
			have, err := arc.DumpAccounts(ctx)
			if err != nil {
				return nil, err
			}
			if !have.Empty() {
				clash = append(clash, "user accounts")
			}
		}
	}
	return clash, nil
}

// restoreRecords copies the circuits, each in a transaction of its own,
// then the member records in one, and checks each copy.
func (c *dbCopy) restoreRecords(ctx context.Context, r *records) error {
	hasAccounts := r.accounts != nil && !r.accounts.Empty()
	if len(r.circuits) == 0 && !r.hasMembers() && !hasAccounts && len(r.removals) == 0 {
		return nil
	}
	arc, ok := c.dst.(outflank.RecordsArchive)
	if !ok {
		c.e.printf(c.e.stdout, "NOT copied: the circuits, the member records, the fee rates, the user accounts and the records of what was removed: %s cannot receive them yet\n", c.toName)
		return nil
	}
	if hasAccounts {
		if err := c.restoreAccounts(ctx, arc, r.accounts); err != nil {
			return err
		}
	}
	if len(r.removals) > 0 {
		if err := c.restoreRemovals(ctx, arc, r.removals); err != nil {
			return err
		}
	}
	for i := range r.circuits {
		ci, log := &r.circuits[i], r.circuitLogs[i]
		if err := arc.RestoreCircuit(ctx, ci, log); err != nil {
			return err
		}
		got, err := c.dst.Circuit(ctx, ci.Slug)
		if err != nil {
			return err
		}
		gotLog, err := c.dst.CircuitLog(ctx, ci.Slug)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got, ci) || !sameCircuitLogs(gotLog, log) {
			return outflank.Errorf(outflank.EINTERNAL, "circuit %s was copied to %s, but the copy differs from the original", ci.Slug, c.toName)
		}
		c.e.printf(c.e.stdout, "copied circuit %s (%s): %s, %s\n", ci.Slug, ci.Name,
			words.Count(len(ci.Tournaments), "tournament"), words.Count(len(log), "log entry"))
	}
	if !r.hasMembers() {
		return nil
	}
	if err := arc.RestoreMembers(ctx, r.members, r.memberLog, r.rates); err != nil {
		return err
	}
	return c.checkMembers(ctx, r)
}

// checkMembers checks the member records, their log and the fee rates
// copied.
func (c *dbCopy) checkMembers(ctx context.Context, r *records) error {
	got, err := c.dst.MemberList(ctx)
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(got, r.members) && (len(got) > 0 || len(r.members) > 0) {
		return outflank.Errorf(outflank.EINTERNAL, "the member records were copied to %s, but the copy differs from the original", c.toName)
	}
	log, err := c.dst.MemberLog(ctx, math.MaxInt32)
	if err != nil {
		return err
	}
	slices.Reverse(log)
	if !sameMemberLogs(log, r.memberLog) {
		return outflank.Errorf(outflank.EINTERNAL, "the members' log was copied to %s, but the copy differs from the original", c.toName)
	}
	rates := "no fee rates set"
	if len(r.rates) > 0 {
		fs, ok := c.dst.(outflank.FeeRateStore)
		if !ok {
			return outflank.Errorf(outflank.EINTERNAL, "%s cannot read the fee rates copied to it", c.toName)
		}
		got, err := fs.FeeRateList(ctx)
		if err != nil {
			return err
		}
		if !reflect.DeepEqual(got, r.rates) {
			return outflank.Errorf(outflank.EINTERNAL, "the fee rates were copied to %s, but the copy differs from the original", c.toName)
		}
		rates = "the fee rates of " + words.Count(len(r.rates), "year")
	}
	c.e.printf(c.e.stdout, "copied the member records: %s, %s, %s\n",
		words.Count(len(r.members), "member"), words.Count(len(r.memberLog), "log entry"), rates)
	return nil
}

// restoreRemovals copies the records of removed tournaments and circuits
// in one transaction and checks the copy: 'outflank restore' brings them
// back from the destination as from the source.
func (c *dbCopy) restoreRemovals(ctx context.Context, arc outflank.RecordsArchive, list []outflank.Removal) error {
	if err := arc.RestoreRemovals(ctx, list); err != nil {
		return err
	}
	got, err := arc.DumpRemovals(ctx)
	if err != nil {
		return err
	}
	same := slices.EqualFunc(got, list, func(x, y outflank.Removal) bool {
		return x.ID == y.ID && x.Kind == y.Kind && x.Slug == y.Slug && x.At.Equal(y.At) && x.Actor == y.Actor && x.Head == y.Head && bytes.Equal(x.Record, y.Record)
	})
	if !same {
		return outflank.Errorf(outflank.EINTERNAL, "the records of removed tournaments and circuits were copied to %s, but the copy differs from the original", c.toName)
	}
	kinds := map[string]int{}
	for _, r := range list {
		kinds[r.Kind]++
	}
	c.e.printf(c.e.stdout, "copied the records of what was removed: %s, %s ('outflank restore SLUG' and 'outflank circuit restore SLUG' bring them back there)\n",
		words.Count(kinds[outflank.RemovedTournament], "tournament"), words.Count(kinds[outflank.RemovedCircuit], "circuit"))
	return nil
}

// sameMemberLogs compares two members' logs, their times as instants.
func sameMemberLogs(a, b []outflank.MemberEvent) bool {
	return slices.EqualFunc(a, b, func(x, y outflank.MemberEvent) bool {
		same := x.At.Equal(y.At)
		x.At = y.At
		return same && x == y
	})
}

// restoreAccounts copies the user accounts in one transaction and checks
// the copy.
func (c *dbCopy) restoreAccounts(ctx context.Context, arc outflank.RecordsArchive, a *outflank.AccountsRecord) error {
	if err := arc.RestoreAccounts(ctx, a); err != nil {
		return err
	}
	got, err := arc.DumpAccounts(ctx)
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(got, a) {
		return outflank.Errorf(outflank.EINTERNAL, "the user accounts were copied to %s, but the copy differs from the original", c.toName)
	}
	c.e.printf(c.e.stdout, "copied the user accounts: %s, %s, %s, %s (not the sessions: everyone logs in again)\n",
		words.Count(len(a.Users), "user"), words.Count(len(a.Tokens), "token"), words.Count(len(a.JudgeLinks), "judge link"),
		words.Count(len(a.Log), "log entry"))
	return nil
}

// sameCircuitLogs compares two circuit logs, their times as instants.
func sameCircuitLogs(a, b []outflank.CircuitEvent) bool {
	return slices.EqualFunc(a, b, func(x, y outflank.CircuitEvent) bool {
		same := x.At.Equal(y.At) && bytes.Equal(x.Before, y.Before)
		x.At, x.Before, y.Before = y.At, nil, nil
		return same && reflect.DeepEqual(x, y)
	})
}
