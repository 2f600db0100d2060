// Package password hashes the passwords of Outflank's accounts with
// argon2id (RFC 9106), in the PHC string format, so that a copy of the
// database gives no one's password: only a slow, salted hash of it.
package password

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// The cost of a hash: OWASP's recommended minimum for argon2id (19 MiB,
// two passes, one lane), about 30 ms on a laptop core.
const (
	memoryKiB = 19 * 1024
	passes    = 2
	lanes     = 1
	keyLen    = 32
	saltLen   = 16
)

// maxMemoryKiB bounds the cost Verify accepts from a stored hash: room to
// raise the cost later, not a way for a forged hash to exhaust memory.
const maxMemoryKiB = 64 * 1024

// The bounds of a password a person types.
const (
	MinLength = 8
	MaxLength = 256
)

// Check says what is wrong with a password a user chose, or nil.
func Check(pw string) error {
	switch n := utf8.RuneCountInString(pw); {
	case !utf8.ValidString(pw):
		return errors.New("the password is not valid text")
	case n < MinLength:
		return fmt.Errorf("the password is too short: use at least %d characters", MinLength)
	case len(pw) > MaxLength:
		return fmt.Errorf("the password is too long: use at most %d bytes", MaxLength)
	}
	return nil
}

// Hash returns the PHC string of pw with a new random salt:
// $argon2id$v=19$m=19456,t=2,p=1$SALT$HASH.
func Hash(pw string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password: drawing a salt: %w", err)
	}
	key := argon2.IDKey([]byte(pw), salt, passes, memoryKiB, lanes, keyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, memoryKiB, passes, lanes, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// Verify reports whether pw is the password of the PHC string hash, in
// time that does not depend on where they differ. A hash it cannot read
// matches nothing.
func Verify(pw, hash string) bool {
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var version int
	var m uint32
	var t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || m > maxMemoryKiB || t == 0 || t > 16 || p == 0 || p > 4 {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 || len(want) > 64 {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// Dummy is a valid hash of no one's password: verifying against it when
// an account does not exist takes as long as for one that does, so the
// time of a failed login does not tell which names exist. It is a
// constant, hashed once with the cost above (TestDummyHasTheCost): working
// it out when the program starts took 40 ms of every command, and its
// password is no secret (it is the one below).
const Dummy = "$argon2id$v=19$m=19456,t=2,p=1$QDpxV5u/g2lABne92zdy7A$sPf/RlVq4lyTe8RteqOKkQTdDqg1P1lpVypvNOpGKns"

// dummyPassword is the password Dummy is the hash of.
const dummyPassword = "no account has this password"
