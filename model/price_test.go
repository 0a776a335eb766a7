package model

import "testing"

func TestPrice(t *testing.T) {
	p, err := ParsePrice("0.15", "0.60")
	if err != nil {
		t.Fatal(err)
	}
	// 1,000 prompt tokens at $0.15/M and 500 completion tokens at $0.60/M:
	// 0.00015 + 0.0003.
	if got, ok := p.Cost(1000, 500); !ok || got != "0.00045" {
		t.Fatalf("cost = %q, %v; want 0.00045", got, ok)
	}
	if got, ok := p.Cost(0, 0); !ok || got != "0" {
		t.Fatalf("cost of nothing = %q, %v; want 0", got, ok)
	}
	none, err := ParsePrice("", "")
	if err != nil || none.Set() {
		t.Fatalf("no price: %v, set %v", err, none.Set())
	}
	if _, ok := none.Cost(10, 10); ok {
		t.Fatal("a cost without a price")
	}
	for _, bad := range [][2]string{{"0.15", ""}, {"", "0.6"}, {"-1", "1"}, {"x", "1"}, {"1", "NaN"}, {"Infinity", "1"}} {
		if _, err := ParsePrice(bad[0], bad[1]); err == nil {
			t.Errorf("ParsePrice(%q, %q) accepted", bad[0], bad[1])
		}
	}
}
