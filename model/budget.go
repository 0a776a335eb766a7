package model

import (
	"sync"
	"time"

	"github.com/memhive/memhive"
)

// Budget counts model calls against two ceilings: calls per member in the
// current clock hour and calls by the whole process in the current day
// (both UTC, fixed windows). It is held in memory, safe for concurrent use,
// and resets when the process restarts; a fleet of several processes has one
// fleet ceiling per process.
type Budget struct {
	memberPerHour int
	fleetPerDay   int

	mu        sync.Mutex
	hour      time.Time // start of the hour the member counts belong to
	perMember map[string]int
	day       time.Time // start of the day the fleet count belongs to
	fleet     int
}

// NewBudget returns a budget with the two ceilings; each must be positive.
func NewBudget(memberPerHour, fleetPerDay int) *Budget {
	return &Budget{memberPerHour: memberPerHour, fleetPerDay: fleetPerDay, perMember: map[string]int{}}
}

// Take spends one call for member at now, or returns a *memhive.Error with
// CodeOverBudget and spends nothing when either ceiling is reached. Both
// ceilings are checked and charged under one lock, so concurrent callers
// never overspend.
func (b *Budget) Take(member string, now time.Time) error {
	now = now.UTC()
	hour := now.Truncate(time.Hour)
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)

	b.mu.Lock()
	defer b.mu.Unlock()
	if !hour.Equal(b.hour) {
		b.hour = hour
		clear(b.perMember)
	}
	if !day.Equal(b.day) {
		b.day = day
		b.fleet = 0
	}
	if b.perMember[member] >= b.memberPerHour {
		return memhive.Errorf(memhive.CodeOverBudget,
			"member %s has used its %d model calls for this hour; tier 1 still answers", member, b.memberPerHour)
	}
	if b.fleet >= b.fleetPerDay {
		return memhive.Errorf(memhive.CodeOverBudget,
			"the hive has used its %d model calls for today; tier 1 still answers", b.fleetPerDay)
	}
	b.perMember[member]++
	b.fleet++
	return nil
}

// Used returns the calls member has spent this hour and the fleet has spent
// today, as of the last Take.
func (b *Budget) Used(member string) (memberHour, fleetDay int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.perMember[member], b.fleet
}
