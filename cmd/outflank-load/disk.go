package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// dataDisk is the data folder of a run that fills its disk
// (-fill-disk-at): a tmpfs of its own, mounted for the run, so that
// filling it fills nothing else.
type dataDisk struct {
	path   string
	filler string
}

// mountDataDisk mounts a tmpfs of size bytes at dir/data (root only).
func mountDataDisk(ctx context.Context, dir string, size int64) (*dataDisk, error) {
	if os.Geteuid() != 0 {
		return nil, errors.New("-fill-disk-at mounts a small file system for the data folder: run as root")
	}
	d := &dataDisk{path: filepath.Join(dir, "data")}
	d.filler = filepath.Join(d.path, "filler")
	if err := os.Mkdir(d.path, 0o755); err != nil {
		return nil, err
	}
	out, err := exec.CommandContext(ctx, "mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d,mode=0755", size), "tmpfs", d.path).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("mounting a tmpfs at %s: %v: %s", d.path, err, out)
	}
	return d, nil
}

// fill writes a file until the disk is full and returns how much it
// wrote.
func (d *dataDisk) fill() (int64, error) {
	f, err := os.OpenFile(d.filler, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	chunk := make([]byte, 1<<20)
	var n int64
	for {
		k, err := f.Write(chunk)
		n += int64(k)
		if errors.Is(err, syscall.ENOSPC) {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}

// free removes the filler.
func (d *dataDisk) free() error { return os.Remove(d.filler) }

// unmount unmounts the tmpfs, and its contents with it.
func (d *dataDisk) unmount() {
	for try := 0; try < 10; try++ {
		if exec.Command("umount", d.path).Run() == nil {
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
	fmt.Fprintf(os.Stderr, "outflank-load: could not unmount %s: umount it\n", d.path)
}
