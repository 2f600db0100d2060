package sqlite

// Reprepared returns how many changes were prepared again, in this
// process, because another one was saved between their read and their
// write.
func Reprepared() int64 { return reprepared.Load() }
