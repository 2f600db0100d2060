-- Keys every server process on this database shares (sqlite migration 17):
-- the login form's token is signed with "login", so a form shown by one
-- process of several behind a load balancer is taken by another. Made at
-- random by the first process that needs it; never shown, logged or copied.
CREATE TABLE server_keys (
  name text PRIMARY KEY,
  key bytea NOT NULL
);
