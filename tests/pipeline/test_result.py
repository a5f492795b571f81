"""What building one game gave (generator/pipeline/result.py): a BuildResult is ok unless one
of its findings is an error; warnings and infos leave it ok, and each result starts with
lists of its own."""

from generator.findings import error, info, warning
from generator.pipeline.result import BuildResult


def test_a_result_is_ok_until_it_holds_an_error():
    result = BuildResult(game=None)
    assert result.ok and result.sheets == result.digests == result.findings == result.files == []
    result.findings += [warning("L007", "a field no item has"), info("I001", "a note")]
    assert result.ok
    result.findings.append(error("L001", "text does not fit"))
    assert not result.ok


def test_each_result_has_lists_of_its_own():
    first, second = BuildResult(game=None), BuildResult(game=None)
    first.files.append("a.pdf")
    first.findings.append(error("L001", "text does not fit"))
    assert second.files == [] and second.ok
