package outflank

import (
	"errors"

	"outflank/names"
)

// checkName normalises *name by the one rule for names (package names),
// or says what is wrong with it and what to do, in a message that starts
// with what ("player name") and the name, escaped, and names whose it is
// when of is not "". An empty name passes: the caller decides whether one
// is required.
func checkName(what, of string, name *string, max int) error {
	s, err := names.Normalize(*name, max)
	if ne, ok := errors.AsType[*names.Error](err); ok {
		if of != "" {
			of = " of " + of
		}
		return Errorf(EINVALID, "%s %s%s: %s", what, names.Quote(ne.Name), of, ne.Reason())
	}
	*name = s
	return nil
}
