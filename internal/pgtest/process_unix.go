//go:build unix

package pgtest

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// apply makes cmd run as a.
func (a *account) apply(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: a.uid, Gid: a.gid}}
}

// owner returns the owner of a file.
func owner(info os.FileInfo) *account {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return &account{uid: st.Uid, gid: st.Gid}
	}
	return nil
}

// alive reports whether process pid exists.
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
