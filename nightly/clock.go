package nightly

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Clock fires Run once a day at At (UTC). A firing missed while the process
// was down, or while a run overran, is not replayed: after each run the next
// firing is computed from the clock's current time.
type Clock struct {
	At string // "HH:MM" UTC; default "03:00"
	// Run is the pass to run, e.g. a closure over nightly.Run; at is the
	// firing time (use NightRunID(at) as the run id).
	Run    func(ctx context.Context, at time.Time) error
	Logger *slog.Logger // may be nil

	mu     sync.Mutex
	cancel context.CancelFunc
	done   chan struct{}
}

// NightRunID names the nightly run of the night whose firing is at (UTC,
// to the minute): every process's clock firing that night uses the same
// id, so a member is run once a night however many processes fire.
func NightRunID(at time.Time) string { return "night-" + at.UTC().Format("2006-01-02T15:04Z") }

// Next returns the first time after now at hh:mm UTC.
func Next(now time.Time, at string) (time.Time, error) {
	if at == "" {
		at = "03:00"
	}
	t, err := time.Parse("15:04", at)
	if err != nil {
		return time.Time{}, fmt.Errorf("nightly clock: at %q is not HH:MM: %w", at, err)
	}
	now = now.UTC()
	next := time.Date(now.Year(), now.Month(), now.Day(), t.Hour(), t.Minute(), 0, 0, time.UTC)
	if !next.After(now) {
		next = next.AddDate(0, 0, 1)
	}
	return next, nil
}

// Start starts the clock's goroutine. It returns at once.
func (c *Clock) Start(ctx context.Context) error {
	if c.Run == nil {
		return errors.New("nightly clock: no Run")
	}
	if _, err := Next(time.Now(), c.At); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancel != nil {
		return errors.New("nightly clock: already started")
	}
	logger := c.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	ctx, c.cancel = context.WithCancel(ctx)
	c.done = make(chan struct{})
	go func() {
		defer close(c.done)
		for {
			next, _ := Next(time.Now(), c.At)
			timer := time.NewTimer(time.Until(next))
			select {
			case <-ctx.Done():
				timer.Stop()
				return
			case <-timer.C:
			}
			logger.Info("nightly clock fired", "at", next)
			if err := c.Run(ctx, next); err != nil {
				logger.Error("nightly run failed", "err", err)
			}
		}
	}()
	return nil
}

// Stop stops the clock and waits for a run in progress to return. A second
// Stop does nothing.
func (c *Clock) Stop() {
	c.mu.Lock()
	cancel, done := c.cancel, c.done
	c.cancel = nil
	c.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	<-done
}
