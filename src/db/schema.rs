// The diesel schema shared by both backends. Ids are BIGINT everywhere (SQLite's INTEGER is 64-bit).

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        password_hash -> Text,
        is_admin -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    role_grants (id) {
        id -> BigInt,
        user_id -> BigInt,
        role -> Text,
        event_id -> Nullable<BigInt>,
        team_id -> Nullable<BigInt>,
        table_no -> Nullable<Integer>,
        granted_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(role_grants -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(users, role_grants);
