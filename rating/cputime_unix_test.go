//go:build unix

package rating

import "syscall"

// cpuSeconds is the processor time the process has used, user and system:
// on a shared machine it measures the work, where the wall clock measures
// the other users too.
func cpuSeconds() float64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return float64(u.Utime.Sec+u.Stime.Sec) + float64(u.Utime.Usec+u.Stime.Usec)/1e6
}
