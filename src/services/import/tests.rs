//! Tests of the team import: the CSV reader, its row errors and the preview.

use super::*;

#[test]
fn a_row_of_one_cell_says_which_separator_it_holds_and_other_counts_show_the_cells() {
    let one = |c: &str| column_count_error(&[c.to_owned()]);
    let semi = one("Owls;Olga;Oz;Olga");
    assert!(semi.contains("separated by semicolons"), "{semi}");
    assert!(semi.contains("semicolons on every line"), "{semi}");
    assert!(one("Owls\tOlga\tOz\tOlga").contains("separated by tabs"));
    let two = column_count_error(&["Owls".to_owned(), "Olga".to_owned()]);
    assert!(two.ends_with("found 2: \"Owls\", \"Olga\""), "{two}");
}

#[test]
fn csv_fields_may_be_quoted_with_commas_quotes_and_crlf() {
    let recs = parse_csv("team,p1\r\n\"A, B\",\"say \"\"hi\"\"\"\r\n\r\nC,D").unwrap();
    assert_eq!(recs.len(), 3);
    assert_eq!(
        recs[1],
        (2, vec!["A, B".to_owned(), "say \"hi\"".to_owned()])
    );
    assert_eq!(recs[2].0, 4);
}

#[test]
fn an_unclosed_quote_names_its_line() {
    let err = parse_csv("a,b\n\"c,d\n").unwrap_err();
    assert!(err.to_string().contains("line 2"), "{err}");
    assert!(err.to_string().contains("not closed"), "{err}");
    // Closed at the end of the file, the same field is read whole.
    let recs = parse_csv("a,b\n\"c,d\n\"").unwrap();
    assert_eq!(recs[1], (2, vec!["c,d\n".to_owned()]));
}

#[test]
fn a_quoted_field_keeps_its_comma() {
    let recs = parse_csv("\"Larks, the\",Lea,Lou,Lou\n").unwrap();
    assert_eq!(
        recs,
        [(
            1,
            ["Larks, the", "Lea", "Lou", "Lou"]
                .map(String::from)
                .to_vec()
        )]
    );
}

#[test]
fn crlf_line_ends_read_as_lf_and_lines_count_alike() {
    let lf = parse_csv("team,p1\nOwls,Olga\n\nNewts,\"Nina\nNed\"\nLarks,Lea\n").unwrap();
    let crlf =
        parse_csv("team,p1\r\nOwls,Olga\r\n\r\nNewts,\"Nina\nNed\"\r\nLarks,Lea\r\n").unwrap();
    assert_eq!(lf, crlf);
    let lines: Vec<usize> = lf.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [1, 2, 4, 6]);
    assert_eq!(lf[1].1, ["Owls", "Olga"]);
}

#[test]
fn a_utf8_byte_order_mark_is_not_part_of_the_first_cell() {
    let recs = parse_csv("\u{feff}team,player1\nOwls,Olga\n").unwrap();
    assert_eq!(recs[0].1[0], "team");
    assert_eq!(recs[1], (2, vec!["Owls".to_owned(), "Olga".to_owned()]));
}

#[test]
fn a_file_separated_by_semicolons_is_read_by_its_semicolons() {
    let recs = parse_csv("team;player1;player2;captain\r\n\"Larks; the\";Lea;Lou;Lou\r\n").unwrap();
    assert_eq!(
        recs[1],
        (
            2,
            ["Larks; the", "Lea", "Lou", "Lou"]
                .map(String::from)
                .to_vec()
        )
    );
    // A comma on the first line keeps commas as the separator.
    let recs = parse_csv("team,player1;x\nOwls,Olga;Otto\n").unwrap();
    assert_eq!(recs[1].1, ["Owls", "Olga;Otto"]);
}

#[test]
fn a_quote_inside_an_unquoted_cell_is_a_character_not_an_open_quote() {
    let recs = parse_csv("O\"Neil,Ann\nOwls,Olga").unwrap();
    assert_eq!(recs[0].1, ["O\"Neil", "Ann"]);
    assert_eq!(recs[1], (2, vec!["Owls".to_owned(), "Olga".to_owned()]));
}

#[test]
fn a_quote_after_a_space_is_refused_not_split_silently() {
    let recs = parse_csv("Owls, \"Smith, J\", Otto, Otto\n").unwrap();
    let row = check_row(recs[0].0, &recs[0].1, &mut HashSet::new(), &HashSet::new());
    let error = row.error.unwrap();
    assert!(error.contains("space before its opening quote"), "{error}");
    // Spaces around unquoted cells are trimmed as before.
    let recs = parse_csv("Owls , Olga,  Otto ,Otto\n").unwrap();
    let row = check_row(recs[0].0, &recs[0].1, &mut HashSet::new(), &HashSet::new());
    assert_eq!(
        (row.error, row.players),
        (None, vec!["Olga".to_owned(), "Otto".to_owned()])
    );
}

#[test]
fn a_row_whose_captain_is_not_a_player_is_refused() {
    let cells: Vec<String> = ["T", "Ann", "Bob", "Cy"].map(String::from).to_vec();
    let row = check_row(3, &cells, &mut HashSet::new(), &HashSet::new());
    assert!(row.error.unwrap().contains("captain Cy"));
}
