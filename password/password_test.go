package password

import (
	"strings"
	"testing"
)

func TestHashVerify(t *testing.T) {
	h, err := Hash("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("hash %q", h)
	}
	if !Verify("correct horse battery", h) {
		t.Error("the password does not verify against its own hash")
	}
	for _, wrong := range []string{"", "correct horse batter", "Correct horse battery", "correct horse battery "} {
		if Verify(wrong, h) {
			t.Errorf("%q verifies", wrong)
		}
	}
	again, _ := Hash("correct horse battery")
	if again == h {
		t.Error("two hashes of one password are equal: no salt")
	}
	for _, bad := range []string{"", "$argon2id$", "$bcrypt$x$y$z$w", strings.Replace(h, "t=2", "t=0", 1), strings.Replace(h, "v=19", "v=1", 1)} {
		if Verify("correct horse battery", bad) {
			t.Errorf("verifies against the broken hash %q", bad)
		}
	}
	if Verify("anything", Dummy) {
		t.Error("the dummy hash matched")
	}
}

// TestDummyHasTheCost checks that Dummy is a hash of its password with
// today's cost, so that verifying against it takes as long as against an
// account's hash.
func TestDummyHasTheCost(t *testing.T) {
	h, err := Hash(dummyPassword)
	if err != nil {
		t.Fatal(err)
	}
	cost := func(h string) string { return h[:strings.LastIndex(h[:strings.LastIndex(h, "$")], "$")+1] }
	if cost(Dummy) != cost(h) {
		t.Errorf("Dummy's cost %q, a hash's today %q: hash %q again", cost(Dummy), cost(h), dummyPassword)
	}
	if !Verify(dummyPassword, Dummy) {
		t.Errorf("Dummy is not a hash of %q", dummyPassword)
	}
}

func TestCheck(t *testing.T) {
	for pw, ok := range map[string]bool{"short": false, "long enough": true, strings.Repeat("x", 257): false, "\xff\xfe\xfdabcdefgh": false} {
		if got := Check(pw) == nil; got != ok {
			t.Errorf("Check(%q) ok = %v, want %v", pw, got, ok)
		}
	}
}

func FuzzVerify(f *testing.F) {
	h, _ := Hash("seed password")
	f.Add("seed password", h)
	f.Add("x", "$argon2id$v=19$m=1,t=1,p=1$AAAA$AAAA")
	f.Fuzz(func(t *testing.T, pw, hash string) {
		Verify(pw, hash) // never panics, never allocates without bound
	})
}
