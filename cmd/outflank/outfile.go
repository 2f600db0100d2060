package main

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"

	"outflank"
)

// writeFileAtomically writes a file at path through write: into a new
// temporary file beside path, synced, then renamed over path, so a failure
// at any step (a full disk, an error from write) leaves path as it was and
// no temporary file behind.
//
// It writes regular files only. A path that exists as anything else (a
// folder, a named pipe, a device such as /dev/null, a socket, or a symbolic
// link, which the rename would replace rather than follow) is refused
// before anything is created; the check is made again just before the
// rename, so one that appears meanwhile is refused too.
//
// A new file gets perm, less the umask, as any program's new files do; a
// file replaced keeps its mode.
func writeFileAtomically(path string, perm os.FileMode, write func(io.Writer) error) error {
	old, err := regularTarget(path)
	if err != nil {
		return err
	}
	if old != nil {
		perm = old.Mode().Perm()
	}
	tmp, err := createTemp(filepath.Dir(path), filepath.Base(path), perm)
	if err != nil {
		return fileError(path, err)
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if old != nil {
		// The umask must not narrow the mode of a file being replaced.
		if err := tmp.Chmod(perm); err != nil {
			return fileError(path, err)
		}
	}
	if err := write(tmp); err != nil {
		return fileError(path, err)
	}
	if err := tmp.Sync(); err != nil {
		return fileError(path, err)
	}
	if err := tmp.Close(); err != nil {
		return fileError(path, err)
	}
	if _, err := regularTarget(path); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fileError(path, err)
	}
	done = true
	return nil
}

// regularTarget returns the file at path, nil when there is none yet, or
// an error saying what path is when it is not a regular file.
func regularTarget(path string) (fs.FileInfo, error) {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fileError(path, err)
	}
	mode := info.Mode()
	redirect := "leave out -o and redirect the output instead: outflank export SLUG > " + path
	switch {
	case mode.IsRegular():
		return info, nil
	case mode&fs.ModeSymlink != 0:
		target, _ := os.Readlink(path)
		return nil, outflank.Errorf(outflank.EINVALID, "%s is a symbolic link (to %s): export does not write through links; give the path of the file itself, or remove the link first", path, target)
	case mode.IsDir():
		return nil, outflank.Errorf(outflank.EINVALID, "%s is a folder: give the path of a file to write, such as %s", path, filepath.Join(path, "export.json"))
	case mode&fs.ModeNamedPipe != 0:
		return nil, outflank.Errorf(outflank.EINVALID, "%s is a named pipe (FIFO), not a regular file: -o writes only regular files; to write into the pipe, %s", path, redirect)
	case mode&fs.ModeDevice != 0:
		return nil, outflank.Errorf(outflank.EINVALID, "%s is a device, not a regular file: -o writes only regular files; to write to the device, %s", path, redirect)
	case mode&fs.ModeSocket != 0:
		return nil, outflank.Errorf(outflank.EINVALID, "%s is a socket, not a regular file: give the path of a regular file", path)
	}
	return nil, outflank.Errorf(outflank.EINVALID, "%s is not a regular file (%s): give the path of a regular file", path, mode.Type())
}

// createTemp creates a new file ".BASE.RANDOM.tmp" in dir with perm (less
// the umask), as os.CreateTemp does with 0600.
func createTemp(dir, base string, perm os.FileMode) (*os.File, error) {
	for {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(rand.Uint64(), 36)+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}
