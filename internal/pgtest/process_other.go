//go:build !unix

package pgtest

import (
	"os"
	"os/exec"
)

// apply does nothing: only Unix has a root that initdb refuses.
func (a *account) apply(cmd *exec.Cmd) {}

// owner returns nil: there is no user to switch to.
func owner(info os.FileInfo) *account { return nil }

// alive reports whether process pid exists.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
