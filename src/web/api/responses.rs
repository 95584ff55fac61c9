//! The error answers the API document lists, written once: each handler's `#[utoipa::path]`
//! names its success response and one of the sets here (`responses((status = 200, …),
//! ReadErrors)`). Every error has the same body (`ErrorBody`, named `Error` in the document);
//! what differs between operations is which statuses they can answer, and for a few statuses
//! what they mean there (a 409 of the match command route also means a voided match).

use std::collections::BTreeMap;

use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder, response::Response};

/// One documented error: its status and what it means.
type Error = (u16, &'static str);

const BAD_INPUT: Error = (
    400,
    "Bad input: a malformed path, query or body; `field` names the input at fault.",
);
const NOT_SIGNED_IN: Error = (401, "Not signed in, or a bad or expired token.");
const SESSION_ENDED: Error = (
    401,
    "Not signed in, or a bad or expired token, or a session that has ended.",
);
const FORBIDDEN: Error = (
    403,
    "Signed in but not allowed (or a cookie-authenticated write without the CSRF header).",
);
const DISABLED: Error = (
    403,
    "The account is disabled (said only with the right password).",
);
const NOT_FOUND: Error = (404, "No such thing.");
const STALE: Error = (
    409,
    "Decided on stale state or raced another writer; `current` is the state now when known.",
);
const STALE_OR_VOID: Error = (
    409,
    "Decided on stale state or raced another writer; `current` is the state now when known. `match_void`: the match was voided when its round was paired again; `current_match` is its table's match now.",
);
const REFUSED: Error = (409, "Refused in the current state.");
const TAKEN: Error = (409, "The name is taken.");
const TOO_LARGE: Error = (413, "The body is too large.");
const RULE: Error = (
    422,
    "A well-formed request the rules refuse; `rule` names the rule (T9, N5, E1, …).",
);
const THROTTLED: Error = (
    429,
    "Too many failed sign-ins for this name or address (or too many at once); `Retry-After` says how many seconds to wait.",
);
const PIN_FORBIDDEN: Error = (
    403,
    "The player number and PIN do not match (counted towards the throttle).",
);
const PIN_THROTTLED: Error = (
    429,
    "Too many wrong PINs for this player number or from this address in the last 10 minutes: refused, even with the right PIN, for `Retry-After` seconds.",
);

/// The documented answers for a list of errors, each with the `Error` body.
fn answers(errors: &[Error]) -> BTreeMap<String, RefOr<Response>> {
    errors
        .iter()
        .map(|(status, description)| {
            let body = ContentBuilder::new()
                .schema(Some(Ref::from_schema_name("Error")))
                .build();
            let response = ResponseBuilder::new()
                .description(*description)
                .content("application/json", body)
                .build();
            (status.to_string(), RefOr::T(response))
        })
        .collect()
}

/// Declares a set of errors as a type `#[utoipa::path(responses(…))]` takes.
macro_rules! error_sets {
    ($($(#[$doc:meta])* $name:ident = [$($error:ident),* $(,)?];)*) => {$(
        $(#[$doc])*
        pub struct $name;

        impl utoipa::IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                answers(&[$($error),*])
            }
        }
    )*};
}

error_sets! {
    /// Reading one thing of an event (or the event itself) that may be private.
    ReadErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND];
    /// Reading what only exists for a signed-in account.
    MeErrors = [BAD_INPUT, NOT_SIGNED_IN, NOT_FOUND];
    /// Reading the public list (a bad token is still refused).
    PublicErrors = [NOT_SIGNED_IN];
    /// Reading with the rules' verdict (a score sheet that does not replay).
    ReplayErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, RULE];
    /// A write with a body inside an event: taken names, stale state.
    WriteErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, STALE, TOO_LARGE];
    /// A new event: nothing to find yet.
    CreateEventErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, STALE, TOO_LARGE];
    /// A write the rules decide on (rulings, committee records, rounds).
    RuledWriteErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, STALE, TOO_LARGE, RULE];
    /// A match command: a ruled write whose match may have been voided.
    CommandErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, STALE_OR_VOID, TOO_LARGE, RULE];
    /// A body the rules check without recording it (a preview, a GCG import).
    CheckErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, TOO_LARGE, RULE];
    /// Taking a challenge: another PIC may hold it.
    ClaimErrors = [BAD_INPUT, NOT_SIGNED_IN, FORBIDDEN, NOT_FOUND, STALE];
    /// Signing in.
    SignInErrors = [BAD_INPUT, NOT_SIGNED_IN, DISABLED, TOO_LARGE, THROTTLED];
    /// A signed-in account's action without input.
    SessionErrors = [SESSION_ENDED, FORBIDDEN];
    /// Changing one's own password (the current one is checked, and throttled).
    PasswordErrors = [BAD_INPUT, SESSION_ENDED, FORBIDDEN, THROTTLED];
    /// An administrator's (or director's) action on one account or grant.
    AccountErrors = [BAD_INPUT, SESSION_ENDED, FORBIDDEN, NOT_FOUND];
    /// Creating an account: its name may be taken.
    CreateAccountErrors = [BAD_INPUT, SESSION_ENDED, FORBIDDEN, NOT_FOUND, TAKEN, TOO_LARGE];
    /// Disabling an account (not one's own).
    DisableErrors = [BAD_INPUT, SESSION_ENDED, FORBIDDEN, NOT_FOUND, REFUSED];
    /// A player's phone slip: number and PIN, throttled (Duplicate and individual events).
    PhoneErrors = [BAD_INPUT, PIN_FORBIDDEN, NOT_FOUND, STALE, TOO_LARGE, RULE, PIN_THROTTLED];
    /// Registering a player account: closed, a taken name, too many from one address.
    RegisterErrors = [BAD_INPUT, FORBIDDEN, STALE, TOO_LARGE, THROTTLED];
}
