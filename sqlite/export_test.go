package sqlite

// Reprepared returns how many changes were prepared again, in this
// process, because another one was saved between their read and their
// write.
func Reprepared() int64 { return reprepared.Load() }

// Unpacked returns how many tables were read column by column, in this
// process, because their packed text could not be read.
func Unpacked() int64 { return unpacked.Load() }
