//! The URL of a per-test PostgreSQL database, shared by the HTTP tests and the crash test.

/// `server`'s URL with its database swapped for `name` (scheme, user and host kept; any query
/// dropped). No TLS to the local test server: libpq would negotiate it, and a background thread
/// still in a TLS call at process exit (a live relay reconnecting to a dropped test database)
/// can race OpenSSL's exit cleanup and crash the binary after every test passed.
pub fn database_url(server: &str, name: &str) -> String {
    let after_scheme = server.find("://").map_or(0, |i| i + 3);
    let base = match server[after_scheme..].find('/') {
        Some(i) => &server[..after_scheme + i],
        None => server,
    };
    format!("{base}/{name}?sslmode=disable")
}
