package web_test

import (
	"io"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"outflank/web"
)

// TestSlowClientsDoNotHoldTheServer: clients that send their headers, or
// their body, a byte at a time (slowloris) are cut off by the server's read
// timeouts (5 s for the headers, 10 s for the whole request: Serve), and
// meanwhile every other visitor's page answers at once (issue 25, point 6).
func TestSlowClientsDoNotHoldTheServer(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped in -short mode: waits for the server's read timeouts (about 12 s)")
	}
	s := newSite(t, "Ann", "Ben", "Cid", "Dee")
	addr, _ := s.served(web.Config{})
	const slow = 40
	start := time.Now()
	cut := make([]time.Duration, 2*slow) // when each slow client was cut off
	var wg sync.WaitGroup
	for i := range 2 * slow {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		wg.Go(func() {
			// Half send headers that never end, half a body that never
			// ends; a byte every half second keeps each one going.
			head := "GET /t/club HTTP/1.1\r\nHost: x\r\nX-Slow: "
			if i%2 == 1 {
				head = "POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10000\r\n\r\nname="
			}
			io.WriteString(c, head)
			for time.Since(start) < 20*time.Second {
				if _, err := c.Write([]byte("a")); err != nil {
					break
				}
				c.SetReadDeadline(time.Now().Add(500 * time.Millisecond))
				if _, err := c.Read(make([]byte, 4096)); err != nil {
					if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
						break // the server answered or closed: cut off
					}
				}
			}
			cut[i] = time.Since(start)
		})
	}
	// Meanwhile, pages answer at once.
	for range 5 {
		t0 := time.Now()
		res, err := http.Get("http://" + addr + "/t/club")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if d := time.Since(t0); res.StatusCode != http.StatusOK || d > 2*time.Second {
			t.Errorf("a page during the slow clients: %d in %v", res.StatusCode, d)
		}
		time.Sleep(time.Second)
	}
	wg.Wait()
	for i, d := range cut {
		limit := 5 * time.Second // ReadHeaderTimeout
		if i%2 == 1 {
			limit = 10 * time.Second // ReadTimeout
		}
		if d < limit-time.Second || d > limit+5*time.Second {
			t.Errorf("slow client %d (%s) was cut off after %v, want about %v", i, map[bool]string{true: "body", false: "headers"}[i%2 == 1], d.Round(time.Millisecond), limit)
		}
	}
}
