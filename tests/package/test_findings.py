"""Findings print like a compiler's messages, give the JSON --json writes, are accepted by
code only when they are not errors, and sort in file order."""

from generator.findings import Finding, Severity, accept, error, info, sort_findings, warning
from generator.located import Loc


def test_a_finding_prints_place_severity_code_and_message():
    assert str(error("L009", "image 'a.png' is missing", Loc("cards.yaml", 4, 9))) == (
        "cards.yaml:4:9: error [L009] image 'a.png' is missing"
    )
    assert str(warning("S001", "no cards")) == "warning [S001] no cards"
    assert str(info("X1", "cell", Loc("cards.xlsx", 14, 3, "Cards"))) == "cards.xlsx:Cards!C14: info [X1] cell"


def test_the_helpers_give_their_severity():
    assert [f.severity for f in (error("A", "m"), warning("A", "m"), info("A", "m"))] == [
        Severity.ERROR,
        Severity.WARNING,
        Severity.INFO,
    ]
    assert [s.value for s in Severity] == ["error", "warning", "info"]


def test_an_accepted_finding_says_why():
    finding = Finding(Severity.WARNING, "S004", "one seat wins 60%", Loc("game.yaml", 2, 1), accepted="by design")
    assert str(finding) == "game.yaml:2:1: warning [S004] one seat wins 60% (accepted in game.yaml: by design)"


def test_json_gives_the_place_and_names_a_worksheet_only_for_a_workbook_cell():
    in_yaml = warning("L006", "unused key 'cots'", Loc("cards.yaml", 5, 3)).as_json()
    assert in_yaml == {"file": "cards.yaml", "line": 5, "column": 3, "code": "L006", "message": "unused key 'cots'"}
    in_workbook = error("E1", "bad", Loc("cards.xlsx", 14, 3, "Cards")).as_json()
    assert in_workbook == {
        "file": "cards.xlsx",
        "line": 14,
        "column": 3,
        "sheet": "Cards",
        "code": "E1",
        "message": "bad",
    }
    nowhere = info("I1", "note").as_json()
    assert nowhere == {"file": None, "line": None, "column": None, "code": "I1", "message": "note"}
    accepted = Finding(Severity.INFO, "I1", "note", accepted="fine").as_json()
    assert accepted["accepted"] == "fine"


def test_accept_marks_warnings_and_infos_of_the_codes_given_but_never_an_error():
    findings = [error("S1", "broken"), warning("S1", "odd"), info("S1", "note"), warning("S2", "other")]
    marked = accept(findings, {"S1": "we know"})
    assert [(f.code, f.severity, f.accepted) for f in marked] == [
        ("S1", Severity.ERROR, ""),
        ("S1", Severity.WARNING, "we know"),
        ("S1", Severity.INFO, "we know"),
        ("S2", Severity.WARNING, ""),
    ]
    assert [f.accepted for f in findings] == ["", "", "", ""]  # the findings given are left as they were


def test_findings_sort_by_place_then_code_then_message_those_without_a_place_first():
    a10 = warning("B", "m", Loc("a.yaml", 10, 1))
    a9 = error("Z", "m", Loc("a.yaml", 9, 5))
    b1 = info("A", "m", Loc("b.yaml", 1, 1))
    nowhere_b = warning("B", "x")
    nowhere_a2 = warning("A", "y")
    nowhere_a1 = error("A", "x")
    assert sort_findings([b1, a10, nowhere_b, a9, nowhere_a2, nowhere_a1]) == [
        nowhere_a1,
        nowhere_a2,
        nowhere_b,
        a9,
        a10,
        b1,
    ]
