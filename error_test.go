package outflank_test

import (
	"errors"
	"fmt"
	"testing"

	"outflank"
)

func TestErrorCodeAndMessage(t *testing.T) {
	invalid := outflank.Errorf(outflank.EINVALID, "score %d-%d does not sum to 64", 40, 20)
	wrapped := fmt.Errorf("entering result: %w", invalid)
	for _, tc := range []struct {
		err           error
		code, message string
	}{
		{nil, "", ""},
		{invalid, outflank.EINVALID, "score 40-20 does not sum to 64"},
		{wrapped, outflank.EINVALID, "score 40-20 does not sum to 64"},
		{errors.New("disk I/O error"), outflank.EINTERNAL, "internal error"},
	} {
		if got := outflank.ErrorCode(tc.err); got != tc.code {
			t.Errorf("ErrorCode(%v) = %q, want %q", tc.err, got, tc.code)
		}
		if got := outflank.ErrorMessage(tc.err); got != tc.message {
			t.Errorf("ErrorMessage(%v) = %q, want %q", tc.err, got, tc.message)
		}
	}
}
