// The diesel schema shared by both backends. Ids are BIGINT everywhere (SQLite's INTEGER is 64-bit).

diesel::table! {
    users (id) {
        id -> BigInt,
        username -> Text,
        password_hash -> Text,
        is_admin -> Bool,
        created_at -> Timestamp,
        disabled -> Bool,
        language -> Nullable<Text>,
    }
}

// Server-side sessions (migration 2026-11-30-110700_sessions).
diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> BigInt,
        created_at -> Timestamp,
        expires_at -> Timestamp,
        ended_at -> Nullable<Timestamp>,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(sessions, users);

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
        division_id -> Nullable<BigInt>,
    }
}

diesel::joinable!(role_grants -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(
    users,
    role_grants,
    events,
    teams,
    players,
    matches,
    match_events,
    match_commands,
    challenges,
    committee_records
);

diesel::table! {
    events (id) {
        id -> BigInt,
        name -> Text,
        ruleset_spec -> Text,
        lexicon -> Text,
        tile_set -> Text,
        standings -> Text,
        public -> Bool,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        language -> Nullable<Text>,
    }
}

diesel::table! {
    teams (id) {
        id -> BigInt,
        event_id -> BigInt,
        name -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    players (id) {
        id -> BigInt,
        team_id -> BigInt,
        name -> Text,
        position -> Integer,
        is_captain -> Bool,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    matches (id) {
        id -> BigInt,
        event_id -> Nullable<BigInt>,
        round_no -> Nullable<Integer>,
        table_no -> Nullable<Integer>,
        team_a -> Nullable<BigInt>,
        team_b -> Nullable<BigInt>,
        name_a -> Text,
        name_b -> Text,
        status -> Text,
        last_seq -> BigInt,
        score_a -> Integer,
        score_b -> Integer,
        to_move -> Nullable<Text>,
        winner -> Nullable<Text>,
        result_reason -> Nullable<Text>,
        clock_a_ms -> BigInt,
        clock_b_ms -> BigInt,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        void -> Bool,
    }
}

diesel::table! {
    match_events (id) {
        id -> BigInt,
        match_id -> BigInt,
        seq -> BigInt,
        at -> Timestamp,
        actor -> Text,
        kind -> Text,
        payload -> Text,
    }
}

diesel::table! {
    match_commands (id) {
        id -> BigInt,
        match_id -> BigInt,
        idempotency_key -> Text,
        user_id -> Nullable<BigInt>,
        first_seq -> BigInt,
        last_seq -> BigInt,
        response -> Text,
        created_at -> Timestamp,
        scope -> Text,
    }
}

diesel::table! {
    challenges (id) {
        id -> BigInt,
        event_id -> Nullable<BigInt>,
        match_id -> BigInt,
        challenge_seq -> BigInt,
        kind -> Text,
        detail -> Text,
        opened_at -> Timestamp,
        claimed_by -> Nullable<BigInt>,
        claimed_at -> Nullable<Timestamp>,
        closed_at -> Nullable<Timestamp>,
        ruling -> Nullable<Text>,
    }
}

diesel::table! {
    committee_records (id) {
        id -> BigInt,
        event_id -> BigInt,
        team_id -> BigInt,
        match_id -> Nullable<BigInt>,
        kind -> Text,
        reason -> Text,
        author -> BigInt,
        corrects -> Nullable<BigInt>,
        created_at -> Timestamp,
        idempotency_key -> Nullable<Text>,
    }
}

diesel::joinable!(teams -> events (event_id));
diesel::joinable!(players -> teams (team_id));
diesel::joinable!(match_events -> matches (match_id));
diesel::joinable!(match_commands -> matches (match_id));
diesel::joinable!(challenges -> matches (match_id));

// Rounds and pairings (migration 2026-11-29-000003_rounds).
diesel::table! {
    rounds (id) {
        id -> BigInt,
        event_id -> BigInt,
        round_no -> Integer,
        method -> Text,
        status -> Text,
        pairing_no -> Integer,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    round_pairings (id) {
        id -> BigInt,
        round_id -> BigInt,
        pairing_no -> Integer,
        table_no -> Nullable<Integer>,
        team_a -> BigInt,
        team_b -> Nullable<BigInt>,
        match_id -> Nullable<BigInt>,
        void -> Bool,
        created_at -> Timestamp,
    }
}

diesel::joinable!(round_pairings -> rounds (round_id));
diesel::allow_tables_to_appear_in_same_query!(rounds, round_pairings);

// Duplicate tournaments (migration 2026-12-01-040001_duplicate).
diesel::table! {
    duplicate_events (event_id) {
        event_id -> BigInt,
        ruleset -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    duplicate_players (id) {
        id -> BigInt,
        event_id -> BigInt,
        number -> Integer,
        name -> Text,
        licence -> Text,
        club -> Text,
        created_at -> Timestamp,
        pin -> Text,
    }
}

diesel::table! {
    duplicate_games (id) {
        id -> BigInt,
        event_id -> BigInt,
        game_no -> Integer,
        last_seq -> BigInt,
        created_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    duplicate_game_events (id) {
        id -> BigInt,
        game_id -> BigInt,
        seq -> BigInt,
        at -> Timestamp,
        actor -> Text,
        kind -> Text,
        payload -> Text,
        user_id -> Nullable<BigInt>,
        idempotency_key -> Nullable<Text>,
    }
}

diesel::table! {
    duplicate_prepared (game_id) {
        game_id -> BigInt,
        body -> Text,
        imported_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(duplicate_game_events -> duplicate_games (game_id));
diesel::joinable!(duplicate_prepared -> duplicate_games (game_id));
diesel::allow_tables_to_appear_in_same_query!(
    duplicate_events,
    duplicate_players,
    duplicate_games,
    duplicate_game_events,
    duplicate_prepared
);

// Individual tournaments (migration 2026-12-02-050001_individual).
diesel::table! {
    indiv_events (event_id) {
        event_id -> BigInt,
        options -> Text,
        created_at -> Timestamp,
    }
}

diesel::table! {
    indiv_divisions (id) {
        id -> BigInt,
        event_id -> BigInt,
        name -> Text,
        plan -> Text,
        gibson_prizes -> Nullable<Integer>,
        created_at -> Timestamp,
        rating_method -> Text,
        late_rounds -> Text,
    }
}

diesel::table! {
    indiv_players (id) {
        id -> BigInt,
        division_id -> BigInt,
        number -> Integer,
        name -> Text,
        rating -> Integer,
        rating_system -> Text,
        rating_id -> Text,
        club -> Text,
        first_round -> Integer,
        withdrawn_round -> Nullable<Integer>,
        created_at -> Timestamp,
        pin -> Text,
        class -> Text,
        team -> Text,
        tsh_fields -> Text,
    }
}

diesel::table! {
    indiv_pairings (id) {
        id -> BigInt,
        division_id -> BigInt,
        round -> Integer,
        table_no -> Nullable<Integer>,
        player_a -> Integer,
        player_b -> Nullable<Integer>,
        manual -> Bool,
        created_at -> Timestamp,
    }
}

diesel::table! {
    indiv_slips (id) {
        id -> BigInt,
        pairing_id -> BigInt,
        seq -> Integer,
        kind -> Text,
        by_player -> Nullable<Integer>,
        score_a -> Nullable<Integer>,
        score_b -> Nullable<Integer>,
        details -> Text,
        user_id -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::joinable!(indiv_slips -> indiv_pairings (pairing_id));
diesel::allow_tables_to_appear_in_same_query!(
    indiv_events,
    indiv_divisions,
    indiv_players,
    indiv_pairings,
    indiv_slips
);

// Withdrawals as records (migration 2026-12-03-030001_indiv_withdrawals).
diesel::table! {
    indiv_withdrawals (id) {
        id -> BigInt,
        division_id -> BigInt,
        player_id -> BigInt,
        from_round -> Nullable<Integer>,
        reason -> Text,
        recorded_by -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

// Online play (migration 2026-12-02-040001_online).
diesel::table! {
    site_settings (name) {
        name -> Text,
        value -> Text,
        updated_by -> Nullable<BigInt>,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    online_seeks (id) {
        id -> BigInt,
        user_id -> BigInt,
        target_id -> Nullable<BigInt>,
        settings -> Text,
        variant -> Text,
        status -> Text,
        game_id -> Nullable<BigInt>,
        created_at -> Timestamp,
        closed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    online_games (id) {
        id -> BigInt,
        seek_id -> BigInt,
        player_a -> BigInt,
        player_b -> BigInt,
        variant -> Text,
        rated -> Bool,
        finished -> Bool,
        last_seq -> BigInt,
        next_timeout_at -> Nullable<Timestamp>,
        created_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    online_game_events (id) {
        id -> BigInt,
        game_id -> BigInt,
        seq -> BigInt,
        at -> Timestamp,
        kind -> Text,
        payload -> Text,
        user_id -> Nullable<BigInt>,
        idempotency_key -> Nullable<Text>,
    }
}

diesel::table! {
    online_ratings (id) {
        id -> BigInt,
        user_id -> BigInt,
        variant -> Text,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        games -> Integer,
        updated_at -> Timestamp,
    }
}

diesel::table! {
    online_rating_history (id) {
        id -> BigInt,
        user_id -> BigInt,
        variant -> Text,
        game_id -> BigInt,
        before_rating -> Double,
        rating -> Double,
        deviation -> Double,
        volatility -> Double,
        at -> Timestamp,
    }
}

diesel::joinable!(online_game_events -> online_games (game_id));
diesel::allow_tables_to_appear_in_same_query!(
    online_seeks,
    online_games,
    online_game_events,
    online_ratings,
    online_rating_history,
    users
);

// Wrong players' PINs per key and window (migration 2026-12-05-010001_pin_failures).
diesel::table! {
    pin_failures (key) {
        key -> Text,
        failures -> Integer,
        window_start -> BigInt,
    }
}
