package memhive

import "testing"

func TestServiceVersion(t *testing.T) {
	defer func(v string) { Version = v }(Version)
	for in, want := range map[string]string{
		"0.1.0-dev": "0.1.0-dev", "v1.2.3": "1.2.3", "1.2.3+abc": "1.2.3+abc",
		"dev": "0.0.0-dev", "abc1234": "0.0.0-abc1234", "v1.2": "0.0.0-1-2",
	} {
		Version = in
		if got := ServiceVersion(); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
